import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import type * as FileDownload from '../../lib/file-download';
import { makeIntl, setIntl } from '../../lib/i18n';
import { languageChanged } from '../../state/session-slice';
import MyListingsScreen from './my-listings-screen';
import {
  bodiesOf,
  count,
  HAN,
  lastBody,
  listingOf,
  listingServer,
  listingSkuOf,
  ownText,
  pendingOf,
  refused,
  renderAt,
  serve,
  shopOf,
  skusFileName,
  stubBrowserBits,
  stubRequestOrigin,
} from './listing-test-kit';
import type { Listing } from './types';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));
const saved = vi.fn();
vi.mock('../../lib/file-download', async (original) => ({ ...(await original<typeof FileDownload>()), saveBlob: (...args: unknown[]) => saved(...args) }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 20_000 });
const SOON = { timeout: 10_000 };

beforeAll(() => {
  stubBrowserBits();
  configure({ asyncUtilTimeout: 10_000 });
});
beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  saved.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHOPS = [shopOf(), shopOf({ id: 'S2', platform: 'shopee', name: '虾皮马来店' })];

/**
 * Four listings, newest first: one as listed, one whose cost rose (its margin below zero) with a SKU
 * sold out, one delisted in a deleted shop, one sold out. The second and third have changes to act on.
 */
const LISTINGS: Listing[] = [
  listingOf({ id: 'L1' }),
  listingOf({
    id: 'L2',
    product_id: 'P2',
    item_no: 'B2002',
    title: '【包邮】发夹',
    stall_name: '二号档口',
    shop_id: 'S2',
    shop_name: '虾皮马来店',
    platform: 'shopee',
    listed_at: 1795000100,
    changed: true,
    skus: [
      listingSkuOf({ sku_id: 'K3', color: '红色', size: '均码', listed_price: '36.90', cost_then: '34.20', cost_now: '38.00', margin_now: '-1.10', price_changed: true }),
      listingSkuOf({ sku_id: 'K4', color: '蓝色', size: '均码', listed_price: '36.90', cost_then: '34.20', cost_now: '30.00', margin_now: '6.90', price_changed: true }),
      listingSkuOf({ sku_id: 'K5', color: '白色', size: '均码', stock_now: 0, sku_state: 'sold_out' }),
    ],
    pending: [
      pendingOf({ kind: 'price', sku_id: 'K3', color: '红色', size: '均码', before: '34.20', after: '38.00', at: 1795300200 }),
      pendingOf({ kind: 'sold_out', sku_id: 'K5', color: '白色', size: '均码', before: '3', after: '0', at: 1795300100 }),
    ],
  }),
  listingOf({
    id: 'L3',
    product_id: 'P3',
    shop_id: 'S9',
    shop_name: '旧店铺',
    product_state: 'off_shelf',
    stall_state: 'closed',
    changed: true,
    pending: [
      pendingOf({ kind: 'stall_closed', sku_id: '', color: '', size: '', before: '', after: '', at: 1795300300 }),
      pendingOf({ kind: 'delisted', sku_id: '', color: '', size: '', before: '', after: '', at: 1795300000 }),
    ],
  }),
  listingOf({ id: 'L4', product_id: 'P4', skus: [listingSkuOf({ stock_now: 0, sku_state: 'sold_out' })], changed: true }),
];

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const texts = (selector: string, root: ParentNode = document) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
const where = () => screen.getByTestId('where').textContent;
const row = (id: string) => document.querySelector<HTMLElement>(`.listing-row[data-listing="${id}"]`);
const rows = () => [...document.querySelectorAll<HTMLElement>('.listing-row')].map((r) => r.dataset.listing);
const sku = (listing: string, id: string) => row(listing)!.querySelector<HTMLElement>(`.listing-sku[data-sku="${id}"]`)!;
const choose = (id: string) => fireEvent.click(row(id)!.querySelector('.ant-checkbox-input')!);
const button = (selector: string, root: ParentNode = document) => root.querySelector<HTMLButtonElement>(selector)!;
/** A pending change's date as the row shows it. */
const at = (seconds: number) => formatDate(seconds, 'YYYY-MM-DD HH:mm');
/** Back on the shelf, and a SKU back in stock: with the four, every kind of change is shown. */
const RELISTED = listingOf({
  id: 'L5',
  product_id: 'P5',
  pending: [
    pendingOf({ kind: 'relisted', sku_id: '', color: '', size: '', before: '', after: '', at: 1795300500 }),
    pendingOf({ kind: 'restocked', before: '0', after: '20', at: 1795300400 }),
  ],
});

async function pickShop(name: string) {
  fireEvent.mouseDown(document.querySelector('.listings-shop-filter .ant-select-content, .listings-shop-filter .ant-select-selector, .listings-shop-filter')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.listings-shop-filter-popup .ant-select-item-option')].find((o) => o.textContent === name);
    if (!found) throw new Error(`${name} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

describe('My listings', () => {
  it('asks to log in without a session and sends nothing', () => {
    const calls = serve(listingServer().routes);
    renderAt('/myListings?site=', <MyListingsScreen />, intl, { loggedInAs: null });
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('lists each listed product with its shop, when it was listed and its SKUs today; the tabs count', async () => {
    const calls = serve(listingServer({ shops: SHOPS, listings: LISTINGS }).routes);
    renderAt('/myListings?site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toEqual(['L1', 'L2', 'L3', 'L4']), SOON);
    expect(bodiesOf(calls, '/listing/lists')).toEqual([{ filter: 'all', page: 1, pagesize: 10 }]);
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
    expect(texts('.listings-tab')).toEqual(['全部 4', '待处理 2', '有变动 3', '已售罄 1', '已下架 1']);

    const changed = row('L2')!;
    expect(text('.listing-title', changed)).toBe('【包邮】发夹');
    expect(changed.querySelector('.listing-title')?.closest('a')?.getAttribute('href')).toBe('/goodsDetail?id=P2&site=');
    expect(text('.listing-item-no', changed)).toBe('B2002');
    expect(text('.listing-shop', changed)).toBe('虾皮马来店Shopee');
    expect(text('.listing-listed-at', changed)).toBe(formatDate(1795000100));
    expect(text('.listing-changed', changed)).toBe('有变动');
    expect(row('L1')!.querySelector('.listing-changed')).toBeNull();
    expect(changed.dataset.changed).toBe('true');

    // the cost then → now, the rise highlighted; the margin below zero marked
    expect(text('.listing-sku-spec', sku('L2', 'K3'))).toBe('红色 / 均码');
    expect(text('.listing-sku-price', sku('L2', 'K3'))).toBe('¥36.90');
    expect(text('.listing-sku-cost', sku('L2', 'K3'))).toBe('¥34.20 → ¥38.00');
    expect(sku('L2', 'K3').querySelector('.listing-cost-now.is-up')?.getAttribute('title')).toBe('拿货价上涨');
    expect(sku('L2', 'K4').querySelector('.listing-cost-now.is-down')).toBeTruthy();
    expect(text('.listing-sku-margin', sku('L2', 'K3'))).toBe('¥-1.10');
    expect(sku('L2', 'K3').querySelector('.listing-sku-margin')!.classList.contains('is-negative')).toBe(true);
    expect(sku('L2', 'K4').querySelector('.listing-sku-margin')!.classList.contains('is-negative')).toBe(false);
    expect(text('.listing-sku-state', sku('L2', 'K3'))).toBe('在售');
    expect(text('.listing-sku-state', sku('L2', 'K5'))).toBe('已售罄');
    expect(text('.listing-sku-stock', sku('L2', 'K5'))).toBe('0');
    // an unchanged cost shows once
    expect(text('.listing-sku-cost', sku('L1', 'K1'))).toBe('¥34.20');
    expect(sku('L1', 'K1').querySelector('.listing-cost-then')).toBeNull();

    // the product off the shelf in a closed stall, in a shop since deleted: under its name
    expect(texts('.listing-badges .ant-tag', row('L3')!)).toEqual(['有变动', '已下架', '档口已关闭']);
    expect(text('.listing-shop', row('L3')!)).toBe('旧店铺淘宝');
    // the changes to act on show in every tab; only their own tab marks them done
    expect(texts('.listing-pending-change', row('L3')!)).toEqual([`档口已关闭 ${at(1795300300)}`, `商品已下架 ${at(1795300000)}`]);
    expect(row('L1')!.querySelector('.listing-pending')).toBeNull();
    expect(document.querySelector('.listing-mark-updated, .listings-mark-updated, .listings-mark-delisted')).toBeNull();
    expect(text('.listings-pagination .ant-pagination-total-text')).toBe('共 4 条');
  });

  it('the tabs and the shop filter live in the address and are sent; an empty tab says so', async () => {
    const { state, routes } = listingServer({ shops: SHOPS, listings: LISTINGS });
    const calls = serve(routes);
    renderAt('/myListings?site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toHaveLength(4), SOON);

    fireEvent.click(document.querySelector('.listings-tab-changed')!);
    await waitFor(() => expect(where()).toBe('/myListings?filter=changed&site='));
    await waitFor(() => expect(rows()).toEqual(['L2', 'L3', 'L4']), SOON);
    expect(lastBody(calls, '/listing/lists')).toEqual({ filter: 'changed', page: 1, pagesize: 10 });

    fireEvent.click(document.querySelector('.listings-tab-delisted')!);
    await waitFor(() => expect(rows()).toEqual(['L3']), SOON);

    await pickShop('虾皮马来店');
    await waitFor(() => expect(where()).toBe('/myListings?shop=S2&filter=delisted&site='));
    await waitFor(() => expect(lastBody(calls, '/listing/lists')).toEqual({ shop_id: 'S2', filter: 'delisted', page: 1, pagesize: 10 }));
    await waitFor(() => expect(text('.listings-empty .ant-empty-description')).toBe('没有下架的商品'), SOON);
    expect(texts('.listings-tab')).toEqual(['全部 1', '待处理 1', '有变动 1', '已售罄 0', '已下架 0']);
    expect(document.querySelector('.listings-pagination')).toBeNull();

    fireEvent.click(document.querySelector('.listings-tab-all')!);
    await waitFor(() => expect(rows()).toEqual(['L2']), SOON);
    await pickShop('全部店铺');
    await waitFor(() => expect(where()).toBe('/myListings?site='));
    await waitFor(() => expect(rows()).toHaveLength(4), SOON);
    expect(state.listings).toHaveLength(4);
  });

  it('the shop filter offers every shop with listings, a deleted one under the name it had, as listing/lists names them', async () => {
    // S3 has no listings; S9 was deleted and keeps its listing under '旧店铺'
    const calls = serve(listingServer({ shops: [...SHOPS, shopOf({ id: 'S3', name: '新开的店' })], listings: LISTINGS }).routes);
    renderAt('/myListings?site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toHaveLength(4), SOON);
    fireEvent.mouseDown(document.querySelector('.listings-shop-filter .ant-select-content, .listings-shop-filter .ant-select-selector, .listings-shop-filter')!);
    await waitFor(() => expect(document.querySelectorAll('.listings-shop-filter-popup .ant-select-item-option')).toHaveLength(4));
    expect(texts('.listings-shop-filter-popup .ant-select-item-option')).toEqual(['全部店铺', '小王的淘宝店', '虾皮马来店', '旧店铺']);
    // the shops come with the listings: My listings does not ask for the shops
    expect(count(calls, '/listing/shops')).toBe(0);
    await pickShop('旧店铺');
    await waitFor(() => expect(where()).toBe('/myListings?shop=S9&site='));
    await waitFor(() => expect(rows()).toEqual(['L3']), SOON);
    expect(lastBody(calls, '/listing/lists')).toEqual({ shop_id: 'S9', filter: 'all', page: 1, pagesize: 10 });
    // filtered to one shop, the filter still offers every shop
    expect(text('.listings-shop-filter')).toBe('旧店铺');
    fireEvent.mouseDown(document.querySelector('.listings-shop-filter .ant-select-content, .listings-shop-filter .ant-select-selector, .listings-shop-filter')!);
    await waitFor(() => expect(texts('.listings-shop-filter-popup .ant-select-item-option')).toEqual(['全部店铺', '小王的淘宝店', '虾皮马来店', '旧店铺']));
  });

  it("opens on the address's shop (a deleted one named by its listings), tab and page", async () => {
    const many = Array.from({ length: 12 }, (_, i) => listingOf({ id: `M${i}`, shop_id: 'S9', shop_name: '旧店铺' }));
    const calls = serve(listingServer({ shops: SHOPS, listings: many }).routes);
    renderAt('/myListings?shop=S9&page=2&site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toEqual(['M10', 'M11']), SOON);
    expect(bodiesOf(calls, '/listing/lists')).toEqual([{ shop_id: 'S9', filter: 'all', page: 2, pagesize: 10 }]);
    expect(text('.listings-shop-filter')).toBe('旧店铺');
    expect(text('.listings-pagination .ant-pagination-total-text')).toBe('共 12 条');
  });

  it('removes the rows chosen after confirming; the records go, the counts follow', async () => {
    const { state, routes } = listingServer({ shops: SHOPS, listings: LISTINGS });
    const calls = serve(routes);
    renderAt('/myListings?site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toHaveLength(4), SOON);
    const remove = () => document.querySelector<HTMLButtonElement>('.listings-remove')!;
    expect(remove().disabled).toBe(true);
    choose('L2');
    choose('L3');
    await waitFor(() => expect(text('.listings-remove')).toBe('移除所选（2）'));
    fireEvent.click(remove());
    await waitFor(() => expect(document.querySelector('.listings-remove-confirm')).toBeTruthy());
    expect(text('.listings-remove-confirm .ant-modal-confirm-title')).toBe('移除所选的 2 条铺货记录？');
    expect(text('.listings-remove-confirm .ant-modal-confirm-content')).toBe('只删除 jpmall 里的记录，不会改动你店铺里的商品。');
    fireEvent.click(document.querySelector('.listings-remove-ok')!);
    await waitFor(() => expect(bodiesOf(calls, '/listing/remove')).toEqual([{ ids: ['L2', 'L3'] }]));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已移除 2 条记录', 'success'));
    await waitFor(() => expect(rows()).toEqual(['L1', 'L4']), SOON);
    expect(texts('.listings-tab')).toEqual(['全部 2', '待处理 0', '有变动 1', '已售罄 1', '已下架 0']);
    expect(state.listings.map((l) => l.id)).toEqual(['L1', 'L4']);
    expect(remove().disabled).toBe(true);
    expect(count(calls, '/listing/lists')).toBe(2);
  });

  it('removing the last rows of a page shows the page before', async () => {
    const many = Array.from({ length: 11 }, (_, i) => listingOf({ id: `M${i}` }));
    const calls = serve(listingServer({ shops: SHOPS, listings: many }).routes);
    renderAt('/myListings?page=2&site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toEqual(['M10']), SOON);
    choose('M10');
    await waitFor(() => expect(document.querySelector<HTMLButtonElement>('.listings-remove')!.disabled).toBe(false));
    fireEvent.click(document.querySelector('.listings-remove')!);
    await waitFor(() => expect(document.querySelector('.listings-remove-ok')).toBeTruthy());
    fireEvent.click(document.querySelector('.listings-remove-ok')!);
    await waitFor(() => expect(where()).toBe('/myListings?site='), SOON);
    await waitFor(() => expect(rows()).toHaveLength(10), SOON);
    expect(bodiesOf(calls, '/listing/lists').map((b) => b.page)).toEqual([2, 2, 1]);
  });

  it('in English shows none of its own text in Chinese; shop and stall names are marked', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    const englishListings = LISTINGS.map((l) => ({
      ...l,
      title: l.id === 'L2' ? 'Hair clip' : 'Summer T-shirt',
      skus: l.skus.map((s, i) => ({ ...s, color: ['Red', 'Blue', 'White'][i]!, size: 'One size' })),
      pending: l.pending.map((c) => (c.color ? { ...c, color: c.sku_id === 'K3' ? 'Red' : 'White', size: 'One size' } : c)),
    }));
    const calls = serve(listingServer({ shops: SHOPS, listings: englishListings }).routes);
    const store = renderAt('/myListings?site=', <MyListingsScreen />, english);
    store.dispatch(languageChanged('en_US'));
    await waitFor(() => expect(lastBody(calls, '/listing/lists')).toBeTruthy());
    await waitFor(() => expect(calls.at(-1)?.language).toBe('en_US'), SOON);
    await waitFor(() => expect(rows()).toHaveLength(4), SOON);
    expect(texts('.listings-tab')).toEqual(['All 4', 'To act on 2', 'Changed 3', 'Sold out 1', 'Delisted 1']);
    expect(texts('.listing-badges .ant-tag', row('L3')!)).toEqual(['Changed', 'Off the shelf', 'Stall closed']);
    expect(text('.listing-sku-cost', sku('L2', 'K3'))).toBe('¥34.20 → ¥38.00');
    const page = document.querySelector('.listing-page')!;
    expect(ownText(page)).not.toMatch(HAN);
    expect(page.textContent).toMatch(HAN);
    choose('L1');
    fireEvent.click(document.querySelector('.listings-remove')!);
    await waitFor(() => expect(document.querySelector('.listings-remove-confirm')).toBeTruthy());
    expect(text('.listings-remove-confirm .ant-modal-confirm-title')).toBe('Remove 1 listing record?');
    expect(ownText(document.querySelector('.listings-remove-confirm')!)).not.toMatch(HAN);
  });

  it("the grouped message's link opens the to-act-on tab: each listing with its changes, newest first", async () => {
    const calls = serve(listingServer({ shops: SHOPS, listings: [...LISTINGS, RELISTED] }).routes);
    renderAt('/myListings?filter=to_act_on&site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toEqual(['L2', 'L3', 'L5']), SOON);
    expect(bodiesOf(calls, '/listing/lists')).toEqual([{ filter: 'to_act_on', page: 1, pagesize: 10 }]);
    expect(text('.listings-tabs .ant-tabs-tab-active')).toBe('待处理 3');
    expect(texts('.listing-pending-change', row('L2')!)).toEqual([`红色 / 均码 拿货价 ¥34.20 → ¥38.00 ${at(1795300200)}`, `白色 / 均码 已售罄 库存 3 → 0 ${at(1795300100)}`]);
    expect([...row('L2')!.querySelectorAll<HTMLElement>('.listing-pending-change')].map((c) => [c.dataset.kind, c.dataset.sku])).toEqual([
      ['price', 'K3'],
      ['sold_out', 'K5'],
    ]);
    expect(texts('.listing-pending-change', row('L3')!)).toEqual([`档口已关闭 ${at(1795300300)}`, `商品已下架 ${at(1795300000)}`]);
    expect(row('L3')!.querySelector<HTMLElement>('.listing-pending-change')!.dataset.sku).toBeUndefined();
    expect(texts('.listing-pending-change', row('L5')!)).toEqual([`重新上架 ${at(1795300500)}`, `黑色 / M 补货 库存 0 → 20 ${at(1795300400)}`]);
    // bad news stands out, good news does not
    expect(document.querySelectorAll('.listing-pending-change.is-alert')).toHaveLength(4);
    expect(row('L5')!.querySelector('.listing-pending-change.is-alert')).toBeNull();
    // each row can be marked done alone; the tools mark the rows chosen
    expect(texts('.listing-act-buttons .ant-btn', row('L2')!)).toEqual(['已更新店铺', '已在店铺下架']);
    expect(text('.listings-mark-updated')).toBe('已更新店铺');
    expect(text('.listings-mark-delisted')).toBe('已在店铺下架');
    expect(button('.listings-mark-updated').disabled).toBe(true);
    expect(button('.listings-mark-delisted').disabled).toBe(true);
    choose('L3');
    await waitFor(() => expect(button('.listings-mark-updated').disabled).toBe(false));
    expect(button('.listings-mark-delisted').disabled).toBe(false);
  });

  it('the to-act-on tab in English: every change in English, the SKU names as the server gave them', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    const englishListings = [...LISTINGS, RELISTED].map((l) => ({
      ...l,
      title: 'Summer T-shirt',
      stall_name: 'Stall 1',
      skus: l.skus.map((s) => ({ ...s, color: 'Black', size: 'M' })),
      pending: l.pending.map((c) => (c.color ? { ...c, color: c.sku_id === 'K3' ? 'Red' : c.sku_id === 'K5' ? 'White' : 'Black', size: c.sku_id === 'K1' ? 'M' : 'One size' } : c)),
    }));
    const calls = serve(listingServer({ shops: SHOPS, listings: englishListings }).routes);
    const store = renderAt('/myListings?filter=to_act_on&site=', <MyListingsScreen />, english);
    store.dispatch(languageChanged('en_US'));
    await waitFor(() => expect(calls.at(-1)?.language).toBe('en_US'), SOON);
    await waitFor(() => expect(rows()).toEqual(['L2', 'L3', 'L5']), SOON);
    expect(text('.listings-tabs .ant-tabs-tab-active')).toBe('To act on 3');
    expect(texts('.listing-pending-change', row('L2')!)).toEqual([`Red / One size Cost ¥34.20 → ¥38.00 ${at(1795300200)}`, `White / One size Sold out Stock 3 → 0 ${at(1795300100)}`]);
    expect(texts('.listing-pending-change', row('L3')!)).toEqual([`Stall closed ${at(1795300300)}`, `Taken off the shelf ${at(1795300000)}`]);
    expect(texts('.listing-pending-change', row('L5')!)).toEqual([`Back on the shelf ${at(1795300500)}`, `Black / M Back in stock Stock 0 → 20 ${at(1795300400)}`]);
    expect(texts('.listing-act-buttons .ant-btn', row('L2')!)).toEqual(['Updated my shop', 'Delisted it']);
    expect(text('.listings-mark-updated')).toBe('Updated my shop');
    expect(text('.listings-mark-delisted')).toBe('Delisted it');
    expect(text('.listings-export-skus')).toBe('Export seller SKUs');
    const page = document.querySelector('.listing-page')!;
    expect(ownText(page)).not.toMatch(HAN);
    fireEvent.click(button('.listing-mark-updated', row('L2')!));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Marked 1 product done', 'success'));
  });

  it('marks one row done, then the rows chosen; they leave the tab, the counts follow, the selection clears', async () => {
    const { state, routes } = listingServer({ shops: SHOPS, listings: [...LISTINGS, RELISTED] });
    const calls = serve(routes);
    renderAt('/myListings?filter=to_act_on&site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toEqual(['L2', 'L3', 'L5']), SOON);

    fireEvent.click(button('.listing-mark-updated', row('L2')!));
    await waitFor(() => expect(bodiesOf(calls, '/listing/mark_done')).toEqual([{ ids: ['L2'], how: 'updated' }]));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已处理 1 个商品', 'success'));
    await waitFor(() => expect(rows()).toEqual(['L3', 'L5']), SOON);
    expect(text('.listings-tab-to_act_on')).toBe('待处理 2');
    // the listing stays (under 'changed'), only its changes are done
    expect(state.listings.find((l) => l.id === 'L2')!.pending).toEqual([]);
    expect(text('.listings-tab-changed')).toBe('有变动 3');

    choose('L3');
    choose('L5');
    await waitFor(() => expect(button('.listings-mark-delisted').disabled).toBe(false));
    fireEvent.click(button('.listings-mark-delisted'));
    await waitFor(() => expect(bodiesOf(calls, '/listing/mark_done')).toEqual([{ ids: ['L2'], how: 'updated' }, { ids: ['L3', 'L5'], how: 'delisted' }]));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已处理 2 个商品', 'success'));
    await waitFor(() => expect(text('.listings-empty .ant-empty-description')).toBe('没有需要处理的变动'), SOON);
    expect(text('.listings-tab-to_act_on')).toBe('待处理 0');
    expect(button('.listings-mark-updated').disabled).toBe(true);
    expect(button('.listings-mark-delisted').disabled).toBe(true);
    expect(button('.listings-remove').disabled).toBe(true);
    expect(button('.listings-export-skus').disabled).toBe(true);
    expect(count(calls, '/listing/lists')).toBe(3);
  });

  it("exports the listed SKUs of the tab and shop shown, saved under the server's name; an empty tab has nothing to export", async () => {
    const calls = serve(listingServer({ shops: SHOPS, listings: [...LISTINGS, RELISTED] }).routes);
    renderAt('/myListings?shop=S2&filter=to_act_on&site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toEqual(['L2']), SOON);
    expect(text('.listings-export-skus')).toBe('导出商家编码');
    fireEvent.click(button('.listings-export-skus'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(bodiesOf(calls, '/listing/export_skus')).toEqual([{ shop_id: 'S2', filter: 'to_act_on' }]);
    expect(calls.find((c) => c.path === '/listing/export_skus')!.token).toBe('tok');
    expect(saved.mock.calls[0]![1]).toBe(skusFileName('to_act_on'));
    const csv = new Uint8Array(await (saved.mock.calls[0]![0] as Blob).arrayBuffer());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(csv)).toContain('"K3","B2002"');

    fireEvent.click(document.querySelector('.listings-tab-all')!);
    await waitFor(() => expect(where()).toBe('/myListings?shop=S2&site='));
    await waitFor(() => expect(button('.listings-export-skus').disabled).toBe(false), SOON);
    fireEvent.click(button('.listings-export-skus'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2), SOON);
    expect(lastBody(calls, '/listing/export_skus')).toEqual({ shop_id: 'S2', filter: 'all' });
    expect(saved.mock.calls[1]![1]).toBe(skusFileName('all'));

    fireEvent.click(document.querySelector('.listings-tab-delisted')!);
    await waitFor(() => expect(text('.listings-empty .ant-empty-description')).toBe('没有下架的商品'), SOON);
    expect(button('.listings-export-skus').disabled).toBe(true);
  });

  it("a refused export toasts the server's reason and saves nothing; a file without a name is named by the tab", async () => {
    const { routes } = listingServer({ shops: SHOPS, listings: LISTINGS });
    let refuse = true;
    const calls = serve({
      ...routes,
      '/listing/export_skus': () =>
        refuse ? refused(422, '没有可导出的规格') : new Response(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    renderAt('/myListings?site=', <MyListingsScreen />, intl);
    await waitFor(() => expect(rows()).toHaveLength(4), SOON);
    fireEvent.click(button('.listings-export-skus'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('没有可导出的规格', 'error'), SOON);
    expect(saved).not.toHaveBeenCalled();
    refuse = false;
    await waitFor(() => expect(button('.listings-export-skus').classList.contains('ant-btn-loading')).toBe(false));
    fireEvent.click(button('.listings-export-skus'));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), SOON);
    expect(saved.mock.calls[0]![1]).toMatch(/^listing-skus-all-\d{14}\.csv$/);
    expect(bodiesOf(calls, '/listing/export_skus')).toEqual([{ filter: 'all' }, { filter: 'all' }]);
  });
});
