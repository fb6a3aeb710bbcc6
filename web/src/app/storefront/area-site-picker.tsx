import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { areaSiteChanged, selectSession } from '../../state/session-slice';
import { LazyNavPopup } from './nav-popup';
import { Chevron } from './site-nav';

/** The area site as a button; its menu (antd Dropdown, selectable) loads on the first click. */
export function AreaSitePicker() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { areaSite, areaSiteList } = useAppSelector(selectSession);
  if (areaSiteList.length === 0) return null;
  const label = intl.formatMessage({ id: 'layout.areaSite' });
  const name = areaSiteList.find((a) => a.id === areaSite)?.name;
  return (
    <LazyNavPopup
      popup={{ kind: 'area', areaSite, list: areaSiteList, onPick: (id) => dispatch(areaSiteChanged(id)) }}
      trigger={(handlers, open) => (
        <button
          type="button"
          className={`plain-button area-site-button${open ? ' is-open' : ''}`}
          aria-label={name ? `${label}: ${name}` : label}
          aria-haspopup="menu"
          aria-expanded={open}
          {...handlers}
        >
          {name ?? label}
          <Chevron />
        </button>
      )}
    />
  );
}
