import { Empty, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AbnormalOrder } from './types';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { SaleTabs } from '../../widgets/sale-tabs';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useAbnormalOrdersQuery } from './order-api';
import { ORDER_DEFAULT_PAGE_SIZE, ORDER_PAGE_SIZES } from './order-logic';
import { orderDetailPath } from './order-parts';

type StatusFilter = 'all' | 'open' | 'resolved';

function AbnormalRow({ row }: { row: AbnormalOrder }) {
  const intl = useIntl();
  const to = useSitePath();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <li className="sale-row abnormal-row" data-order={row.order_no}>
      <header className="sale-row-head">
        <Link to={to(orderDetailPath(row.order_no))} className="sale-row-order">
          {row.order_no}
        </Link>
        <Tag color={row.status === 'open' ? 'red' : 'success'} className={`abnormal-status abnormal-status-${row.status}`}>
          {text(row.status === 'open' ? 'order.abnormal.open' : row.status === 'resolved' ? 'order.abnormal.resolved' : 'error.unknownStatus')}
        </Tag>
        <span className="sale-row-time">{text('order.abnormal.flaggedAt', { time: formatDate(row.flagged_at) })}</span>
      </header>
      <p className="abnormal-reason">{intl.formatMessage({ id: 'order.abnormal.reason' }, { text: <span translate="no">{row.reason}</span> })}</p>
      {row.resolved_at ? (
        <p className="abnormal-resolution">
          {text('order.abnormal.resolution', { text: row.resolution })} · {formatDate(row.resolved_at)}
        </p>
      ) : null}
    </li>
  );
}

/**
 * `/abnormal` (after-sales module): the orders the operator flagged abnormal, newest first, with
 * an open / resolved filter; each links to its order.
 */
export default function AbnormalScreen() {
  const intl = useIntl();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState({ page: 1, pagesize: ORDER_DEFAULT_PAGE_SIZE });
  const { data, isLoading } = useAbnormalOrdersQuery(
    { token, language, ...page, ...(status === 'all' ? {} : { status }) },
    { skip: !token, refetchOnMountOrArgChange: true },
  );
  if (!token) return <LoginRequired />;
  const rows = data?.list ?? [];
  const options: { value: StatusFilter; label: string }[] = [
    { value: 'all', label: intl.formatMessage({ id: 'order.tab.all' }) },
    { value: 'open', label: intl.formatMessage({ id: 'order.abnormal.open' }) },
    { value: 'resolved', label: intl.formatMessage({ id: 'order.abnormal.resolved' }) },
  ];
  return (
    <div className="orders-page abnormal-page">
      <SaleTabs />
      <h1 className="page-title">{intl.formatMessage({ id: 'route.abnormal' })}</h1>
      <Segmented<StatusFilter>
        className="abnormal-filter"
        options={options}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      />
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : rows.length === 0 ? (
        <Empty className="sale-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: status === 'all' ? 'order.abnormal.empty' : 'order.list.emptyFiltered' })} />
      ) : (
        <ul className="sale-rows">
          {rows.map((row) => (
            <AbnormalRow key={`${row.order_no}-${row.flagged_at}`} row={row} />
          ))}
        </ul>
      )}
      {(data?.total ?? 0) > 0 ? (
        <Pagination
          className="order-pagination"
          current={page.page}
          pageSize={page.pagesize}
          total={data?.total ?? 0}
          showTotal={showTotal}
          showSizeChanger
          pageSizeOptions={ORDER_PAGE_SIZES.map(String)}
          onChange={(next, size) => setPage({ page: size !== page.pagesize ? 1 : next, pagesize: size })}
        />
      ) : null}
    </div>
  );
}
