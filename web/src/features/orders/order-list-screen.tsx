import { FilterOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Empty, Form, Input, Pagination, Select, Skeleton, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Order } from '../../lib/api-types';
import { useDayjsLocale } from '../../widgets/dayjs-locale';
import { EXCEL_HISTORY_PATH, ExcelExportButton, withoutPaging } from '../../widgets/excel-export';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { usePhone } from '../../widgets/phone-action-bar';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useOrdersQuery, type PayBatchRequest } from './order-api';
import {
  formatDay,
  ORDER_PAGE_SIZES,
  ORDER_TABS,
  orderListBody,
  orderListFromSearch,
  orderListSearch,
  PLATFORMS,
  platformKey,
  tabCount,
  tabKey,
  validateListRange,
  type OrderListFilters,
  type OrderTab,
} from './order-logic';
import { OrderActionBar, orderDetailPath, OrderItems, OrderTags, Yuan } from './order-parts';
import { PayBatchModal } from './pay-batch-modal';

/** A card's checkbox on the pending-payment tab: `checked` and its change. */
interface Choice {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * One order: number, time, destination, status tags, its items, the total and the actions it
 * allows; with `choice`, a `.order-select` checkbox to pay it together with others.
 */
function OrderCard({ order, choice }: { order: Order; choice?: Choice }) {
  const intl = useIntl();
  const to = useSitePath();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const platform = order.type === 'platform' ? (platformKey(order.platform) ? text(platformKey(order.platform)!) : order.platform) : null;
  return (
    <article className="order-card" data-order={order.order_no}>
      <header className="order-card-head">
        {choice ? (
          <Checkbox
            className="order-select"
            checked={choice.checked}
            onChange={(event) => choice.onChange(event.target.checked)}
            aria-label={text('order.payBatch.choose', { no: order.order_no })}
          />
        ) : null}
        <Link to={to(orderDetailPath(order.order_no))} className="order-card-no">
          {order.order_no}
        </Link>
        <span className="order-card-time">{formatDate(order.placed_at)}</span>
        <span className="order-card-type">{platform ? `${platform} · ${order.source_order_no}` : text('order.type.domestic')}</span>
        <OrderTags order={order} />
      </header>
      <div className="order-card-body">
        <OrderItems items={order.items} compact />
        <div className="order-card-side">
          <span className="order-card-count">{text('order.items', { count: order.item_count })}</span>
          <span className="order-card-total">
            {text('order.fee.total')} <Yuan value={order.fees.total} className="order-total" />
          </span>
          {order.tracking_no ? <span className="order-card-tracking">{text('order.trackingNo.short', { no: order.tracking_no })}</span> : null}
          <OrderActionBar order={order} />
        </div>
      </div>
    </article>
  );
}

interface FilterDraft {
  orderNo: string;
  sourceOrderNo: string;
  platform: string | undefined;
  start: Dayjs | null;
  end: Dayjs | null;
}

const draftOf = (filters: OrderListFilters): FilterDraft => ({
  orderNo: filters.orderNo,
  sourceOrderNo: filters.sourceOrderNo,
  platform: filters.platform || undefined,
  start: filters.start ? dayjs(filters.start) : null,
  end: filters.end ? dayjs(filters.end) : null,
});

/**
 * `/orderList`: tabs (all, pending payment, to be shipped, shipped, to be reviewed, completed,
 * cancelled) with their counts; filters by order number, source order number, platform and days
 * (an end before the start is refused in the page); pages. Tab, filters and page live in the
 * address. Each order shows the actions it allows. On the pending-payment tab orders are ticked
 * (`.order-select`, `.order-select-all`) and paid together from the wallet (`.order-pay-batch-open`
 * opens the quote and its confirmation). On a phone the filters are folded under one button
 * (`.order-filter-toggle`) saying how many are applied, and fold again once searched. Needs a session.
 */
export default function OrderListScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  useDayjsLocale();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const filters = orderListFromSearch(params);
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(filters));
  const { data, isLoading, isFetching } = useOrdersQuery({ token, language, ...orderListBody(filters) }, { skip: !token, refetchOnMountOrArgChange: true });
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  /** The orders ticked to pay together (pending-payment tab); those no longer listed fall away. */
  const [ticked, setTicked] = useState<string[]>([]);
  const [paying, setPaying] = useState<PayBatchRequest | null>(null);
  const phone = usePhone();
  const [filtersOpen, setFiltersOpen] = useState(false);

  if (!token) return <LoginRequired />;

  const go = (next: OrderListFilters) => {
    const query = orderListSearch(next);
    void navigate(to(`/orderList${query ? `?${query}` : ''}`));
  };
  const draftStart = draft.start ? formatDay(draft.start.toDate()) : '';
  const draftEnd = draft.end ? formatDay(draft.end.toDate()) : '';
  const rangeError = validateListRange(draftStart, draftEnd);

  const search = () => {
    if (rangeError) return;
    setFiltersOpen(false);
    go({
      ...filters,
      orderNo: draft.orderNo.trim(),
      sourceOrderNo: draft.sourceOrderNo.trim(),
      platform: draft.platform ?? '',
      start: draftStart,
      end: draftEnd,
      page: 1,
    });
  };
  const reset = () => {
    setFiltersOpen(false);
    setDraft({ orderNo: '', sourceOrderNo: '', platform: undefined, start: null, end: null });
    go({ ...filters, orderNo: '', sourceOrderNo: '', platform: '', start: '', end: '', page: 1 });
  };
  const filtered = Boolean(filters.orderNo || filters.sourceOrderNo || filters.platform || filters.start || filters.end);
  /** Filters applied: the two numbers, the platform and the days (one, from or to). */
  const applied = [filters.orderNo, filters.sourceOrderNo, filters.platform, filters.start || filters.end].filter(Boolean).length;
  const orders = data?.list ?? [];
  const choosing = filters.tab === 'pending_payment';
  const payable = orders.filter((order) => order.status === 'pending_payment').map((order) => order.order_no);
  const chosen = choosing ? ticked.filter((no) => payable.includes(no)) : [];
  const choiceOf = (order: Order): Choice | undefined =>
    choosing && order.status === 'pending_payment'
      ? { checked: chosen.includes(order.order_no), onChange: (on) => setTicked(on ? [...chosen, order.order_no] : chosen.filter((no) => no !== order.order_no)) }
      : undefined;

  return (
    <div className="orders-page order-list-page">
      <header className="orders-head">
        <h1 className="page-title">{text('route.orderList')}</h1>
        <Link to={to('/handOrder')} className="order-list-hand">
          {text('route.handOrder')}
        </Link>
        <span className="order-list-excel">
          <ExcelExportButton table="orders" filters={withoutPaging(orderListBody(filters))} />
          <Link to={to(`${EXCEL_HISTORY_PATH}?import=1`)} className="excel-import-link">
            {text('excel.import.link')}
          </Link>
          <Link to={to(EXCEL_HISTORY_PATH)} className="order-list-excel-history">
            {text('route.exportExcelHistory')}
          </Link>
        </span>
      </header>
      {phone ? (
        <Button
          className="order-filter-toggle"
          icon={<FilterOutlined />}
          aria-expanded={filtersOpen}
          aria-controls="order-filters"
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {text('order.filter.toggle', { count: applied })}
        </Button>
      ) : null}
      {phone && !filtersOpen ? null : (
        <Form id="order-filters" layout={phone ? 'vertical' : 'inline'} className="order-filters" onFinish={search}>
          <Form.Item label={text('order.orderNo')}>
            <Input
              className="order-filter-no"
              allowClear
              maxLength={64}
              value={draft.orderNo}
              placeholder={text('order.filter.prefix')}
              onChange={(event) => setDraft({ ...draft, orderNo: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={text('order.sourceOrderNo')}>
            <Input
              className="order-filter-source"
              allowClear
              maxLength={64}
              value={draft.sourceOrderNo}
              placeholder={text('order.filter.prefix')}
              onChange={(event) => setDraft({ ...draft, sourceOrderNo: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={text('order.platform')}>
            <Select<string>
              className="order-filter-platform"
              style={{ minWidth: 140 }}
              allowClear
              virtual={false}
              value={draft.platform}
              placeholder={text('order.filter.allPlatforms')}
              classNames={{ popup: { root: 'order-filter-platform-popup' } }}
              options={PLATFORMS.map((p) => ({ value: p, label: text(platformKey(p)!) }))}
              onChange={(platform) => setDraft({ ...draft, platform: platform ?? undefined })}
            />
          </Form.Item>
          <Form.Item label={text('fund.ledger.start')}>
            <DatePicker className="order-filter-start" value={draft.start} onChange={(start) => setDraft({ ...draft, start })} />
          </Form.Item>
          <Form.Item
            label={text('fund.ledger.end')}
            validateStatus={rangeError ? 'error' : undefined}
            help={rangeError ? <span className="order-range-error">{text(rangeError)}</span> : undefined}
          >
            <DatePicker className="order-filter-end" value={draft.end} onChange={(end) => setDraft({ ...draft, end })} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" className="order-filter-search" disabled={Boolean(rangeError)}>
              {text('common.search')}
            </Button>
          </Form.Item>
          <Form.Item>
            <Button className="order-filter-reset" onClick={reset}>
              {text('catalog.filter.reset')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Tabs
        className="order-tabs"
        activeKey={filters.tab}
        onChange={(tab) => go({ ...filters, tab: tab as OrderTab, page: 1 })}
        items={ORDER_TABS.map((tab) => ({
          key: tab,
          label: (
            <span className={`order-tab order-tab-${tab}`}>
              {text(tabKey(tab))} <span className="order-tab-count">{tabCount(data?.counts, tab)}</span>
            </span>
          ),
        }))}
      />
      {choosing && payable.length > 0 ? (
        <div className="order-pay-batch-bar">
          <Checkbox
            className="order-select-all"
            checked={chosen.length === payable.length}
            indeterminate={chosen.length > 0 && chosen.length < payable.length}
            onChange={(event) => setTicked(event.target.checked ? payable : [])}
          >
            {text('order.payBatch.all')}
          </Checkbox>
          <Button type="primary" icon={<WalletOutlined />} className="order-pay-batch-open" disabled={chosen.length === 0} onClick={() => setPaying({ order_nos: chosen })}>
            {text('order.payBatch.open', { count: chosen.length })}
          </Button>
        </div>
      ) : null}
      {isLoading ? (
        <Skeleton active className="order-list-skeleton" paragraph={{ rows: 6 }} />
      ) : orders.length === 0 ? (
        <Empty className="order-list-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(filtered || filters.tab !== 'all' ? 'order.list.emptyFiltered' : 'order.list.empty')}>
          {!filtered && filters.tab === 'all' ? (
            <Link to={to('/cart')}>
              <Button type="primary">{text('route.cart')}</Button>
            </Link>
          ) : null}
        </Empty>
      ) : (
        <div className={`order-cards${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
          {orders.map((order) => (
            <OrderCard key={order.order_no} order={order} choice={choiceOf(order)} />
          ))}
        </div>
      )}
      {(data?.total ?? 0) > 0 ? (
        <Pagination
          className="order-pagination"
          current={filters.page}
          pageSize={filters.pagesize}
          total={data?.total ?? 0}
          showTotal={showTotal}
          showSizeChanger
          pageSizeOptions={ORDER_PAGE_SIZES.map(String)}
          onChange={(page, size) => go({ ...filters, page: size !== filters.pagesize ? 1 : page, pagesize: size })}
        />
      ) : null}
      <PayBatchModal request={paying} onClose={() => setPaying(null)} onPaid={() => setTicked([])} />
    </div>
  );
}
