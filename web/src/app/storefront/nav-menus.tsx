import Badge from 'antd/es/badge';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSitePath } from '../../widgets/site-path';
import { BADGE_MAX } from '../../lib/constants';
import { useCountLabel, useNavCounts, type NavGroup } from './nav-model';

// This module is its own chunk, loaded on the first intent to open one of the menus (site-nav.tsx):
// antd's Dropdown brings its Menu, about 40 KB of gzipped JavaScript that every first screen would
// otherwise carry.

type MenuItems = NonNullable<MenuProps['items']>;

/** A group's entries as menu items: links (so they open in a new tab too) with their counts. */
function useGroupItems(group: NavGroup): MenuItems {
  const intl = useIntl();
  const to = useSitePath();
  const counts = useNavCounts();
  const countLabel = useCountLabel();
  return group.items.map((item) => {
    const count = item.count ? counts[item.count] : 0;
    return {
      key: item.path,
      label: (
        <Link to={to(item.path)} className="nav-menu-link">
          {intl.formatMessage({ id: item.title })}
          {count > 0 ? (
            <Badge
              count={count}
              overflowCount={BADGE_MAX}
              size="small"
              className={`nav-menu-count ${item.count === 'cart' ? 'cart-count' : 'nav-mail-badge'}`}
              title={countLabel(item.count!, count)}
            />
          ) : null}
        </Link>
      ),
    };
  });
}

/** Goes to a menu entry chosen from the keyboard; a click follows the entry's link itself. */
function useMenuNavigate(onDone: () => void): NonNullable<MenuProps['onClick']> {
  const navigate = useNavigate();
  const to = useSitePath();
  return ({ key, domEvent }) => {
    if (domEvent.type === 'keydown') void navigate(to(key));
    onDone();
  };
}

/** One module's menu under its nav button: hover, click, Enter or ↓ opens it; Esc closes it. */
function GroupDropdown({
  group,
  open,
  focusMenu,
  onOpenChange,
  children,
}: {
  group: NavGroup;
  open: boolean;
  /** Opened from the keyboard: the first entry takes the focus, arrows move it. */
  focusMenu: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}) {
  const { pathname } = useLocation();
  const items = useGroupItems(group);
  const onClick = useMenuNavigate(() => onOpenChange(false));
  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
      trigger={['hover']}
      autoFocus={focusMenu}
      placement="bottomLeft"
      // inside the nav landmark, so the menu belongs to it for assistive technology and selectors
      getPopupContainer={(trigger) => trigger.closest('nav') ?? document.body}
      classNames={{ root: `site-nav-menu site-nav-menu-${group.key}` }}
      menu={{ items, selectedKeys: [pathname], onClick }}
    >
      {children}
    </Dropdown>
  );
}

/** The area-site picker: the current area site on a button, the others in a selectable menu. */
function AreaSiteDropdown({
  areaSite,
  list,
  open,
  focusMenu,
  onOpenChange,
  onPick,
  children,
}: {
  areaSite: string;
  list: readonly { id: string; name: string }[];
  open: boolean;
  focusMenu: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (id: string) => void;
  children: ReactElement;
}) {
  const intl = useIntl();
  const items: MenuItems = [
    { key: '', label: intl.formatMessage({ id: 'layout.areaSite.all' }) },
    ...list.map((a) => ({ key: a.id, label: a.name })),
  ];
  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
      trigger={['click']}
      autoFocus={focusMenu}
      placement="bottomRight"
      classNames={{ root: 'area-site-menu' }}
      menu={{
        items,
        selectable: true,
        selectedKeys: [areaSite],
        onClick: ({ key }) => {
          onPick(key);
          onOpenChange(false);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}

export type NavPopupProps =
  | ({ kind: 'group' } & Parameters<typeof GroupDropdown>[0])
  | ({ kind: 'area' } & Parameters<typeof AreaSiteDropdown>[0]);

/** The header's menus, one lazy component (see site-nav.tsx). */
export default function NavPopup(props: NavPopupProps) {
  return props.kind === 'group' ? <GroupDropdown {...props} /> : <AreaSiteDropdown {...props} />;
}
