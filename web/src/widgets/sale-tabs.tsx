import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { useSitePath } from './site-path';
import './sale-tabs.css';

/** The after-sales module's screens (spec section 2), in the menu's order. */
const SALE_SCREENS: readonly [path: string, title: string][] = [
  ['/saleList', 'route.saleList'],
  ['/outStock', 'route.outStock'],
  ['/abnormal', 'route.abnormal'],
];

/**
 * The after-sales module's screens linked to each other: the after-sales list (features/afterSales)
 * and the out-of-stock notices and abnormal orders (features/orders) each show it on top.
 */
export function SaleTabs() {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <nav className="orders-tabs" aria-label={intl.formatMessage({ id: 'route.moduleSale' })}>
      {SALE_SCREENS.map(([path, title]) => (
        <NavLink key={path} to={to(path)} end className={({ isActive }) => `orders-tab${isActive ? ' is-current' : ''}`}>
          {intl.formatMessage({ id: title })}
        </NavLink>
      ))}
    </nav>
  );
}
