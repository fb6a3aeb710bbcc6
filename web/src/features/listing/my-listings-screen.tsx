import { DeleteOutlined } from '@ant-design/icons';
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
import { useListingsQuery, useRemoveListingsMutation } from './listing-api';
import {
  costChange,
  isNegativeMargin,
  LISTING_FILTERS,
  LISTING_PAGE_SIZES,
  listingListBody,
  listingSearchFromParams,
  myListingsPath,
  productStateKey,
  skuStateKey,
  stallStateKey,
  type ListingSearch,
} from './listing-logic';
import type { ListedShop, Listing, ListingFilter, ListingSku } from './types';
import './listing.css';

/** A listing's SKUs (`.listing-skus`, rows `.listing-sku` with `data-sku`): listed price, cost then → now, margin now, stock now, state. */
function SkuTable({ skus }: { skus: readonly ListingSku[] }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = (yuan: string) => text('catalog.price', { price: yuan });
  if (skus.length === 0) return <span className="listing-hint">{text('listing.listings.noSkus')}</span>;
  return (
    <table className="listing-skus">
      <thead>
        <tr>
          <th>{text('listing.listings.sku')}</th>
          <th>{text('listing.listings.listedPrice')}</th>
          <th>{text('listing.listings.cost')}</th>
          <th>{text('listing.listings.marginNow')}</th>
          <th>{text('listing.listings.stockNow')}</th>
          <th>{text('listing.listings.state')}</th>
        </tr>
      </thead>
      <tbody>
        {skus.map((sku) => {
          const change = costChange(sku);
          const changed = sku.price_changed || change !== 'same';
          const stateKey = skuStateKey(sku.sku_state);
          return (
            <tr key={sku.sku_id} className={`listing-sku${changed ? ' is-changed' : ''}`} data-sku={sku.sku_id} data-state={sku.sku_state}>
              <td className="listing-sku-spec">{[sku.color, sku.size].filter((part) => part.trim() !== '').join(' / ')}</td>
              <td className="listing-sku-price listing-number">{money(sku.listed_price)}</td>
              <td className="listing-sku-cost listing-number">
                {changed ? (
                  <>
                    <span className="listing-cost-then">{money(sku.cost_then)}</span>
                    {' → '}
                    <span className={`listing-cost-now is-${change}`} title={change === 'same' ? undefined : text(`listing.listings.cost.${change}`)}>
                      {money(sku.cost_now)}
                    </span>
                  </>
                ) : (
                  <span className="listing-cost-now">{money(sku.cost_now)}</span>
                )}
              </td>
              <td className={`listing-sku-margin listing-number${isNegativeMargin(sku.margin_now) ? ' is-negative' : ''}`}>{money(sku.margin_now)}</td>
              <td className={`listing-sku-stock listing-number${sku.stock_now <= 0 ? ' is-none' : ''}`}>{sku.stock_now}</td>
              <td className={`listing-sku-state is-${sku.sku_state}`}>{stateKey ? text(stateKey) : sku.sku_state}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * `/myListings` (My listings, order module beside the drop-shipping settings): the products listed
 * in the seller's shops with today's cost and state. A shop filter (`.listings-shop-filter`: every
 * shop the seller has listings in, deleted ones under the name they had), tabs
 * all / changed / sold out / delisted with their counts (`.listings-tab-<filter>`), and the page
 * live in the address (`shop`, `filter`, `page`, `size`). One row per listed product
 * (`.listing-row`, `data-listing`): picture, title, item number, stall, a 'changed' badge and the
 * product's and stall's state, the shop, when it was listed and its SKUs (`SkuTable`). Rows chosen
 * are removed after confirming (`.listings-remove`: the records, not the products). Needs a session.
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
