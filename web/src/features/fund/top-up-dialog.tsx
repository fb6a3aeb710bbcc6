import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TopUpPayment } from '../../lib/api-types';
import { useAppDispatch } from '../../state/hooks';
import { QrPaymentStep } from '../../widgets/qr-payment';
import { formRule } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { fundApi, useRechargeMutation } from './fund-api';
import { amountToSend, validateTopUp } from './fund-logic';
import { reportFailure } from './fund-parts';

interface AmountValues {
  amount: string;
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
        <QrPaymentStep
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
