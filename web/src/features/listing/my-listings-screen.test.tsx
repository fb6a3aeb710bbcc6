import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import { makeIntl, setIntl } from '../../lib/i18n';
import { languageChanged } from '../../state/session-slice';
import MyListingsScreen from './my-listings-screen';
import { bodiesOf, count, HAN, lastBody, listingOf, listingServer, listingSkuOf, ownText, renderAt, serve, shopOf, stubBrowserBits, stubRequestOrigin } from './listing-test-kit';
import type { Listing } from './types';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

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
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHOPS = [shopOf(), shopOf({ id: 'S2', platform: 'shopee', name: '虾皮马来店' })];

/** Four listings, newest first: one as listed, one whose cost rose (its margin below zero) with a SKU sold out, one delisted in a deleted shop, one sold out. */
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
  }),
  listingOf({ id: 'L3', product_id: 'P3', shop_id: 'S9', shop_name: '旧店铺', product_state: 'off_shelf', stall_state: 'closed', changed: true }),
  listingOf({ id: 'L4', product_id: 'P4', skus: [listingSkuOf({ stock_now: 0, sku_state: 'sold_out' })], changed: true }),
];

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const texts = (selector: string, root: ParentNode = document) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
const where = () => screen.getByTestId('where').textContent;
const row = (id: string) => document.querySelector<HTMLElement>(`.listing-row[data-listing="${id}"]`);
const rows = () => [...document.querySelectorAll<HTMLElement>('.listing-row')].map((r) => r.dataset.listing);
const sku = (listing: string, id: string) => row(listing)!.querySelector<HTMLElement>(`.listing-sku[data-sku="${id}"]`)!;
const choose = (id: string) => fireEvent.click(row(id)!.querySelector('.ant-checkbox-input')!);

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
    expect(texts('.listings-tab')).toEqual(['全部 4', '有变动 3', '已售罄 1', '已下架 1']);

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
    expect(texts('.listings-tab')).toEqual(['全部 1', '有变动 1', '已售罄 0', '已下架 0']);
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
    expect(texts('.listings-tab')).toEqual(['全部 2', '有变动 1', '已售罄 1', '已下架 0']);
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
    }));
    const calls = serve(listingServer({ shops: SHOPS, listings: englishListings }).routes);
    const store = renderAt('/myListings?site=', <MyListingsScreen />, english);
    store.dispatch(languageChanged('en_US'));
    await waitFor(() => expect(lastBody(calls, '/listing/lists')).toBeTruthy());
    await waitFor(() => expect(calls.at(-1)?.language).toBe('en_US'), SOON);
    await waitFor(() => expect(rows()).toHaveLength(4), SOON);
    expect(texts('.listings-tab')).toEqual(['All 4', 'Changed 3', 'Sold out 1', 'Delisted 1']);
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
});
