import { Empty, Input, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';
import { useStallListQuery } from './catalog-api';
import { useScope } from './catalog-scope';
import { KEYWORD_MAX, listHref, STALL_SORTS, stallFiltersFromSearch, stallListBody, type StallFilters, type StallSort } from './list-filters';
import { ListPagination } from './list-pagination';
import { StallCard, StallListSkeleton } from './stall-card';

/** `/wholesaleList`: stalls by ranking (90 days of drop-shipping sales), follows or newest; follow from the list. */
export default function StallListScreen() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const site = useAppSelector(selectSite);
  const scope = useScope();
  const filters = useMemo(() => stallFiltersFromSearch(location.search), [location.search]);
  const { data, isLoading, isFetching } = useStallListQuery({ scope, ...stallListBody(filters) });
  const [shown, setShown] = useState(filters);
  const [keyword, setKeyword] = useState(filters.keyword);
  if (shown !== filters) {
    setShown(filters);
    setKeyword(filters.keyword);
  }
  const go = (change: Partial<StallFilters>) => void navigate(listHref('/wholesaleList', { ...filters, page: 1, ...change }, site));
  const sort: StallSort = filters.sort || 'ranking';

  return (
    <div className="list-page stall-list-page">
      <h1 className="page-title">{intl.formatMessage({ id: 'route.wholesaleList' })}</h1>
      <p className="page-hint">{intl.formatMessage({ id: 'stall.rankingHint' })}</p>
      <div className="list-filters">
        <Segmented
          className="list-sort"
          value={sort}
          onChange={(value) => go({ sort: value === 'ranking' ? '' : value })}
          options={STALL_SORTS.map((s) => ({ value: s, label: intl.formatMessage({ id: `stall.sort.${s}` }) }))}
        />
        <Input.Search
          className="filter-keyword"
          value={keyword}
          maxLength={KEYWORD_MAX}
          allowClear
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => go({ keyword: value.trim() })}
          placeholder={intl.formatMessage({ id: 'stall.search' })}
          enterButton={intl.formatMessage({ id: 'common.search' })}
          style={{ width: 280 }}
        />
      </div>
      {isLoading ? (
        <StallListSkeleton />
      ) : data && data.list.length > 0 ? (
        <div className={`stall-list${isFetching ? ' is-refreshing' : ''}`}>
          {data.list.map((stall) => (
            <StallCard key={stall.id} stall={stall} />
          ))}
        </div>
      ) : (
        <Empty className="list-empty" description={intl.formatMessage({ id: 'stall.empty' })} />
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
