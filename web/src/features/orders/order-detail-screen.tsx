import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { OrderDetail } from './types';
import { useAppSelector } from '../../state/hooks';
import { EventTimeline } from '../../widgets/event-timeline';
import { LoginRequired } from '../../widgets/login-required';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { fullAddress } from '../../lib/address';
import { formatDate } from '../../lib/format-date';
import { failureText } from '../../lib/refusal';
import { courierKey, qcLevelKey } from '../../lib/shipping';
import { AppliedCoupons } from './coupon-picker';
import { useOrderDetailQuery } from './order-api';
import { nonZero, orderNoOf, payMethodKey, platformKey, timelineColor, timelineFacts, timelineKey, valueAddedKey } from './order-logic';
import { FeeBreakdown, OrderActionBar, OrderItems, OrderTags, Yuan } from './order-parts';
import { LabelFileView } from './label-file';

/** A label and its value; left out when there is nothing to show. */
function Field({ label, children, className }: { label: string; children: ReactNode; className: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={`order-field ${className}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DetailBody({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const named = (key: string | null, code: string) => (key ? text(key) : code);
  const time = (at: number | null) => (at ? formatDate(at) : null);
  return (
    <>
      <Card className="order-detail-card order-detail-summary">
        <div className="order-detail-head">
          <span className="order-detail-no">
            {text('order.orderNo')} <strong className="order-detail-order-no">{order.order_no}</strong>
          </span>
          <OrderTags order={order} />
          <OrderActionBar order={order} detail={false} />
        </div>
        <dl className="order-fields">
          <Field label={text('order.placedAtLabel')} className="order-placed">
            {time(order.placed_at)}
          </Field>
          <Field label={text('order.paidAt')} className="order-paid">
            {time(order.paid_at)}
          </Field>
          <Field label={text('order.shippedAt')} className="order-shipped">
            {time(order.shipped_at)}
          </Field>
          <Field label={text('order.completedAt')} className="order-completed">
            {time(order.completed_at)}
          </Field>
          <Field label={text('order.cancelledAt')} className="order-cancelled-at">
            {time(order.cancelled_at)}
          </Field>
        </dl>
      </Card>
      <div className="order-detail-grid">
        <Card className="order-detail-card order-detail-items" title={text('order.goods')} extra={text('order.items', { count: order.item_count })}>
          <OrderItems items={order.items} />
        </Card>
        <Card className="order-detail-card order-detail-fees" title={text('order.fees')}>
          <FeeBreakdown fees={order.fees} />
          <AppliedCoupons applied={order.coupons ?? []} />
          <dl className="order-fields">
            <Field label={text('order.paidAmount')} className="order-paid-amount">
              {order.paid_at ? <Yuan value={order.paid_amount} /> : null}
            </Field>
            <Field label={text('order.paymentMethod')} className="order-payment-method">
              {order.payment_method ? named(payMethodKey(order.payment_method), order.payment_method) : null}
            </Field>
            <Field label={text('order.refunded')} className="order-refunded">
              {nonZero(order.refunded) ? <Yuan value={order.refunded} className="order-refunded-value" /> : null}
            </Field>
          </dl>
        </Card>
      </div>
      <div className="order-detail-grid">
        <Card className="order-detail-card order-detail-destination" title={text('order.destination')}>
          <dl className="order-fields">
            <Field label={text('order.type')} className="order-type">
              {text(`order.type.${order.type}`)}
            </Field>
            {order.type === 'platform' ? (
              <>
                <Field label={text('order.platform')} className="order-platform">
                  {named(platformKey(order.platform), order.platform)}
                </Field>
                <Field label={text('order.sourceOrderNo')} className="order-source-no">
                  {order.source_order_no}
                </Field>
                <Field label={text('order.labelFile')} className="order-label">
                  {order.label_file ? <LabelFileView url={order.label_file} imageClassName="order-label-image" size={120} /> : null}
                </Field>
              </>
            ) : null}
            {/* domestic orders, and platform orders that ship to the buyer's address (batch upload) */}
            {order.address ? (
              <>
                <Field label={text('address.recipient')} className="order-recipient">
                  <span translate="no">{`${order.address.recipient} ${order.address.phone}`}</span>
                </Field>
                <Field label={text('address.detail')} className="order-address">
                  <span translate="no">{fullAddress(order.address)}</span>
                </Field>
              </>
            ) : null}
          </dl>
        </Card>
        <Card className="order-detail-card order-detail-shipping" title={text('order.shipping')}>
          <dl className="order-fields">
            <Field label={text('order.courier')} className="order-courier">
              {order.courier ? named(courierKey(order.courier), order.courier) : null}
            </Field>
            <Field label={text('order.shipCourier')} className="order-ship-courier">
              {order.ship_courier ? named(courierKey(order.ship_courier), order.ship_courier) : null}
            </Field>
            <Field label={text('order.trackingNo')} className="order-tracking">
              {order.tracking_no}
            </Field>
            <Field label={text('order.qcLevel')} className="order-qc">
              {order.qc_level ? named(qcLevelKey(order.qc_level), order.qc_level) : null}
            </Field>
            <Field label={text('order.valueAdded')} className="order-value-added">
              {order.value_added.length > 0 ? intl.formatList(order.value_added.map((v) => named(valueAddedKey(v), v)), { type: 'conjunction' }) : null}
            </Field>
            <Field label={text('order.remark')} className="order-remark">
              {order.remark ? <span translate="no">{order.remark}</span> : null}
            </Field>
          </dl>
        </Card>
      </div>
      <Card className="order-detail-card order-detail-timeline" title={text('order.timeline')}>
        <EventTimeline entries={order.timeline} prefix="order" eventKey={timelineKey} eventColor={timelineColor} eventFacts={timelineFacts} />
      </Card>
    </>
  );
}

/**
 * `/orderDetail?order_no=…` (hidden from the menu): status, stock state and abnormal flag, the
 * items with what was short, the fee breakdown with what was paid and refunded, the address or
 * the platform order and its label, courier and tracking number, and the timeline of its events;
 * the actions the order allows (pay, cancel, confirm receipt, review). Needs a session.
 */
export default function OrderDetailScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const orderNo = orderNoOf(params);
  const { data, isLoading, error, refetch } = useOrderDetailQuery({ token, language, order_no: orderNo }, { skip: !token || !orderNo, refetchOnMountOrArgChange: true });
  if (!token) return <LoginRequired />;
  return (
    <div className="orders-page order-detail-page">
      <header className="orders-head">
        <h1 className="page-title">{intl.formatMessage({ id: 'route.orderDetail' })}</h1>
        <Link to={to('/orderList')} className="order-back-link">
          {intl.formatMessage({ id: 'route.orderList' })}
        </Link>
      </header>
      {!orderNo ? (
        <Result className="order-detail-missing" status="warning" title={intl.formatMessage({ id: 'validation.orderId.required' })} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : data ? (
        <DetailBody order={data} />
      ) : error ? (
        <Result
          className="order-detail-error"
          status="warning"
          title={failureText(error) ?? intl.formatMessage({ id: 'order.loadFailed' })}
          extra={<Button onClick={() => void refetch()}>{intl.formatMessage({ id: 'cart.retry' })}</Button>}
        />
      ) : null}
    </div>
  );
}
