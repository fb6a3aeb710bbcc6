/**
 * Test helpers of the listing tests ("list it in my shop"): an in-memory listing server answering
 * the listing/* paths (below /jpmall/addons/unishop) the way the contract says: the seller's shops
 * with listing/shop_save's limits (a refusal names its field; Shopee, Lazada and TikTok Shop need
 * one of the platform's currencies), delete, a shop's template uploaded (multipart: see
 * `serveListing`) and deleted, the preview priced by the shop's rule with the products it cannot
 * list skipped with their reason (in the request's language; a shop in another currency with the
 * price in it at the seller's rate, '' without one, and the template's unfilled columns), the
 * package (a zip with a UTF-8 file name; refused for a platform whose packages are not built yet, a
 * shop without the template its platform needs or without a rate, or when nothing is listable)
 * recording what it listed (once per `request_id`), the same package as a background job
 * (listing/package_job, checked and recorded the same way; excel/job runs it as the test's
 * `JobScript` says and excel/download gives its zip once done), the
 * listings filtered, counted and paged with every shop they are in, their removal, marking their
 * pending changes done (listing/mark_done) and the CSV of their SKUs (listing/export_skus); with
 * fixtures. The shared fake server that records what was sent
 * and the render helpers are testing/screen-test-kit.tsx's, re-exported. Imported by tests only.
 */
import { vi } from 'vitest';
import type { ExcelJob } from '../../api/excel-api';
import type { ListingPlatform, ListingPreviewProduct, ListingRule, ListingShop, ListingShops, ListingSkipped, ListingTemplate } from '../../lib/api-types';
import { isForeignPlatform, LISTING_PLATFORMS, LISTING_ROUNDINGS, listedPrice } from '../../lib/listing';
import { fenToYuan, yuanToFen } from '../../lib/money';
import { ok, refused, serve, type Call, type Handler } from '../../testing/screen-test-kit';
import type { Listing, ListingFilter, ListingSku, PendingChange } from './types';

export { bodiesOf, count, lastBody, ok, refused, renderAt, serve, session, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';

/** The currencies a Shopee, Lazada or TikTok Shop shop can sell in (none for Taobao and Douyin). */
const CURRENCIES = ['MYR', 'SGD', 'PHP', 'THB'];

/** Every platform's packages are built; Shopee, Lazada and TikTok Shop have currencies. */
const PLATFORMS: ListingShops['platforms'] = LISTING_PLATFORMS.map((code) => ({ code, packages: true, currencies: isForeignPlatform(code) ? [...CURRENCIES] : [] }));

/** The platforms, with only `built`'s packages built (the others 'coming soon'). */
export const platformsBuilt = (...built: ListingPlatform[]): ListingShops['platforms'] => PLATFORMS.map((p) => ({ ...p, packages: built.includes(p.code) }));

/** The seller's rates: yuan for one unit of each currency (forward/platform_rates); THB has none. */
const RATES: Record<string, number> = { MYR: 1.55, SGD: 5.3, PHP: 0.125 };

/** A Shopee template as listing/shop_template answers it; override what a test is about. */
export function templateOf(overrides: Partial<ListingTemplate> = {}): ListingTemplate {
  return {
    file_name: 'mass_upload_women_clothes.xlsx',
    uploaded_at: 1795000000,
    sheet: 'Template',
    data_row: 7,
    language: 'en',
    unfilled: [
      { field: 'category', label: '类目' },
      { field: 'weight', label: '重量' },
    ],
    ...overrides,
  };
}

export const RULE: ListingRule = { multiplier: '1.50', fixed_add: '5.00', rounding: 'ends_90', min_margin: '0.00', title_prefix: '', title_suffix: '', stock_cap: null };

/** A shop of the caller's; override what a test is about. */
export function shopOf(overrides: Partial<ListingShop> = {}): ListingShop {
  return { id: 'S1', platform: 'taobao', name: '小王的淘宝店', rule: { ...RULE }, currency: '', template: null, created_at: 1795000000, updated_at: 1795000000, ...overrides };
}

/** A jpmall product as the preview starts from it: costs in fen. */
export interface CatalogueProduct {
  product_id: string;
  item_no: string;
  title: string;
  stall_name: string;
  image: string;
  skus: { sku_id: string; color: string; size: string; cost: number; stock: number }[];
  /** False: off the shelf (or its stall closed), so it cannot be listed. On the shelf unless told. */
  on_sale?: boolean;
}

/** The server's reasons a product is skipped (api/messages), by the request's language. */
const SKIP_REASONS = {
  zh_CN: { unknown: () => '商品不存在或已删除', off: (itemNo: string) => `货号 ${itemNo} 已下架或档口已关闭，不能铺货` },
  en_US: { unknown: () => 'The product does not exist or was removed.', off: (itemNo: string) => `Item ${itemNo} is off the shelf or its stall is closed, so it cannot be listed.` },
};

export const PRODUCTS: CatalogueProduct[] = [
  {
    product_id: 'P1',
    item_no: 'A1001',
    title: '夏季T恤',
    stall_name: '一号档口',
    image: '/media/p/P1/main-1.jpg',
    skus: [
      { sku_id: 'K1', color: '黑色', size: 'M', cost: 3420, stock: 120 },
      { sku_id: 'K2', color: '白色', size: 'L', cost: 4990, stock: 3 },
    ],
  },
  {
    product_id: 'P2',
    item_no: 'B2002',
    title: '发夹',
    stall_name: '二号档口',
    image: '/media/p/P2/main-1.jpg',
    skus: [{ sku_id: 'K3', color: '红色', size: '均码', cost: 10, stock: 50 }],
  },
];

/** A listed SKU; override what a test is about. */
export function listingSkuOf(overrides: Partial<ListingSku> = {}): ListingSku {
  return {
    sku_id: 'K1',
    color: '黑色',
    size: 'M',
    listed_price: '56.90',
    cost_then: '34.20',
    cost_now: '34.20',
    margin_now: '22.70',
    stock_now: 120,
    sku_state: 'on_sale',
    price_changed: false,
    ...overrides,
  };
}

/** A listed product; override what a test is about. */
export function listingOf(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 'L1',
    shop_id: 'S1',
    shop_name: '小王的淘宝店',
    platform: 'taobao',
    product_id: 'P1',
    item_no: 'A1001',
    title: '夏季T恤',
    image: '/media/p/P1/main-1.jpg',
    stall_name: '一号档口',
    listed_at: 1795000000,
    product_state: 'on_shelf',
    stall_state: 'open',
    changed: false,
    skus: [listingSkuOf()],
    pending: [],
    ...overrides,
  };
}

/** A change waiting for the seller: K1's cost up unless told. */
export function pendingOf(overrides: Partial<PendingChange> = {}): PendingChange {
  return { kind: 'price', sku_id: 'K1', color: '黑色', size: 'M', before: '35.00', after: '45.00', at: 1795300000, ...overrides };
}

/** Which tabs a listing is under (the server's rules). */
function under(listing: Listing, filter: ListingFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'to_act_on') return listing.pending.length > 0;
  if (filter === 'changed') return listing.changed;
  if (filter === 'sold_out') return listing.product_state === 'on_shelf' && listing.skus.length > 0 && listing.skus.every((s) => s.sku_state !== 'on_sale');
  return listing.product_state !== 'on_shelf' || listing.stall_state === 'closed';
}

const chars = (text: string) => [...text].length;
const twoDecimals = (text: unknown) => typeof text === 'string' && /^\d+\.\d{2}$/.test(text);

/** listing/shop_save's checks, in the order the server makes them: the first refusal names its field. */
function refusalOf(body: Record<string, unknown>): Response | null {
  const rule = (body.rule ?? {}) as Partial<ListingRule>;
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (name === '' || chars(name) > 30) return refused(422, '店铺名称须为 1–30 个字', { field: 'name' });
  if (!(LISTING_PLATFORMS as readonly unknown[]).includes(body.platform)) return refused(422, '请选择平台', { field: 'platform' });
  if (isForeignPlatform(body.platform as string) && !CURRENCIES.includes(body.currency as string)) return refused(422, '请选择店铺的币种', { field: 'currency' });
  const multiplier = yuanToFen(rule.multiplier);
  if (!twoDecimals(rule.multiplier) || multiplier < 100 || multiplier > 1000) return refused(422, '倍率须为 1.00–10.00', { field: 'multiplier' });
  if (!twoDecimals(rule.fixed_add) || yuanToFen(rule.fixed_add) > 999999) return refused(422, '固定加价须为 0–9999.99 元', { field: 'fixed_add' });
  if (!(LISTING_ROUNDINGS as readonly unknown[]).includes(rule.rounding)) return refused(422, '请选择价格尾数', { field: 'rounding' });
  if (!twoDecimals(rule.min_margin) || yuanToFen(rule.min_margin) > 999999) return refused(422, '最低利润须为 0–9999.99 元', { field: 'min_margin' });
  if (typeof rule.title_prefix !== 'string' || chars(rule.title_prefix) > 20) return refused(422, '标题前缀最多 20 个字', { field: 'title_prefix' });
  if (typeof rule.title_suffix !== 'string' || chars(rule.title_suffix) > 20) return refused(422, '标题后缀最多 20 个字', { field: 'title_suffix' });
  const cap = rule.stock_cap;
  if (cap !== null && !(Number.isInteger(cap) && (cap as number) >= 0 && (cap as number) <= 99999)) return refused(422, '库存上限须为 0–99999', { field: 'stock_cap' });
  return null;
}

/** The template columns' labels in English (the fixtures' are Chinese): the server words them in the request's language. */
const LABELS_EN: Record<string, string> = { category: 'category', weight: 'weight' };

/** A shop as answered in the request's language: its template's unfilled columns labelled in it. */
function shopIn(shop: ListingShop, language: string | null): ListingShop {
  if (!shop.template || language !== 'en_US') return shop;
  return { ...shop, template: { ...shop.template, unfilled: shop.template.unfilled.map((f) => ({ ...f, label: LABELS_EN[f.field] ?? f.label })) } };
}

/** A price in fen in `currency` at the seller's rate ('44.13'), '' without a rate. */
function inCurrency(fen: number, currency: string): string {
  const rate = RATES[currency];
  return rate ? (Math.round(fen / rate) / 100).toFixed(2) : '';
}

/** What listing/preview answers for a shop and a product, as the server prices it. */
function previewOf(shop: ListingShop, product: CatalogueProduct): ListingPreviewProduct {
  const { rule } = shop;
  const foreign = isForeignPlatform(shop.platform);
  return {
    product_id: product.product_id,
    item_no: product.item_no,
    title: `${rule.title_prefix}${product.title}${rule.title_suffix}`,
    stall_name: product.stall_name,
    image: product.image,
    skus: product.skus.map((sku) => {
      const { price, margin } = listedPrice(rule, sku.cost);
      return {
        sku_id: sku.sku_id,
        color: sku.color,
        size: sku.size,
        cost: fenToYuan(sku.cost),
        listed: fenToYuan(price),
        ...(foreign ? { listed_foreign: inCurrency(price, shop.currency) } : {}),
        margin: fenToYuan(margin),
        stock: sku.stock,
        listed_stock: rule.stock_cap === null ? sku.stock : Math.min(sku.stock, rule.stock_cap),
      };
    }),
  };
}

/** The zip listing/package answers: PK bytes, the file name UTF-8 in Content-Disposition. */
export const PACKAGE_NAME = '淘宝-小王的淘宝店-20261121.zip';
const zip = (name = PACKAGE_NAME) =>
  new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
    status: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="listing.zip"; filename*=UTF-8''${encodeURIComponent(name)}` },
  });

/** The file name of a package made as a background job (listing/package_job), as the server names it. */
export const JOB_PACKAGE_NAME = 'taobao-20261204192000.zip';

/**
 * A listing package's job as listing/package_job, excel/job and excel/history answer it: an
 * export whose `table` is listing_package (not one of the spreadsheets ExcelJob names), its
 * progress in products.
 */
type ListingPackageJob = Omit<ExcelJob, 'table'> & { table: 'listing_package' };

/** A listing package's job of the caller's, done with 21 products (listing/package_job starts it running). */
function packageJobOf(overrides: Partial<ListingPackageJob> = {}): ListingPackageJob {
  return {
    id: 'LJ1',
    kind: 'export',
    table: 'listing_package',
    table_name: '铺货数据包',
    table_type: '导出',
    status: 'done',
    progress: { done: 21, total: 21 },
    row_count: 21,
    file_name: JOB_PACKAGE_NAME,
    error: '',
    created_at: 1795200000,
    finished_at: 1795200030,
    report: null,
    ...overrides,
  };
}

/** `count` products on the shelf, P1…P<count>, one SKU each (K1…): a selection bigger than a streamed package. */
export function productsOf(count: number): CatalogueProduct[] {
  return Array.from({ length: count }, (_, i) => ({
    product_id: `P${i + 1}`,
    item_no: `C${3001 + i}`,
    title: `连衣裙 ${i + 1}`,
    stall_name: '一号档口',
    image: `/media/p/P${i + 1}/main-1.jpg`,
    skus: [{ sku_id: `K${i + 1}`, color: '黑色', size: 'M', cost: 3000 + i * 10, stock: 10 }],
  }));
}

/**
 * How a package's job runs in the fake server: excel/job answers it running `polls` times (half
 * its products done on each of those), then `end`: done, or failed with `error`.
 */
export interface JobScript {
  polls?: number;
  end?: 'done' | 'failed';
  error?: string;
}

/** The CSV listing/export_skus answers: UTF-8 with a BOM, one row per listed SKU, named by the filter. */
export const skusFileName = (filter: string) => `listing-skus-${filter}-20261121103000.csv`;
function skusCsv(listings: Listing[], filter: string): Response {
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  const rows = [['商家编码', '货号', '标题', '店铺', '颜色', '尺码', '状态']];
  for (const l of listings) for (const s of l.skus) rows.push([s.sku_id, l.item_no, l.title, l.shop_name, s.color, s.size, s.sku_state]);
  const csv = `\uFEFF${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
  return new Response(new TextEncoder().encode(csv), {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${skusFileName(filter)}"` },
  });
}

/**
 * One seller's listing data: `shops`, `listings` and the catalogue the preview prices
 * (`PRODUCTS` unless told); `platforms` says whose packages can be built. Returns the state the
 * routes change and the routes, by path below /jpmall/addons/unishop ('/listing/shops').
 */
export function listingServer({
  shops = [],
  listings = [],
  products = PRODUCTS,
  platforms = PLATFORMS,
  job: script = {},
}: { shops?: ListingShop[]; listings?: Listing[]; products?: CatalogueProduct[]; platforms?: ListingShops['platforms']; job?: JobScript } = {}) {
  const state = {
    shops: shops.map((s) => ({ ...s })),
    listings: listings.map((l) => ({ ...l })),
    made: 0,
    packages: [] as string[],
    /** The package jobs started, and how many times excel/job was asked for each. */
    jobs: [] as { job: ListingPackageJob; asked: number }[],
  };
  const shopFor = (id: unknown) => state.shops.find((s) => s.id === id);
  /** The products asked for: those that can be listed, in the order given, and the others with why. */
  const picked = (body: Record<string, unknown>, call: Call) => {
    const ids = Array.isArray(body.product_ids) ? (body.product_ids as string[]) : [];
    const reasons = SKIP_REASONS[call.language === 'en_US' ? 'en_US' : 'zh_CN'];
    const found: CatalogueProduct[] = [];
    const skipped: ListingSkipped[] = [];
    for (const id of ids) {
      const product = products.find((p) => p.product_id === id);
      if (!product) skipped.push({ product_id: id, item_no: '', reason: reasons.unknown() });
      else if (product.on_sale === false) skipped.push({ product_id: id, item_no: product.item_no, reason: reasons.off(product.item_no) });
      else found.push(product);
    }
    return { ids, found, skipped };
  };
  /** listing/package's checks, in the server's order: the refusal, or the shop and the products it packages. */
  const packageChecked = (body: Record<string, unknown>, call: Call): Response | { shop: ListingShop; found: CatalogueProduct[] } => {
    const shop = shopFor(body.shop_id);
    if (!shop) return refused(404, '店铺不存在');
    if (!platforms.some((p) => p.code === shop.platform && p.packages)) return refused(422, '该平台的数据包即将推出');
    if (isForeignPlatform(shop.platform) && !shop.template) return refused(422, '请先在我的店铺上传这个店铺的类目模板');
    if (isForeignPlatform(shop.platform) && !RATES[shop.currency]) return refused(422, `还没有设置 ${shop.currency} 汇率，请在代发设置中设置`);
    // only the listable ones are packaged; refused (with the first one's reason) when none is
    const { found, skipped } = picked(body, call);
    if (found.length === 0) return refused(422, skipped[0]?.reason ?? '一次可铺货 1–200 件商品', { field: 'product_ids' });
    return { shop, found };
  };
  /** Records what a package lists; a request id seen before is the same package: recorded once. */
  const record = (shop: ListingShop, found: CatalogueProduct[], requestId: unknown) => {
    const request = typeof requestId === 'string' ? requestId : '';
    if (request && state.packages.includes(request)) return;
    if (request) state.packages.push(request);
    for (const product of found) {
      const preview = previewOf(shop, product);
      state.listings.unshift({
        id: `L-${shop.id}-${product.product_id}-${state.listings.length + 1}`,
        shop_id: shop.id,
        shop_name: shop.name,
        platform: shop.platform,
        product_id: product.product_id,
        item_no: product.item_no,
        title: preview.title,
        image: product.image,
        stall_name: product.stall_name,
        listed_at: 1795200000,
        product_state: 'on_shelf',
        stall_state: 'open',
        changed: false,
        pending: [],
        skus: preview.skus.map((sku) => ({
          sku_id: sku.sku_id,
          color: sku.color,
          size: sku.size,
          listed_price: sku.listed,
          cost_then: sku.cost,
          cost_now: sku.cost,
          margin_now: sku.margin,
          stock_now: sku.stock,
          sku_state: 'on_sale',
          price_changed: false,
        })),
      });
    }
  };
  const routes: Record<string, Handler> = {
    '/listing/shops': (_body, call) => ok({ list: state.shops.map((s) => shopIn(s, call.language)), platforms }),
    '/listing/shop_save': (body) => {
      const refusal = refusalOf(body);
      if (refusal) return refusal;
      const rule = body.rule as ListingRule;
      const fields = {
        platform: body.platform as ListingPlatform,
        name: (body.name as string).trim(),
        rule: { ...rule, title_prefix: rule.title_prefix.trim(), title_suffix: rule.title_suffix.trim() },
        currency: isForeignPlatform(body.platform as string) ? (body.currency as string) : '',
      };
      const existing = body.id ? shopFor(body.id) : undefined;
      if (body.id && !existing) return refused(404, '店铺不存在');
      if (existing) {
        Object.assign(existing, fields, { updated_at: existing.updated_at + 60 });
        return ok(existing);
      }
      state.made += 1;
      const shop: ListingShop = { id: `S-new-${state.made}`, ...fields, template: null, created_at: 1795100000, updated_at: 1795100000 };
      state.shops.push(shop);
      return ok(shop);
    },
    '/listing/shop_delete': (body) => {
      if (!shopFor(body.id)) return refused(404, '店铺不存在');
      state.shops = state.shops.filter((s) => s.id !== body.id);
      return ok({});
    },
    // the template's fields read from the multipart upload (serveListing): a shop of the platforms that need one
    '/listing/shop_template': (body, call) => {
      const shop = shopFor(body.shop_id);
      if (!shop) return refused(404, '店铺不存在');
      if (!isForeignPlatform(shop.platform)) return refused(422, '这个平台的店铺不需要模板');
      if (!body.size) return refused(422, '请选择要上传的模板文件', { field: 'file' });
      shop.template = templateOf({ uploaded_at: 1795200000 });
      return ok({ template: shopIn(shop, call.language).template });
    },
    '/listing/shop_template_delete': (body) => {
      const shop = shopFor(body.shop_id);
      if (!shop) return refused(404, '店铺不存在');
      shop.template = null;
      return ok({});
    },
    '/listing/preview': (body, call) => {
      const shop = shopFor(body.shop_id);
      if (!shop) return refused(404, '店铺不存在');
      const { ids, found, skipped } = picked(body, call);
      if (ids.length < 1 || ids.length > 200) return refused(422, '一次可铺货 1–200 件商品', { field: 'product_ids' });
      const shown = shopIn(shop, call.language);
      const foreign = isForeignPlatform(shop.platform) ? { currency: shop.currency, unfilled: shown.template?.unfilled ?? [] } : {};
      return ok({ shop: shown, products: found.map((p) => previewOf(shop, p)), skipped, ...foreign });
    },
    '/listing/package': (body, call) => {
      const checked = packageChecked(body, call);
      if (checked instanceof Response) return checked;
      record(checked.shop, checked.found, body.request_id);
      return zip();
    },
    // checked and recorded as listing/package, then made in the background (excel/job, excel/download)
    '/listing/package_job': (body, call) => {
      const checked = packageChecked(body, call);
      if (checked instanceof Response) return checked;
      record(checked.shop, checked.found, body.request_id);
      const total = checked.found.length;
      const job = packageJobOf({ id: `LJ${state.jobs.length + 1}`, status: 'running', progress: { done: 0, total }, row_count: 0, finished_at: null });
      state.jobs.push({ job, asked: 0 });
      return ok(job);
    },
    '/excel/job': (body) => {
      const made = state.jobs.find((j) => j.job.id === body.id);
      if (!made) return refused(404, '请求错误，未找到该资源');
      made.asked += 1;
      const { polls = 1, end = 'done', error = '' } = script;
      const { total } = made.job.progress;
      if (made.asked <= polls) made.job = { ...made.job, progress: { done: Math.floor((total * made.asked) / (polls + 1)), total } };
      else if (end === 'done') made.job = { ...made.job, status: 'done', progress: { done: total, total }, row_count: total, finished_at: 1795200030 };
      else made.job = { ...made.job, status: 'failed', error, finished_at: 1795200030 };
      return ok(made.job);
    },
    '/excel/download': (body) => {
      const made = state.jobs.find((j) => j.job.id === body.id);
      return made?.job.status === 'done' ? zip(made.job.file_name) : refused(404, '请求错误，未找到该资源');
    },
    '/listing/lists': (body) => {
      const filter = (body.filter ?? 'all') as ListingFilter;
      const mine = state.listings.filter((l) => !body.shop_id || l.shop_id === body.shop_id);
      const counts = { all: mine.length, to_act_on: 0, changed: 0, sold_out: 0, delisted: 0 };
      for (const f of ['to_act_on', 'changed', 'sold_out', 'delisted'] as const) counts[f] = mine.filter((l) => under(l, f)).length;
      const list = mine.filter((l) => under(l, filter));
      const page = Number(body.page ?? 1);
      const size = Number(body.pagesize ?? 10);
      // every shop the seller has listings in, whichever is filtered (a deleted one under its name)
      const shops: { id: string; name: string }[] = [];
      for (const l of state.listings) if (!shops.some((s) => s.id === l.shop_id)) shops.push({ id: l.shop_id, name: l.shop_name });
      return ok({ list: list.slice((page - 1) * size, page * size), total: list.length, page, pagesize: size, counts, shops });
    },
    '/listing/remove': (body) => {
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      const before = state.listings.length;
      state.listings = state.listings.filter((l) => !ids.includes(l.id));
      return ok({ removed: before - state.listings.length });
    },
    // a listing with nothing pending is left alone and not counted
    '/listing/mark_done': (body) => {
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      if (ids.length < 1 || ids.length > 200) return refused(422, '一次可处理 1–200 个商品', { field: 'ids' });
      if (body.how !== 'updated' && body.how !== 'delisted') return refused(422, '请选择处理方式', { field: 'how' });
      let marked = 0;
      state.listings = state.listings.map((l) => {
        if (!ids.includes(l.id) || l.pending.length === 0) return l;
        marked += 1;
        return { ...l, pending: [] };
      });
      return ok({ marked });
    },
    '/listing/export_skus': (body) => {
      const filter = (body.filter ?? 'all') as ListingFilter;
      return skusCsv(
        state.listings.filter((l) => (!body.shop_id || l.shop_id === body.shop_id) && under(l, filter)),
        filter,
      );
    },
  };
  return { state, routes };
}

/** What the page sent to listing/shop_template: the request's content type, its `shop_id` and its file's size. */
export interface TemplateUpload {
  type: string;
  shop_id: string | null;
  size: number;
}

/**
 * `serve` for the listing routes, with listing/shop_template's multipart form read as its fields:
 * the route gets `{shop_id, size}` (the shared kit reads only a multipart `file`), and `uploads`
 * keeps what was sent as it was sent.
 */
export function serveListing(routes: Record<string, Handler>): { calls: Call[]; uploads: TemplateUpload[] } {
  const calls = serve(routes);
  const answer = globalThis.fetch;
  const uploads: TemplateUpload[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    if (!new URL(input.url).pathname.endsWith('/listing/shop_template')) return answer(input);
    const type = input.headers.get('content-type') ?? '';
    const form = await input.formData();
    const file = form.get('file');
    const shopId = form.get('shop_id');
    const sent = { type, shop_id: typeof shopId === 'string' ? shopId : null, size: file && typeof file !== 'string' ? file.size : 0 };
    uploads.push(sent);
    const headers = new Headers(input.headers);
    headers.set('content-type', 'application/json');
    return answer(new Request(input.url, { method: 'POST', headers, body: JSON.stringify({ shop_id: sent.shop_id, size: sent.size }) }));
  });
  return { calls, uploads };
}

/** Han characters: the English screens show none of the product's own. */
export const HAN = /\p{Script=Han}/u;

/**
 * The text of `root` a reader sees in English, without what is marked as not to be translated
 * (`translate="no"`: names a person typed, stalls) or Chinese on purpose (`lang="zh-CN"`).
 */
export function ownText(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const marked of copy.querySelectorAll('[translate="no"], [lang="zh-CN"]')) marked.remove();
  return copy.textContent ?? '';
}
