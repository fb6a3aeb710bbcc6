import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { FundSummary } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { useFundSummaryQuery } from './fund-api';
import { BindAccountCard, WithdrawCard } from './fund-forms';
import { FundLoginRequired, FundTabs, Money } from './fund-parts';
import { LedgerCard } from './ledger-card';
import { TopUpDialog } from './top-up-dialog';

function Figure({ label, value, className }: { label: string; value: string; className: string }) {
  return (
    <div className="fund-figure">
      <div className="fund-figure-label">{label}</div>
      <Money value={value} className={`fund-figure-value ${className}`} />
    </div>
  );
}

/** Balance, frozen, totals and the bound payout account (masked by the server), with the top-up button. */
function SummaryCard({ summary, loading, onTopUp }: { summary: FundSummary | undefined; loading: boolean; onTopUp: () => void }) {
  const intl = useIntl();
  const to = useSitePath();
  const account = summary?.payout_account ?? null;
  return (
    <Card
      className="fund-card fund-summary"
      title={<h1 className="page-title">{intl.formatMessage({ id: 'route.myFund' })}</h1>}
      extra={
        <span className="fund-summary-actions">
          <Link to={to('/withdrawalStatus')} className="fund-withdrawals-link">
            {intl.formatMessage({ id: 'fund.withdrawals.link' })}
          </Link>
          <Button type="primary" icon={<PlusOutlined />} className="fund-topup" disabled={!summary} onClick={onTopUp}>
            {intl.formatMessage({ id: 'fund.topUp' })}
          </Button>
        </span>
      }
    >
      {loading || !summary ? (
        <Skeleton active className="fund-summary-skeleton" paragraph={{ rows: 2 }} />
      ) : (
        <>
          <div className="fund-figures">
            <Figure label={intl.formatMessage({ id: 'fund.balance' })} value={summary.balance} className="fund-balance" />
            <Figure label={intl.formatMessage({ id: 'fund.frozen' })} value={summary.frozen} className="fund-frozen" />
            <Figure label={intl.formatMessage({ id: 'fund.totalIn' })} value={summary.total_in} className="fund-total-in" />
            <Figure label={intl.formatMessage({ id: 'fund.totalOut' })} value={summary.total_out} className="fund-total-out" />
          </div>
          <div className="fund-payout">
            <span className="fund-payout-label">{intl.formatMessage({ id: 'fund.payoutAccount' })}</span>
            {account ? (
              <span className="fund-payout-bound">
                <span className="fund-payout-payee">{account.payee}</span>
                <span className="fund-payout-account">{account.account}</span>
              </span>
            ) : (
              <span className="fund-payout-unbound">
                {intl.formatMessage({ id: 'fund.payoutAccount.none' })}{' '}
                <button
                  type="button"
                  className="plain-button plain-link fund-bind-link"
                  onClick={() => {
                    document.getElementById('fund-bind')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
                    document.getElementById('bind_payee')?.focus({ preventScroll: true });
                  }}
                >
                  {intl.formatMessage({ id: 'fund.payoutAccount.bindNow' })}
                </button>
              </span>
            )}
          </div>
        </>
      )}
    </Card>
  );
}

/**
 * /myFund: the summary, top-up by QR, the payout account, withdrawal and the ledger. Needs a
 * session.
 */
export default function MyFundScreen() {
  const token = useAppSelector(selectToken);
  // money also moves elsewhere (operator decisions, orders): ask again whenever the screen opens
  const { data: summary, isLoading } = useFundSummaryQuery({ token }, { skip: !token, refetchOnMountOrArgChange: true });
  const [topUpOpen, setTopUpOpen] = useState(false);

  if (!token) return <FundLoginRequired />;
  return (
    <div className="fund-page">
      <FundTabs />
      <SummaryCard summary={summary} loading={isLoading} onTopUp={() => setTopUpOpen(true)} />
      <div className="fund-forms">
        <BindAccountCard summary={summary} />
        <WithdrawCard summary={summary} />
      </div>
      <LedgerCard token={token} />
      <TopUpDialog open={topUpOpen} token={token} maxTopUp={summary?.max_top_up} onClose={() => setTopUpOpen(false)} />
    </div>
  );
}
