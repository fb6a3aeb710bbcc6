import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT } from '../../features/cart/cart-test-kit';
import FavoritesScreen from '../../features/catalog/favorites-screen';
import ProductDetailScreen from '../../features/catalog/product-detail-screen';
import ProductListScreen from '../../features/catalog/product-list-screen';
import StallDetailScreen from '../../features/catalog/stall-detail-screen';
import {
  bodiesOf,
  count,
  HAN,
  JOB_PACKAGE_NAME,
  lastBody,
  listingServer,
  ok,
  ownText,
  PACKAGE_NAME,
  platformsBuilt,
  PRODUCTS,
  productsOf,
  refused,
  renderAt,
  RULE,
  serve,
  session,
  shopOf,
  stubBrowserBits,
  stubRequestOrigin,
  templateOf,
} from '../../features/listing/listing-test-kit';
import MyListingsScreen from '../../features/listing/my-listings-screen';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import type { ProductCard } from '../../lib/api-types';
import type * as FileDownload from '../../lib/file-download';
import { makeIntl, setIntl } from '../../lib/i18n';
import { languageChanged } from '../../state/session-slice';
import { ListInShopButton } from '../../widgets/list-in-shop';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
const openLoginPrompt = vi.fn();
const saved = vi.fn();
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => openLoginPrompt() }));
vi.mock('../../lib/file-download', async (original) => ({ ...(await original<typeof FileDownload>()), saveBlob: (...args: unknown[]) => saved(...args) }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 30_000 });
const SOON = { timeout: 15_000 };

beforeAll(() => {
  stubBrowserBits();
  configure({ asyncUtilTimeout: 15_000 });
});
beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  openLoginPrompt.mockClear();
  saved.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHOPS = [
  shopOf(),
  shopOf({
    id: 'S2',
    platform: 'shopee',
    name: '虾皮马来店',
    rule: { ...RULE, multiplier: '2.00', fixed_add: '0.00', rounding: 'none', title_prefix: '【包邮】', stock_cap: 10 },
    currency: 'MYR',
    template: templateOf(),
  }),
];
/** Only Taobao's packages built: Shopee's is 'coming soon'. */
const TAOBAO_ONLY = platformsBuilt('taobao');

const cardOf = (id: string, title: string): ProductCard & { favorited_at: number } => ({
  id,
  item_no: id === 'P1' ? 'A1001' : 'B2002',
  title,
  price: '49.90',
  image: `/media/p/${id}/main-1.jpg`,
  stall: { id: 's01', name: '一号档口' },
  favorite_count: 1,
  views: 1,
  popularity: 1,
  sales: 0,
  shelf_at: 1795000000,
  hot: false,
  new: true,
  sea: false,
  favorited_at: 1795000000,
});
const CARDS = [cardOf('P1', '夏季T恤'), cardOf('P2', '发夹')];

/** The catalogue's answers the three screens ask for, beside the listing server. */
const catalogue = {
  '/product/detail': () => ok(PRODUCT),
  '/product/favorites': () => ok({ list: CARDS, total: 2, page: 1, pagesize: 20 }),
  '/shop/detail': () => ok(PRODUCT.stall),
  '/product/lists': () => ok({ list: CARDS, total: 2, page: 1, pagesize: 20 }),
};

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const texts = (selector: string, root: ParentNode = document) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
const dialog = () => document.querySelector<HTMLElement>('.listing-dialog');
const previewRow = (sku: string) => document.querySelector<HTMLElement>(`.listing-preview-row[data-sku="${sku}"]`)!;
const cells = (sku: string) =>
  ['.listing-preview-color', '.listing-preview-size', '.listing-preview-cost', '.listing-preview-listed', '.listing-preview-margin', '.listing-preview-stock'].map((c) =>
    text(c, previewRow(sku)),
  );
const downloadButton = () => document.querySelector<HTMLButtonElement>('.listing-package-download')!;

async function openDialog() {
  await waitFor(() => expect(document.querySelector<HTMLButtonElement>('.list-in-shop')?.disabled).toBe(false), SOON);
  fireEvent.click(document.querySelector('.list-in-shop')!);
  await waitFor(() => expect(dialog()).toBeTruthy(), SOON);
}

async function pickShop(name: string) {
  fireEvent.mouseDown(document.querySelector('.listing-shop-select .ant-select-content, .listing-shop-select .ant-select-selector, .listing-shop-select')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.listing-shop-select-popup .ant-select-item-option')].find((o) => o.textContent?.startsWith(name));
    if (!found) throw new Error(`${name} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

describe('list in my shop from the product screen', () => {
  it('without a session opens the login prompt and sends nothing of the listing', async () => {
    const calls = serve({ ...catalogue, ...listingServer({ shops: SHOPS }).routes });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl, { loggedInAs: null });
    await waitFor(() => expect(text('.list-in-shop')).toBe('一键铺货'), SOON);
    fireEvent.click(document.querySelector('.list-in-shop')!);
    expect(openLoginPrompt).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path.startsWith('/listing/'))).toEqual([]);
    expect(dialog()).toBeNull();
  });

  it('previews the prices of the first shop, downloads its package, asks the listings again and links to them', async () => {
    const { state, routes } = listingServer({ shops: SHOPS });
    const calls = serve({ ...catalogue, ...routes });
    // My listings on the same store: the download asks it again
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl, { around: <MyListingsScreen /> });
    await waitFor(() => expect(document.querySelector('.listings-empty')).toBeTruthy(), SOON);
    expect(document.querySelector('.product-actions .list-in-shop')).toBeTruthy();
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    expect(bodiesOf(calls, '/listing/preview')).toEqual([{ shop_id: 'S1', product_ids: ['P1'] }]);
    expect(text('.listing-dialog-count')).toBe('已选 1 件商品');
    expect(text('.listing-shop-select')).toBe('小王的淘宝店 · 淘宝');
    expect(text('.listing-rule-summary')).toBe('×1.5 + ¥5.00，尾数 .90');
    expect(text('.listing-preview-title', previewRow('K1'))).toBe('夏季T恤');
    // 34.20 × 1.5 + 5.00 = 56.30 → 56.90; 49.90 × 1.5 + 5.00 = 79.85 → 79.90
    expect(cells('K1')).toEqual(['黑色', 'M', '¥34.20', '¥56.90', '¥22.70', '120']);
    expect(cells('K2')).toEqual(['白色', 'L', '¥49.90', '¥79.90', '¥30.00', '3']);
    // the product's cell spans its SKUs
    expect(previewRow('K1').querySelector('.listing-preview-title')).toBeTruthy();
    expect(previewRow('K2').querySelector('.listing-preview-title')).toBeNull();
    expect(document.querySelector('.listing-package-coming')).toBeNull();
    const listsBefore = count(calls, '/listing/lists');

    expect(downloadButton().disabled).toBe(false);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    const packaged = calls.find((c) => c.path === '/listing/package')!;
    expect(packaged).toMatchObject({ method: 'POST', token: 'tok', language: 'zh_CN' });
    expect(packaged.body).toEqual({ shop_id: 'S1', product_ids: ['P1'], request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(saved.mock.calls[0]![1]).toBe(PACKAGE_NAME);
    expect(await (saved.mock.calls[0]![0] as Blob).arrayBuffer()).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]).buffer);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('数据包已下载：1 件商品已记入「小王的淘宝店」的铺货', 'success', 'listing-package', { text: '查看我的铺货', href: '/myListings?site=' }),
    );
    await waitFor(() => expect(document.querySelector('.listing-dialog .listing-dialog-count')).toBeNull(), SOON);
    // what was listed shows in My listings, asked again
    await waitFor(() => expect(count(calls, '/listing/lists')).toBe(listsBefore + 1), SOON);
    await waitFor(() => expect(document.querySelectorAll('.listing-row')).toHaveLength(1), SOON);
    expect(state.listings[0]).toMatchObject({ shop_id: 'S1', product_id: 'P1' });
  });

  it("another shop previews by its rule; a platform whose package is not built yet can't download, and says so", async () => {
    const { routes } = listingServer({ shops: SHOPS, platforms: TAOBAO_ONLY });
    const calls = serve({ ...catalogue, ...routes });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl);
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    await pickShop('虾皮马来店');
    await waitFor(() => expect(lastBody(calls, '/listing/preview')).toEqual({ shop_id: 'S2', product_ids: ['P1'] }), SOON);
    await waitFor(() => expect(text('.listing-preview-title', previewRow('K1'))).toBe('【包邮】夏季T恤'), SOON);
    expect(text('.listing-rule-summary')).toBe('×2，库存最多 10 件');
    // the stock shown is capped by the rule
    expect(cells('K1')).toEqual(['黑色', 'M', '¥34.20', '¥68.40', '¥34.20', '10']);
    expect(cells('K2')).toEqual(['白色', 'L', '¥49.90', '¥99.80', '¥49.90', '3']);
    expect(text('.listing-package-coming')).toBe('Shopee 数据包即将推出，现在可以先预览价格');
    expect(downloadButton().disabled).toBe(true);
    fireEvent.mouseEnter(document.querySelector('.listing-package-wrap')!);
    await waitFor(() => expect(text('.listing-package-coming-tip')).toBe('Shopee 数据包即将推出，现在可以先预览价格'), SOON);
    expect(count(calls, '/listing/package')).toBe(0);
  });

  it('a margin the server gives under the rule’s minimum shows as the minimum', async () => {
    const { routes } = listingServer({ shops: [shopOf({ rule: { ...RULE, min_margin: '25.00' } })] });
    serve({
      ...catalogue,
      ...routes,
      '/listing/preview': async (body, call) => {
        const answer = (await (await routes['/listing/preview']!(body, call)).json()) as { data: { products: { skus: { margin: string }[] }[] } };
        answer.data.products[0]!.skus[0]!.margin = '22.70';
        return ok(answer.data);
      },
    });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl);
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    expect(text('.listing-preview-margin', previewRow('K1'))).toBe('¥25.00');
  });

  it('with no shop yet, one is added in the dialog and previewed at once', async () => {
    const { state, routes } = listingServer();
    const calls = serve({ ...catalogue, ...routes });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl);
    await openDialog();
    await waitFor(() => expect(text('.listing-no-shop .ant-empty-description')).toBe('还没有店铺：先添加要铺货的店铺和它的定价规则'), SOON);
    expect(downloadButton().disabled).toBe(true);
    fireEvent.click(document.querySelector('.listing-shop-create')!);
    await waitFor(() => expect(document.querySelector('.listing-shop-modal .listing-shop-form')).toBeTruthy(), SOON);
    fireEvent.change(document.querySelector('.listing-shop-name-input input, input.listing-shop-name-input')!, { target: { value: '新淘宝店' } });
    fireEvent.click(document.querySelector('.listing-rounding-whole_yuan input')!);
    fireEvent.click(document.querySelector('.listing-shop-submit')!);
    await waitFor(() => expect(bodiesOf(calls, '/listing/shop_save')).toHaveLength(1), SOON);
    expect(state.shops.map((s) => s.name)).toEqual(['新淘宝店']);
    await waitFor(() => expect(lastBody(calls, '/listing/preview')).toEqual({ shop_id: 'S-new-1', product_ids: ['P1'] }), SOON);
    await waitFor(() => expect(cells('K1')).toEqual(['黑色', 'M', '¥34.20', '¥52.00', '¥17.80', '120']), SOON);
    expect(text('.listing-shop-select')).toBe('新淘宝店 · 淘宝');
    expect(downloadButton().disabled).toBe(false);
  });
});

describe('list in my shop for several products', () => {
  it('the favourites list the products chosen; a refused package shows its message and saves nothing', async () => {
    const { routes } = listingServer({ shops: SHOPS });
    const calls = serve({ ...catalogue, ...routes, '/listing/package': () => refused(422, '商品 B2002 已下架，无法铺货') });
    renderAt('/productCollection?site=', <FavoritesScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.favorite-select')).toHaveLength(2), SOON);
    const button = () => document.querySelector<HTMLButtonElement>('.collection-tools .list-in-shop')!;
    expect(button().disabled).toBe(true);
    expect(text('.collection-tools .list-in-shop')).toBe('铺货所选（0）');
    fireEvent.click(document.querySelector('.select-all input')!);
    await waitFor(() => expect(text('.collection-tools .list-in-shop')).toBe('铺货所选（2）'));
    await openDialog();
    expect(text('.listing-dialog-count')).toBe('已选 2 件商品');
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(3), SOON);
    expect(bodiesOf(calls, '/listing/preview')).toEqual([{ shop_id: 'S1', product_ids: ['P1', 'P2'] }]);
    // 0.10 × 1.5 + 5.00 = 5.15 → 5.90
    expect(cells('K3')).toEqual(['红色', '均码', '¥0.10', '¥5.90', '¥5.80', '50']);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('商品 B2002 已下架，无法铺货', 'error'), SOON);
    expect(bodiesOf(calls, '/listing/package')).toEqual([{ shop_id: 'S1', product_ids: ['P1', 'P2'], request_id: expect.any(String) }]);
    expect(saved).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
    // tried again, it is the same package; for another shop another one
    await waitFor(() => expect(downloadButton().classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(downloadButton());
    await waitFor(() => expect(count(calls, '/listing/package')).toBe(2), SOON);
    const [first, again] = bodiesOf(calls, '/listing/package');
    expect(again).toEqual(first);
    await pickShop('虾皮马来店');
    await waitFor(() => expect(lastBody(calls, '/listing/preview')).toMatchObject({ shop_id: 'S2' }), SOON);
    await waitFor(() => expect(downloadButton().disabled).toBe(false), SOON);
    await waitFor(() => expect(downloadButton().classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(downloadButton());
    await waitFor(() => expect(count(calls, '/listing/package')).toBe(3), SOON);
    const other = lastBody(calls, '/listing/package')!;
    expect(other).toMatchObject({ shop_id: 'S2', product_ids: ['P1', 'P2'] });
    expect(other.request_id).not.toBe(first!.request_id);
    expect(toast).not.toHaveBeenCalledWith(expect.anything(), 'success', 'listing-package', expect.anything());
  });

  it('products that cannot be listed are named with their reason above the table; the package holds the rest', async () => {
    // the hair clip is off the shelf
    const products = PRODUCTS.map((p) => (p.product_id === 'P2' ? { ...p, on_sale: false } : p));
    const { state, routes } = listingServer({ shops: SHOPS, products });
    const calls = serve({ ...catalogue, ...routes });
    renderAt('/productCollection?site=', <FavoritesScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.favorite-select')).toHaveLength(2), SOON);
    fireEvent.click(document.querySelector('.select-all input')!);
    await waitFor(() => expect(text('.collection-tools .list-in-shop')).toBe('铺货所选（2）'));
    await openDialog();
    await waitFor(() => expect(document.querySelector('.listing-preview-skipped')).toBeTruthy(), SOON);
    expect(bodiesOf(calls, '/listing/preview')).toEqual([{ shop_id: 'S1', product_ids: ['P1', 'P2'] }]);
    expect(text('.listing-preview-skipped .ant-alert-title')).toBe('1 件商品不能铺货，数据包里不会有它们：');
    const skipped = [...document.querySelectorAll<HTMLElement>('.listing-skipped')];
    expect(skipped.map((s) => [s.dataset.product, s.textContent])).toEqual([['P2', '货号 B2002 已下架或档口已关闭，不能铺货']]);
    // above the table, which has the T-shirt's SKUs only
    expect(document.querySelector('.listing-preview-skipped')!.compareDocumentPosition(document.querySelector('.listing-preview')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect([...document.querySelectorAll<HTMLElement>('.listing-preview-row')].map((r) => r.dataset.sku)).toEqual(['K1', 'K2']);

    expect(downloadButton().disabled).toBe(false);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(bodiesOf(calls, '/listing/package')).toEqual([{ shop_id: 'S1', product_ids: ['P1'], request_id: expect.any(String) }]);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('数据包已下载：1 件商品已记入「小王的淘宝店」的铺货', 'success', 'listing-package', { text: '查看我的铺货', href: '/myListings?site=' }),
    );
    expect(state.listings.map((l) => l.product_id)).toEqual(['P1']);
  });

  it('when none of the products can be listed there is nothing to download', async () => {
    const products = PRODUCTS.map((p) => ({ ...p, on_sale: false }));
    const calls = serve({ ...catalogue, ...listingServer({ shops: SHOPS, products }).routes });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl);
    await openDialog();
    await waitFor(() => expect(texts('.listing-skipped')).toEqual(['货号 A1001 已下架或档口已关闭，不能铺货']), SOON);
    expect(document.querySelector('.listing-preview')).toBeNull();
    expect(downloadButton().disabled).toBe(true);
    expect(count(calls, '/listing/package')).toBe(0);
  });

  it('a package answered 401 logs out with the login prompt', async () => {
    const { routes } = listingServer({ shops: SHOPS });
    serve({ ...catalogue, ...routes, '/listing/package': () => refused(401, '请先登录') });
    const store = renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl);
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(openLoginPrompt).toHaveBeenCalled(), SOON);
    expect(store.getState().session.token).toBe('');
    expect(saved).not.toHaveBeenCalled();
  });

  it("a stall's products can be chosen with a session and listed; without one there is nothing to choose", async () => {
    const { routes } = listingServer({ shops: SHOPS });
    const calls = serve({ ...catalogue, ...routes });
    renderAt('/wholesale?id=s01&site=', <StallDetailScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.stall-product-select')).toHaveLength(2), SOON);
    fireEvent.click(document.querySelectorAll<HTMLElement>('.stall-product-select input')[1]!);
    await waitFor(() => expect(text('.stall-tools .list-in-shop')).toBe('铺货所选（1）'));
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(1), SOON);
    expect(bodiesOf(calls, '/listing/preview')).toEqual([{ shop_id: 'S1', product_ids: ['P2'] }]);
    cleanup();
    localStorage.clear(); // the session is mirrored there

    serve({ ...catalogue, ...listingServer({ shops: SHOPS }).routes });
    renderAt('/wholesale?id=s01&site=', <StallDetailScreen />, intl, { loggedInAs: null });
    await waitFor(() => expect(document.querySelectorAll('.product-tile')).toHaveLength(2), SOON);
    expect(document.querySelector('.stall-product-select')).toBeNull();
    expect(document.querySelector('.stall-tools')).toBeNull();
  });

  it('more than 200 products at once are refused in the page, without a preview', async () => {
    const calls = serve(listingServer({ shops: SHOPS }).routes);
    const many = Array.from({ length: 201 }, (_, i) => ({ id: `P${i}`, title: `p${i}` }));
    renderAt('/x?site=', <ListInShopButton selection products={many} />, intl);
    await openDialog();
    await waitFor(() => expect(text('.listing-too-many')).toBe('一次最多铺货 200 件商品，已选 201 件'), SOON);
    expect(downloadButton().disabled).toBe(true);
    expect(count(calls, '/listing/preview')).toBe(0);
  });
});

describe('the listing dialog in English', () => {
  it('shows none of its own text in Chinese; names the seller typed and stalls are marked', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    const products = PRODUCTS.map((p) => ({
      ...p,
      title: p.product_id === 'P1' ? 'Summer T-shirt' : 'Hair clip',
      skus: p.skus.map((s) => ({ ...s, color: 'Black', size: s.size === '均码' ? 'One size' : s.size })),
    }));
    const { routes } = listingServer({ shops: SHOPS, products, platforms: TAOBAO_ONLY });
    const calls = serve({ ...catalogue, ...routes });
    const store = renderAt('/x?site=', <ListInShopButton selection products={[{ id: 'P1', title: 'Summer T-shirt' }, { id: 'P9', title: 'Gone' }]} />, english, {
      loggedInAs: session,
    });
    store.dispatch(languageChanged('en_US'));
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    expect(lastBody(calls, '/listing/preview')).toEqual({ shop_id: 'S1', product_ids: ['P1', 'P9'] });
    expect(calls.find((c) => c.path === '/listing/preview')?.language).toBe('en_US');
    expect(text('.listing-dialog-count')).toBe('2 products chosen');
    expect(text('.listing-rule-summary')).toBe('×1.5 + ¥5.00, round to .90');
    // the product the server left out, with its reason in English
    expect(text('.listing-preview-skipped .ant-alert-title')).toBe('1 product cannot be listed and is left out of the package:');
    expect(texts('.listing-skipped')).toEqual(['The product does not exist or was removed.']);
    expect(texts('.listing-preview thead th').filter(Boolean)).toEqual(['Product (title as listed)', 'Colour', 'Size', 'Cost', 'Listed price', 'Margin', 'Stock listed']);
    expect(ownText(dialog()!)).not.toMatch(HAN);
    expect(dialog()!.textContent).toMatch(HAN);
    await pickShop('虾皮马来店');
    await waitFor(() => expect(text('.listing-package-coming')).toBe('The Shopee package is coming soon; you can preview the prices now'), SOON);
    await waitFor(() => expect(text('.listing-preview-title', previewRow('K1'))).toBe('【包邮】Summer T-shirt'), SOON);
    expect(ownText(dialog()!)).not.toMatch(HAN);
  });
});

describe('list in my shop from a product list', () => {
  /** 21 products: the two on page 1, a scarf on page 2. */
  const pageOf = (body: Record<string, unknown>) =>
    ok(Number(body.page ?? 1) === 1 ? { list: CARDS, total: 21, page: 1, pagesize: 20 } : { list: [cardOf('P3', '围巾')], total: 21, page: 2, pagesize: 20 });
  const lists = { ...catalogue, '/category/tree': () => ok([]), '/product/lists': pageOf };
  const tools = () => document.querySelector<HTMLButtonElement>('.product-list-tools .list-in-shop')!;
  const tick = (id: string) => fireEvent.click(document.querySelector(`.product-list-select[data-id="${id}"] input`)!);
  const ticked = () => [...document.querySelectorAll<HTMLElement>('.product-list-select')].filter((s) => s.querySelector<HTMLInputElement>('input')!.checked).map((s) => s.dataset.id);

  it('the tiles chosen are listed; another page or sort forgets them', async () => {
    const calls = serve({ ...lists, ...listingServer({ shops: SHOPS }).routes });
    renderAt('/search?q=T&site=', <ProductListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.product-list-select')).toHaveLength(2), SOON);
    // the box is over the tile's picture, outside its link
    expect(document.querySelector('.product-tile-link .product-list-select')).toBeNull();
    expect(tools().disabled).toBe(true);
    expect(text('.product-list-tools .list-in-shop')).toBe('铺货所选（0）');
    tick('P1');
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('.product-list-select-all input')!.indeterminate).toBe(true));
    tick('P2');
    await waitFor(() => expect(text('.product-list-tools .list-in-shop')).toBe('铺货所选（2）'));
    expect(document.querySelector<HTMLInputElement>('.product-list-select-all input')!.checked).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/search?q=T&site=');
    await openDialog();
    expect(text('.listing-dialog-count')).toBe('已选 2 件商品');
    await waitFor(() => expect(bodiesOf(calls, '/listing/preview')).toEqual([{ shop_id: 'S1', product_ids: ['P1', 'P2'] }]), SOON);
    fireEvent.click(document.querySelector('.listing-dialog .ant-modal-close')!);

    // another page and back: nothing chosen
    fireEvent.click(document.querySelector('.list-pagination .ant-pagination-item-2')!);
    await waitFor(() => expect(document.querySelector('.product-list-select[data-id="P3"]')).toBeTruthy(), SOON);
    expect(text('.product-list-tools .list-in-shop')).toBe('铺货所选（0）');
    fireEvent.click(document.querySelector('.list-pagination .ant-pagination-item-1')!);
    await waitFor(() => expect(document.querySelector('.product-list-select[data-id="P1"]')).toBeTruthy(), SOON);
    expect(ticked()).toEqual([]);
    expect(text('.product-list-tools .list-in-shop')).toBe('铺货所选（0）');
    // another sort (the same products): nothing chosen
    tick('P2');
    await waitFor(() => expect(text('.product-list-tools .list-in-shop')).toBe('铺货所选（1）'));
    fireEvent.click(document.querySelectorAll<HTMLElement>('.list-sort .ant-segmented-item')[1]!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).not.toBe('/search?q=T&site='), SOON);
    expect(ticked()).toEqual([]);
    expect(text('.product-list-tools .list-in-shop')).toBe('铺货所选（0）');
  });

  it('without a session there is nothing to choose', async () => {
    serve({ ...lists, ...listingServer({ shops: SHOPS }).routes });
    renderAt('/search?q=T&site=', <ProductListScreen />, intl, { loggedInAs: null });
    await waitFor(() => expect(document.querySelectorAll('.product-tile')).toHaveLength(2), SOON);
    expect(document.querySelector('.product-list-select')).toBeNull();
    expect(document.querySelector('.product-list-tools')).toBeNull();
  });
});

describe('a Shopee, Lazada or TikTok Shop shop in the dialog', () => {
  it('previews the listed price in its currency beside the yuan one and the columns to fill in; the package downloads', async () => {
    const { routes } = listingServer({ shops: SHOPS });
    const calls = serve({ ...catalogue, ...routes });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl);
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    // the Taobao shop is in yuan only
    expect(document.querySelector('.listing-preview-foreign')).toBeNull();
    expect(document.querySelector('.listing-dialog-rate')).toBeNull();
    await pickShop('虾皮马来店');
    // ¥68.40 / 1.55 = MYR 44.13; ¥99.80 / 1.55 = MYR 64.39
    await waitFor(() => expect(text('.listing-preview-foreign', previewRow('K1'))).toBe('MYR 44.13'), SOON);
    expect(text('.listing-preview-foreign', previewRow('K2'))).toBe('MYR 64.39');
    expect(text('.listing-preview-listed', previewRow('K1'))).toBe('¥68.40');
    expect(texts('.listing-preview thead th').filter(Boolean)).toEqual(['商品（上架标题）', '颜色', '尺码', '拿货价', '上架价', '上架价（MYR）', '利润', '上架库存']);
    expect(text('.listing-preview-unfilled')).toBe('需要你在表格里填写：类目、重量');
    expect(text('.listing-dialog-rate')).toBe('MYR 价格按你设置的汇率换算。 设置汇率');
    expect(document.querySelector('.listing-rates-link')?.getAttribute('href')).toBe('/forwardSeting?site=');
    expect(document.querySelector('.listing-template-missing')).toBeNull();
    expect(document.querySelector('.listing-rate-missing')).toBeNull();
    await waitFor(() => expect(downloadButton().disabled).toBe(false));
    fireEvent.click(downloadButton());
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(lastBody(calls, '/listing/package')).toMatchObject({ shop_id: 'S2', product_ids: ['P1'] });
  });

  it('without a template the download is off, saying so with a link to My shops', async () => {
    const shops = [shopOf({ id: 'S3', platform: 'lazada', name: 'Lazada 新加坡店', currency: 'SGD', template: null })];
    const calls = serve({ ...catalogue, ...listingServer({ shops }).routes });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl, { routes: { '/listingShops': <p className="shops-here" /> } });
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    // ¥56.90 / 5.30 = SGD 10.74: the prices preview all the same
    expect(text('.listing-preview-foreign', previewRow('K1'))).toBe('SGD 10.74');
    expect(text('.listing-template-missing .ant-alert-title')).toBe('这个店铺还没有上传 Lazada 类目模板，上传后才能下载数据包');
    expect(document.querySelector('.listing-preview-unfilled')).toBeNull();
    expect(downloadButton().disabled).toBe(true);
    const link = document.querySelector<HTMLAnchorElement>('.listing-template-missing .listing-template-link')!;
    expect(link.textContent).toBe('去我的店铺上传');
    fireEvent.click(link);
    await waitFor(() => expect(document.querySelector('.shops-here')).toBeTruthy(), SOON);
    expect(screen.getByTestId('where').textContent).toBe('/listingShops?site=');
    await waitFor(() => expect(document.querySelector('.listing-dialog .listing-dialog-count')).toBeNull(), SOON);
    expect(count(calls, '/listing/package')).toBe(0);
  });

  it('without a rate for its currency the price in it is not known and the download is off, linking to the rates', async () => {
    const shops = [shopOf({ id: 'S4', platform: 'tiktok', name: 'TikTok 泰国店', currency: 'THB', template: templateOf({ unfilled: [] }) })];
    const calls = serve({ ...catalogue, ...listingServer({ shops }).routes });
    renderAt('/goodsDetail?id=P1&site=', <ProductDetailScreen />, intl);
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(2), SOON);
    expect(text('.listing-preview-foreign', previewRow('K1'))).toBe('—');
    expect(text('.listing-rate-missing .ant-alert-title')).toBe('还没有设置 THB 汇率：无法换算上架价，也不能下载数据包');
    expect(document.querySelector('.listing-rate-missing .listing-rate-link')?.getAttribute('href')).toBe('/forwardSeting?site=');
    expect(document.querySelector('.listing-preview-unfilled')).toBeNull();
    expect(document.querySelector('.listing-template-missing')).toBeNull();
    expect(downloadButton().disabled).toBe(true);
    expect(count(calls, '/listing/package')).toBe(0);
  });

  it('in English, with the columns to fill in as the server words them', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    const products = PRODUCTS.map((p) => ({ ...p, title: 'Summer T-shirt', skus: p.skus.map((s) => ({ ...s, color: 'Black', size: 'M' })) }));
    serve({ ...catalogue, ...listingServer({ shops: [SHOPS[1]!], products }).routes });
    const store = renderAt('/x?site=', <ListInShopButton selection products={[{ id: 'P1', title: 'Summer T-shirt' }]} />, english, { loggedInAs: session });
    store.dispatch(languageChanged('en_US'));
    await openDialog();
    await waitFor(() => expect(text('.listing-preview-foreign', previewRow('K1'))).toBe('MYR 44.13'), SOON);
    expect(texts('.listing-preview thead th').filter(Boolean)).toContain('Listed price (MYR)');
    expect(text('.listing-preview-unfilled')).toBe('You fill in: category, weight');
    expect(text('.listing-dialog-rate')).toBe('Prices in MYR are at your exchange rate. Set exchange rates');
    expect(ownText(dialog()!)).not.toMatch(HAN);
  });
});

describe('a package of more than 20 products', () => {
  /** The products chosen, as the catalogue screens give them to the dialog. */
  const refsOf = (count: number) => productsOf(count).map((p) => ({ id: p.product_id, title: p.title }));
  const ids = (count: number) => Array.from({ length: count }, (_, i) => `P${i + 1}`);

  it('is made as a background job: its progress in products, then the zip saved once under its name, with a link to the export record', async () => {
    const { state, routes } = listingServer({ shops: SHOPS, products: productsOf(21) });
    const calls = serve(routes);
    renderAt('/x?site=', <ListInShopButton selection products={refsOf(21)} />, intl);
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(21), SOON);
    await waitFor(() => expect(downloadButton().disabled).toBe(false), SOON);
    // a double click starts one job
    fireEvent.click(downloadButton());
    fireEvent.click(downloadButton());
    await waitFor(() => expect(document.querySelector('.listing-package-progress')).toBeTruthy(), SOON);
    expect(bodiesOf(calls, '/listing/package_job')).toEqual([{ shop_id: 'S1', product_ids: ids(21), request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(count(calls, '/listing/package')).toBe(0);
    // recorded when it starts
    expect(state.listings).toHaveLength(21);
    expect(text('.listing-package-making')).toBe('正在生成「小王的淘宝店」的数据包（21 件商品，含图片）…');
    expect(text('.listing-package-background')).toBe('可以关闭此窗口，数据包会在后台继续生成，完成后可在导入导出记录中下载。');
    expect(document.querySelector('.listing-package-progress .excel-history-link')?.getAttribute('href')).toBe('/exportExcelHistory?site=');
    await waitFor(() => expect(text('.listing-package-progress .excel-progress-text')).toBe('已处理 10 / 21 件商品'), SOON);
    expect(document.querySelector('.listing-package-download')).toBeNull();

    await waitFor(() => expect(document.querySelector('.listing-package-done')).toBeTruthy(), SOON);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(saved.mock.calls[0]![1]).toBe(JOB_PACKAGE_NAME);
    expect(await (saved.mock.calls[0]![0] as Blob).arrayBuffer()).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]).buffer);
    expect(bodiesOf(calls, '/excel/download')).toEqual([{ id: 'LJ1' }]);
    expect(text('.listing-package-done .ant-result-title')).toBe('数据包已生成');
    expect(text('.listing-package-file')).toBe(`${JOB_PACKAGE_NAME} 已开始下载：21 件商品已记入「小王的淘宝店」的铺货`);
    expect(document.querySelector('.listing-package-done .excel-history-link')?.getAttribute('href')).toBe('/exportExcelHistory?site=');
    expect(document.querySelector('.listing-package-listings')?.getAttribute('href')).toBe('/myListings?site=');
    // done: no more asking, and saved once
    const asked = count(calls, '/excel/job');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(count(calls, '/excel/job')).toBe(asked);
    expect(saved).toHaveBeenCalledTimes(1);
    // again on request
    fireEvent.click(document.querySelector('.listing-package-again')!);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2), SOON);
    expect(saved.mock.calls[1]![1]).toBe(JOB_PACKAGE_NAME);
  });

  it("a job that fails shows the job's error and saves nothing", async () => {
    const { routes } = listingServer({ shops: SHOPS, products: productsOf(21), job: { end: 'failed', error: '数据包写入失败，请重试' } });
    const calls = serve(routes);
    renderAt('/x?site=', <ListInShopButton selection products={refsOf(21)} />, intl);
    await openDialog();
    await waitFor(() => expect(downloadButton().disabled).toBe(false), SOON);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(document.querySelector('.listing-package-failed')).toBeTruthy(), SOON);
    expect(text('.listing-package-failed .ant-result-title')).toBe('数据包生成失败');
    expect(text('.listing-package-error')).toBe('数据包写入失败，请重试');
    expect(document.querySelector('.listing-package-failed .excel-history-link')).toBeTruthy();
    expect(count(calls, '/excel/download')).toBe(0);
    expect(saved).not.toHaveBeenCalled();
  });

  it('a refused job is a toast, and the preview stays', async () => {
    const { routes } = listingServer({ shops: SHOPS, products: productsOf(21) });
    const calls = serve({ ...routes, '/listing/package_job': () => refused(422, '货号 C3001 已下架或档口已关闭，不能铺货', { field: 'product_ids' }) });
    renderAt('/x?site=', <ListInShopButton selection products={refsOf(21)} />, intl);
    await openDialog();
    await waitFor(() => expect(downloadButton().disabled).toBe(false), SOON);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('货号 C3001 已下架或档口已关闭，不能铺货', 'error', undefined), SOON);
    expect(count(calls, '/listing/package_job')).toBe(1);
    expect(document.querySelector('.listing-package-progress')).toBeNull();
    expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(21);
    await waitFor(() => expect(downloadButton().classList.contains('ant-btn-loading')).toBe(false));
  });

  it('closed while it runs, it stops asking (it carries on in the export record)', async () => {
    const { routes } = listingServer({ shops: SHOPS, products: productsOf(21), job: { polls: 1000 } });
    const calls = serve(routes);
    renderAt('/x?site=', <ListInShopButton selection products={refsOf(21)} />, intl);
    await openDialog();
    await waitFor(() => expect(downloadButton().disabled).toBe(false), SOON);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(count(calls, '/excel/job')).toBeGreaterThan(0), SOON);
    fireEvent.click(document.querySelector('.listing-dialog .ant-modal-close')!);
    await waitFor(() => expect(document.querySelector('.listing-dialog .listing-package-progress')).toBeNull(), SOON);
    const asked = count(calls, '/excel/job');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(count(calls, '/excel/job')).toBe(asked);
    expect(saved).not.toHaveBeenCalled();
  });

  it('20 or fewer are still the streamed download: 3 products use listing/package', async () => {
    const { routes } = listingServer({ shops: SHOPS, products: productsOf(3) });
    const calls = serve(routes);
    renderAt('/x?site=', <ListInShopButton selection products={refsOf(3)} />, intl);
    await openDialog();
    await waitFor(() => expect(document.querySelectorAll('.listing-preview-row')).toHaveLength(3), SOON);
    await waitFor(() => expect(downloadButton().disabled).toBe(false), SOON);
    fireEvent.click(downloadButton());
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(bodiesOf(calls, '/listing/package')).toEqual([{ shop_id: 'S1', product_ids: ids(3), request_id: expect.any(String) }]);
    expect(saved.mock.calls[0]![1]).toBe(PACKAGE_NAME);
    expect(count(calls, '/listing/package_job')).toBe(0);
    expect(count(calls, '/excel/job')).toBe(0);
  });
});
