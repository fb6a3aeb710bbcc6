import { Empty, Pagination, Result, Segmented, Skeleton } from 'antd';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ProductRankingRow, RankingKind, RankingRange, StallRankingRow } from './types';
import { useAppSelector } from '../../state/hooks';
import { selectSession } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useRankingQuery } from './ranking-api';
import {
  isProductRow,
  medalOf,
  pageOfRows,
  RANKING_KINDS,
  RANKING_PAGE_SIZE,
  RANKING_RANGES,
  rangeKey,
  rankingFromSearch,
  rankingPage,
  rankingSearch,
} from './ranking-logic';
import './ranking.css';

function Rank({ rank }: { rank: number }) {
  const medal = medalOf(rank);
  return <span className={`ranking-rank${medal ? ` is-${medal}` : ''}`}>{rank}</span>;
}

function ProductRows({ rows }: { rows: ProductRankingRow[] }) {
  const intl = useIntl();
  const to = useSitePath();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <table className="ranking-table ranking-products">
      <thead>
        <tr>
          <th scope="col">{text('ranking.rank')}</th>
          <th scope="col">{text('ranking.product')}</th>
          <th scope="col">{text('ranking.stall')}</th>
          <th scope="col" className="is-right">
            {text('product.price')}
          </th>
          <th scope="col" className="is-right">
            {text('ranking.quantity')}
          </th>
          <th scope="col" className="is-right">
            {text('ranking.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const href = to(`/goodsDetail?id=${encodeURIComponent(row.product_id)}`);
          return (
            <tr key={row.product_id} className="ranking-row" data-product={row.product_id}>
              <td>
                <Rank rank={row.rank} />
              </td>
              <td>
                <Link to={href} className="ranking-product">
                  <img src={row.image} alt={row.title} width={48} height={48} loading="lazy" decoding="async" />
                  <span className="ranking-product-text">
                    <span className="ranking-title">{row.title}</span>
                    <span className="ranking-item-no">{text('cart.itemNo', { itemNo: row.item_no })}</span>
                  </span>
                </Link>
              </td>
              <td>
                <Link to={to(`/wholesale?id=${encodeURIComponent(row.stall_id)}`)} className="ranking-stall-link" translate="no">
                  {row.stall_name}
                </Link>
              </td>
              <td className="is-right">{text('catalog.price', { price: row.price })}</td>
              <td className="is-right ranking-quantity">{row.quantity}</td>
              <td className="is-right ranking-amount">{text('catalog.price', { price: row.amount })}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function StallRows({ rows }: { rows: StallRankingRow[] }) {
  const intl = useIntl();
  const to = useSitePath();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <table className="ranking-table ranking-stalls">
      <thead>
        <tr>
          <th scope="col">{text('ranking.rank')}</th>
          <th scope="col">{text('ranking.stall')}</th>
          <th scope="col" className="is-right">
            {text('ranking.products')}
          </th>
          <th scope="col" className="is-right">
            {text('ranking.quantity')}
          </th>
          <th scope="col" className="is-right">
            {text('ranking.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.stall_id} className="ranking-row" data-stall={row.stall_id}>
            <td>
              <Rank rank={row.rank} />
            </td>
            <td>
              <Link to={to(`/wholesale?id=${encodeURIComponent(row.stall_id)}`)} className="ranking-stall-link" translate="no">
                {row.stall_name}
              </Link>
            </td>
            <td className="is-right ranking-products-count">{row.products}</td>
            <td className="is-right ranking-quantity">{row.quantity}</td>
            <td className="is-right ranking-amount">{text('catalog.price', { price: row.amount })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/rankingList` (public): the top products or stalls (at most 100, as many as sold anything) by
 * pieces sold through drop-shipping, within 3 days, a week, a month or 90 days, with how many are
 * ranked, 20 to a page. Kind, window and page live in the address. Product rows open the product,
 * stall rows the stall.
 */
export default function RankingScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const choice = rankingFromSearch(params);
  const { language, areaSite } = useAppSelector(selectSession);
  const { data, isLoading, isFetching, isError } = useRankingQuery({ ...choice, language, areaSite });
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const go = (next: { kind: RankingKind; range: RankingRange; page?: number }) => {
    const query = rankingSearch(next);
    void navigate(to(`/rankingList${query ? `?${query}` : ''}`));
  };
  // the answer of the shown choice only (not the previous one while the next loads)
  const rows = data && data.kind === choice.kind && data.range === choice.range ? data.list : [];
  const page = rankingPage(params, rows.length);
  const shown = pageOfRows(rows, page);

  return (
    <div className="ranking-page">
      <header className="ranking-head">
        <h1 className="page-title">{text('route.rankingList')}</h1>
        <p className="page-hint">{text('ranking.intro')}</p>
      </header>
      <div className="ranking-filters">
        <Segmented<RankingKind>
          className="ranking-kind"
          value={choice.kind}
          options={RANKING_KINDS.map((kind) => ({ value: kind, label: text(`ranking.kind.${kind}`) }))}
          onChange={(kind) => go({ ...choice, kind })}
        />
        <Segmented<RankingRange>
          className="ranking-range"
          value={choice.range}
          options={RANKING_RANGES.map((range) => ({ value: range, label: text(rangeKey(range)) }))}
          onChange={(range) => go({ ...choice, range })}
        />
        {data ? (
          <span className="ranking-window">{text('ranking.window', { from: formatDate(data.from, 'YYYY-MM-DD'), to: formatDate(data.to, 'YYYY-MM-DD') })}</span>
        ) : null}
        {rows.length > 0 ? (
          <span className="ranking-count" data-count={rows.length}>
            {text(`ranking.count.${choice.kind}`, { count: rows.length })}
          </span>
        ) : null}
      </div>
      <div className={`ranking-body${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : isError && !data ? (
          <Result status="warning" title={text('ranking.loadFailed')} />
        ) : rows.length === 0 ? (
          isFetching ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <Empty className="ranking-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('ranking.empty')} />
          )
        ) : choice.kind === 'product' ? (
          <ProductRows rows={shown.filter(isProductRow)} />
        ) : (
          <StallRows rows={shown.filter((row): row is StallRankingRow => !isProductRow(row))} />
        )}
        {rows.length > RANKING_PAGE_SIZE ? (
          <Pagination
            className="ranking-pagination"
            current={page}
            pageSize={RANKING_PAGE_SIZE}
            total={rows.length}
            showSizeChanger={false}
            onChange={(next) => go({ ...choice, page: next })}
          />
        ) : null}
      </div>
    </div>
  );
}
