import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Empty, Popconfirm, Radio, Row, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import {
  payoutsToPayUrl,
  payoutsUrl,
  useApproveWithdrawalMutation,
  useRejectWithdrawalMutation,
  useRevealPayeeMutation,
  type RevealedPayee,
  useSellerLedgerQuery,
  useStaffWithdrawalsQuery,
  type StaffWithdrawal,
} from './desk-api';
import { fetchConsoleFile } from '../../api/console-file';
import type { LedgerRow } from '../../lib/api-types';
import { dispositionFileName, safeDownloadName, saveBlob } from '../../lib/file-download';
import { formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { consoleLoggedOut, selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleDispatch, useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { deskPagination, DESK_PAGE_SIZE, ReasonDialog, useConsoleDayjsLocale, yuan } from './desk-parts';

/** The list's filters: what waits first; '' is every status. */
const WITHDRAWAL_FILTERS = ['pending', 'paid', 'rejected', ''] as const;
const LEDGER_PAGE_SIZE = 10;
const STATUS_COLOR: Record<string, string> = { pending: 'orange', paid: 'success', rejected: 'error' };

const statusKey = (status: string) => (status in STATUS_COLOR ? `fund.withdrawal.status.${status}` : 'error.unknownStatus');
const ledgerTypeKey = (type: string) =>
  ['top_up', 'withdrawal', 'withdrawal_paid', 'withdrawal_rejected', 'order_payment', 'order_payment_reversed', 'refund'].includes(type) ? `fund.ledger.type.${type}` : null;

type PayoutSheet = 'to_pay' | 'paid';

/**
 * Downloads a payout sheet (`.xlsx`, payees in full) with the admin token and saves it: the
 * withdrawals waiting to be paid (where to send the money), or those paid on a day (for the books).
 */
function PayoutDownload() {
  const intl = useIntl();
  const dispatch = useConsoleDispatch();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [sheet, setSheet] = useState<PayoutSheet>('to_pay');
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const day = date.format('YYYY-MM-DD');
    const fallback = sheet === 'to_pay' ? `to-pay-${dayjs().format('YYYY-MM-DD')}.xlsx` : `payouts-${day}.xlsx`;
    setBusy(true);
    try {
      const answer = await fetchConsoleFile(sheet === 'to_pay' ? payoutsToPayUrl : payoutsUrl(day), token, language);
      if (answer.ok) {
        saveBlob(answer.blob, safeDownloadName(dispositionFileName(answer.disposition), '.xlsx') ?? fallback);
        return;
      }
      if (answer.status === 401) {
        void toast(answer.msg || intl.formatMessage({ id: 'error.http.401' }), 'error', 'unauthorized');
        dispatch(consoleLoggedOut());
        return;
      }
      void toast(answer.msg || intl.formatMessage({ id: 'console.desk.payouts.failed' }), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space className="console-desk-payouts" wrap>
      <span>{intl.formatMessage({ id: 'console.desk.payouts' })}</span>
      <Radio.Group
        className="console-desk-payouts-sheet"
        optionType="button"
        value={sheet}
        onChange={(e) => setSheet(e.target.value as PayoutSheet)}
        options={[
          { value: 'to_pay', label: intl.formatMessage({ id: 'console.desk.payouts.toPay' }) },
          { value: 'paid', label: intl.formatMessage({ id: 'console.desk.payouts.paidOn' }) },
        ]}
      />
      {sheet === 'paid' ? (
        <DatePicker
          className="console-desk-payouts-date"
          value={date}
          allowClear={false}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          onChange={(value: Dayjs | null) => {
            if (value) setDate(value);
          }}
        />
      ) : null}
      <Tooltip title={intl.formatMessage({ id: 'console.desk.withdrawal.reveal.hint' })}>
        <Button icon={<DownloadOutlined />} className="console-desk-payouts-download" loading={busy} onClick={() => void download()}>
          {intl.formatMessage({ id: 'console.desk.payouts.download' })}
        </Button>
      </Tooltip>
    </Space>
  );
}

/** The payee cell: masked as the seller sees it, with a recorded reveal for payees.read. */
function PayeeCell({ row, revealed, onReveal }: { row: StaffWithdrawal; revealed?: RevealedPayee; onReveal?: () => void }) {
  const intl = useIntl();
  if (revealed) {
    return (
      <span className="console-desk-withdrawal-payee-full">
        {revealed.payee}{' '}
        <Typography.Text copyable className="console-desk-withdrawal-account">
          {revealed.account}
        </Typography.Text>
      </span>
    );
  }
  return (
    <span className="console-desk-withdrawal-payee">
      {`${row.payee} ${row.account}`}
      {onReveal ? (
        <Tooltip title={intl.formatMessage({ id: 'console.desk.withdrawal.reveal.hint' })}>
          <Button
            type="link"
            size="small"
            className="console-desk-withdrawal-reveal"
            onClick={(e) => {
              e.stopPropagation();
              onReveal();
            }}
          >
            {intl.formatMessage({ id: 'console.desk.withdrawal.reveal' })}
          </Button>
        </Tooltip>
      ) : null}
    </span>
  );
}

/** A seller's wallet beside the queue: balance, frozen amount and the ledger, newest first. */
function SellerLedgerCard({ userId }: { userId: string }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const [page, setPage] = useState(1);
  const [forUser, setForUser] = useState(userId);
  if (forUser !== userId) {
    setForUser(userId);
    setPage(1);
  }
  const { data, isFetching } = useSellerLedgerQuery({ token, user_id: userId, page, pagesize: LEDGER_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <Card
      className="console-card console-desk-ledger"
      data-user={userId}
      title={intl.formatMessage({ id: 'console.desk.ledger.title' }, { seller: data?.mobile || userId })}
      loading={!data && isFetching}
    >
      <Space size="large" className="console-desk-ledger-figures">
        <Statistic className="console-desk-ledger-balance" title={text('fund.balance')} value={data?.balance ?? ''} prefix="¥" />
        <Statistic className="console-desk-ledger-frozen" title={text('fund.frozen')} value={data?.frozen ?? ''} prefix="¥" />
      </Space>
      <Table<LedgerRow>
        rowKey="id"
        size="small"
        className="console-desk-ledger-table"
        scroll={{ x: 'max-content' }}
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('fund.ledger.empty')} /> }}
        pagination={deskPagination(intl, page, data?.total ?? 0, setPage, LEDGER_PAGE_SIZE)}
        columns={[
          { key: 'at', title: text('fund.ledger.time'), render: (_, row) => formatDate(row.at) },
          {
            key: 'type',
            title: text('fund.ledger.type'),
            render: (_, row) => {
              const key = ledgerTypeKey(row.type);
              return key ? text(key) : row.type;
            },
          },
          { key: 'amount', title: text('fund.ledger.amount'), align: 'right', render: (_, row) => row.amount },
          { key: 'balance', title: text('fund.ledger.balanceAfter'), align: 'right', render: (_, row) => row.balance_after },
          { key: 'frozen', title: text('fund.ledger.frozenAfter'), align: 'right', render: (_, row) => row.frozen_after },
          { key: 'reference', title: text('fund.ledger.reference'), render: (_, row) => row.reference },
        ]}
      />
    </Card>
  );
}

/**
 * /admin/withdrawals (withdrawals.read; deciding needs withdrawals.write): the queue, pending
 * first; mark one paid (confirmed) or reject it with a reason (the amount goes back to the
 * balance). A selected row shows the seller's ledger beside it (ledgers.read). With payees.read a
 * row's full payee and account can be shown, and the sheet of withdrawals to pay (or of a day's
 * payouts) downloads as a workbook; each look is recorded in the audit trail.
 */
export default function WithdrawalsScreen() {
  const intl = useIntl();
  useConsoleDayjsLocale();
  const token = useConsoleSelector(selectConsoleToken);
  const { can } = useStaffAccess();
  const [status, setStatus] = useState<string>('pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<StaffWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<StaffWithdrawal | null>(null);
  const { data, isFetching } = useStaffWithdrawalsQuery({ token, status, page, pagesize: DESK_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const [approve] = useApproveWithdrawalMutation();
  const [reject] = useRejectWithdrawalMutation();
  const [revealPayee] = useRevealPayeeMutation();
  const [revealed, setRevealed] = useState<Record<string, RevealedPayee>>({});
  const canWrite = can('withdrawals.write');
  const canReveal = can('payees.read');
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const onApprove = async (withdrawal: StaffWithdrawal) => {
    try {
      await approve({ id: withdrawal.id }).unwrap();
    } catch {
      return;
    }
    void toast(text('console.desk.withdrawal.approved'), 'success');
  };

  const onReveal = async (withdrawal: StaffWithdrawal) => {
    try {
      const payee = await revealPayee({ id: withdrawal.id }).unwrap();
      setRevealed((shown) => ({ ...shown, [payee.id]: payee }));
    } catch {
      void toast(text('console.desk.withdrawal.reveal.failed'), 'error');
    }
  };

  return (
    <div className="console-desk-withdrawals">
      <Space className="console-toolbar">
        <h2>{text('console.menu.withdrawals')}</h2>
        {canReveal ? <PayoutDownload /> : null}
      </Space>
      <Radio.Group
        className="console-filter console-desk-withdrawal-filter"
        optionType="button"
        value={status || 'all'}
        onChange={(e) => {
          setStatus(e.target.value === 'all' ? '' : (e.target.value as string));
          setPage(1);
        }}
        options={WITHDRAWAL_FILTERS.map((code) => ({ value: code || 'all', label: code ? text(statusKey(code)) : text('fund.withdrawals.all') }))}
      />
      <Row gutter={16}>
        <Col xs={24} xxl={14}>
          <Table<StaffWithdrawal>
            rowKey="id"
            className="console-desk-withdrawal-table"
            scroll={{ x: 'max-content' }}
            loading={isFetching}
            dataSource={data?.list ?? []}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('fund.withdrawals.emptyFiltered')} /> }}
            rowClassName={(row) => (row.id === selected?.id ? 'console-desk-selected' : '')}
            onRow={(row) =>
              ({
                'data-id': row.id,
                'data-status': row.status,
                onClick: () => setSelected(row),
              }) as HTMLAttributes<HTMLElement>
            }
            pagination={deskPagination(intl, page, data?.total ?? 0, setPage)}
            columns={[
              { key: 'id', title: text('console.desk.withdrawal.id'), render: (_, row) => row.id },
              { key: 'seller', title: text('console.desk.seller'), render: (_, row) => row.mobile || row.user_id },
              { key: 'amount', title: text('console.desk.amount'), align: 'right', render: (_, row) => <strong>{yuan(intl, row.amount)}</strong> },
              {
                key: 'payee',
                title: text('console.desk.withdrawal.payee'),
                render: (_, row) => <PayeeCell row={row} revealed={revealed[row.id]} onReveal={canReveal ? () => void onReveal(row) : undefined} />,
              },
              { key: 'requested', title: text('fund.withdrawals.requestedAt'), render: (_, row) => formatDate(row.requested_at) },
              {
                key: 'status',
                title: text('fund.withdrawals.status'),
                render: (_, row) => (
                  <>
                    <Tag color={STATUS_COLOR[row.status] ?? 'default'} className="console-desk-withdrawal-status">
                      {text(statusKey(row.status))}
                    </Tag>
                    {row.decided_at ? <div className="console-hint">{formatDate(row.decided_at)}</div> : null}
                    {row.reason ? <div className="console-hint">{row.reason}</div> : null}
                  </>
                ),
              },
              ...(canWrite
                ? [
                    {
                      key: 'actions',
                      title: text('console.actions'),
                      render: (_: unknown, row: StaffWithdrawal) =>
                        row.status === 'pending' ? (
                          <Space onClick={(e) => e.stopPropagation()}>
                            <Popconfirm
                              title={text('console.desk.withdrawal.approve.confirm', {
                                amount: row.amount,
                                payee: revealed[row.id] ? `${revealed[row.id]!.payee} ${revealed[row.id]!.account}` : row.payee,
                              })}
                              okText={text('console.ok')}
                              cancelText={text('console.cancel')}
                              onConfirm={() => void onApprove(row)}
                            >
                              <Button type="link" className="console-desk-withdrawal-approve">
                                {text('console.desk.withdrawal.approve')}
                              </Button>
                            </Popconfirm>
                            <Button type="link" danger className="console-desk-withdrawal-reject" onClick={() => setRejecting(row)}>
                              {text('console.desk.reject')}
                            </Button>
                          </Space>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        </Col>
        <Col xs={24} xxl={10}>
          {!can('ledgers.read') ? (
            <Empty className="console-desk-ledger-forbidden" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('console.desk.ledger.forbidden')} />
          ) : selected ? (
            <SellerLedgerCard userId={selected.user_id} />
          ) : (
            <Empty className="console-desk-ledger-none" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('console.desk.ledger.pick')} />
          )}
        </Col>
      </Row>
      <ReasonDialog
        open={rejecting !== null}
        title={text('console.desk.withdrawal.reject.title', { id: rejecting?.id ?? '' })}
        className="console-desk-withdrawal-reject-modal"
        onClose={() => setRejecting(null)}
        send={async (reason) => {
          if (!rejecting) return;
          await reject({ id: rejecting.id, reason }).unwrap();
          void toast(text('console.desk.withdrawal.rejected'), 'success');
        }}
      />
    </div>
  );
}
