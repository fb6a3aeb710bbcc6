import { DownloadOutlined, HeartFilled, HeartOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { ProductDetail } from '../../lib/api-types';
import { ListInShopButton } from '../../widgets/list-in-shop';
import { useSitePath } from '../../widgets/site-path';
import { formatDate } from '../../lib/format-date';
import { useFavoriteMutation, useProductDetailQuery } from './catalog-api';
import { AddToCart } from './add-to-cart';
import { useScope } from './catalog-scope';
import { FollowButton } from './follow-button';
import { ProductGallery } from './product-gallery';
import { stallHref } from './product-tile';
import { errorText, isNotFound, MissingResult, serverText } from './query-error';
import { initialChoice, type SkuChoice } from './sku';
import { SkuPicker } from './sku-picker';
import { useImagesDownload } from './use-images-download';

function ProductBody({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const to = useSitePath();
  const [choice, setChoice] = useState<SkuChoice>(() => initialChoice(product));
  const [colorPicture, setColorPicture] = useState<string | undefined>(undefined);
  const [favorite, { isLoading: saving }] = useFavoriteMutation();
  const { download, busy } = useImagesDownload();
  const stall = product.stall;

  return (
    <>
      <div className="product-main">
        <ProductGallery images={product.images} title={product.title} override={colorPicture} onPick={() => setColorPicture(undefined)} />
        <div className="product-info">
          <h1 className="product-title">{product.title}</h1>
          <dl className="product-facts">
            <dt>{intl.formatMessage({ id: 'product.itemNo' })}</dt>
            <dd className="product-item-no">{product.item_no}</dd>
            <dt>{intl.formatMessage({ id: 'product.category' })}</dt>
            <dd>{product.category.name}</dd>
            <dt>{intl.formatMessage({ id: 'product.shelfAt' })}</dt>
            <dd>{formatDate(product.shelf_at, 'YYYY-MM-DD')}</dd>
            <dt>{intl.formatMessage({ id: 'product.figures' })}</dt>
            <dd>
              {intl.formatMessage({ id: 'catalog.views' }, { count: product.views })}
              {' · '}
              {intl.formatMessage({ id: 'catalog.sales' }, { count: product.sales })}
              {' · '}
              <span className="product-favorite-count">
                {intl.formatMessage({ id: 'catalog.favoriteCount' }, { count: product.favorite_count })}
              </span>
            </dd>
          </dl>
          <SkuPicker
            product={product}
            choice={choice}
            onChange={(next) => {
              setChoice(next);
              const picture = product.colors.find((c) => c.name === next.color)?.image;
              if (next.color !== choice.color && picture) setColorPicture(picture);
            }}
          />
          <AddToCart product={product} choice={choice} />
          <div className="product-actions">
            <Button
              className="favorite-button"
              icon={product.favorited ? <HeartFilled /> : <HeartOutlined />}
              loading={saving}
              aria-pressed={product.favorited}
              onClick={() => void favorite({ id: product.id, favorited: !product.favorited })}
            >
              {intl.formatMessage({ id: product.favorited ? 'product.favorited' : 'product.favorite' })}
            </Button>
            <Button
              className="download-images"
              icon={<DownloadOutlined />}
              loading={busy}
              onClick={() => void download([product.id], [product.title])}
            >
              {intl.formatMessage({ id: 'product.downloadImages' })}
            </Button>
            <ListInShopButton products={[{ id: product.id, title: product.title }]} />
            <Link to={to(`/sameStyle?id=${encodeURIComponent(product.id)}`)} className="same-style-link">
              <Button icon={<PictureOutlined />}>{intl.formatMessage({ id: 'route.sameStyle' })}</Button>
            </Link>
          </div>
          <section className="product-stall">
            <div>
              <Link to={to(stallHref(stall.id))} className="product-stall-name" translate="no">
                {stall.name}
              </Link>
              <div className="product-stall-meta">
                {intl.formatMessage({ id: 'stall.location' }, { market: stall.market.name, floor: stall.floor, number: stall.number })}
              </div>
              <div className="product-stall-meta">
                {intl.formatMessage({ id: 'stall.followCount' }, { count: stall.follow_count })}
              </div>
            </div>
            <FollowButton stall={stall} size="small" />
          </section>
        </div>
      </div>
      {product.details.length > 0 ? (
        <section className="product-details">
          <h2>{intl.formatMessage({ id: 'product.details' })}</h2>
          {product.details.map((src, i) => (
            <img key={src} src={src} alt={`${product.title} ${i + 1}`} loading="lazy" decoding="async" />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** `/goodsDetail?id=`: gallery, colour × size with price and stock, add to cart, favourite, image package, list in my shop, same style. */
export default function ProductDetailScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const scope = useScope();
  const { data, error, isLoading } = useProductDetailQuery({ scope, id }, { skip: !id });
  const t = (key: string) => intl.formatMessage({ id: key });

  if (!id || (error && !data)) {
    // An unknown product is 'not found', in the server's words when it gave them (already in the
    // request's language), never the generic 'request error'; any other failure says what it was.
    const missing = !id || isNotFound(error);
    const title = missing ? (serverText(error) ?? t('error.productNotFound')) : errorText(error, 'error.http.other', t);
    return <MissingResult className="product-missing" missing={missing} title={title} />;
  }
  return (
    <div className="product-page">
      {isLoading || !data ? <Skeleton active paragraph={{ rows: 10 }} /> : <ProductBody key={data.id} product={data} />}
    </div>
  );
}
