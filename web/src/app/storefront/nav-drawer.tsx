import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Menu, { type MenuProps } from 'antd/es/menu';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { BADGE_MAX } from '../../lib/constants';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';
import { LanguageSwitch } from '../../widgets/language-switch';
import { useSitePath } from '../../widgets/site-path';
import { AreaSitePicker } from './area-site-picker';
import { SECTIONS, useCountLabel, useNavCounts, visibleGroups, type NavItem } from './nav-model';
import { ServiceEntry } from './service-entry';
import { UserAvatar } from './user-avatar';

/**
 * The phone's menu (a chunk of its own, loaded on the first tap of the header's menu button): the
 * session, area site, language and service, then every section with each module's screens listed
 * under its name, the current one marked, the cart's pieces and the unread messages beside theirs.
 */
export default function NavDrawer({
  open,
  onClose,
  loginTo,
  onLogout,
}: {
  open: boolean;
  onClose: () => void;
  loginTo: (mode?: string) => string;
  onLogout: () => void;
}) {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user, token } = useAppSelector(selectSession);
  const counts = useNavCounts();
  const countLabel = useCountLabel();
  const t = (id: string) => intl.formatMessage({ id });

  const entry = (item: NavItem) => {
    const count = item.count ? counts[item.count] : 0;
    return {
      key: item.path,
      label: (
        <Link to={to(item.path)} className="nav-menu-link">
          {t(item.title)}
          {count > 0 ? (
            <Badge count={count} overflowCount={BADGE_MAX} size="small" className="nav-menu-count" title={countLabel(item.count!, count)} />
          ) : null}
        </Link>
      ),
    };
  };
  const items: NonNullable<MenuProps['items']> = [
    ...SECTIONS.map(entry),
    ...visibleGroups(Boolean(token)).map((group) => ({
      key: group.key,
      type: 'group' as const,
      label: t(group.title),
      children: group.items.map(entry),
    })),
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={300}
      title={t('layout.menu')}
      rootClassName="nav-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <div className="nav-drawer-tools">
        {token && user ? (
          <div className="nav-drawer-user">
            <Link to={to('/personalData')} className="nav-drawer-profile" onClick={onClose}>
              <UserAvatar src={user.avatar || undefined} name={user.nickname || user.mobile} size={32} />
              <span>{user.nickname || user.mobile}</span>
            </Link>
            <Button
              size="small"
              onClick={() => {
                onClose();
                onLogout();
              }}
            >
              {t('auth.logout')}
            </Button>
          </div>
        ) : (
          <div className="nav-drawer-user">
            <Button type="primary" size="small" onClick={() => void navigate(loginTo())}>
              {t('auth.login')}
            </Button>
            <Button size="small" onClick={() => void navigate(loginTo('register'))}>
              {t('auth.register')}
            </Button>
          </div>
        )}
        <div className="nav-drawer-row">
          <AreaSitePicker />
          <LanguageSwitch />
          <ServiceEntry />
        </div>
      </div>
      <Menu
        mode="inline"
        className="nav-drawer-menu"
        items={items}
        selectedKeys={[pathname]}
        onClick={({ key, domEvent }) => {
          // a tap follows the entry's link itself; Enter on a focused entry does not
          if (domEvent.type === 'keydown') void navigate(to(key));
          onClose();
        }}
      />
    </Drawer>
  );
}
