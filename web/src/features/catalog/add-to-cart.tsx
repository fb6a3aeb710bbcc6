import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAddToCartMutation } from '../../api/cart-api';
import { openLoginPrompt } from '../../api/login-prompt';
import type { ProductDetail } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { readQuantity } from '../../lib/quantity';
import { QuantityStepper } from '../../lib/quantity-stepper';
import { toast } from '../../lib/toast';
import { PhoneActionBar, usePhone } from '../../widgets/phone-action-bar';
import { cartLineOf, choicePrice, findSku, type SkuChoice } from './sku';

/**
 * Quantity and the add-to-cart button for the chosen colour × size. Without a session it opens the
 * login prompt (which comes back here) and sends nothing; a refusal such as 'only 3 left in stock'
 * is the base query's toast; success says so with a link to the cart. The answer (the whole cart)
 * updates the nav's cart count through the cart cache. On a phone they are in the bar fixed to the
 * bottom of the screen (`.product-action-bar`) under what is chosen and its price, in reach
 * without scrolling past the pictures.
 */
export function AddToCart({ product, choice }: { product: ProductDetail; choice: SkuChoice }) {
  const intl = useIntl();
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const [add, { isLoading }] = useAddToCartMutation();
  const [quantity, setQuantity] = useState<number | null>(1);
  const sku = findSku(product.skus, choice);
  const max = Math.max(1, sku?.stock ?? 1);
  const soldOut = Boolean(sku && sku.stock <= 0);
  const shown = quantity === null ? null : Math.min(quantity, max);
  const phone = usePhone();

  const onAdd = () => {
    if (!token) {
      openLoginPrompt();
      return;
    }
    const line = cartLineOf(product, choice, shown);
    if (line.kind !== 'ok') {
      void toast(intl.formatMessage({ id: line.kind === 'chooseSku' ? 'cart.chooseSku' : 'cart.soldOut' }), 'warning');
      return;
    }
    void add({ sku_id: line.sku_id, quantity: line.quantity })
      .unwrap()
      .then(() =>
        toast(intl.formatMessage({ id: 'cart.added' }, { count: line.quantity }), 'success', 'cart-added', {
          text: intl.formatMessage({ id: 'cart.added.view' }),
          href: to('/cart'),
        }),
      )
      .catch(() => undefined); // the base query has shown why
  };

  const stepper = (
    <QuantityStepper
      className="add-to-cart-quantity"
      value={shown}
      min={1}
      max={max}
      disabled={soldOut}
      label={intl.formatMessage({ id: 'cart.quantity' })}
      decreaseLabel={intl.formatMessage({ id: 'cart.quantity.less' })}
      increaseLabel={intl.formatMessage({ id: 'cart.quantity.more' })}
      onStep={setQuantity}
      onType={(text) => setQuantity(readQuantity(text, max))}
      onCommit={(text) => setQuantity(readQuantity(text, max) ?? 1)}
    />
  );
  const button = (
    <Button type="primary" size="large" danger className="add-to-cart-button" icon={<ShoppingCartOutlined />} loading={isLoading} disabled={soldOut} onClick={onAdd}>
      {intl.formatMessage({ id: soldOut ? 'cart.soldOut' : 'cart.add' })}
    </Button>
  );

  if (phone) {
    const spec = [choice.color, choice.size].filter((part) => part !== '').join(' / ');
    return (
      <PhoneActionBar className="product-action-bar">
        <p className="product-action-bar-choice">
          {sku ? (
            <span className="product-action-bar-spec" translate="no">
              {spec}
            </span>
          ) : (
            <span className="product-action-bar-spec">{intl.formatMessage({ id: 'cart.chooseSku' })}</span>
          )}
          <span className="product-action-bar-price">{intl.formatMessage({ id: 'catalog.price' }, { price: choicePrice(product, choice) })}</span>
        </p>
        <div className="add-to-cart">
          {stepper}
          {button}
        </div>
      </PhoneActionBar>
    );
  }
  return (
    <div className="add-to-cart">
      <span className="sku-label">{intl.formatMessage({ id: 'cart.quantity' })}</span>
      {stepper}
      {button}
    </div>
  );
}
