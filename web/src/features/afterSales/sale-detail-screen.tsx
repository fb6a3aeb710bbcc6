import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Modal, Result, Select, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useRefundAddressQuery } from '../../api/after-sale-api';
import type { AfterSale, ReturnAddress } from '../../lib/api-types';
import type { AfterSaleDetail } from './types';
import { useAppSelector } from '../../state/hooks';
import { EventTimeline } from '../../widgets/event-timeline';
import { ReasonText } from '../../widgets/after-sale-reason';
import { LoginRequired } from '../../widgets/login-required';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { fullAddress } from '../../lib/address';
import { copyText } from '../../lib/copy-text';
import { formatDate } from '../../lib/format-date';
import { formRule } from '../../lib/form-rules';
import { t } from '../../lib/i18n';
import { failureText, refusedField } from '../../lib/refusal';
import { COURIER_CODES, courierKey } from '../../lib/shipping';
import { toast } from '../../lib/toast';
import { useAfterSaleDetailQuery, useCancelAfterSaleMutation, useSubmitReturnMutation } from './after-sale-api';
import {
  addressLine,
  isBlankAddress,
  refundsMoney,
  returnBody,
  returnFieldOf,
  saleActions,
  saleEventColor,
  saleEventFacts,
  saleEventKey,
  saleIdOf,
  sendsGoodsBack,
  showsReturnAddress,
  TRACKING_NO_MAX,
  validateReturnCourier,
  validateTrackingNo,
  type ReturnValues,
} from './after-sale-logic';
import { orderDetailPath, SaleBreakdown, SaleLines, SaleStatusTag, useKindName } from './after-sale-parts';

/** A label and its value; left out when there is nothing to show. */
function Field({ label, children, className }: { label: string; children: ReactNode; className: string }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={`sale-field ${className}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function useCourierName(): (code: string) => string {
  const intl = useIntl();
  return (code) => {
    const key = courierKey(code);
    return key ? intl.formatMessage({ id: key }) : code;
  };
}

/** Cancels the after-sale after a confirm (pending review, approved and not refunded, awaiting the return). */
function CancelButton({ sale }: { sale: Pick<AfterSale, 'id'> }) {
  const intl = useIntl();
  const [modal, modalHolder] = Modal.useModal();
  const [cancel, cancelling] = useCancelAfterSaleMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const ask = () =>
    void modal.confirm({
      title: text('afterSale.cancel.confirm'),
      content: intl.formatMessage({ id: 'afterSale.cancel.hint' }, { id: sale.id }),
      className: 'sale-cancel-confirm',
      okText: text('afterSale.cancel'),
      okButtonProps: { danger: true, className: 'sale-cancel-ok' },
      cancelText: text('common.cancel'),
      onOk: () =>
        cancel({ id: sale.id })
          .unwrap()
          .then(() => toast(text('afterSale.cancelled'), 'success'))
          .catch(() => undefined), // the base query has shown why
    });
  return (
    <>
      <Button danger className="sale-cancel" loading={cancelling.isLoading} onClick={ask}>
        {text('afterSale.cancel')}
      </Button>
      {modalHolder}
    </>
  );
}

/** The return parcel: courier and tracking number, to enter (awaiting the return) or correct (in transit). */
function ReturnForm({ sale }: { sale: Pick<AfterSale, 'id' | 'status' | 'return_courier' | 'return_tracking_no'> }) {
  const intl = useIntl();
  const courierName = useCourierName();
  const [form] = Form.useForm<ReturnValues>();
  const [submit, submitting] = useSubmitReturnMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const correcting = sale.status === 'return_in_transit';

  const onFinish = async (values: ReturnValues) => {
    try {
      await submit(returnBody(sale.id, values)).unwrap();
      void toast(text(correcting ? 'afterSale.return.corrected' : 'afterSale.return.done'), 'success');
    } catch (failure) {
      const msg = failureText(failure) ?? t('error.http.other');
      const field = returnFieldOf(refusedField(failure));
      if (field) form.setFields([{ name: field, errors: [msg] }]);
      else void toast(msg, 'error');
    }
  };

  return (
    <Form
      form={form}
      name="sale-return"
      layout="vertical"
      requiredMark={false}
      className="sale-return-form"
      initialValues={{ courier: sale.return_courier || undefined, tracking_no: sale.return_tracking_no }}
      onFinish={(values) => void onFinish(values)}
    >
      <div className="sale-return-row">
        <Form.Item name="courier" label={text('afterSale.return.courier')} rules={[formRule(intl, validateReturnCourier)]}>
          <Select
            className="sale-return-courier"
            virtual={false}
            placeholder={text('validation.courier.required')}
            classNames={{ popup: { root: 'sale-return-courier-popup' } }}
            options={COURIER_CODES.map((code) => ({ value: code, label: courierName(code) }))}
          />
        </Form.Item>
        <Form.Item name="tracking_no" label={text('afterSale.return.trackingNo')} rules={[formRule(intl, validateTrackingNo)]}>
          <Input className="sale-return-tracking" maxLength={TRACKING_NO_MAX} autoComplete="off" placeholder={text('validation.afterSale.trackingRequired')} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" className="sale-return-submit" loading={submitting.isLoading}>
        {text(correcting ? 'afterSale.return.correct' : 'afterSale.return.submit')}
      </Button>
    </Form>
  );
}

/** Where the goods go back, with a button that copies it as one line. */
function ReturnAddressBlock({ address }: { address: ReturnAddress }) {
  const intl = useIntl();
  return (
    <div className="sale-return-address">
      <div className="sale-return-address-text">
        <span className="sale-return-address-who" translate="no">
          {address.recipient} {address.phone}
        </span>
        <span className="sale-return-address-where" translate="no">{fullAddress(address)}</span>
      </div>
      <Button size="small" icon={<CopyOutlined />} className="sale-return-address-copy" onClick={() => void copyText(addressLine(address))}>
        {intl.formatMessage({ id: 'afterSale.returnAddress.copy' })}
      </Button>
    </div>
  );
}

/**
 * The return: the platform's address (the after-sale's `return_address`; the platform's
 * `home/refund_address` when the answer left it empty), the parcel entered so far, and the form
 * while the return is awaited or in transit. It leads the screen, marked, while the number is due.
 */
function ReturnCard({ sale }: { sale: AfterSaleDetail }) {
  const intl = useIntl();
  const token = useAppSelector(selectToken);
  const courierName = useCourierName();
  const own = isBlankAddress(sale.return_address) ? null : sale.return_address;
  const platform = useRefundAddressQuery({ token }, { skip: Boolean(own) || !token });
  const address = own ?? platform.data ?? null;
  const actions = saleActions(sale);
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <Card
      className={`sale-card sale-return${actions.returnDue ? ' is-due' : ''}`}
      title={text(actions.returnDue ? 'afterSale.return.dueTitle' : 'afterSale.return.title')}
    >
      {actions.returnDue ? <Alert className="sale-return-due" type="warning" showIcon title={text('afterSale.return.dueHint')} /> : null}
      {sale.status === 'pending_review' ? <p className="page-hint sale-return-later">{text('afterSale.return.afterApproval')}</p> : null}
      <h3 className="sale-subtitle">{text('afterSale.returnAddress')}</h3>
      {address ? <ReturnAddressBlock address={address} /> : platform.isFetching ? <Skeleton active paragraph={{ rows: 1 }} /> : <p className="page-hint">{text('afterSale.returnAddress.none')}</p>}
      {sale.return_tracking_no ? (
        <dl className="sale-fields">
          <Field label={text('afterSale.return.courier')} className="sale-return-courier-value">
            {sale.return_courier ? courierName(sale.return_courier) : null}
          </Field>
          <Field label={text('afterSale.return.trackingNo')} className="sale-return-tracking-value">
            {sale.return_tracking_no}
          </Field>
        </dl>
      ) : null}
      {actions.returnForm ? <ReturnForm key={`${sale.status}-${sale.return_tracking_no}`} sale={sale} /> : null}
    </Card>
  );
}

/** What the status means for the seller now; a rejection with its reason, a replacement with its parcel. */
function StatusNote({ sale }: { sale: AfterSale }) {
  const intl = useIntl();
  const courierName = useCourierName();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  switch (sale.status) {
    case 'rejected':
      return (
        <Alert
          className="sale-note sale-rejected"
          type="error"
          showIcon
          title={text('afterSale.note.rejected')}
          description={sale.reject_reason ? <span className="sale-reject-reason">{intl.formatMessage({ id: 'afterSale.rejectReason' }, { text: <span translate="no">{sale.reject_reason}</span> })}</span> : undefined}
        />
      );
    case 'exchanged':
      return (
        <Alert
          className="sale-note sale-exchanged"
          type="success"
          showIcon
          title={text(sale.kind === 'resend' ? 'afterSale.note.resent' : 'afterSale.note.exchanged')}
          description={
            sale.replacement_tracking_no ? (
              <span className="sale-replacement">
                {text('afterSale.replacement', {
                  courier: sale.replacement_courier ? courierName(sale.replacement_courier) : '—',
                  no: sale.replacement_tracking_no,
                })}
              </span>
            ) : undefined
          }
        />
      );
    case 'refunded':
      return <Alert className="sale-note sale-refunded-note" type="success" showIcon title={text('afterSale.note.refunded', { amount: sale.refund_amount })} />;
    case 'return_received':
      return (
        <Alert
          className="sale-note"
          type="info"
          showIcon
          title={text('afterSale.note.return_received')}
          description={
            sale.wrong_item || sale.wrong_station ? (
              <ul className="sale-received-flags">
                {sale.wrong_item ? <li className="sale-wrong-item">{text('afterSale.timeline.wrongItem')}</li> : null}
                {sale.wrong_station ? <li className="sale-wrong-station">{text('afterSale.timeline.wrongStation')}</li> : null}
              </ul>
            ) : undefined
          }
        />
      );
    case 'approved':
      return <Alert className="sale-note" type="info" showIcon title={text(sale.kind === 'resend' ? 'afterSale.note.approvedResend' : 'afterSale.note.approved')} />;
    case 'pending_review':
    case 'intercepting':
    case 'return_in_transit':
    case 'cancelled':
      return <Alert className="sale-note" type={sale.status === 'cancelled' ? 'warning' : 'info'} showIcon title={text(`afterSale.note.${sale.status}`)} />;
    default:
      return null;
  }
}

function DetailBody({ sale }: { sale: AfterSaleDetail }) {
  const intl = useIntl();
  const to = useSitePath();
  const kindName = useKindName();
  const actions = saleActions(sale);
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const time = (at: number | null) => (at ? formatDate(at) : null);
  const returnCard = showsReturnAddress(sale) ? <ReturnCard sale={sale} /> : null;
  return (
    <>
      <Card className="sale-card sale-summary">
        <div className="sale-summary-head">
          <span className="sale-summary-id">
            {text('afterSale.id')} <strong className="sale-detail-id">{sale.id}</strong>
          </span>
          <SaleStatusTag status={sale.status} />
          <span className="sale-summary-kind">{kindName(sale.kind)}</span>
          {actions.cancel ? (
            <span className="sale-summary-actions">
              <CancelButton sale={sale} />
            </span>
          ) : null}
        </div>
        <dl className="sale-fields">
          <Field label={text('order.orderNo')} className="sale-order">
            <Link to={to(orderDetailPath(sale.order_no))}>{sale.order_no}</Link>
          </Field>
          <Field label={text('afterSale.appliedAt')} className="sale-applied">
            {time(sale.applied_at)}
          </Field>
          <Field label={text('afterSale.updatedAt')} className="sale-updated">
            {time(sale.updated_at)}
          </Field>
          <Field label={text('afterSale.refundedAt')} className="sale-refunded-at">
            {time(sale.refunded_at)}
          </Field>
          <Field label={text('afterSale.returnDeadline')} className="sale-deadline">
            {sendsGoodsBack(sale.kind) ? time(sale.return_deadline) : null}
          </Field>
          <Field label={text('afterSale.quantity')} className="sale-quantity">
            {text('order.items', { count: sale.quantity })}
          </Field>
        </dl>
        <StatusNote sale={sale} />
      </Card>
      {actions.returnDue ? returnCard : null}
      <div className="sale-detail-grid">
        <Card className="sale-card sale-goods" title={text('afterSale.goods')}>
          <SaleLines lines={sale.lines} />
        </Card>
        <Card className="sale-card sale-refund" title={text(sale.refunded ? 'afterSale.breakdown.titleRefunded' : 'afterSale.breakdown.titleEstimate')}>
          {refundsMoney(sale.kind) ? null : <p className="page-hint sale-no-refund">{text('afterSale.breakdown.noRefund')}</p>}
          <SaleBreakdown breakdown={sale.breakdown} refunded={sale.refunded} />
          {sale.refunded ? null : <p className="page-hint sale-estimate-hint">{text('afterSale.breakdown.estimateHint')}</p>}
        </Card>
      </div>
      {actions.returnDue ? null : returnCard}
      <Card className="sale-card sale-application" title={text('afterSale.application')}>
        <dl className="sale-fields">
          <Field label={text('afterSale.reason')} className="sale-reason">
            {sale.reason ? <ReasonText reason={sale.reason} /> : null}
          </Field>
          <Field label={text('afterSale.description')} className="sale-description">
            {sale.description ? <span translate="no">{sale.description}</span> : null}
          </Field>
        </dl>
        {sale.images.length > 0 ? (
          <ul className="sale-images">
            {sale.images.map((src, index) => (
              <li key={src}>
                <a href={src} target="_blank" rel="noopener noreferrer" className="sale-image-link">
                  <img src={src} width={88} height={88} className="sale-image" loading="lazy" alt={text('afterSale.image', { index: index + 1 })} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <Card className="sale-card sale-detail-timeline" title={text('afterSale.timeline')}>
        <EventTimeline entries={sale.timeline} prefix="sale" eventKey={saleEventKey} eventColor={saleEventColor} eventFacts={saleEventFacts} />
      </Card>
    </>
  );
}

/**
 * `/saleDetail?id=SH…` (hidden from the menu): status, kind, order, times; what the status means
 * (the reason of a rejection, the replacement parcel); the return address with a copy button and
 * the return parcel form (leading the screen while the number is due, as spec section 9 asks);
 * the claimed items; the refund breakdown (an estimate until refunded); the application's reason,
 * description and images; the timeline; cancel while the after-sale allows it. Needs a session.
 */
export default function SaleDetailScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const id = saleIdOf(params);
  const { data, isLoading, error, refetch } = useAfterSaleDetailQuery({ token, language, id }, { skip: !token || !id, refetchOnMountOrArgChange: true });
  if (!token) return <LoginRequired />;
  return (
    <div className="sales-page sale-detail-page">
      <header className="sales-head">
        <h1 className="page-title">{intl.formatMessage({ id: 'route.saleDetail' })}</h1>
        <Link to={to('/saleList')} className="sale-back-link">
          {intl.formatMessage({ id: 'route.saleList' })}
        </Link>
      </header>
      {!id ? (
        <Result className="sale-detail-missing" status="warning" title={intl.formatMessage({ id: 'validation.afterSale.idRequired' })} />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : data ? (
        <DetailBody sale={data} />
      ) : error ? (
        <Result
          className="sale-detail-error"
          status="warning"
          title={failureText(error) ?? intl.formatMessage({ id: 'afterSale.loadFailed' })}
          extra={<Button onClick={() => void refetch()}>{intl.formatMessage({ id: 'cart.retry' })}</Button>}
        />
      ) : null}
    </div>
  );
}
