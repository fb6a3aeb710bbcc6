import { ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Modal, Result, Skeleton } from 'antd';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useAcceptCartPricesMutation, useCartArgs, useCartQuery, useRemoveCartLinesMutation, useSelectCartLinesMutation } from '../../api/cart-api';
import type { Cart, CartGroup, CartItem } from '../../lib/api-types';
import { LoginRequired } from '../../widgets/login-required';
import { useSitePath } from '../../widgets/site-path';
import { toast } from '../../lib/toast';
import { CartLine } from './cart-line';
import { canCheckout, cartTick, CHECKOUT_PATH, groupTick, isEmptyCart, risenCount, specOf, toggleAll } from './cart-logic';
import './cart.css';

/** A stall's lines under its name, with a box that ticks them all. */
function StallGroup({ group, onRemove }: { group: CartGroup; onRemove: (item: CartItem) => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const [select, selecting] = useSelectCartLinesMutation();
  const tick = groupTick(group);
  return (
    <section className="cart-group" data-stall={group.stall.id} aria-label={group.stall.name}>
      <header className="cart-group-head">
        <Checkbox
          className="cart-group-check"
          checked={tick === 'all'}
          indeterminate={tick === 'some'}
          disabled={selecting.isLoading}
          aria-label={intl.formatMessage({ id: 'cart.selectStall' }, { stall: group.stall.name })}
          onChange={() => void select(toggleAll(group.items, false))}
        />
        <h2 className="cart-stall-name" translate="no">
          <Link to={to(`/wholesale?id=${encodeURIComponent(group.stall.id)}`)}>{group.stall.name}</Link>
        </h2>
      </header>
      <ul className="cart-lines">
        {group.items.map((item) => (
          <CartLine key={item.sku_id} item={item} onRemove={onRemove} />
        ))}
      </ul>
    </section>
  );
}

/** The sticky footer: tick everything, what is selected (the server's figures) and checkout. */
function CartFooter({ cart }: { cart: Cart }) {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const [select, selecting] = useSelectCartLinesMutation();
  const tick = cartTick(cart);
  const lines = cart.groups.flatMap((g) => g.items);
  return (
    <footer className="cart-footer">
      <Checkbox
        className="cart-select-all"
        checked={tick === 'all'}
        indeterminate={tick === 'some'}
        disabled={selecting.isLoading}
        onChange={() => void select(toggleAll(lines, true))}
      >
        {intl.formatMessage({ id: 'common.selectAll' })}
      </Checkbox>
      <span className="cart-footer-sum">
        <span className="cart-selected-quantity">{intl.formatMessage({ id: 'cart.selectedQuantity' }, { count: cart.selected_quantity })}</span>
        <span className="cart-selected-label">{intl.formatMessage({ id: 'cart.selectedAmount' })}</span>
        <strong className="cart-selected-amount">{intl.formatMessage({ id: 'catalog.price' }, { price: cart.selected_amount })}</strong>
      </span>
      <Button type="primary" size="large" className="cart-checkout" disabled={!canCheckout(cart)} onClick={() => void navigate(to(CHECKOUT_PATH))}>
        {intl.formatMessage({ id: 'cart.checkout' })}
      </Button>
    </footer>
  );
}

/**
 * Above the lines when any costs more than when it was added (`.cart-price-notice`): how many, and
 * `.cart-accept-prices`, which accepts today's prices of every line (`cart/accept_prices` "all"), so
 * checkout no longer asks about them.
 */
function PriceRiseNotice({ count }: { count: number }) {
  const intl = useIntl();
  const [accept, accepting] = useAcceptCartPricesMutation();
  const onAccept = () =>
    void accept({ sku_ids: 'all' })
      .unwrap()
      .then(() => toast(intl.formatMessage({ id: 'cart.pricesAccepted' }), 'success'))
      .catch(() => undefined); // the base query has shown why
  return (
    <Alert
      className="cart-price-notice"
      type="warning"
      showIcon
      title={intl.formatMessage({ id: 'cart.priceRises' }, { count })}
      action={
        <Button size="small" type="primary" className="cart-accept-prices" loading={accepting.isLoading} onClick={onAccept}>
          {intl.formatMessage({ id: 'cart.acceptPrices' })}
        </Button>
      }
    />
  );
}

function CartSkeleton() {
  return (
    <div className="cart-skeleton" aria-busy="true">
      <Skeleton active avatar={{ shape: 'square', size: 80 }} paragraph={{ rows: 2 }} />
      <Skeleton active avatar={{ shape: 'square', size: 80 }} paragraph={{ rows: 2 }} />
    </div>
  );
}

/**
 * `/cart`: the drop-shipping cart, lines grouped by stall in the server's order. Ticks, quantities,
 * removal and accepting risen prices are calls whose answer is the whole cart; totals are the server's. Asked again each
 * time it opens (the product screen or another tab may have added). Needs a session.
 */
export default function CartScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const { args, skip } = useCartArgs();
  const { data, isLoading, isError, refetch } = useCartQuery(args, { skip, refetchOnMountOrArgChange: true });
  const [remove] = useRemoveCartLinesMutation();
  const [modal, modalHolder] = Modal.useModal();

  if (skip) return <LoginRequired />;

  const confirmRemove = (item: CartItem) => {
    void modal.confirm({
      title: intl.formatMessage({ id: 'cart.remove.confirm' }),
      content: `${item.title} ${specOf(item)} × ${item.quantity}`,
      className: 'cart-remove-confirm',
      okText: intl.formatMessage({ id: 'cart.remove' }),
      okButtonProps: { danger: true, className: 'cart-remove-ok' },
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
      onOk: () =>
        remove({ sku_ids: [item.sku_id] })
          .unwrap()
          .then(() => toast(intl.formatMessage({ id: 'cart.removed' }), 'success'))
          .catch(() => undefined), // the base query has shown why
    });
  };

  return (
    <div className="cart-page">
      <h1 className="page-title">{intl.formatMessage({ id: 'route.cart' })}</h1>
      {isLoading ? (
        <CartSkeleton />
      ) : data && !isEmptyCart(data) ? (
        <>
          {risenCount(data) > 0 ? <PriceRiseNotice count={risenCount(data)} /> : null}
          <div className="cart-columns" aria-hidden="true">
            <span className="cart-cell cart-cell-check" />
            <span className="cart-cell cart-cell-product">{intl.formatMessage({ id: 'cart.column.product' })}</span>
            <span className="cart-cell cart-cell-price">{intl.formatMessage({ id: 'cart.column.price' })}</span>
            <span className="cart-cell cart-cell-quantity">{intl.formatMessage({ id: 'cart.column.quantity' })}</span>
            <span className="cart-cell cart-cell-amount">{intl.formatMessage({ id: 'cart.column.amount' })}</span>
            <span className="cart-cell cart-cell-actions">{intl.formatMessage({ id: 'cart.column.actions' })}</span>
          </div>
          {data.groups.map((group) => (
            <StallGroup key={group.stall.id} group={group} onRemove={confirmRemove} />
          ))}
          <CartFooter cart={data} />
        </>
      ) : data ? (
        <Empty className="cart-empty" image={<ShoppingCartOutlined className="cart-empty-icon" />} description={intl.formatMessage({ id: 'cart.empty' })}>
          <Link to={to('/recentnew')} className="cart-browse">
            <Button type="primary">{intl.formatMessage({ id: 'cart.empty.browse' })}</Button>
          </Link>
        </Empty>
      ) : isError ? (
        <Result
          className="cart-error"
          status="warning"
          title={intl.formatMessage({ id: 'cart.loadFailed' })}
          extra={<Button onClick={() => void refetch()}>{intl.formatMessage({ id: 'cart.retry' })}</Button>}
        />
      ) : null}
      {modalHolder}
    </div>
  );
}
