import { WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { t } from '../../lib/i18n';
import { fenToYuan } from '../../lib/money';
import { failureText } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { usePayBatchMutation, usePayQuoteQuery, type PayBatchRequest } from './order-api';
import { Yuan } from './order-parts';

/**
 * The quote, then the payment: asks `order/pay_quote` for the orders, shows their count, each one's
 * total, the sum (`.order-pay-batch-total`), the wallet balance and the server's words; confirming
 * (`.order-pay-batch-confirm`, only when the balance covers the sum) pays them all for the quoted sum
 * (`order/pay_batch`). A refusal (the sum changed, the balance is short, an order was cancelled) is
 * shown as the server words it and the quote is asked again.
 */
function PayBatchBody({ request, onDone }: { request: PayBatchRequest; onDone: () => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const { data: quote, isFetching, error, refetch } = usePayQuoteQuery({ token, language, request }, { skip: !token, refetchOnMountOrArgChange: true });
  const [pay, { isLoading: paying }] = usePayBatchMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    if (!quote) return;
    setRefusal(null);
    try {
      const answer = await pay({ ...request, total: quote.total }).unwrap();
      void toast(answer.message || text('order.pay.success'), 'success');
      onDone();
    } catch (failure) {
      setRefusal(failureText(failure) ?? t('error.http.other'));
      // what it takes now (a total that changed is confirmed again)
      void refetch();
    }
  };

  if (!quote && isFetching) return <Skeleton active className="order-pay-batch-loading" paragraph={{ rows: 3 }} />;
  if (!quote) {
    return error ? <Alert className="order-pay-batch-error" type="error" showIcon title={failureText(error) ?? t('error.http.other')} /> : null;
  }
  const payable = quote.enough && quote.count > 0;
  return (
    <div className="order-pay-batch-body" data-count={quote.count} data-total={quote.total}>
      <p className="order-pay-batch-count">{text('order.payBatch.count', { count: quote.count })}</p>
      {quote.orders.length > 0 ? (
        <ul className="order-pay-batch-orders">
          {quote.orders.map((order) => (
            <li key={order.order_no} className="order-pay-batch-order" data-order={order.order_no}>
              <span className="order-pay-batch-order-no">{order.order_no}</span> <Yuan value={fenToYuan(order.total)} className="order-pay-batch-order-total" />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="order-pay-batch-sum">
        {text('order.payBatch.total')} <Yuan value={fenToYuan(quote.total)} className="order-pay-batch-total" />
      </p>
      <p className="order-pay-batch-wallet">
        <WalletOutlined /> {text('order.balance')} <Yuan value={fenToYuan(quote.balance)} className="order-pay-batch-balance" />
      </p>
      {quote.message ? <Alert className="order-pay-batch-message" type={quote.enough ? 'info' : 'warning'} showIcon title={quote.message} /> : null}
      {!quote.enough ? (
        <Link to={to('/myFund')} className="order-pay-batch-top-up">
          {text('order.pay.topUp')}
        </Link>
      ) : null}
      {refusal ? <Alert className="order-pay-batch-refused" type="error" showIcon title={refusal} /> : null}
      <div className="order-pay-batch-actions">
        <Button type="primary" className="order-pay-batch-confirm" disabled={!payable || isFetching} loading={paying} onClick={() => void confirm()}>
          {text('order.payBatch.confirm', { amount: fenToYuan(quote.total) })}
        </Button>
      </div>
    </div>
  );
}

/**
 * Pays several orders from the wallet in one confirmation (`.order-pay-batch-modal`): the chosen
 * orders (`{order_nos}`) or every one awaiting payment of a platform import (`{all, import_id}`);
 * `request` null is closed. Paying invalidates the order lists and the wallet, so they are asked again.
 */
export function PayBatchModal({ request, onClose, onPaid }: { request: PayBatchRequest | null; onClose: () => void; onPaid?: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      className="order-pay-batch-modal"
      open={request !== null}
      title={intl.formatMessage({ id: 'order.payBatch.title' })}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {request ? (
        <PayBatchBody
          request={request}
          onDone={() => {
            onPaid?.();
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
