import { Button, Form, Input, Modal, Rate, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { Order, OrderFees, OrderItem } from '../../lib/api-types';
import { AfterSaleApplyDialog } from '../../widgets/after-sale-apply';
import { OrderServiceButton } from '../../widgets/customer-service';
import { useSitePath } from '../../widgets/site-path';
import { formRule } from '../../lib/form-rules';
import { t } from '../../lib/i18n';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { useCancelOrderMutation, useConfirmOrderMutation, useReviewOrderMutation } from './order-api';
import {
  displayStatus,
  feeRows,
  orderActions,
  REVIEW_MAX,
  showsStock,
  statusColor,
  statusKey,
  stockStatusColor,
  stockStatusKey,
  validateRating,
  validateReviewContent,
} from './order-logic';
import './orders.css';

/** Yuan with the currency sign: '¥107.40'. */
export function Yuan({ value, className }: { value: string; className?: string }) {
  const intl = useIntl();
  return <span className={className}>{intl.formatMessage({ id: 'catalog.price' }, { price: value })}</span>;
}

/** A colour and size on one line: '黑色 / M'. */
export const specOf = (item: { color: string; size: string }): string => [item.color, item.size].filter((p) => p.trim() !== '').join(' / ');

/** Where an order's screens are. */
export const orderDetailPath = (orderNo: string) => `/orderDetail?order_no=${encodeURIComponent(orderNo)}`;
export const orderPayPath = (orderNo: string) => `/order_pay?order_no=${encodeURIComponent(orderNo)}`;

/** The status as shown (a completed, unreviewed order is 'to be reviewed'), the stock state while it waits to ship, and the abnormal flag. */
export function OrderTags({ order }: { order: Pick<Order, 'status' | 'reviewed' | 'stock_status' | 'abnormal'> }) {
  const intl = useIntl();
  const status = displayStatus(order);
  return (
    <span className="order-tags">
      <Tag className={`order-status order-status-${status}`} color={statusColor(status)}>
        {intl.formatMessage({ id: statusKey(status) })}
      </Tag>
      {showsStock(order) ? (
        <Tag className={`order-stock order-stock-${order.stock_status}`} color={stockStatusColor(order.stock_status)}>
          {intl.formatMessage({ id: stockStatusKey(order.stock_status) })}
        </Tag>
      ) : null}
      {order.abnormal ? (
        <Tag className="order-abnormal" color="red">
          {intl.formatMessage({ id: 'order.abnormal' })}
        </Tag>
      ) : null}
    </span>
  );
}

/** Product amount, shipping, service, QC, value-added services, a coupon discount when any, and the total. */
export function FeeBreakdown({ fees, className }: { fees: OrderFees; className?: string }) {
  const intl = useIntl();
  return (
    <dl className={`order-fees${className ? ` ${className}` : ''}`}>
      {feeRows(fees).map((row) => (
        <div key={row.field} className={`order-fee order-fee-${row.field}`}>
          <dt>{intl.formatMessage({ id: row.key })}</dt>
          <dd>
            {row.discount ? '-' : ''}
            <Yuan value={row.amount} />
          </dd>
        </div>
      ))}
      <div className="order-fee order-fee-total">
        <dt>{intl.formatMessage({ id: 'order.fee.total' })}</dt>
        <dd>
          <Yuan value={fees.total} className="order-total" />
        </dd>
      </div>
    </dl>
  );
}

/** An order's items: picture, title, item number, colour / size, price × quantity, amount and what was short. */
export function OrderItems({ items, compact = false }: { items: readonly OrderItem[]; compact?: boolean }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <ul className={`order-items${compact ? ' is-compact' : ''}`}>
      {items.map((item) => {
        const href = to(`/goodsDetail?id=${encodeURIComponent(item.product_id)}`);
        return (
          <li key={item.sku_id} className="order-item" data-sku={item.sku_id}>
            <Link to={href} className="order-item-image">
              <img src={item.image} alt={item.title} width={compact ? 56 : 72} height={compact ? 56 : 72} loading="lazy" decoding="async" />
            </Link>
            <span className="order-item-text">
              <Link to={href} className="order-item-title">
                {item.title}
              </Link>
              <span className="order-item-meta">
                {intl.formatMessage({ id: 'cart.itemNo' }, { itemNo: item.item_no })} · <span className="order-item-spec">{specOf(item)}</span>
              </span>
              {item.short_quantity > 0 ? (
                <span className="order-item-short">{intl.formatMessage({ id: 'order.item.short' }, { count: item.short_quantity })}</span>
              ) : null}
            </span>
            <span className="order-item-price">
              <Yuan value={item.price} /> × <span className="order-item-quantity">{item.quantity}</span>
            </span>
            <Yuan value={item.amount} className="order-item-amount" />
          </li>
        );
      })}
    </ul>
  );
}

interface ReviewValues {
  rating: number;
  content: string;
}

/** Rating 1-5 and a review of a completed order. */
function ReviewDialog({ orderNo, open, onClose }: { orderNo: string; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<ReviewValues>();
  const [review, { isLoading }] = useReviewOrderMutation();
  const onFinish = async (values: ReviewValues) => {
    try {
      await review({ order_no: orderNo, rating: values.rating, content: values.content.trim() }).unwrap();
      void toast(intl.formatMessage({ id: 'order.review.done' }), 'success');
      onClose();
    } catch (error) {
      const msg = failureText(error) ?? t('error.http.other');
      const field = (error as { data?: { field?: unknown } })?.data?.field;
      if (field === 'rating' || field === 'content') form.setFields([{ name: field, errors: [msg] }]);
      else void toast(msg, 'error');
    }
  };
  return (
    <Modal
      open={open}
      className="order-review-modal"
      title={intl.formatMessage({ id: 'order.review.title' })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          <Button onClick={onClose}>{intl.formatMessage({ id: 'common.cancel' })}</Button>
          <Button type="primary" className="order-review-submit" loading={isLoading} onClick={() => form.submit()}>
            {intl.formatMessage({ id: 'order.review.submit' })}
          </Button>
        </>
      }
    >
      <Form form={form} name="review" layout="vertical" requiredMark={false} clearOnDestroy onFinish={(v) => void onFinish(v)}>
        <Form.Item name="rating" label={intl.formatMessage({ id: 'order.review.rating' })} rules={[formRule(intl, validateRating)]}>
          <Rate className="order-review-rating" />
        </Form.Item>
        <Form.Item name="content" label={intl.formatMessage({ id: 'order.review.content' })} rules={[formRule(intl, validateReviewContent)]}>
          <Input.TextArea rows={3} maxLength={REVIEW_MAX} showCount placeholder={intl.formatMessage({ id: 'order.review.placeholder' })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The actions an order allows now: pay (pending payment), cancel before shipping and confirm
 * receipt (each after a confirm), review (completed, not reviewed), apply for after-sales (paid
 * and not cancelled: the dialog of widgets/after-sale-apply.tsx), contact customer service (copies the
 * order number, then the dialog of widgets/customer-service.tsx) and the detail link.
 */
export function OrderActionBar({ order, detail = true }: { order: Pick<Order, 'order_no' | 'status' | 'reviewed'>; detail?: boolean }) {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [cancel, cancelling] = useCancelOrderMutation();
  const [confirm, confirming] = useConfirmOrderMutation();
  const [reviewing, setReviewing] = useState(false);
  const [applying, setApplying] = useState(false);
  const can = orderActions(order);
  const text = (id: string) => intl.formatMessage({ id });

  const askCancel = () =>
    void modal.confirm({
      title: text('order.cancel.confirm'),
      content: intl.formatMessage({ id: 'order.cancel.hint' }, { orderNo: order.order_no }),
      className: 'order-cancel-confirm',
      okText: text('order.cancel'),
      okButtonProps: { danger: true, className: 'order-cancel-ok' },
      cancelText: text('common.cancel'),
      onOk: () =>
        cancel({ order_no: order.order_no })
          .unwrap()
          .then(() => toast(text('order.cancelled'), 'success'))
          .catch(() => undefined), // the base query has shown why
    });
  const askConfirm = () =>
    void modal.confirm({
      title: text('order.confirm.confirm'),
      content: intl.formatMessage({ id: 'order.confirm.hint' }, { orderNo: order.order_no }),
      className: 'order-receive-confirm',
      okText: text('order.confirm'),
      okButtonProps: { className: 'order-receive-ok' },
      cancelText: text('common.cancel'),
      onOk: () =>
        confirm({ order_no: order.order_no })
          .unwrap()
          .then(() => toast(text('order.confirmed'), 'success'))
          .catch(() => undefined),
    });

  return (
    <span className="order-actions">
      {can.pay ? (
        <Button type="primary" size="small" className="order-pay" onClick={() => void navigate(to(orderPayPath(order.order_no)))}>
          {text('order.pay')}
        </Button>
      ) : null}
      {can.confirm ? (
        <Button type="primary" size="small" className="order-receive" loading={confirming.isLoading} onClick={askConfirm}>
          {text('order.confirm')}
        </Button>
      ) : null}
      {can.review ? (
        <Button size="small" className="order-review" onClick={() => setReviewing(true)}>
          {text('order.review')}
        </Button>
      ) : null}
      {can.afterSale ? (
        <Button size="small" className="order-after-sale" onClick={() => setApplying(true)}>
          {text('order.afterSale')}
        </Button>
      ) : null}
      {can.cancel ? (
        <Button size="small" danger className="order-cancel" loading={cancelling.isLoading} onClick={askCancel}>
          {text('order.cancel')}
        </Button>
      ) : null}
      <OrderServiceButton orderNo={order.order_no} />
      {detail ? (
        <Link to={to(orderDetailPath(order.order_no))} className="order-detail-link">
          {text('order.detail')}
        </Link>
      ) : null}
      {modalHolder}
      {can.review ? <ReviewDialog orderNo={order.order_no} open={reviewing} onClose={() => setReviewing(false)} /> : null}
      {can.afterSale ? <AfterSaleApplyDialog orderNo={order.order_no} open={applying} onClose={() => setApplying(false)} /> : null}
    </span>
  );
}
