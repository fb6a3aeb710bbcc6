import { Checkbox, Empty, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';
import { ListInShopButton } from '../../widgets/list-in-shop';
import { useProductListQuery, useStallDetailQuery } from './catalog-api';
import { publicScope, useScope } from './catalog-scope';
import { FollowButton } from './follow-button';
import { listHref, PRODUCT_SORTS, productFiltersFromSearch, productListBody, type ProductFilters } from './list-filters';
import { ListPagination } from './list-pagination';
import { ProductGrid, ProductGridSkeleton, ProductTile } from './product-tile';
import { isNotFound, MissingResult } from './query-error';

/**
 * `/wholesale?id=`: the stall, its follow button and its products; 'shopfront does not exist' when
 * unknown. With a session the products can be chosen and listed in one of the seller's shops.
 */
export default function StallDetailScreen() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const site = useAppSelector(selectSite);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const scope = useScope();
  const filters = useMemo(() => productFiltersFromSearch(location.search), [location.search]);
  const { data: stall, error, isLoading } = useStallDetailQuery({ scope, id }, { skip: !id });
  const products = useProductListQuery({ scope: publicScope(scope), ...productListBody(null, { ...filters, sort: filters.sort || 'newest' }, id) }, { skip: !id || !stall });
  const [selected, setSelected] = useState<string[]>([]);
  const go = (change: Partial<ProductFilters>) => {
    setSelected([]);
    void navigate(listHref('/wholesale', { ...filters, page: 1, ...change }, site, { id }));
  };

  if (!id || (error && !stall)) {
    const missing = !id || isNotFound(error);
    const title = missing ? intl.formatMessage({ id: 'error.shopNotFound' }) : (error as { msg?: string }).msg || intl.formatMessage({ id: 'error.http.other' });
    return <MissingResult className="stall-missing" title={title} />;
  }
  if (isLoading || !stall) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  const list = products.data?.list ?? [];
  // with a session the products can be chosen and listed in one of the seller's shops
  const choosing = scope.token !== '' && list.length > 0;
  const chosen = list.filter((p) => selected.includes(p.id));

  return (
    <div className="list-page stall-page">
      <section className="stall-header">
        <span className="stall-header-logo">
          {stall.logo ? <img src={stall.logo} alt="" decoding="async" width={72} height={72} /> : <span translate="no">{stall.name.slice(0, 1)}</span>}
        </span>
        <div className="stall-header-body">
          <h1 className="page-title stall-name" translate="no">{stall.name}</h1>
          <div className="stall-card-meta">
            {intl.formatMessage({ id: 'stall.location' }, { market: stall.market.name, floor: stall.floor, number: stall.number })}
            {stall.category?.name ? ` · ${stall.category.name}` : ''}
          </div>
          <div className="stall-card-meta">
            {stall.ranking > 0 ? `${intl.formatMessage({ id: 'stall.rank' }, { ranking: stall.ranking })} · ` : ''}
            <span className="stall-follow-count">{intl.formatMessage({ id: 'stall.followCount' }, { count: stall.follow_count })}</span>
            {' · '}
            {intl.formatMessage({ id: 'stall.productCount' }, { count: stall.product_count })}
          </div>
          <div className="stall-card-meta">
            {stall.contact ? intl.formatMessage({ id: 'stall.contact' }, { contact: stall.contact }) : null}
            {stall.wechat ? ` · ${intl.formatMessage({ id: 'stall.wechat' }, { wechat: stall.wechat })}` : null}
          </div>
        </div>
        <FollowButton stall={stall} />
      </section>
      <Segmented
        className="list-sort"
        value={filters.sort || 'newest'}
        onChange={(value) => go({ sort: value === 'newest' ? '' : value })}
        options={PRODUCT_SORTS.map((s) => ({ value: s, label: intl.formatMessage({ id: `catalog.sort.${s}` }) }))}
      />
      {choosing ? (
        <div className="stall-tools">
          <Checkbox
            className="select-all"
            checked={chosen.length === list.length}
            indeterminate={chosen.length > 0 && chosen.length < list.length}
            onChange={(e) => setSelected(e.target.checked ? list.map((p) => p.id) : [])}
          >
            {intl.formatMessage({ id: 'common.selectAll' })}
          </Checkbox>
          <ListInShopButton selection products={chosen.map((p) => ({ id: p.id, title: p.title }))} />
        </div>
      ) : null}
      {products.isLoading ? (
        <ProductGridSkeleton />
      ) : list.length > 0 ? (
        <ProductGrid
          products={list}
          render={
            choosing
              ? (p) => (
                  <ProductTile
                    key={p.id}
                    product={p}
                    extra={
                      <Checkbox
                        className="stall-product-select"
                        checked={selected.includes(p.id)}
                        onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((one) => one !== p.id)))}
                        aria-label={p.title}
                      />
                    }
                  />
                )
              : undefined
          }
        />
      ) : (
        <Empty className="list-empty" description={intl.formatMessage({ id: 'catalog.empty' })} />
      )}
      <ListPagination
        page={filters.page}
        pagesize={filters.pagesize}
        total={products.data?.total ?? 0}
        onChange={(page, pagesize) => go({ page, pagesize })}
      />
    </div>
  );
}
