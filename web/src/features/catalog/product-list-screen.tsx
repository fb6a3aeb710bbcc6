import { Button, Cascader, Empty, Input, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Category } from './types';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { useCategoryTreeQuery, useProductListQuery } from './catalog-api';
import { publicScope, useScope } from './catalog-scope';
import {
  categoryPath,
  KEYWORD_MAX,
  listHref,
  priceRange,
  productFiltersFromSearch,
  productListBody,
  productSorts,
  SCENE_PATHS,
  SEARCH_PATH,
  type ProductFilters,
  type ProductSort,
  type Scene,
} from './list-filters';
import { ListPagination } from './list-pagination';
import { ProductListTools, SelectableTile } from './product-list-select';
import { ProductGrid, ProductGridSkeleton } from './product-tile';

const SCENE_TITLES: Record<Scene, string> = { new: 'route.recentnew', hot: 'route.recentBK', sea: 'route.recentFl_asia' };

interface CategoryOption {
  value: string;
  label: string;
  children?: CategoryOption[];
}

const toOptions = (tree: readonly Category[]): CategoryOption[] =>
  tree.map((c) => ({ value: c.id, label: c.name, ...(c.children?.length ? { children: toOptions(c.children) } : {}) }));

/**
 * `/recentnew`, `/recentBK`, `/recentFl_asia`: one product list per scene with category, price
 * range and keyword filters, sorts and pages; the filters live in the address. Without a scene,
 * `/search`: the layout's search box's results over every product on the shelf, best match first.
 * With a session the page's products can be chosen (product-list-select.tsx) and listed in one of
 * the seller's shops; what is chosen is forgotten when the page, the filters or the sort change.
 */
export default function ProductListScreen({ scene }: { scene?: Scene }) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const site = useAppSelector(selectSite);
  const to = useSitePath();
  const scope = useScope();
  const filters = useMemo(() => productFiltersFromSearch(location.search), [location.search]);
  const { data: tree } = useCategoryTreeQuery({ language: scope.language });
  const { data, isLoading, isFetching } = useProductListQuery({ scope: publicScope(scope), ...productListBody(scene ?? null, filters) });

  // What is typed follows the address whenever the address changes (back, links, reset).
  const [shown, setShown] = useState(filters);
  const [priceMin, setPriceMin] = useState(filters.priceMin);
  const [priceMax, setPriceMax] = useState(filters.priceMax);
  const [keyword, setKeyword] = useState(filters.keyword);
  // the products chosen to list, of the page shown: another page, filter or sort forgets them
  const [selected, setSelected] = useState<string[]>([]);
  if (shown !== filters) {
    setShown(filters);
    setPriceMin(filters.priceMin);
    setPriceMax(filters.priceMax);
    setKeyword(filters.keyword);
    setSelected([]);
  }

  const go = (change: Partial<ProductFilters>) => {
    const next: ProductFilters = { ...filters, page: 1, ...change };
    void navigate(listHref(scene ? SCENE_PATHS[scene] : SEARCH_PATH, next, site));
  };
  const applyPrice = () => {
    const range = priceRange(priceMin, priceMax);
    setPriceMin(range.min);
    setPriceMax(range.max);
    go({ priceMin: range.min, priceMax: range.max });
  };

  const { sorts, fallback: defaultSort } = productSorts(scene ?? null, filters.keyword);
  const sortValue: ProductSort = filters.sort && sorts.includes(filters.sort) ? filters.sort : defaultSort;
  const options = useMemo(() => toOptions(tree ?? []), [tree]);
  const filtered = Boolean(filters.category || filters.priceMin || filters.priceMax || filters.keyword);
  const list = data?.list ?? [];
  // with a session the products can be chosen and listed in one of the seller's shops
  const choosing = scope.token !== '' && list.length > 0;
  const selection = [selected, setSelected] as const;

  return (
    <div className="list-page product-list-page" data-scene={scene ?? 'search'}>
      <nav className="scene-tabs" aria-label={intl.formatMessage({ id: 'catalog.scenes' })}>
        {(Object.keys(SCENE_PATHS) as Scene[]).map((s) => (
          <Link key={s} to={to(SCENE_PATHS[s])} className={`scene-tab${s === scene ? ' is-current' : ''}`} aria-current={s === scene ? 'page' : undefined}>
            {intl.formatMessage({ id: SCENE_TITLES[s] })}
          </Link>
        ))}
      </nav>
      <h1 className="page-title">
        {scene
          ? intl.formatMessage({ id: SCENE_TITLES[scene] })
          : filters.keyword
            ? intl.formatMessage({ id: 'search.title' }, { q: filters.keyword })
            : intl.formatMessage({ id: 'route.search' })}
      </h1>
      <div className="list-filters">
        <Cascader
          className="filter-category"
          options={options}
          changeOnSelect
          allowClear
          value={categoryPath(tree ?? [], filters.category)}
          placeholder={intl.formatMessage({ id: 'catalog.filter.category' })}
          onChange={(path) => go({ category: path && path.length > 0 ? String(path[path.length - 1]) : '' })}
          style={{ width: 200 }}
        />
        <span className="filter-price">
          <Input
            className="filter-price-min"
            inputMode="decimal"
            value={priceMin}
            onChange={(e) => setPriceMin(e.target.value)}
            onPressEnter={applyPrice}
            placeholder={intl.formatMessage({ id: 'catalog.filter.priceMin' })}
            aria-label={intl.formatMessage({ id: 'catalog.filter.priceMin' })}
            prefix={intl.formatMessage({ id: 'catalog.currency' })}
          />
          <span className="filter-price-dash">-</span>
          <Input
            className="filter-price-max"
            inputMode="decimal"
            value={priceMax}
            onChange={(e) => setPriceMax(e.target.value)}
            onPressEnter={applyPrice}
            placeholder={intl.formatMessage({ id: 'catalog.filter.priceMax' })}
            aria-label={intl.formatMessage({ id: 'catalog.filter.priceMax' })}
            prefix={intl.formatMessage({ id: 'catalog.currency' })}
          />
          <Button className="filter-price-apply" onClick={applyPrice}>
            {intl.formatMessage({ id: 'common.confirm' })}
          </Button>
        </span>
        <Input.Search
          className="filter-keyword"
          value={keyword}
          maxLength={KEYWORD_MAX}
          allowClear
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => go({ keyword: value.trim() })}
          placeholder={intl.formatMessage({ id: 'catalog.filter.keyword' })}
          enterButton={intl.formatMessage({ id: 'common.search' })}
          style={{ width: 280 }}
        />
        {filtered ? (
          <Button type="link" className="filter-reset" onClick={() => go({ category: '', priceMin: '', priceMax: '', keyword: '' })}>
            {intl.formatMessage({ id: 'catalog.filter.reset' })}
          </Button>
        ) : null}
      </div>
      <Segmented
        className="list-sort"
        value={sortValue}
        onChange={(value) => go({ sort: value === defaultSort ? '' : value })}
        options={sorts.map((s) => ({ value: s, label: intl.formatMessage({ id: `catalog.sort.${s}` }) }))}
      />
      {choosing ? <ProductListTools products={list} selection={selection} /> : null}
      {isLoading ? (
        <ProductGridSkeleton count={filters.pagesize > 20 ? 20 : filters.pagesize} />
      ) : list.length > 0 ? (
        <div className={isFetching ? 'is-refreshing' : undefined}>
          <ProductGrid products={list} render={choosing ? (p) => <SelectableTile key={p.id} product={p} selection={selection} /> : undefined} />
        </div>
      ) : (
        <Empty
          className="list-empty"
          description={
            !scene && filters.keyword
              ? intl.formatMessage({ id: 'search.empty' }, { q: filters.keyword })
              : intl.formatMessage({ id: filtered ? 'catalog.empty.filtered' : 'catalog.empty' })
          }
        />
      )}
      <ListPagination
        page={filters.page}
        pagesize={filters.pagesize}
        total={data?.total ?? 0}
        onChange={(page, pagesize) => {
          go({ page, pagesize });
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
