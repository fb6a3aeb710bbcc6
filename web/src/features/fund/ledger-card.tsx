import { Card, DatePicker, Empty, Form, Select, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { LedgerRow } from '../../lib/api-types';
import { ExcelExportButton, withoutPaging } from '../../widgets/excel-export';
import { formatDate } from '../../lib/format-date';
import { useLedgerQuery, type LedgerQuery } from './fund-api';
import { dayRangeToSeconds, LEDGER_TYPES, ledgerTypeKey, signedAmount, validateDateRange, type LedgerType } from './fund-logic';
import { FUND_DEFAULT_PAGE_SIZE, FundPagination, FundTable, useDayjsLocale, type FundColumn } from './fund-table';

interface LedgerFilters {
  type: LedgerType | undefined;
  start: Dayjs | null;
  end: Dayjs | null;
}

/** Request body of the filters (dates as inclusive unix-second bounds of whole local days). */
function ledgerBody(filters: LedgerFilters, page: number, pagesize: number): LedgerQuery {
  return {
    page,
    pagesize,
    ...(filters.type ? { type: filters.type } : {}),
    ...dayRangeToSeconds(filters.start?.toDate(), filters.end?.toDate()),
  };
}

/**
 * My ledger, newest first: type and date filters (an end before the start is refused and the
 * last valid range stays in force), the spec's pagination texts, signed amounts (green in, red
 * out), balance and frozen amount after, reference and time.
 */
export function LedgerCard({ token }: { token: string }) {
  const intl = useIntl();
  useDayjsLocale();
  const [draft, setDraft] = useState<LedgerFilters>({ type: undefined, start: null, end: null });
  const [applied, setApplied] = useState<LedgerFilters>(draft);
  const [page, setPage] = useState({ page: 1, pagesize: FUND_DEFAULT_PAGE_SIZE });
  const { data, isLoading, isFetching } = useLedgerQuery(
    { token, ...ledgerBody(applied, page.page, page.pagesize) },
    { refetchOnMountOrArgChange: true },
  );
  const rangeError = validateDateRange(draft.start?.toDate(), draft.end?.toDate());

  const change = (next: Partial<LedgerFilters>) => {
    const filters = { ...draft, ...next };
    setDraft(filters);
    if (validateDateRange(filters.start?.toDate(), filters.end?.toDate())) return;
    setApplied(filters);
    setPage((p) => ({ ...p, page: 1 }));
  };
  const filtered = Boolean(applied.type || applied.start || applied.end);

  const columns: FundColumn<LedgerRow>[] = [
    { key: 'at', title: intl.formatMessage({ id: 'fund.ledger.time' }), render: (row) => formatDate(row.at), className: 'ledger-time' },
    {
      key: 'type',
      title: intl.formatMessage({ id: 'fund.ledger.type' }),
      className: 'ledger-type',
      render: (row) => {
        const key = ledgerTypeKey(row.type);
        return key ? intl.formatMessage({ id: key }) : row.type;
      },
    },
    {
      key: 'amount',
      title: intl.formatMessage({ id: 'fund.ledger.amount' }),
      align: 'right',
      render: (row) => {
        const { text, tone } = signedAmount(row.amount);
        return <span className={`ledger-amount fund-amount-${tone}`}>{text}</span>;
      },
    },
    { key: 'balance', title: intl.formatMessage({ id: 'fund.ledger.balanceAfter' }), align: 'right', className: 'ledger-balance', render: (row) => row.balance_after },
    { key: 'frozen', title: intl.formatMessage({ id: 'fund.ledger.frozenAfter' }), align: 'right', className: 'ledger-frozen', render: (row) => row.frozen_after },
    { key: 'reference', title: intl.formatMessage({ id: 'fund.ledger.reference' }), className: 'ledger-reference', render: (row) => row.reference },
  ];

  return (
    <Card
      className="fund-card fund-ledger-card"
      title={intl.formatMessage({ id: 'fund.ledger.title' })}
      extra={<ExcelExportButton table="ledger" filters={withoutPaging(ledgerBody(applied, page.page, page.pagesize))} />}
    >
      <Form layout="inline" className="fund-filters ledger-filters">
        <Form.Item label={intl.formatMessage({ id: 'fund.ledger.type' })}>
          <Select<LedgerType>
            className="ledger-type-filter"
            style={{ minWidth: 160 }}
            allowClear
            value={draft.type}
            placeholder={intl.formatMessage({ id: 'fund.ledger.allTypes' })}
            options={LEDGER_TYPES.map((type) => ({ value: type, label: intl.formatMessage({ id: ledgerTypeKey(type)! }) }))}
            onChange={(type) => change({ type: type ?? undefined })}
          />
        </Form.Item>
        <Form.Item label={intl.formatMessage({ id: 'fund.ledger.start' })}>
          <DatePicker className="ledger-start" value={draft.start} onChange={(start) => change({ start })} />
        </Form.Item>
        <Form.Item
          label={intl.formatMessage({ id: 'fund.ledger.end' })}
          validateStatus={rangeError ? 'error' : undefined}
          help={rangeError ? <span className="ledger-range-error">{intl.formatMessage({ id: rangeError })}</span> : undefined}
        >
          <DatePicker className="ledger-end" value={draft.end} onChange={(end) => change({ end })} />
        </Form.Item>
      </Form>
      {isLoading ? (
        <Skeleton active className="ledger-skeleton" paragraph={{ rows: 5 }} />
      ) : (
        <FundTable<LedgerRow>
          className="ledger-table"
          columns={columns}
          rows={data?.list ?? []}
          rowKey={(row) => row.id}
          refreshing={isFetching}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={intl.formatMessage({ id: filtered ? 'fund.ledger.emptyFiltered' : 'fund.ledger.empty' })}
            />
          }
        />
      )}
      <FundPagination page={page.page} pagesize={page.pagesize} total={data?.total ?? 0} onChange={(next, pagesize) => setPage({ page: next, pagesize })} />
    </Card>
  );
}
