import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Category } from './types';
import type { Notice, ProductCard } from '../../lib/api-types';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useHomeQuery } from './catalog-api';
import { publicScope, useScope } from './catalog-scope';
import { HomeBanners } from './home-banners';
import { SCENE_PATHS } from './list-filters';
import { ProductGrid, ProductGridSkeleton } from './product-tile';

function ProductRow({ id, title, more, products, loading }: { id: string; title: string; more: string; products: ProductCard[] | undefined; loading: boolean }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <section className={`home-row home-row-${id}`}>
      <header className="section-header">
        <h2>{title}</h2>
        <Link to={to(more)} className="section-more">
          {intl.formatMessage({ id: 'common.more' })}
        </Link>
      </header>
      {loading ? (
        <ProductGridSkeleton count={8} />
      ) : products && products.length > 0 ? (
        <ProductGrid products={products} />
      ) : (
        <p className="empty-text">{intl.formatMessage({ id: 'catalog.empty' })}</p>
      )}
    </section>
  );
}

function CategoryMenu({ categories }: { categories: readonly Category[] }) {
  const intl = useIntl();
  const to = useSitePath();
  const href = (id: string) => to(`${SCENE_PATHS.new}?category=${encodeURIComponent(id)}`);
  return (
    <nav className="home-categories" aria-label={intl.formatMessage({ id: 'catalog.categories' })}>
      <h2>{intl.formatMessage({ id: 'catalog.categories' })}</h2>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={href(c.id)} className="home-category">
              {c.name}
            </Link>
            {c.children && c.children.length > 0 ? (
              <span className="home-subcategories">
                {c.children.slice(0, 4).map((child) => (
                  <Link key={child.id} to={href(child.id)}>
                    {child.name}
                  </Link>
                ))}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NoticeBoard({ notices }: { notices: readonly Notice[] }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <section className="home-notices">
      <header className="section-header">
        <h2>{intl.formatMessage({ id: 'notice.title' })}</h2>
        <Link to={to('/noticeDetail')} className="section-more">
          {intl.formatMessage({ id: 'common.more' })}
        </Link>
      </header>
      {notices.length === 0 ? (
        <p className="empty-text">{intl.formatMessage({ id: 'notice.empty' })}</p>
      ) : (
        <ul>
          {notices.map((n) => (
            <li key={n.id}>
              <Link to={to(`/noticeDetail?id=${encodeURIComponent(n.id)}`)} className="home-notice" title={n.title}>
                {n.pinned ? <span className="flag flag-hot">{intl.formatMessage({ id: 'notice.pinned' })}</span> : null}
                {n.title}
              </Link>
              <time>{formatDate(n.published_at, 'MM-DD')}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/`: banners, notices, categories, and the hot, new and Southeast Asia rows. */
export default function HomeScreen() {
  const intl = useIntl();
  const scope = publicScope(useScope());
  const { data, isLoading } = useHomeQuery({ scope });
  return (
    <div className="home-page">
      <div className="home-top">
        {isLoading ? <div className="home-categories skeleton-block" /> : <CategoryMenu categories={data?.categories ?? []} />}
        {isLoading ? <div className="home-banners skeleton-block" /> : <HomeBanners banners={data?.banners ?? []} />}
        {isLoading ? <div className="home-notices skeleton-block" /> : <NoticeBoard notices={data?.notices ?? []} />}
      </div>
      <ProductRow id="hot" title={intl.formatMessage({ id: 'route.recentBK' })} more={SCENE_PATHS.hot} products={data?.hot} loading={isLoading} />
      <ProductRow id="new" title={intl.formatMessage({ id: 'route.recentnew' })} more={SCENE_PATHS.new} products={data?.new} loading={isLoading} />
      <ProductRow id="sea" title={intl.formatMessage({ id: 'route.recentFl_asia' })} more={SCENE_PATHS.sea} products={data?.sea} loading={isLoading} />
    </div>
  );
}
