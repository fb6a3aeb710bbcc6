import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ProductCard } from '../../lib/api-types';
import { useSitePath } from '../../widgets/site-path';

export const productHref = (id: string) => `/goodsDetail?id=${encodeURIComponent(id)}`;
export const stallHref = (id: string) => `/wholesale?id=${encodeURIComponent(id)}`;

/**
 * A product in a grid: picture (lazy), title, price, item number, stall and figures. Plain
 * elements only: the home screen's chunk stays small.
 */
export function ProductTile({ product, extra, badge }: { product: ProductCard; extra?: ReactNode; badge?: ReactNode }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <article className="product-tile" data-product-id={product.id}>
      <Link to={to(productHref(product.id))} className="product-tile-link">
        <span className="product-tile-image">
          <img src={product.image} alt={product.title} loading="lazy" decoding="async" width={240} height={240} />
          {badge ? <span className="product-tile-badge">{badge}</span> : null}
        </span>
        <span className="product-tile-body">
          <span className="product-tile-title" title={product.title}>
            {product.hot ? <span className="flag flag-hot">{intl.formatMessage({ id: 'catalog.flag.hot' })}</span> : null}
            {product.sea ? <span className="flag flag-sea">{intl.formatMessage({ id: 'catalog.flag.sea' })}</span> : null}
            {product.title}
          </span>
          <span className="product-tile-price">{intl.formatMessage({ id: 'catalog.price' }, { price: product.price })}</span>
          <span className="product-tile-meta">
            <span className="product-tile-item-no">{product.item_no}</span>
            <span className="product-tile-stall" translate="no">{product.stall.name}</span>
          </span>
          <span className="product-tile-stats">
            {intl.formatMessage({ id: 'catalog.favoriteCount' }, { count: product.favorite_count })}
            {' · '}
            {intl.formatMessage({ id: 'catalog.sales' }, { count: product.sales })}
          </span>
        </span>
      </Link>
      {extra ? <div className="product-tile-extra">{extra}</div> : null}
    </article>
  );
}

/** Grey placeholders in the shape of product tiles while a list loads. */
export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <div className="product-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="product-tile product-tile-skeleton">
          <span className="skeleton-block skeleton-image" />
          <span className="skeleton-block skeleton-line" />
          <span className="skeleton-block skeleton-line skeleton-short" />
        </div>
      ))}
    </div>
  );
}

export function ProductGrid({ products, render }: { products: readonly ProductCard[]; render?: (p: ProductCard) => ReactNode }) {
  return (
    <div className="product-grid">
      {products.map((p) => (render ? render(p) : <ProductTile key={p.id} product={p} />))}
    </div>
  );
}
