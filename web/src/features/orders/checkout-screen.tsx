import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSitePath } from '../../widgets/site-path';
import { CheckoutDefaults, CheckoutForm } from './checkout-form';

/**
 * `/checkout` (hidden from the menu; the cart's checkout button opens it): the cart's selected
 * lines priced today, the destination and options, the fee breakdown and submit (source cart).
 */
export default function CheckoutScreen() {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <div className="orders-page checkout-page">
      <header className="orders-head">
        <h1 className="page-title">{intl.formatMessage({ id: 'route.checkout' })}</h1>
        <Link to={to('/cart')} className="checkout-back-link">
          {intl.formatMessage({ id: 'order.backToCart' })}
        </Link>
      </header>
      <CheckoutDefaults>{(settings, addresses) => <CheckoutForm source="cart" settings={settings} addresses={addresses} />}</CheckoutDefaults>
    </div>
  );
}
