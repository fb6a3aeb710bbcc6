import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useChangeCartQuantityMutation, useSelectCartLinesMutation } from '../../api/cart-api';
import type { CartItem } from '../../lib/api-types';
import { useSitePath } from '../../widgets/site-path';
import { readQuantity } from '../../lib/quantity';
import { QuantityStepper } from '../../lib/quantity-stepper';
import { priceChangeKey, quantityBounds, specOf } from './cart-logic';

/**
 * A line's quantity: steps and typed numbers (sent on Enter or blur) set the quantity with
 * cart/change, within 1 and the stock. While a change is on its way the stepper shows what was
 * asked for; once the last one is answered it shows the server's quantity again (a refusal, such
 * as 'only 3 left in stock', is toasted and the old quantity comes back).
 */
function LineQuantity({ item }: { item: CartItem }) {
  const intl = useIntl();
  const [change] = useChangeCartQuantityMutation();
  const [draft, setDraft] = useState<number | null>(null);
  const sent = useRef<{ seq: number; quantity: number } | null>(null);
  const seq = useRef(0);
  const { min, max } = quantityBounds(item);

  const commit = (value: string | number) => {
    const quantity = readQuantity(value, max);
    const current = sent.current?.quantity ?? item.quantity;
    if (quantity === null || quantity === current) {
      if (!sent.current) setDraft(null);
      return;
    }
    seq.current += 1;
    const mine = seq.current;
    sent.current = { seq: mine, quantity };
    setDraft(quantity);
    void change({ sku_id: item.sku_id, quantity }).then(() => {
      if (sent.current?.seq !== mine) return; // a later change is on its way
      sent.current = null;
      setDraft(null);
    });
  };

  return (
    <QuantityStepper
      className="cart-quantity"
      value={draft ?? item.quantity}
      min={min}
      max={max}
      label={intl.formatMessage({ id: 'cart.quantity.of' }, { title: item.title })}
      decreaseLabel={intl.formatMessage({ id: 'cart.quantity.less' })}
      increaseLabel={intl.formatMessage({ id: 'cart.quantity.more' })}
      onStep={commit}
      onCommit={commit}
    />
  );
}

/**
 * One line of the cart: tick, picture, title, item number, colour / size, price (with how it moved
 * since the line was added: `.cart-line-price-change.is-up` in the warning colour, `.is-down` in the
 * success colour), quantity, amount, remove.
 */
export function CartLine({ item, onRemove }: { item: CartItem; onRemove: (item: CartItem) => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const [select, selecting] = useSelectCartLinesMutation();
  const { short } = quantityBounds(item);
  const href = to(`/goodsDetail?id=${encodeURIComponent(item.product_id)}`);
  const price = (amount: string) => intl.formatMessage({ id: 'catalog.price' }, { price: amount });
  const changeKey = priceChangeKey(item.price_change);

  return (
    <li className={`cart-line${item.selected ? ' is-selected' : ''}`} data-sku={item.sku_id}>
      <span className="cart-cell cart-cell-check">
        <Checkbox
          className="cart-line-check"
          checked={item.selected}
          disabled={selecting.isLoading}
          aria-label={intl.formatMessage({ id: 'cart.select' }, { title: item.title })}
          onChange={(event) => void select({ sku_ids: [item.sku_id], selected: event.target.checked })}
        />
      </span>
      <span className="cart-cell cart-cell-product">
        <Link to={href} className="cart-line-image">
          <img src={item.image} alt={item.title} width={80} height={80} loading="lazy" decoding="async" />
        </Link>
        <span className="cart-line-text">
          <Link to={href} className="cart-line-title">
            {item.title}
          </Link>
          <span className="cart-line-item-no">{intl.formatMessage({ id: 'cart.itemNo' }, { itemNo: item.item_no })}</span>
          <span className="cart-line-spec">{specOf(item)}</span>
        </span>
      </span>
      <span className="cart-cell cart-cell-price">
        <span className="cart-line-price">{price(item.price)}</span>
        {changeKey ? (
          <span className={`cart-line-price-change is-${item.price_change}`}>{intl.formatMessage({ id: changeKey }, { from: item.price_added, to: item.price })}</span>
        ) : null}
      </span>
      <span className="cart-cell cart-cell-quantity">
        <LineQuantity item={item} />
        <span className={`cart-line-stock${short ? ' is-short' : ''}`}>
          {intl.formatMessage({ id: short ? 'cart.stock.short' : 'cart.stock' }, { stock: item.stock })}
        </span>
      </span>
      <span className="cart-cell cart-cell-amount cart-line-amount">{price(item.amount)}</span>
      <span className="cart-cell cart-cell-actions">
        <Button type="link" size="small" danger className="cart-line-remove" icon={<DeleteOutlined />} onClick={() => onRemove(item)}>
          {intl.formatMessage({ id: 'cart.remove' })}
        </Button>
      </span>
    </li>
  );
}
