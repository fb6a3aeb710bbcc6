import { Button, Form, Input, Modal, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { TopUpPayment } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { formRule } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { fundApi, usePaymentStatusQuery, useRechargeMutation } from './fund-api';
import { amountToSend, formatCountdown, secondsLeft, validateTopUp } from './fund-logic';
import { Money, reportFailure } from './fund-parts';

/** How often the dialog asks whether the payment arrived. */
export const PAYMENT_POLL_MS = 2000;

interface AmountValues {
  amount: string;
}

/** The current time, ticking every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** The QR step: the picture, the pay link, the amount and the time left; asks every 2 s whether it was paid. */
function PaymentStep({
  active,
  token,
  payment,
  onPaid,
  onAgain,
}: {
  /** The dialog is open: ask for the status (a closed dialog stops asking). */
  active: boolean;
  token: string;
  payment: TopUpPayment;
  onPaid: () => void;
  onAgain: () => void;
}) {
  const intl = useIntl();
  const [settled, setSettled] = useState(false);
  const { data } = usePaymentStatusQuery(
    { token, payment_id: payment.payment_id },
    { skip: !active, pollingInterval: settled ? 0 : PAYMENT_POLL_MS, skipPollingIfUnfocused: false },
  );
  const status = data?.status ?? payment.status;
  const expiresAt = data?.expires_at ?? payment.expires_at;
  const left = secondsLeft(expiresAt, useNow(active && status === 'pending'));
  if (!settled && status !== 'pending') setSettled(true);

  const reported = useRef(false);
  useEffect(() => {
    if (status !== 'paid' || reported.current) return;
    reported.current = true;
    onPaid();
  }, [status, onPaid]);

  if (status === 'expired' || (status === 'pending' && left === 0)) {
    return (
      <Result
        className="topup-expired"
        status="warning"
        title={intl.formatMessage({ id: 'fund.topUp.expired' })}
        extra={
          <Button type="primary" className="topup-again" onClick={onAgain}>
            {intl.formatMessage({ id: 'fund.topUp.again' })}
          </Button>
        }
      />
    );
  }
  return (
    <div className="topup-pay">
      <div className="topup-pay-amount">
        {intl.formatMessage({ id: 'fund.topUp.payAmount' })}
        <Money value={payment.amount} className="topup-amount-value" />
      </div>
      <img className="topup-qr" src={payment.qr} alt={intl.formatMessage({ id: 'fund.topUp.qr' })} width={200} height={200} />
      <p className="topup-scan">{intl.formatMessage({ id: 'fund.topUp.scan' })}</p>
      <a className="topup-pay-link" href={payment.pay_url} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage({ id: 'fund.topUp.openPayPage' })}
      </a>
      <p className="topup-countdown">{intl.formatMessage({ id: 'fund.topUp.expiresIn' }, { time: formatCountdown(left) })}</p>
      <div className="topup-waiting">
        <Spin size="small" /> {intl.formatMessage({ id: 'fund.topUp.waiting' })}
      </div>
    </div>
  );
}

/**
 * The top-up dialog: an amount (above 0, at most two decimals, within the cap) → fund/recharge →
 * the QR and pay link with a countdown. It closes itself once the payment is paid, says so and
 * has the summary and ledger asked again; an expired payment offers a new top-up.
 */
export function TopUpDialog({
  open,
  token,
  maxTopUp,
  onClose,
}: {
  open: boolean;
  token: string;
  maxTopUp: string | undefined;
  onClose: () => void;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<AmountValues>();
  const [recharge, { isLoading }] = useRechargeMutation();
  const [payment, setPayment] = useState<TopUpPayment | null>(null);

  const onFinish = async (values: AmountValues) => {
    try {
      setPayment(await recharge({ amount: amountToSend(values.amount) }).unwrap());
    } catch (error) {
      reportFailure(form, error, { amount: 'amount' });
    }
  };

  const onPaid = () => {
    dispatch(fundApi.util.invalidateTags(['Wallet', 'Ledger']));
    void toast(intl.formatMessage({ id: 'fund.topUp.success' }, { amount: payment?.amount ?? '' }), 'success');
    onClose();
  };

  return (
    <Modal
      open={open}
      className="topup-modal"
      title={intl.formatMessage({ id: 'fund.topUp.title' })}
      onCancel={onClose}
      afterClose={() => {
        setPayment(null);
        form.resetFields();
      }}
      footer={
        payment ? (
          <Button onClick={onClose}>{intl.formatMessage({ id: 'common.close' })}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{intl.formatMessage({ id: 'common.cancel' })}</Button>
            <Button type="primary" className="topup-submit" loading={isLoading} onClick={() => form.submit()}>
              {intl.formatMessage({ id: 'fund.topUp.submit' })}
            </Button>
          </>
        )
      }
    >
      {payment ? (
        <PaymentStep
          key={payment.payment_id}
          active={open}
          token={token}
          payment={payment}
          onPaid={onPaid}
          onAgain={() => setPayment(null)}
        />
      ) : null}
      {/* Kept mounted (hidden while paying) so the amount stays for a new top-up after an expiry. */}
      <Form
        form={form}
        name="topUp"
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void onFinish(v)}
        style={payment ? { display: 'none' } : undefined}
      >
        <Form.Item
          name="amount"
          label={intl.formatMessage({ id: 'fund.topUp.amount' })}
          rules={[formRule(intl, (value: string) => validateTopUp(value, { max: maxTopUp }))]}
          extra={maxTopUp ? intl.formatMessage({ id: 'fund.topUp.capHint' }, { max: maxTopUp }) : undefined}
        >
          <Input
            prefix="¥"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            placeholder={intl.formatMessage({ id: 'fund.amount.placeholder' })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
