import { Empty, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { OutStockNotice } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { SaleTabs } from '../../widgets/sale-tabs';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useOutStockNoticesQuery } from './order-api';
import { ORDER_DEFAULT_PAGE_SIZE, ORDER_PAGE_SIZES } from './order-logic';
import { orderDetailPath, specOf, Yuan } from './order-parts';

function NoticeRow({ notice }: { notice: OutStockNotice }) {
  const intl = useIntl();
  const to = useSitePath();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <li className="sale-row out-stock-row" data-order={notice.order_no}>
      <header className="sale-row-head">
        <Link to={to(orderDetailPath(notice.order_no))} className="sale-row-order">
          {notice.order_no}
        </Link>
        <span className="sale-row-time">{formatDate(notice.at)}</span>
        <Tag color={notice.all ? 'red' : 'orange'} className="out-stock-scope">
          {text(notice.all ? 'order.outStock.all' : 'order.outStock.partial')}
        </Tag>
        <span className="out-stock-refund">
          {text('order.outStock.refund')} <Yuan value={notice.refund} className="out-stock-refund-value" />
        </span>
      </header>
      <ul className="out-stock-items">
        {notice.items.map((item) => (
          <li key={item.sku_id} className="out-stock-item">
            {item.image ? <img src={item.image} alt={item.title} width={40} height={40} loading="lazy" decoding="async" className="out-stock-image" /> : null}
            <span className="out-stock-title">{item.title}</span>
            <span className="out-stock-meta">
              {text('cart.itemNo', { itemNo: item.item_no })} · {specOf(item)}
            </span>
            <span className="out-stock-quantity">{text('order.outStock.quantity', { count: item.quantity })}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * `/outStock` (after-sales module): the out-of-stock notices, newest first: which items of an
 * order could not be supplied and what was refunded to the wallet; each links to its order.
 */
export default function OutStockScreen() {
  const intl = useIntl();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [page, setPage] = useState({ page: 1, pagesize: ORDER_DEFAULT_PAGE_SIZE });
  const { data, isLoading } = useOutStockNoticesQuery({ token, language, ...page }, { skip: !token, refetchOnMountOrArgChange: true });
  if (!token) return <LoginRequired />;
  const notices = data?.list ?? [];
  return (
    <div className="orders-page out-stock-page">
      <SaleTabs />
      <h1 className="page-title">{intl.formatMessage({ id: 'route.outStock' })}</h1>
      <p className="page-hint">{intl.formatMessage({ id: 'order.outStock.intro' })}</p>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : notices.length === 0 ? (
        <Empty className="sale-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: 'order.outStock.empty' })} />
      ) : (
        <ul className="sale-rows">
          {notices.map((notice, index) => (
            <NoticeRow key={`${notice.order_no}-${notice.at}-${index}`} notice={notice} />
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
