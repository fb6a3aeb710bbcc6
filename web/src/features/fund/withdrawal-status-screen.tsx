import { Button, Card, Empty, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Withdrawal } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useWithdrawalsQuery } from './fund-api';
import { WITHDRAWAL_STATUSES, withdrawalStatusColor, withdrawalStatusKey, type WithdrawalStatus } from './fund-logic';
import { FundLoginRequired, FundTabs, Money } from './fund-parts';
import { FUND_DEFAULT_PAGE_SIZE, FundPagination, FundTable, type FundColumn } from './fund-table';

type StatusFilter = WithdrawalStatus | 'all';

/** /withdrawalStatus: my withdrawals, newest first, with a status filter. Needs a session. */
export default function WithdrawalStatusScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const token = useAppSelector(selectToken);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState({ page: 1, pagesize: FUND_DEFAULT_PAGE_SIZE });
  const { data, isLoading, isFetching } = useWithdrawalsQuery(
    { token, page: page.page, pagesize: page.pagesize, ...(status === 'all' ? {} : { status }) },
    // decisions are made by the operator, elsewhere: ask again whenever the screen opens
    { skip: !token, refetchOnMountOrArgChange: true },
  );

  if (!token) return <FundLoginRequired />;

  const columns: FundColumn<Withdrawal>[] = [
    {
      key: 'amount',
      title: intl.formatMessage({ id: 'fund.withdraw.amount' }),
      align: 'right',
      render: (row) => <Money value={row.amount} className="withdrawal-amount" />,
    },
    {
      key: 'status',
      title: intl.formatMessage({ id: 'fund.withdrawals.status' }),
      render: (row) => (
        <Tag className={`withdrawal-status withdrawal-status-${row.status}`} color={withdrawalStatusColor(row.status)}>
          {intl.formatMessage({ id: withdrawalStatusKey(row.status) })}
        </Tag>
      ),
    },
    { key: 'payee', title: intl.formatMessage({ id: 'fund.payee' }), className: 'withdrawal-payee', render: (row) => row.payee },
    { key: 'account', title: intl.formatMessage({ id: 'fund.account' }), className: 'withdrawal-account', render: (row) => row.account },
    { key: 'reason', title: intl.formatMessage({ id: 'fund.withdrawals.reason' }), className: 'withdrawal-reason', render: (row) => (row.reason ? <span translate="no">{row.reason}</span> : '—') },
    {
      key: 'requested',
      title: intl.formatMessage({ id: 'fund.withdrawals.requestedAt' }),
      className: 'withdrawal-requested',
      render: (row) => formatDate(row.requested_at),
    },
    {
      key: 'decided',
      title: intl.formatMessage({ id: 'fund.withdrawals.decidedAt' }),
      className: 'withdrawal-decided',
      render: (row) => (row.decided_at ? formatDate(row.decided_at) : '—'),
    },
  ];

  const options: { value: StatusFilter; label: string }[] = [
    { value: 'all', label: intl.formatMessage({ id: 'fund.withdrawals.all' }) },
    ...WITHDRAWAL_STATUSES.map((value) => ({ value, label: intl.formatMessage({ id: withdrawalStatusKey(value) }) })),
  ];

  return (
    <div className="fund-page">
      <FundTabs />
      <Card
        className="fund-card withdrawals-card"
        title={<h1 className="page-title">{intl.formatMessage({ id: 'route.withdrawalStatus' })}</h1>}
        extra={
          <Link to={to('/myFund')} className="fund-back-link">
            {intl.formatMessage({ id: 'fund.withdrawals.back' })}
          </Link>
        }
      >
        <div className="fund-filters">
          <Segmented<StatusFilter>
            className="withdrawal-status-filter"
            options={options}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
        </div>
        {isLoading ? (
          <Skeleton active className="withdrawals-skeleton" paragraph={{ rows: 5 }} />
        ) : (
          <FundTable<Withdrawal>
            className="withdrawals-table"
            columns={columns}
            rows={data?.list ?? []}
            rowKey={(row) => row.id}
            refreshing={isFetching}
            empty={
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={intl.formatMessage({ id: status === 'all' ? 'fund.withdrawals.empty' : 'fund.withdrawals.emptyFiltered' })}
              >
                {status === 'all' ? (
                  <Link to={to('/myFund')}>
                    <Button type="primary">{intl.formatMessage({ id: 'fund.withdrawals.goWithdraw' })}</Button>
                  </Link>
                ) : null}
              </Empty>
            }
          />
        )}
        <FundPagination page={page.page} pagesize={page.pagesize} total={data?.total ?? 0} onChange={(next, pagesize) => setPage({ page: next, pagesize })} />
      </Card>
    </div>
  );
}
