import { Alert, Button, Card, Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FundSummary, PayoutAccount } from '../../lib/api-types';
import { formRule } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { SmsCodeField } from '../../widgets/sms-code-field';
import { useBindAccountMutation, usePayoutCodeMutation, useWithdrawMutation } from './fund-api';
import {
  amountToSend,
  outcomeUnknown,
  requestIdFor,
  validatePayee,
  validatePayoutAccount,
  validateWithdrawalAmount,
  type UnansweredSubmit,
} from './fund-logic';
import { Money, reportFailure } from './fund-parts';

interface BindValues {
  payee: string;
  account: string;
  code?: string;
}

/**
 * Binds the payment-app account withdrawals are paid to. Replacing a bound one asks for the code
 * the server sends to the seller's own phone (fund/payout_code): a session alone must not be able
 * to send the seller's money somewhere else. The first binding needs none.
 */
export function BindAccountCard({ summary }: { summary: FundSummary | undefined }) {
  const intl = useIntl();
  const [form] = Form.useForm<BindValues>();
  const [bind, { isLoading }] = useBindAccountMutation();
  const [payoutCode, sending] = usePayoutCodeMutation();
  const bound = summary?.payout_account ?? null;

  const onFinish = async (values: BindValues) => {
    const code = values.code?.trim();
    try {
      await bind({ payee: values.payee.trim(), account: values.account.trim(), ...(bound && code ? { code } : {}) }).unwrap();
      form.resetFields();
      void toast(intl.formatMessage({ id: bound ? 'fund.bind.changed' : 'fund.bind.success' }), 'success');
    } catch (error) {
      reportFailure(form, error, { payee: 'payee', account: 'account', code: 'code' });
    }
  };

  /** The cooldown of the code sent, or null when none was (the refusal is shown). */
  const sendCode = async (): Promise<number | null> => {
    try {
      const sent = await payoutCode().unwrap();
      void toast(intl.formatMessage({ id: 'fund.bind.codeSent' }, { mobile: sent.mobile }), 'success');
      return sent.cooldown;
    } catch (error) {
      reportFailure(form, error, {});
      return null;
    }
  };

  return (
    <Card
      id="fund-bind"
      className="fund-card fund-bind-card"
      title={intl.formatMessage({ id: bound ? 'fund.bind.rebindTitle' : 'fund.bind.title' })}
    >
      {bound ? (
        <p className="page-hint">
          {intl.formatMessage({ id: 'fund.bind.current' }, { payee: bound.payee, account: bound.account })}
        </p>
      ) : null}
      <Form form={form} name="bind" layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="payee" label={intl.formatMessage({ id: 'fund.payee' })} rules={[formRule(intl, validatePayee)]}>
          <Input maxLength={40} autoComplete="off" placeholder={intl.formatMessage({ id: 'fund.bind.payeeRequired' })} />
        </Form.Item>
        <Form.Item
          name="account"
          label={intl.formatMessage({ id: 'fund.account' })}
          rules={[formRule(intl, validatePayoutAccount)]}
          extra={intl.formatMessage({ id: 'fund.account.hint' })}
        >
          <Input maxLength={64} autoComplete="off" placeholder={intl.formatMessage({ id: 'fund.bind.accountRequired' })} />
        </Form.Item>
        {bound ? <SmsCodeField send={sendCode} sending={sending.isLoading} extra={intl.formatMessage({ id: 'fund.bind.codeHint' })} /> : null}
        <Button type="primary" htmlType="submit" loading={isLoading} className="bind-account-submit">
          {intl.formatMessage({ id: bound ? 'fund.bind.rebind' : 'fund.bind.submit' })}
        </Button>
      </Form>
    </Card>
  );
}

interface WithdrawValues {
  amount: string;
}

/**
 * Asks for a withdrawal: account bound first, amount above 0, within the balance and the cap. Each
 * submit gets a fresh `request_id`; a submit whose answer never came (no connection, timeout,
 * server error) keeps its id, so sending the same amount again cannot freeze it twice.
 */
export function WithdrawCard({ summary }: { summary: FundSummary | undefined }) {
  const intl = useIntl();
  const [form] = Form.useForm<WithdrawValues>();
  const [withdraw, { isLoading }] = useWithdrawMutation();
  const [modal, modalHolder] = Modal.useModal();
  const unanswered = useRef<UnansweredSubmit | null>(null);
  const [uncertain, setUncertain] = useState(false);
  const balance = summary?.balance ?? '0.00';
  const accountBound = Boolean(summary?.payout_account);

  // An account bound (or the balance changed) since the last check: a stale 'please bind a
  // payment-app account first' must not stay under the field. An amount the seller typed is checked
  // again; a field left empty only loses its message (its own rule speaks once it is typed in or
  // submitted, never on a field nobody touched).
  useEffect(() => {
    if (form.getFieldError('amount').length === 0) return;
    const typed = String(form.getFieldValue('amount') ?? '').trim() !== '';
    if (typed) void form.validateFields(['amount']).catch(() => undefined);
    else form.resetFields(['amount']);
  }, [accountBound, balance, form]);

  /** Money leaves the platform: the seller reads the amount and the account before it is asked. */
  const onFinish = (values: WithdrawValues) => {
    const account = summary?.payout_account;
    if (!account) return; // the amount's rule has said to bind one first
    const amount = amountToSend(values.amount);
    void modal.confirm({
      title: intl.formatMessage({ id: 'fund.withdraw.confirmTitle' }),
      content: <WithdrawalFacts amount={amount} account={account} />,
      className: 'withdraw-confirm',
      okText: intl.formatMessage({ id: 'fund.withdraw.confirmOk' }),
      okButtonProps: { className: 'withdraw-confirm-ok' },
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
      cancelButtonProps: { className: 'withdraw-confirm-cancel' },
      onOk: () => send(amount),
    });
  };

  const send = async (amount: string) => {
    const requestId = requestIdFor(unanswered.current, amount);
    unanswered.current = { amount, requestId };
    try {
      await withdraw({ amount, request_id: requestId }).unwrap();
      unanswered.current = null;
      setUncertain(false);
      form.resetFields();
      void toast(intl.formatMessage({ id: 'fund.withdraw.success' }, { amount }), 'success');
    } catch (error) {
      const unknown = outcomeUnknown(error);
      if (!unknown) unanswered.current = null;
      setUncertain(unknown);
      reportFailure(form, error, { amount: 'amount' });
    }
  };

  return (
    <Card className="fund-card fund-withdraw-card" title={intl.formatMessage({ id: 'fund.withdraw.title' })}>
      <p className="page-hint">
        {intl.formatMessage({ id: 'fund.withdraw.available' })} <Money value={balance} className="fund-withdraw-available" />
      </p>
      {summary && !accountBound ? (
        <Alert className="fund-withdraw-unbound" type="info" showIcon title={intl.formatMessage({ id: 'validation.withdrawal.accountRequired' })} />
      ) : null}
      {modalHolder}
      <Form form={form} name="withdraw" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item
          name="amount"
          label={intl.formatMessage({ id: 'fund.withdraw.amount' })}
          rules={[
            formRule(intl, (value: string) =>
              validateWithdrawalAmount({ amount: value, balance, accountBound, max: summary?.max_withdrawal }),
            ),
          ]}
        >
          <Input
            prefix="¥"
            inputMode="decimal"
            autoComplete="off"
            placeholder={intl.formatMessage({ id: 'fund.amount.placeholder' })}
            suffix={
              <Button
                type="link"
                size="small"
                className="withdraw-all"
                onClick={() => form.setFieldsValue({ amount: balance })}
              >
                {intl.formatMessage({ id: 'fund.withdraw.all' })}
              </Button>
            }
          />
        </Form.Item>
        {uncertain ? (
          <Alert className="fund-withdraw-uncertain" type="warning" showIcon title={intl.formatMessage({ id: 'fund.withdraw.uncertain' })} />
        ) : null}
        <Button type="primary" htmlType="submit" loading={isLoading} className="withdraw-submit">
          {intl.formatMessage({ id: uncertain ? 'fund.withdraw.retry' : 'fund.withdraw.submit' })}
        </Button>
      </Form>
    </Card>
  );
}

/** What the withdrawal confirmation names: the amount in yuan and the account, as the seller sees it. */
function WithdrawalFacts({ amount, account }: { amount: string; account: PayoutAccount }) {
  const intl = useIntl();
  return (
    <>
      <dl className="withdraw-confirm-facts">
        <dt>{intl.formatMessage({ id: 'fund.withdraw.amount' })}</dt>
        <dd>
          <Money value={amount} className="withdraw-confirm-amount" />
        </dd>
        <dt>{intl.formatMessage({ id: 'fund.withdraw.confirmTo' })}</dt>
        <dd className="withdraw-confirm-account">
          <span className="withdraw-confirm-payee">{account.payee}</span> <span className="withdraw-confirm-number">{account.account}</span>
        </dd>
      </dl>
      <p className="page-hint">{intl.formatMessage({ id: 'fund.withdraw.confirmHint' })}</p>
    </>
  );
}
