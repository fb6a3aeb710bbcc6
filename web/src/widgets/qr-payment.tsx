import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { TopUpPayment } from '../lib/api-types';
import { usePaymentStatusQuery } from '../api/wallet-api';
import { formatCountdown, secondsLeft } from '../lib/countdown';
import './qr-payment.css';

/** How often a shown QR asks whether the payment arrived. */
const PAYMENT_POLL_MS = 2000;

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

/**
 * A QR payment (fund/recharge, or order/pay with method qr): the picture, the pay link, the
 * amount and the time left. Asks fund/payment_status every 2 s while `active`, and calls `onPaid`
 * once when it says paid; an expired payment offers `onAgain`. Used by the top-up dialog and the
 * order payment dialog.
 */
export function QrPaymentStep({
  active,
  token,
  payment,
  onPaid,
  onAgain,
  expiredKey = 'fund.topUp.expired',
  againKey = 'fund.topUp.again',
}: {
  /** The dialog is open: ask for the status (a closed dialog stops asking). */
  active: boolean;
  token: string;
  payment: TopUpPayment;
  onPaid: () => void;
  onAgain: () => void;
  /** Catalogue keys of the expiry notice and its button. */
  expiredKey?: string;
  againKey?: string;
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
        title={intl.formatMessage({ id: expiredKey })}
        extra={
          <Button type="primary" className="topup-again" onClick={onAgain}>
            {intl.formatMessage({ id: againKey })}
          </Button>
        }
      />
    );
  }
  return (
    <div className="topup-pay">
      <div className="topup-pay-amount">
        {intl.formatMessage({ id: 'fund.topUp.payAmount' })}
        <span className="topup-amount-value">{intl.formatMessage({ id: 'fund.yuan' }, { amount: payment.amount })}</span>
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
