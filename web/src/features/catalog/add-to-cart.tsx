import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, InputNumber, message } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAddToCartMutation } from '../../api/cart-api';
import { openLoginPrompt } from '../../api/login-prompt';
import type { ProductDetail } from '../../api/types';
import { useAppSelector } from '../../app/hooks';
import { selectToken } from '../../app/session-slice';
import { useSitePath } from '../../app/site-path';
import { TOAST_DURATION_MS, TOAST_OFFSET_PX } from '../../lib/constants';
import { toast } from '../../lib/toast';
import { cartLineOf, findSku, type SkuChoice } from './sku';

/**
 * Quantity and the add-to-cart button for the chosen colour × size. Without a session it opens the
 * login prompt (which comes back here); a refusal such as 'only 3 left in stock' is the base
 * query's toast; success says so with a link to the cart. The answer (the whole cart) updates the
 * nav's cart count through the cart cache.
 */
export function AddToCart({ product, choice }: { product: ProductDetail; choice: SkuChoice }) {
  const intl = useIntl();
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const [add, { isLoading }] = useAddToCartMutation();
  const [quantity, setQuantity] = useState<number | null>(1);
  const [notice, noticeHolder] = message.useMessage({ top: TOAST_OFFSET_PX, duration: TOAST_DURATION_MS / 1000, maxCount: 3 });
  const sku = findSku(product.skus, choice);
  const max = Math.max(1, sku?.stock ?? 1);
  const soldOut = Boolean(sku && sku.stock <= 0);

  const onAdd = () => {
    if (!token) {
      openLoginPrompt();
      return;
    }
    const line = cartLineOf(product, choice, quantity);
    if (line.kind !== 'ok') {
      void toast(intl.formatMessage({ id: line.kind === 'chooseSku' ? 'cart.chooseSku' : 'cart.soldOut' }), 'warning');
      return;
    }
    void add({ sku_id: line.sku_id, quantity: line.quantity })
      .unwrap()
      .then(() =>
        notice.success({
          key: 'cart-added',
          className: 'cart-added',
          content: (
            <span>
              {intl.formatMessage({ id: 'cart.added' }, { count: line.quantity })}{' '}
              <Link to={to('/cart')} className="cart-added-link">
                {intl.formatMessage({ id: 'cart.added.view' })}
              </Link>
            </span>
          ),
        }),
      )
      .catch(() => undefined); // the base query has shown why
  };

  return (
    <div className="add-to-cart">
      <span className="sku-label">{intl.formatMessage({ id: 'cart.quantity' })}</span>
      <InputNumber<number>
        mode="spinner"
        className="add-to-cart-quantity"
        aria-label={intl.formatMessage({ id: 'cart.quantity' })}
        min={1}
        max={max}
        precision={0}
        value={quantity === null ? null : Math.min(quantity, max)}
        disabled={soldOut}
        onChange={(value) => setQuantity(value)}
      />
      <Button type="primary" size="large" danger className="add-to-cart-button" icon={<ShoppingCartOutlined />} loading={isLoading} disabled={soldOut} onClick={onAdd}>
        {intl.formatMessage({ id: soldOut ? 'cart.soldOut' : 'cart.add' })}
      </Button>
      {noticeHolder}
    </div>
  );
}
