import { QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Radio, Result, Skeleton } from 'antd';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/api';
import type { PayMethod, TopUpPayment } from '../../lib/api-types';
import { useFundSummaryQuery } from '../../api/wallet-api';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { QrPaymentStep } from '../../widgets/qr-payment';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { t } from '../../lib/i18n';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { useOrderDetailQuery, usePayOrderMutation } from './order-api';
import { balanceAfter, balanceCovers, orderNoOf, payMethodKey } from './order-logic';
import { orderDetailPath, OrderTags, Yuan } from './order-parts';

/** How often the screen asks for the order after a QR payment arrived, until the order says paid. */
const ORDER_PAID_POLL_MS = 1000;

/**
 * `/order_pay?order_no=…`: the order's total and the wallet balance; pay from the wallet, or by
 * QR (a dialog with the QR and pay link that asks every 2 s and closes itself once paid: the
 * amount is credited to the wallet and the order paid from it). A paid order links to its detail.
 */
export default function OrderPayScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const orderNo = orderNoOf(params);
  const [method, setMethod] = useState<PayMethod>('wallet');
  const [payment, setPayment] = useState<TopUpPayment | null>(null);
  const [qrPaid, setQrPaid] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  /** The wallet payment waiting for the seller to confirm the amount. */
  const [confirming, setConfirming] = useState(false);
  const [pay, paying] = usePayOrderMutation();
  const skip = !token || !orderNo;
  const { data: order, isLoading, error } = useOrderDetailQuery(
    { token, language, order_no: orderNo },
    // after a QR payment the order is paid from the wallet right away: ask until it says so
    { skip, refetchOnMountOrArgChange: true, pollingInterval: qrPaid ? ORDER_PAID_POLL_MS : 0, skipPollingIfUnfocused: false },
  );
  const stillPending = order?.status === 'pending_payment';
  if (qrPaid && order && !stillPending) setQrPaid(false);
  const { data: summary } = useFundSummaryQuery({ token }, { skip, refetchOnMountOrArgChange: true });
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const onQrPaid = useCallback(() => {
    setPayment(null);
    setQrPaid(true);
    dispatch(api.util.invalidateTags(['Order', 'Wallet', 'Ledger']));
    void toast(t('order.pay.success'), 'success');
  }, [dispatch]);

  if (!token) return <LoginRequired />;
  if (!orderNo) {
    return (
      <Result
        className="order-pay-missing"
        status="warning"
        title={text('validation.orderId.required')}
        extra={<Link to={to('/orderList')}>{text('route.orderList')}</Link>}
      />
    );
  }

  const submit = async () => {
    setPayError(null);
    try {
      const answer = await pay({ order_no: orderNo, method }).unwrap();
      if ('payment' in answer) setPayment(answer.payment);
      else void toast(text('order.pay.success'), 'success');
    } catch (failure) {
      setPayError(failureText(failure) ?? t('error.http.other'));
    }
  };

  const covered = order && summary ? balanceCovers(summary.balance, order.fees.total) : true;
  // Paying from the wallet takes the money at once: the amount (and the balance left) is confirmed
  // first. A balance known to be short goes straight to the server, whose refusal is shown.
  const onPay = () => {
    if (method === 'wallet' && covered) setConfirming(true);
    else void submit();
  };

  return (
    <div className="orders-page order-pay-page">
      <h1 className="page-title">{text('route.order_pay')}</h1>
      <Card className="order-pay-card">
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : order ? (
          <>
            <div className="order-pay-head">
              <span className="order-pay-no">
                {text('order.orderNo')} <strong className="order-pay-order-no">{order.order_no}</strong>
              </span>
              <OrderTags order={order} />
              <span className="order-pay-placed">{text('order.placedAt', { time: formatDate(order.placed_at) })}</span>
            </div>
            <div className="order-pay-due">
              {text(stillPending ? 'order.pay.due' : 'order.pay.total')}
              <Yuan value={order.fees.total} className="order-pay-total" />
            </div>
            {stillPending ? (
              qrPaid ? (
                <div className="order-pay-waiting page-hint">{text('order.pay.confirming')}</div>
              ) : (
                <>
                  <Radio.Group className="order-pay-methods" value={method} onChange={(event) => setMethod(event.target.value as PayMethod)}>
                    <Radio value="wallet" className="order-pay-wallet">
                      <WalletOutlined /> {text('order.payMethod.wallet')}
                      <span className="order-pay-balance">
                        {text('order.balance')} {summary ? <Yuan value={summary.balance} className="order-pay-balance-value" /> : '…'}
                      </span>
                      {!covered ? (
                        <span className="order-pay-short">
                          {text('order.pay.short')} <Link to={to('/myFund')}>{text('order.pay.topUp')}</Link>
                        </span>
                      ) : null}
                    </Radio>
                    <Radio value="qr" className="order-pay-qr">
                      <QrcodeOutlined /> {text('order.payMethod.qr')}
                      <span className="page-hint">{text('order.pay.qrHint')}</span>
                    </Radio>
                  </Radio.Group>
                  {payError ? <Alert className="order-pay-error" type="error" showIcon title={payError} /> : null}
                  <div className="order-pay-actions">
                    <Button type="primary" size="large" className="order-pay-submit" loading={paying.isLoading} onClick={onPay}>
                      {text('order.pay.submit')}
                    </Button>
                    <Link to={to(orderDetailPath(order.order_no))} className="order-detail-link">
                      {text('order.detail')}
                    </Link>
                  </div>
                </>
              )
            ) : order.status === 'cancelled' ? (
              <Result
                className="order-pay-cancelled"
                status="warning"
                title={text('order.pay.cancelled')}
                extra={<Link to={to(orderDetailPath(order.order_no))}>{text('order.detail')}</Link>}
              />
            ) : (
              <Result
                className="order-pay-done"
                status="success"
                title={text('order.pay.done')}
                subTitle={
                  order.paid_at
                    ? text('order.pay.doneAt', {
                        amount: order.paid_amount,
                        method: payMethodKey(order.payment_method) ? text(payMethodKey(order.payment_method)!) : order.payment_method,
                        time: formatDate(order.paid_at),
                      })
                    : undefined
                }
                extra={
                  <>
                    <Link to={to(orderDetailPath(order.order_no))} className="order-pay-detail">
                      <Button type="primary">{text('order.detail')}</Button>
                    </Link>
                    <Link to={to('/orderList')} className="order-pay-list">
                      <Button>{text('route.orderList')}</Button>
                    </Link>
                  </>
                }
              />
            )}
          </>
        ) : error ? (
          <Result className="order-pay-error-result" status="warning" title={failureText(error) ?? text('order.loadFailed')} />
        ) : null}
      </Card>
      <Modal
        open={confirming && order !== undefined}
        className="order-pay-confirm"
        title={text('order.pay.confirmTitle')}
        okText={text('order.pay.confirmOk')}
        cancelText={text('common.cancel')}
        okButtonProps={{ className: 'order-pay-confirm-ok' }}
        cancelButtonProps={{ className: 'order-pay-confirm-cancel' }}
        onOk={() => {
          setConfirming(false);
          void submit();
        }}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        {order ? (
          <>
            <p className="order-pay-confirm-amount">{text('order.pay.confirmAmount', { amount: order.fees.total })}</p>
            {summary ? <p className="order-pay-confirm-after">{text('order.pay.confirmAfter', { after: balanceAfter(summary.balance, order.fees.total) })}</p> : null}
          </>
        ) : null}
      </Modal>
      <Modal
        open={payment !== null}
        className="order-qr-modal"
        title={text('order.pay.qrTitle')}
        onCancel={() => setPayment(null)}
        destroyOnHidden
        footer={<Button onClick={() => setPayment(null)}>{text('common.close')}</Button>}
      >
        {payment ? (
          <QrPaymentStep
            key={payment.payment_id}
            active
            token={token}
            payment={payment}
            onPaid={onQrPaid}
            onAgain={() => {
              setPayment(null);
              void submit();
            }}
            expiredKey="order.pay.qrExpired"
            againKey="order.pay.qrAgain"
          />
        ) : null}
      </Modal>
    </div>
  );
}
