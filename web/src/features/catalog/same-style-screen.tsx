import { CameraOutlined } from '@ant-design/icons';
import { Button, Empty, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../api/base-query';
import type { SameStyleProduct } from './types';
import { useSitePath } from '../../widgets/site-path';
import { NoUsableImageError, scaleImageForUpload } from '../../lib/image-scale';
import { toast } from '../../lib/toast';
import { useProductDetailQuery, useSameStyleImageMutation, useSameStyleQuery } from './catalog-api';
import { useScope } from './catalog-scope';
import { ProductGrid, ProductGridSkeleton, productHref, ProductTile } from './product-tile';

function Results({ list, loading }: { list: SameStyleProduct[] | undefined; loading: boolean }) {
  const intl = useIntl();
  if (loading) return <ProductGridSkeleton count={12} />;
  if (!list || list.length === 0) return <Empty className="list-empty" description={intl.formatMessage({ id: 'sameStyle.empty' })} />;
  return (
    <>
      <p className="page-hint same-style-count">{intl.formatMessage({ id: 'sameStyle.found' }, { count: list.length })}</p>
      <ProductGrid
        products={list}
        render={(p) => (
          <ProductTile
            key={p.id}
            product={p}
            badge={
              <span className="same-style-distance" data-distance={(p as SameStyleProduct).distance}>
                {intl.formatMessage({ id: 'sameStyle.distance' }, { distance: (p as SameStyleProduct).distance })}
              </span>
            }
          />
        )}
      />
    </>
  );
}

/**
 * `/sameStyle`: look-alikes of a product (`?id=`) or of an uploaded picture (scaled in the browser
 * like every upload), nearest first with their distance (0 = the same picture).
 */
export default function SameStyleScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const to = useSitePath();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const scope = useScope();
  const source = useProductDetailQuery({ scope, id }, { skip: !id });
  const byProduct = useSameStyleQuery({ scope: { ...scope, token: '' }, id }, { skip: !id });
  const [searchImage, byImage] = useSameStyleImageMutation();
  const [picture, setPicture] = useState<string | null>(null);
  const [scaling, setScaling] = useState(false);

  useEffect(() => () => {
    if (picture) URL.revokeObjectURL(picture);
  }, [picture]);

  const upload = async (file: File) => {
    setScaling(true);
    try {
      const scaled = await scaleImageForUpload(file);
      setPicture(URL.createObjectURL(scaled));
      if (id) void navigate(to('/sameStyle'));
      await searchImage(scaled).unwrap();
    } catch (error) {
      if (error instanceof NoUsableImageError) void toast(intl.formatMessage({ id: 'upload.noImage' }), 'error');
      else if (!(error as Partial<ApiError>).kind) void toast(intl.formatMessage({ id: 'upload.failed' }), 'error');
    } finally {
      setScaling(false);
    }
  };

  const fromImage = !id && (picture !== null || byImage.data !== undefined);
  const product = source.data;
  return (
    <div className="list-page same-style-page">
      <h1 className="page-title">{intl.formatMessage({ id: 'route.sameStyle' })}</h1>
      <section className="same-style-source">
        {id && product ? (
          <Link to={to(productHref(product.id))} className="same-style-product">
            <img src={product.images[0] ?? product.image} alt={product.title} decoding="async" width={96} height={96} />
            <span>
              <span className="same-style-source-title">{product.title}</span>
              <span className="page-hint">{product.item_no}</span>
            </span>
          </Link>
        ) : fromImage && picture ? (
          <img className="same-style-picture" src={picture} alt={intl.formatMessage({ id: 'sameStyle.yourPicture' })} width={96} height={96} />
        ) : null}
        <div className="same-style-upload">
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<CameraOutlined />} loading={scaling || byImage.isLoading} className="same-style-upload-button">
              {intl.formatMessage({ id: 'sameStyle.upload' })}
            </Button>
          </Upload>
          <span className="page-hint">{intl.formatMessage({ id: 'sameStyle.uploadHint' })}</span>
        </div>
      </section>
      {id ? (
        <Results list={byProduct.data?.list} loading={byProduct.isLoading} />
      ) : fromImage ? (
        <Results list={byImage.data?.list} loading={scaling || byImage.isLoading} />
      ) : (
        <Empty className="list-empty" description={intl.formatMessage({ id: 'sameStyle.start' })} />
      )}
    </div>
  );
}
