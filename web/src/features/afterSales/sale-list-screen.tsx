import { Button, Empty, Form, Input, Pagination, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AfterSale } from '../../lib/api-types';
import { ExcelExportButton, withoutPaging } from '../../widgets/excel-export';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { SaleTabs } from '../../widgets/sale-tabs';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { saleDetailPath } from '../../lib/after-sale';
import { formatDate } from '../../lib/format-date';
import { useAfterSalesQuery } from './after-sale-api';
import {
  refundsMoney,
  SALE_PAGE_SIZES,
  SALE_TABS,
  saleActions,
  saleListBody,
  saleListFromSearch,
  saleListSearch,
  saleTabCount,
  saleTabKey,
  type SaleListFilters,
  type SaleTab,
} from './after-sale-logic';
import { orderDetailPath, SaleStatusTag, useKindName, Yuan } from './after-sale-parts';

/** One after-sale: serial number, order, kind, status, time, refund, pieces and the way to its detail. */
function SaleRow({ sale }: { sale: AfterSale }) {
  const intl = useIntl();
  const to = useSitePath();
  const kindName = useKindName();
  const due = saleActions(sale).returnDue;
  return (
    <tr className="sale-list-row" data-id={sale.id}>
      <td className="sale-list-id">
        <Link to={to(saleDetailPath(sale.id))}>{sale.id}</Link>
      </td>
      <td className="sale-list-order">
        <Link to={to(orderDetailPath(sale.order_no))}>{sale.order_no}</Link>
      </td>
      <td className="sale-list-kind">{kindName(sale.kind)}</td>
      <td className="sale-list-status">
        <SaleStatusTag status={sale.status} />
      </td>
      <td className="sale-list-time">{formatDate(sale.applied_at)}</td>
      <td className="sale-list-refund is-right">{refundsMoney(sale.kind) ? <Yuan value={sale.refund_amount} /> : '—'}</td>
      <td className="sale-list-quantity is-right">{sale.quantity}</td>
      <td className="sale-list-action">
        <Link to={to(saleDetailPath(sale.id))} className={due ? 'sale-list-return' : 'sale-list-detail'}>
          {intl.formatMessage({ id: due ? 'afterSale.return.fillIn' : 'afterSale.viewDetail' })}
        </Link>
      </td>
    </tr>
  );
}

/**
 * `/saleList` (after-sales module): status tabs (all and every status) with the counts the server
 * gives, an order-number prefix search, and pages; status, search and page live in the address.
 * Each row links to its detail; one still waiting for its return number says so. Needs a session.
 */
export default function SaleListScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const filters = saleListFromSearch(params);
  const [draft, setDraft] = useState(filters.orderNo);
  const { data, isLoading, isFetching } = useAfterSalesQuery({ token, language, ...saleListBody(filters) }, { skip: !token, refetchOnMountOrArgChange: true });
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  if (!token) return <LoginRequired />;

  const go = (next: SaleListFilters) => {
    const query = saleListSearch(next);
    void navigate(to(`/saleList${query ? `?${query}` : ''}`));
  };
  const search = () => go({ ...filters, orderNo: draft.trim(), page: 1 });
  const reset = () => {
    setDraft('');
    go({ ...filters, orderNo: '', page: 1 });
  };
  const sales = data?.list ?? [];
  const filtered = Boolean(filters.orderNo) || filters.status !== 'all';

  return (
    <div className="sales-page sale-list-page">
      <SaleTabs />
      <header className="sales-head">
        <h1 className="page-title">{text('route.saleList')}</h1>
        <p className="page-hint">{text('afterSale.list.intro')}</p>
        <span className="sale-list-excel">
          <ExcelExportButton table="after_sales" filters={withoutPaging(saleListBody(filters))} />
        </span>
      </header>
      <Form layout="inline" className="sale-filters" onFinish={search}>
        <Form.Item label={text('order.orderNo')}>
          <Input
            className="sale-filter-no"
            allowClear
            maxLength={64}
            value={draft}
            placeholder={text('order.filter.prefix')}
            onChange={(event) => setDraft(event.target.value)}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" className="sale-filter-search">
            {text('common.search')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button className="sale-filter-reset" onClick={reset}>
            {text('catalog.filter.reset')}
          </Button>
        </Form.Item>
      </Form>
      <Tabs
        className="sale-tabs"
        activeKey={filters.status}
        onChange={(status) => go({ ...filters, status: status as SaleTab, page: 1 })}
        items={SALE_TABS.map((tab) => ({
          key: tab,
          label: (
            <span className={`sale-tab sale-tab-${tab}`}>
              {text(saleTabKey(tab))} <span className="sale-tab-count">{saleTabCount(data?.counts, tab)}</span>
            </span>
          ),
        }))}
      />
      {isLoading ? (
        <Skeleton active className="sale-list-skeleton" paragraph={{ rows: 6 }} />
      ) : sales.length === 0 ? (
        <Empty className="sale-empty sale-list-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(filtered ? 'afterSale.list.emptyFiltered' : 'afterSale.list.empty')} />
      ) : (
        <div className={`sale-table-wrap${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
          <table className="sale-table">
            <thead>
              <tr>
                <th scope="col">{text('afterSale.id')}</th>
                <th scope="col">{text('order.orderNo')}</th>
                <th scope="col">{text('afterSale.kind')}</th>
                <th scope="col">{text('afterSale.status')}</th>
                <th scope="col">{text('afterSale.appliedAt')}</th>
                <th scope="col" className="is-right">
                  {text('afterSale.refundAmount')}
                </th>
                <th scope="col" className="is-right">
                  {text('afterSale.quantity')}
                </th>
                <th scope="col">{text('afterSale.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {sales.map((sale) => (
                <SaleRow key={sale.id} sale={sale} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(data?.total ?? 0) > 0 ? (
        <Pagination
          className="sale-pagination"
          current={filters.page}
          pageSize={filters.pagesize}
          total={data?.total ?? 0}
          showTotal={showTotal}
          showSizeChanger
          pageSizeOptions={SALE_PAGE_SIZES.map(String)}
          onChange={(page, size) => go({ ...filters, page: size !== filters.pagesize ? 1 : page, pagesize: size })}
        />
      ) : null}
    </div>
  );
}
