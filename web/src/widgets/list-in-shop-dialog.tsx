import { Alert, Button, Empty, Modal, Select, Skeleton, Table, Tooltip } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useRef, useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ExcelJob } from '../api/excel-api';
import { fetchListingPackage, listingsRecorded, useListingPreviewQuery, useListingShopsQuery, useStartListingPackageJobMutation } from '../api/listing-shops-api';
import type { ListingPreviewProduct, ListingPreviewSku, ListingShop, ListingSkipped } from '../lib/api-types';
import { foreignCurrency, isForeignPlatform, LISTING_PRODUCTS_MAX, packagesReady, platformKey, ruleSummary, shownMargin, templateMissing, unfilledText } from '../lib/listing';
import { failureText } from '../lib/refusal';
import { newRequestId } from '../lib/request-id';
import { toast } from '../lib/toast';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { selectLanguage, selectToken } from '../state/session-slice';
import { LISTING_STREAM_MAX, ListingPackageJob } from './listing-package-job';
import { ShopFormDialog } from './listing-shop-form';
import { useSitePath } from './site-path';
import { useFileDownload } from './use-file-download';
import './listing.css';

/** Where the seller's exchange rates are set: the drop-shipping settings (features/forward, its rates card). */
const RATES_PATH = '/forwardSeting';

/** A product the seller chose to list: its id, and its title for the count's sake. */
export interface ListedProductRef {
  id: string;
  title: string;
}

/** One line of the preview: a SKU of a product (the product's cell spans its SKUs), or a product without SKUs. */
interface PreviewRow {
  key: string;
  product: ListingPreviewProduct;
  sku: ListingPreviewSku | null;
  /** How many rows the product's cell spans: its SKUs on its first row, 0 on the others. */
  span: number;
}

const rowsOf = (products: readonly ListingPreviewProduct[]): PreviewRow[] =>
  products.flatMap((product): PreviewRow[] =>
    product.skus.length === 0
      ? [{ key: product.product_id, product, sku: null, span: 1 }]
      : product.skus.map((sku, i) => ({ key: `${product.product_id}|${sku.sku_id}`, product, sku, span: i === 0 ? product.skus.length : 0 })),
  );

/**
 * The preview table (`.listing-preview`): each SKU's colour, size, cost, listed price, margin and
 * stock listed; for a shop in another currency (`currency`) the listed price in it beside the
 * yuan one (`.listing-preview-foreign`, 'MYR 12.34'; a dash when the server gave none).
 */
function PreviewTable({ products, shop, currency }: { products: readonly ListingPreviewProduct[]; shop: ListingShop; currency: string | null }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = (yuan: string) => text('catalog.price', { price: yuan });
  const dash = '—';
  const foreign = currency
    ? [
        {
          key: 'foreign',
          title: text('listing.preview.foreign', { currency }),
          className: 'listing-preview-foreign listing-number',
          render: (_: unknown, row: PreviewRow) => (row.sku?.listed_foreign ? text('listing.preview.foreignPrice', { currency, price: row.sku.listed_foreign }) : dash),
        },
      ]
    : [];
  return (
    <Table<PreviewRow>
      className="listing-preview"
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rowsOf(products)}
      scroll={{ x: currency ? 820 : 720, y: 420 }}
      onRow={(row) => ({ className: 'listing-preview-row', 'data-product': row.product.product_id, 'data-sku': row.sku?.sku_id ?? '' }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'product',
          title: text('listing.preview.product'),
          width: 260,
          onCell: (row) => ({ rowSpan: row.span }),
          render: (_, { product }) => (
            <span className="listing-product">
              {product.image ? <img src={product.image} alt="" width={48} height={48} loading="lazy" decoding="async" /> : null}
              <span className="listing-product-text">
                <span className="listing-preview-title" translate="no">
                  {product.title}
                </span>
                <span className="listing-hint">
                  {product.item_no} · <span translate="no">{product.stall_name}</span>
                </span>
              </span>
            </span>
          ),
        },
        { key: 'color', title: text('listing.preview.color'), className: 'listing-preview-color', render: (_, row) => row.sku?.color ?? dash },
        { key: 'size', title: text('listing.preview.size'), className: 'listing-preview-size', render: (_, row) => row.sku?.size ?? dash },
        { key: 'cost', title: text('listing.preview.cost'), className: 'listing-preview-cost listing-number', render: (_, row) => (row.sku ? money(row.sku.cost) : dash) },
        { key: 'listed', title: text('listing.preview.listed'), className: 'listing-preview-listed listing-number', render: (_, row) => (row.sku ? money(row.sku.listed) : dash) },
        ...foreign,
        {
          key: 'margin',
          title: text('listing.preview.margin'),
          className: 'listing-preview-margin listing-number',
          render: (_, row) => (row.sku ? money(shownMargin(row.sku.margin, shop.rule.min_margin)) : dash),
        },
        { key: 'stock', title: text('listing.preview.stock'), className: 'listing-preview-stock listing-number', render: (_, row) => row.sku?.listed_stock ?? dash },
      ]}
    />
  );
}

/**
 * The products the preview leaves out (`.listing-preview-skipped`, above the table): how many, and
 * each one's reason as the server words it (`.listing-skipped`, `data-product`); the rest can still
 * be downloaded.
 */
function SkippedProducts({ skipped }: { skipped: readonly ListingSkipped[] }) {
  const intl = useIntl();
  return (
    <Alert
      className="listing-preview-skipped"
      type="warning"
      showIcon
      title={intl.formatMessage({ id: 'listing.preview.skipped' }, { count: skipped.length })}
      description={
        <ul className="listing-skipped-list">
          {skipped.map((s) => (
            <li key={s.product_id} className="listing-skipped" data-product={s.product_id}>
              {s.reason}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * "List in my shop" (`.listing-dialog`), opened from the product screen, the favourites and a
 * stall's products for the products chosen: one of the seller's shops (`.listing-shop-select`,
 * the first at first; with none, `.listing-shop-create` adds one here, and `.listing-shop-new`
 * adds another), its rule in words, the preview listing/preview answers for it (asked again when
 * the shop or its rule changes) and 'download package' (`.listing-package-download`), which saves
 * listing/package's zip (with one `request_id` per shop and opening, so a download tried again
 * after a failure is recorded once), asks the listings again, closes and says so with a link to
 * My listings. A package of more than 20 products (`LISTING_STREAM_MAX`) is a background job
 * instead (listing/package_job, the same request ids), shown in the dialog until it is done and
 * saved (widgets/listing-package-job.tsx).
 * Products that cannot be listed (off the shelf, a closed stall, gone…) are named with the server's
 * reason above the table; the package holds the others (those the preview shows), so the download
 * stays on while any can be listed.
 * A shop whose platform's packages the server cannot build yet previews, but its download is off
 * with a tooltip saying that package is coming. A Shopee, Lazada or TikTok Shop shop previews the
 * listed price in its currency too, with a line saying it is at the seller's rate and linking to the
 * rates (`.listing-rates-link`, the drop-shipping settings), `.listing-rate-missing` when the server
 * gave no price in it (no rate set: the package would be refused), and the columns of its template
 * the seller fills in (`.listing-preview-unfilled`); without a template its download is off and
 * `.listing-template-missing` links to My shops to upload one. At most 200 products at once.
 */
export default function ListInShopDialog({ open, products, onClose }: { open: boolean; products: readonly ListedProductRef[]; onClose: () => void }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const to = useSitePath();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const shops = useListingShopsQuery({ token, language }, { skip: !open || !token, refetchOnMountOrArgChange: true });
  const [picked, setPicked] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const { download, busy } = useFileDownload('listing.package.failed');
  const [startJob, { isLoading: starting }] = useStartListingPackageJobMutation();
  // the package being made as a background job, for the shop it was started for
  const [job, setJob] = useState<{ started: ExcelJob; shopName: string } | null>(null);
  // one request id per shop while the dialog is open: a download tried again is the same package
  const requestIds = useRef(new Map<string, string>());

  const list = shops.data?.list ?? [];
  const platforms = shops.data?.platforms;
  const shop = list.find((s) => s.id === picked) ?? list[0] ?? null;
  const ids = products.map((p) => p.id);
  const tooMany = ids.length > LISTING_PRODUCTS_MAX;
  const preview = useListingPreviewQuery(open && token && shop && ids.length > 0 && !tooMany ? { token, language, shop_id: shop.id, product_ids: ids } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const shown = preview.currentData;
  // what the package holds: the products the preview could list
  const listable = shown?.products.map((p) => p.product_id) ?? [];
  const ready = shop ? packagesReady(platforms, shop.platform) : false;
  const noTemplate = shop ? templateMissing(shop) : false;
  const currency = shown ? foreignCurrency(shown.currency) : null;
  // a SKU priced in yuan but not in the shop's currency: the seller has no rate for it
  const rateMissing = Boolean(currency && shown?.products.some((p) => p.skus.some((sku) => !sku.listed_foreign)));
  const unfilled = shown?.unfilled ?? [];
  const platformName = (code: string) => {
    const key = platformKey(code);
    return key ? text(key) : code;
  };

  const onDownload = async () => {
    if (!shop || listable.length === 0) return;
    const product_ids = listable;
    const request_id = requestIds.current.get(shop.id) ?? newRequestId();
    requestIds.current.set(shop.id, request_id);
    if (product_ids.length > LISTING_STREAM_MAX) {
      // refusals are toasted by the base query; the job records the listings at once
      const started = await startJob({ shop_id: shop.id, product_ids, request_id });
      if (started.data) setJob({ started: started.data, shopName: shop.name });
      return;
    }
    const saved = await download((session) => fetchListingPackage({ shop_id: shop.id, product_ids, request_id, shopName: shop.name, ...session }));
    if (!saved) return;
    dispatch(listingsRecorded());
    void toast(text('listing.package.done', { count: product_ids.length, shop: shop.name }), 'success', 'listing-package', {
      text: text('listing.package.viewListings'),
      href: to('/myListings'),
    });
    onClose();
  };

  const downloadButton = (
    <Button
      type="primary"
      className="listing-package-download"
      loading={busy || starting}
      disabled={!shop || !ready || noTemplate || rateMissing || tooMany || listable.length === 0}
      onClick={() => void onDownload()}
    >
      {text('listing.package.download')}
    </Button>
  );

  return (
    <Modal
      open={open}
      className="listing-dialog"
      title={text('listing.dialog.title')}
      width={960}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          <Button onClick={onClose}>{text(job ? 'common.close' : 'common.cancel')}</Button>
          {job ? null : shop && !ready ? (
            <Tooltip title={text('listing.package.coming', { platform: platformName(shop.platform) })} classNames={{ root: 'listing-package-coming-tip' }}>
              <span className="listing-package-wrap">{downloadButton}</span>
            </Tooltip>
          ) : (
            downloadButton
          )}
        </>
      }
    >
      <p className="listing-dialog-count">{text('listing.dialog.count', { count: ids.length })}</p>
      {job ? (
        <ListingPackageJob key={job.started.id} started={job.started} open={open} shopName={job.shopName} onLeave={onClose} />
      ) : shops.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : shops.isError ? (
        <Alert className="listing-shops-error" type="error" showIcon title={failureText(shops.error) ?? text('error.http.other')} />
      ) : !shop ? (
        <Empty className="listing-no-shop" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('listing.dialog.noShop')}>
          <Button type="primary" className="listing-shop-create" onClick={() => setCreating(true)}>
            {text('listing.shop.add')}
          </Button>
        </Empty>
      ) : (
        <>
          <div className="listing-dialog-shop">
            <span className="listing-label">{text('listing.dialog.shop')}</span>
            <Select
              className="listing-shop-select"
              value={shop.id}
              onChange={setPicked}
              virtual={false}
              classNames={{ popup: { root: 'listing-shop-select-popup' } }}
              options={list.map((s) => ({
                value: s.id,
                label: (
                  <span className="listing-shop-option" data-shop={s.id}>
                    <span translate="no">{s.name}</span>
                    <span className="listing-hint"> · {platformName(s.platform)}</span>
                  </span>
                ),
              }))}
            />
            <Button type="link" className="listing-shop-new" onClick={() => setCreating(true)}>
              {text('listing.shop.add')}
            </Button>
            <Link to={to('/listingShops')} className="listing-shops-link" onClick={onClose}>
              {text('listing.dialog.manageShops')}
            </Link>
          </div>
          <p className="listing-dialog-rule">
            {text('listing.dialog.rule')} <span className="listing-rule-summary">{ruleSummary(shop.rule, text)}</span>
          </p>
          {isForeignPlatform(shop.platform) && shop.currency ? (
            <p className="listing-dialog-rule listing-dialog-rate">
              {text('listing.dialog.rate', { currency: shop.currency })}{' '}
              <Link to={to(RATES_PATH)} className="listing-rates-link" onClick={onClose}>
                {text('listing.dialog.rates')}
              </Link>
            </p>
          ) : null}
          {!ready ? <Alert className="listing-package-coming" type="info" showIcon title={text('listing.package.coming', { platform: platformName(shop.platform) })} /> : null}
          {ready && noTemplate ? (
            <Alert
              className="listing-template-missing"
              style={{ marginBottom: 12 }}
              type="warning"
              showIcon
              title={text('listing.dialog.templateMissing', { platform: platformName(shop.platform) })}
              action={
                <Link to={to('/listingShops')} className="listing-template-link" onClick={onClose}>
                  {text('listing.dialog.uploadTemplate')}
                </Link>
              }
            />
          ) : null}
          {rateMissing && currency ? (
            <Alert
              className="listing-rate-missing"
              style={{ marginBottom: 12 }}
              type="warning"
              showIcon
              title={text('listing.dialog.rateMissing', { currency })}
              action={
                <Link to={to(RATES_PATH)} className="listing-rate-link" onClick={onClose}>
                  {text('listing.dialog.rates')}
                </Link>
              }
            />
          ) : null}
          {tooMany ? (
            <Alert className="listing-too-many" type="warning" showIcon title={text('listing.dialog.tooMany', { max: LISTING_PRODUCTS_MAX, count: ids.length })} />
          ) : preview.isError && !shown ? (
            <Alert className="listing-preview-error" type="error" showIcon title={failureText(preview.error) ?? text('error.http.other')} />
          ) : !shown ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : (
            <>
              {shown.skipped.length > 0 ? <SkippedProducts skipped={shown.skipped} /> : null}
              {unfilled.length > 0 ? <Alert className="listing-preview-unfilled" style={{ marginBottom: 12 }} type="info" showIcon title={unfilledText(unfilled, text)} /> : null}
              {shown.products.length > 0 ? <PreviewTable products={shown.products} shop={shown.shop} currency={currency} /> : null}
            </>
          )}
        </>
      )}
      {creating ? (
        <ShopFormDialog
          open={creating}
          shop={null}
          platforms={platforms}
          onClose={() => setCreating(false)}
          onSaved={(saved) => setPicked(saved.id)}
        />
      ) : null}
    </Modal>
  );
}
