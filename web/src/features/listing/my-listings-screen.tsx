import { CheckOutlined, DeleteOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Pagination, Select, Skeleton, Table, Tabs, Tag } from 'antd';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format-date';
import { platformKey } from '../../lib/listing';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { useSitePath } from '../../widgets/site-path';
import { useFileDownload } from '../../widgets/use-file-download';
import { fetchListingSkus, useListingsQuery, useMarkListingsDoneMutation, useRemoveListingsMutation } from './listing-api';
import {
  LISTING_FILTERS,
  LISTING_PAGE_SIZES,
  listingExportBody,
  listingListBody,
  listingSearchFromParams,
  myListingsPath,
  productStateKey,
  stallStateKey,
  type ListingSearch,
} from './listing-logic';
import { PendingChanges } from './listing-pending';
import { SkuTable } from './listing-skus';
import type { ListedShop, Listing, ListingFilter, MarkDoneHow } from './types';
import './listing.css';

/**
 * `/myListings` (My listings, order module beside the drop-shipping settings): the products listed
 * in the seller's shops with today's cost and state. A shop filter (`.listings-shop-filter`: every
 * shop the seller has listings in, deleted ones under the name they had), tabs
 * all / to act on / changed / sold out / delisted with their counts (`.listings-tab-<filter>`,
 * `.listings-tab-count`), and the page live in the address (`shop`, `filter`, `page`, `size`; the
 * grouped "your listed products changed" message links to `?filter=to_act_on`). One row per listed
 * product (`.listing-row`, `data-listing`): picture, title, item number, stall, a 'changed' badge
 * and the product's and stall's state, the changes waiting for the seller (`PendingChanges`,
 * `.listing-pending`, in every tab), the shop, when it was listed and its SKUs (`SkuTable`). Rows
 * chosen are removed after confirming (`.listings-remove`: the records, not the products). On the
 * to-act-on tab the rows chosen (`.listings-mark-updated`, `.listings-mark-delisted`) or one row
 * (`.listing-mark-updated`, `.listing-mark-delisted`) are marked done: the shop was updated, or the
 * product delisted there; they leave the tab. `.listings-export-skus` downloads the listed SKUs of
 * what the tab shows (every page, the shop chosen) as a CSV for the shop's batch delist tool.
 * Needs a session.
 */
export default function MyListingsScreen() {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const to = useSitePath();
  const navigate = useNavigate();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const search = listingSearchFromParams(params);
  const { data, currentData, isLoading, isFetching } = useListingsQuery({ token, language, ...listingListBody(search) }, { skip: !token, refetchOnMountOrArgChange: true });
  const [remove, removing] = useRemoveListingsMutation();
  const [markDone] = useMarkListingsDoneMutation();
  // which mark is under way: 'selected-<how>' for the tools' buttons, '<listing id>-<how>' for a row's
  const [marking, setMarking] = useState<string | null>(null);
  const exporting = useFileDownload('error.exportFailed');
  const [selected, setSelected] = useState<string[]>([]);
  const [modal, modalHolder] = Modal.useModal();
  const go = (next: ListingSearch) => {
    setSelected([]);
    void navigate(to(myListingsPath(next)));
  };
  // the last rows of a page removed (or a page past the end opened): show the page before
  const emptied = Boolean(currentData && currentData.list.length === 0 && search.page > 1);
  const before = myListingsPath({ ...search, page: search.page - 1 });
  useEffect(() => {
    if (emptied) void navigate(to(before), { replace: true });
  }, [emptied, before, navigate, to]);

  if (!token) return <LoginRequired />;

  const list = data?.list ?? [];
  const chosen = selected.filter((id) => list.some((l) => l.id === id));
  const platformName = (code: string) => {
    const key = platformKey(code);
    return key ? text(key) : code;
  };
  // every shop with listings, a deleted one under the name it had (listing/lists `shops`); a shop the
  // address names that is not among them (no listings) still shows, by its id
  const shopOptions: ListedShop[] = [...(data?.shops ?? [])];
  if (search.shop && !shopOptions.some((s) => s.id === search.shop)) shopOptions.push({ id: search.shop, name: search.shop });

  const confirmRemove = () => {
    const ids = chosen;
    void modal.confirm({
      title: text('listing.listings.remove.confirm', { count: ids.length }),
      content: text('listing.listings.remove.hint'),
      className: 'listings-remove-confirm',
      okText: text('listing.listings.remove'),
      okButtonProps: { danger: true, className: 'listings-remove-ok' },
      cancelText: text('common.cancel'),
      onOk: () =>
        remove({ ids })
          .unwrap()
          .then((answer) => {
            setSelected([]);
            return toast(text('listing.listings.removed', { count: answer.removed }), 'success');
          })
          .catch(() => undefined), // the base query has shown why
    });
  };

  const mark = (ids: string[], how: MarkDoneHow, which: string) => {
    setMarking(`${which}-${how}`);
    void markDone({ ids, how })
      .unwrap()
      .then((answer) => {
        setSelected((now) => now.filter((id) => !ids.includes(id)));
        return toast(text('listing.listings.marked', { count: answer.marked }), 'success');
      })
      .catch(() => undefined) // the base query has shown why
      .finally(() => setMarking(null));
  };
  /** A mark button: spinning while its own mark is under way, off while another is. */
  const markState = (which: string, how: MarkDoneHow) => ({ loading: marking === `${which}-${how}`, disabled: marking !== null && marking !== `${which}-${how}` });
  const toActOn = search.filter === 'to_act_on';

  return (
    <div className="listing-page">
      <header className="listing-head">
        <div>
          <h1 className="page-title">{text('route.myListings')}</h1>
          <p className="page-hint">{text('listing.listings.intro')}</p>
        </div>
      </header>
      <div className="listings-tools">
        <Select
          className="listings-shop-filter"
          value={search.shop}
          onChange={(shop: string) => go({ ...search, shop, page: 1 })}
          virtual={false}
          classNames={{ popup: { root: 'listings-shop-filter-popup' } }}
          options={[
            { value: '', label: text('listing.listings.allShops') },
            ...shopOptions.map((s) => ({ value: s.id, label: <span translate="no">{s.name}</span> })),
          ]}
        />
        <Button className="listings-remove" danger icon={<DeleteOutlined />} disabled={chosen.length === 0} loading={removing.isLoading} onClick={confirmRemove}>
          {text('listing.listings.removeSelected', { count: chosen.length })}
        </Button>
        {toActOn ? (
          <>
            {(['updated', 'delisted'] as const).map((how) => {
              const { loading, disabled } = markState('selected', how);
              return (
                <Button
                  key={how}
                  className={`listings-mark-${how}`}
                  icon={how === 'updated' ? <CheckOutlined /> : <StopOutlined />}
                  disabled={chosen.length === 0 || disabled}
                  loading={loading}
                  onClick={() => mark(chosen, how, 'selected')}
                >
                  {text(how === 'updated' ? 'listing.listings.markUpdated' : 'listing.listings.markDelisted')}
                </Button>
              );
            })}
          </>
        ) : null}
        <Button
          className="listings-export-skus"
          icon={<DownloadOutlined />}
          title={text('listing.listings.exportSkus.hint')}
          disabled={!currentData || currentData.total === 0}
          loading={exporting.busy}
          onClick={() => void exporting.download((session) => fetchListingSkus({ ...listingExportBody(search), ...session }))}
        >
          {text('listing.listings.exportSkus')}
        </Button>
      </div>
      <Tabs
        className="listings-tabs"
        activeKey={search.filter}
        onChange={(tab) => go({ ...search, filter: tab as ListingFilter, page: 1 })}
        items={LISTING_FILTERS.map((filter) => ({
          key: filter,
          label: (
            <span className={`listings-tab listings-tab-${filter}`}>
              {text(`listing.filter.${filter}`)}
              {data ? <span className="listings-tab-count"> {data.counts[filter] ?? 0}</span> : null}
            </span>
          ),
        }))}
      />
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.length === 0 && !emptied ? (
        <Empty className="listings-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(`listing.listings.empty.${search.filter}`)} />
      ) : (
        <Table<Listing>
          className={`listings-table${isFetching ? ' is-refreshing' : ''}`}
          rowKey="id"
          pagination={false}
          scroll={{ x: 1040 }}
          dataSource={list}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setSelected(keys.map(String)) }}
          onRow={(listing) => ({ className: 'listing-row', 'data-listing': listing.id, 'data-changed': String(listing.changed) }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'product',
              title: text('listing.listings.product'),
              width: 320,
              render: (_, listing) => {
                const productState = productStateKey(listing.product_state);
                const stallState = stallStateKey(listing.stall_state);
                const title = <span className="listing-title">{listing.title}</span>;
                return (
                  <span className="listing-product">
                    {listing.image ? <img src={listing.image} alt="" width={56} height={56} loading="lazy" decoding="async" /> : null}
                    <span className="listing-product-text">
                      {listing.product_state === 'gone' ? title : <Link to={to(`/goodsDetail?id=${encodeURIComponent(listing.product_id)}`)}>{title}</Link>}
                      <span className="listing-hint">
                        <span className="listing-item-no">{listing.item_no}</span> · <span translate="no">{listing.stall_name}</span>
                      </span>
                      <span className="listing-badges">
                        {listing.changed ? (
                          <Tag color="orange" className="listing-changed">
                            {text('listing.listings.changed')}
                          </Tag>
                        ) : null}
                        {productState ? (
                          <Tag color="red" className="listing-product-state" data-state={listing.product_state}>
                            {text(productState)}
                          </Tag>
                        ) : null}
                        {stallState ? (
                          <Tag color="red" className="listing-stall-state">
                            {text(stallState)}
                          </Tag>
                        ) : null}
                      </span>
                      <PendingChanges changes={listing.pending ?? []} />
                    </span>
                  </span>
                );
              },
            },
            {
              key: 'shop',
              title: text('listing.listings.shop'),
              className: 'listing-shop',
              render: (_, listing) => (
                <span className="listing-product-text">
                  <span translate="no">{listing.shop_name}</span>
                  <span className="listing-hint">{platformName(listing.platform)}</span>
                </span>
              ),
            },
            { key: 'listed', title: text('listing.listings.listedAt'), className: 'listing-listed-at', render: (_, listing) => formatDate(listing.listed_at) },
            { key: 'skus', title: text('listing.listings.skus'), render: (_, listing) => <SkuTable skus={listing.skus} /> },
            ...(toActOn
              ? [
                  {
                    key: 'act',
                    title: text('listing.listings.actOn'),
                    className: 'listing-act',
                    fixed: 'end' as const,
                    width: 140,
                    render: (_: unknown, listing: Listing) => (
                      <span className="listing-act-buttons">
                        {(['updated', 'delisted'] as const).map((how) => (
                          <Button key={how} type="link" size="small" className={`listing-mark-${how}`} {...markState(listing.id, how)} onClick={() => mark([listing.id], how, listing.id)}>
                            {text(how === 'updated' ? 'listing.listings.markUpdated' : 'listing.listings.markDelisted')}
                          </Button>
                        ))}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {(data?.total ?? 0) > 0 ? (
        <Pagination
          className="listings-pagination"
          current={search.page}
          pageSize={search.pagesize}
          total={data?.total ?? 0}
          showTotal={showTotal}
          showSizeChanger
          pageSizeOptions={LISTING_PAGE_SIZES.map(String)}
          onChange={(page, size) => go({ ...search, page: size !== search.pagesize ? 1 : page, pagesize: size })}
        />
      ) : null}
      {modalHolder}
    </div>
  );
}
