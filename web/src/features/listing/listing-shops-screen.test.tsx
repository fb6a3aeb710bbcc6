import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import { makeIntl, setIntl } from '../../lib/i18n';
import { languageChanged } from '../../state/session-slice';
import ListingShopsScreen from './listing-shops-screen';
import {
  bodiesOf,
  count,
  HAN,
  listingServer,
  ownText,
  platformsBuilt,
  refused,
  renderAt,
  RULE,
  serve,
  serveListing,
  shopOf,
  stubBrowserBits,
  stubRequestOrigin,
  templateOf,
} from './listing-test-kit';

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

const SHOPS = [
  shopOf(),
  shopOf({
    id: 'S2',
    platform: 'shopee',
    name: '虾皮马来店',
    rule: { ...RULE, multiplier: '2.00', fixed_add: '0.00', rounding: 'whole_yuan', min_margin: '3.00', title_prefix: '【包邮】', stock_cap: 50 },
    currency: 'MYR',
    template: templateOf(),
    updated_at: 1795003600,
  }),
];
/** Taobao's and Douyin's packages built, the others 'coming soon'. */
const SOME_BUILT = platformsBuilt('taobao', 'douyin');

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const row = (id: string) => document.querySelector<HTMLElement>(`.listing-shop-row[data-shop="${id}"]`);
const field = (cls: string) => document.querySelector<HTMLInputElement>(`.${cls} input, input.${cls}`)!;
const type = (cls: string, value: string) => fireEvent.change(field(cls), { target: { value } });
const errors = () => [...document.querySelectorAll('.listing-shop-form .ant-form-item-explain-error')].map((e) => e.textContent);
const errorOf = (name: string) => document.querySelector(`.listing-shop-form .ant-form-item-has-error #listing-shop_${name}`) !== null;
const submit = () => fireEvent.click(document.querySelector('.listing-shop-submit')!);
const modalOpen = () => document.querySelector('.listing-shop-modal .listing-shop-form');

async function openAdd() {
  await waitFor(() => expect(document.querySelector<HTMLButtonElement>('.listing-shop-add')?.disabled).toBe(false), SOON);
  fireEvent.click(document.querySelector('.listing-shop-add')!);
  await waitFor(() => expect(modalOpen()).toBeTruthy());
}

describe('My shops', () => {
  it('asks to log in without a session and sends nothing', () => {
    const calls = serve(listingServer().routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl, { loggedInAs: null });
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('lists the shops: platform, name, the rule in words, the title and when it changed', async () => {
    const calls = serve(listingServer({ shops: SHOPS, platforms: SOME_BUILT }).routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.listing-shop-row')).toHaveLength(2), SOON);
    expect(bodiesOf(calls, '/listing/shops')).toEqual([{}]);
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
    expect(text('.listing-shop-platform', row('S1')!)).toBe('淘宝');
    expect(text('.listing-shop-name', row('S1')!)).toBe('小王的淘宝店');
    expect(text('.listing-shop-rule', row('S1')!)).toBe('×1.5 + ¥5.00，尾数 .90');
    expect(text('.listing-shop-title', row('S1')!)).toBe('原标题');
    expect(text('.listing-shop-updated', row('S1')!)).toBe(formatDate(1795000000));
    // Shopee's packages are not built yet; its shops sell in a currency
    expect(text('.listing-shop-platform', row('S2')!)).toBe('Shopee · MYR数据包即将推出');
    expect(row('S1')!.querySelector('.listing-shop-coming')).toBeNull();
    expect(text('.listing-shop-rule', row('S2')!)).toBe('×2，取整到元，最低利润 ¥3.00，库存最多 50 件');
    expect(text('.listing-shop-title', row('S2')!)).toBe('【包邮】（商品标题）');
    expect(row('S2')!.querySelector('.listing-shop-listings')?.getAttribute('href')).toBe('/myListings?shop=S2&site=');
    // a Taobao shop has no template; a Shopee one has the one it uploaded
    expect(text('.listing-shop-template', row('S1')!)).toBe('—');
    expect(row('S1')!.querySelector('.listing-shop-template-upload')).toBeNull();
    expect(text('.listing-template-file', row('S2')!)).toBe('mass_upload_women_clothes.xlsx');
    expect(text('.listing-template-meta', row('S2')!)).toBe(`工作表 Template · 英文表头 · ${formatDate(1795000000, 'YYYY-MM-DD')} 上传`);
    expect(text('.listing-template-unfilled', row('S2')!)).toBe('需要你在表格里填写：类目、重量');
    expect(row('S2')!.querySelector('.listing-shop-template-replace input[type="file"]')?.getAttribute('accept')).toBe('.xlsx');
    expect(text('.listing-shop-template-delete', row('S2')!)).toBe('删除模板');
  });

  it('says when there is no shop yet', async () => {
    serve(listingServer().routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(text('.listing-shops-empty .ant-empty-description')).toBe('还没有店铺'), SOON);
  });

  it('adds a shop with its rule; the example follows the rule as typed; the list is asked again', async () => {
    const { state, routes } = listingServer({ platforms: SOME_BUILT });
    const calls = serve(routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await openAdd();
    // every platform is offered; those whose packages are not built yet say so
    expect([...document.querySelectorAll('.listing-shop-platforms .ant-radio-wrapper')].map((r) => r.textContent)).toEqual([
      '淘宝',
      'Shopee 数据包即将推出',
      'Lazada 数据包即将推出',
      'TikTok Shop 数据包即将推出',
      '抖音',
    ]);
    // Taobao and Douyin shops have no currency to choose
    expect(document.querySelector('.listing-shop-currency')).toBeNull();
    expect(text('.listing-rounding-ends_90')).toBe('尾数 .90 （¥34.20 → ¥34.90）');
    expect(text('.listing-rounding-ends_99 .listing-rounding-example')).toBe(' （¥34.20 → ¥34.99）');
    expect(text('.listing-rounding-whole_yuan .listing-rounding-example')).toBe(' （¥34.20 → ¥35.00）');
    // the defaults: ×1.5, nothing added, to the fen
    expect(text('.listing-rule-example')).toBe('例：拿货价 ¥34.20 → 上架价 ¥51.30，利润 ¥17.10');

    fireEvent.click(document.querySelector('.listing-shop-platform-douyin input')!);
    type('listing-shop-name-input', ' 抖店一号 ');
    type('listing-multiplier-input', '1.8');
    type('listing-fixed-add-input', '3');
    fireEvent.click(document.querySelector('.listing-rounding-ends_99 input')!);
    type('listing-min-margin-input', '10');
    type('listing-title-prefix-input', '【新款】');
    type('listing-stock-cap-input', '20');
    // 34.20 × 1.8 = 61.56, + 3.00 = 64.56 → 64.99
    await waitFor(() => expect(text('.listing-rule-example')).toBe('例：拿货价 ¥34.20 → 上架价 ¥64.99，利润 ¥30.79'));
    submit();
    await waitFor(() => expect(count(calls, '/listing/shop_save')).toBe(1), SOON);
    expect(bodiesOf(calls, '/listing/shop_save')[0]).toEqual({
      platform: 'douyin',
      name: '抖店一号',
      rule: { multiplier: '1.80', fixed_add: '3.00', rounding: 'ends_99', min_margin: '10.00', title_prefix: '【新款】', title_suffix: '', stock_cap: 20 },
      currency: '',
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('店铺已保存', 'success'));
    await waitFor(() => expect(document.querySelectorAll('.listing-shop-row')).toHaveLength(1), SOON);
    expect(count(calls, '/listing/shops')).toBe(2);
    expect(state.shops[0]).toMatchObject({ platform: 'douyin', name: '抖店一号' });
    expect(text('.listing-shop-rule', row('S-new-1')!)).toBe('×1.8 + ¥3.00，尾数 .99，最低利润 ¥10.00，库存最多 20 件');
    expect(text('.listing-shop-title', row('S-new-1')!)).toBe('【新款】（商品标题）');
    await waitFor(() => expect(modalOpen()).toBeNull());
  });

  it('checks every limit in the page before sending', async () => {
    const calls = serve(listingServer().routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await openAdd();
    submit();
    await waitFor(() => expect(errors()).toEqual(['请填写店铺名称']));
    type('listing-shop-name-input', '店'.repeat(31));
    type('listing-multiplier-input', '10.5');
    type('listing-fixed-add-input', '-1');
    type('listing-min-margin-input', '10000');
    type('listing-title-prefix-input', '包'.repeat(21));
    type('listing-title-suffix-input', '邮'.repeat(21));
    type('listing-stock-cap-input', '1.5');
    submit();
    await waitFor(() =>
      expect(errors()).toEqual([
        '店铺名称最多 30 个字',
        '倍率须为 1.00–10.00，最多两位小数',
        '须为 0–9999.99 元，最多两位小数',
        '须为 0–9999.99 元，最多两位小数',
        '库存上限须为 0–99999 的整数，留空表示不限',
        '最多 20 个字',
        '最多 20 个字',
      ]),
    );
    // no example while the rule is refused
    expect(document.querySelector('.listing-rule-example')).toBeNull();
    // the other ends of the limits; what is right again loses its message
    type('listing-shop-name-input', '店'.repeat(30));
    type('listing-multiplier-input', '0.99');
    type('listing-fixed-add-input', '9999.99');
    type('listing-stock-cap-input', '100000');
    submit();
    await waitFor(() =>
      expect(errors()).toEqual([
        '倍率须为 1.00–10.00，最多两位小数',
        '须为 0–9999.99 元，最多两位小数',
        '库存上限须为 0–99999 的整数，留空表示不限',
        '最多 20 个字',
        '最多 20 个字',
      ]),
    );
    expect(errorOf('multiplier')).toBe(true);
    expect(errorOf('min_margin')).toBe(true);
    expect(errorOf('fixed_add')).toBe(false);
    expect(count(calls, '/listing/shop_save')).toBe(0);
  });

  it("a refusal shows under the field the server names, any other as a toast", async () => {
    const { routes } = listingServer();
    let answer = () => refused(422, '倍率超出平台允许的范围', { field: 'multiplier' });
    const calls = serve({ ...routes, '/listing/shop_save': () => answer() });
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await openAdd();
    type('listing-shop-name-input', '小王的淘宝店');
    submit();
    await waitFor(() => expect(errors()).toEqual(['倍率超出平台允许的范围']), SOON);
    expect(errorOf('multiplier')).toBe(true);

    answer = () => refused(422, '标题后缀含有不允许的字符', { field: 'title_suffix' });
    submit();
    await waitFor(() => expect(errors()).toEqual(['标题后缀含有不允许的字符']), SOON);
    expect(errorOf('title_suffix')).toBe(true);

    answer = () => refused(422, '店铺数量已达上限');
    submit();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('店铺数量已达上限', 'error'));
    expect(count(calls, '/listing/shop_save')).toBe(3);
    // the base query did not toast them too
    expect(toast).toHaveBeenCalledTimes(1);
    expect(modalOpen()).toBeTruthy();
  });

  it('edits a shop from its values; the body carries its id', async () => {
    const { state, routes } = listingServer({ shops: SHOPS });
    const calls = serve(routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(row('S2')).toBeTruthy(), SOON);
    fireEvent.click(row('S2')!.querySelector('.listing-shop-edit')!);
    await waitFor(() => expect(modalOpen()).toBeTruthy());
    expect(text('.listing-shop-modal .ant-modal-title')).toBe('编辑店铺');
    expect(field('listing-shop-name-input').value).toBe('虾皮马来店');
    expect(field('listing-multiplier-input').value).toBe('2.00');
    expect(field('listing-stock-cap-input').value).toBe('50');
    expect(document.querySelector<HTMLInputElement>('.listing-shop-platform-shopee input')!.checked).toBe(true);
    expect(document.querySelector<HTMLInputElement>('.listing-rounding-whole_yuan input')!.checked).toBe(true);
    expect(text('.listing-shop-currency')).toBe('MYR');
    type('listing-stock-cap-input', '');
    type('listing-title-prefix-input', '');
    submit();
    await waitFor(() => expect(count(calls, '/listing/shop_save')).toBe(1), SOON);
    expect(bodiesOf(calls, '/listing/shop_save')[0]).toEqual({
      id: 'S2',
      platform: 'shopee',
      name: '虾皮马来店',
      rule: { multiplier: '2.00', fixed_add: '0.00', rounding: 'whole_yuan', min_margin: '3.00', title_prefix: '', title_suffix: '', stock_cap: null },
      currency: 'MYR',
    });
    await waitFor(() => expect(text('.listing-shop-rule', row('S2')!)).toBe('×2，取整到元，最低利润 ¥3.00'), SOON);
    // the template stays with the shop
    expect(text('.listing-template-file', row('S2')!)).toBe('mass_upload_women_clothes.xlsx');
    expect(state.shops).toHaveLength(2);
  });

  it('deletes a shop after confirming', async () => {
    const { state, routes } = listingServer({ shops: SHOPS });
    const calls = serve(routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(row('S1')).toBeTruthy(), SOON);
    fireEvent.click(row('S1')!.querySelector('.listing-shop-delete')!);
    await waitFor(() => expect(document.querySelector('.listing-shop-delete-confirm')).toBeTruthy());
    expect(text('.listing-shop-delete-confirm .ant-modal-confirm-title')).toBe('删除店铺「小王的淘宝店」？');
    expect(text('.listing-shop-delete-confirm .ant-modal-confirm-content')).toBe('已铺货的记录会保留在我的铺货中。');
    expect(count(calls, '/listing/shop_delete')).toBe(0);
    fireEvent.click(document.querySelector('.listing-shop-delete-ok')!);
    await waitFor(() => expect(bodiesOf(calls, '/listing/shop_delete')).toEqual([{ id: 'S1' }]));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('店铺已删除', 'success'));
    await waitFor(() => expect(row('S1')).toBeNull(), SOON);
    expect(state.shops.map((s) => s.id)).toEqual(['S2']);
  });

  it('in English shows none of its own text in Chinese; the names the seller typed are marked', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    serve(listingServer({ shops: SHOPS }).routes);
    const store = renderAt('/listingShops?site=', <ListingShopsScreen />, english);
    store.dispatch(languageChanged('en_US'));
    await waitFor(() => expect(document.querySelectorAll('.listing-shop-row')).toHaveLength(2), SOON);
    expect(text('.listing-shop-rule', row('S1')!)).toBe('×1.5 + ¥5.00, round to .90');
    expect(text('.listing-shop-rule', row('S2')!)).toBe('×2, round to whole yuan, min margin ¥3.00, stock up to 50');
    expect(text('.listing-shop-platform', row('S2')!)).toBe('Shopee · MYR');
    expect(text('.listing-template-meta', row('S2')!)).toBe(`Sheet Template · English headers · uploaded ${formatDate(1795000000, 'YYYY-MM-DD')}`);
    expect(text('.listing-template-unfilled', row('S2')!)).toBe('You fill in: category, weight');
    const page = document.querySelector('.listing-page')!;
    expect(ownText(page)).not.toMatch(HAN);
    // the shop names and the prefix are the seller's own
    expect(page.textContent).toMatch(HAN);
    fireEvent.click(row('S2')!.querySelector('.listing-shop-edit')!);
    await waitFor(() => expect(modalOpen()).toBeTruthy());
    expect(ownText(document.querySelector('.listing-shop-modal')!)).not.toMatch(HAN);
    expect(text('.listing-rule-example')).toBe('e.g. cost ¥34.20 → listed at ¥69.00, margin ¥34.80');
  });
});

describe('My shops on Shopee, Lazada and TikTok Shop', () => {
  const LAZADA = shopOf({ id: 'S3', platform: 'lazada', name: 'Lazada 新加坡店', currency: 'SGD', template: null });
  const xlsx = (name = 'mass_upload_women_clothes.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0])], name);
  const choose = (root: ParentNode, file: File) => fireEvent.change(root.querySelector<HTMLInputElement>('.listing-shop-template-upload input[type="file"]')!, { target: { files: [file] } });

  async function pickCurrency(code: string) {
    fireEvent.mouseDown(document.querySelector('.listing-shop-currency .ant-select-content, .listing-shop-currency .ant-select-selector, .listing-shop-currency')!);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.listing-shop-currency-popup .ant-select-item-option')].find((o) => o.textContent === code);
      if (!found) throw new Error(`${code} not shown yet`);
      return found;
    });
    fireEvent.click(option);
  }

  it('a shop there sells in one of the platform’s currencies, which the form asks for', async () => {
    const { state, routes } = listingServer();
    const calls = serve(routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await openAdd();
    expect(document.querySelector('.listing-shop-currency')).toBeNull();
    fireEvent.click(document.querySelector('.listing-shop-platform-shopee input')!);
    await waitFor(() => expect(document.querySelector('.listing-shop-currency')).toBeTruthy());
    type('listing-shop-name-input', '虾皮新加坡店');
    submit();
    await waitFor(() => expect(errors()).toEqual(['请选择店铺的币种']));
    expect(errorOf('currency')).toBe(true);
    expect(count(calls, '/listing/shop_save')).toBe(0);
    await pickCurrency('SGD');
    expect([...document.querySelectorAll('.listing-shop-currency-popup .ant-select-item-option')].map((o) => o.textContent)).toEqual(['MYR', 'SGD', 'PHP', 'THB']);
    submit();
    await waitFor(() => expect(count(calls, '/listing/shop_save')).toBe(1), SOON);
    expect(bodiesOf(calls, '/listing/shop_save')[0]).toEqual({
      platform: 'shopee',
      name: '虾皮新加坡店',
      rule: { multiplier: '1.50', fixed_add: '0.00', rounding: 'none', min_margin: '0.00', title_prefix: '', title_suffix: '', stock_cap: null },
      currency: 'SGD',
    });
    expect(state.shops[0]).toMatchObject({ platform: 'shopee', currency: 'SGD', template: null });
    // the new shop has no template yet
    await waitFor(() => expect(text('.listing-template-none', row('S-new-1')!)).toBe('未上传模板'), SOON);
    expect(text('.listing-shop-platform', row('S-new-1')!)).toBe('Shopee · SGD');
  });

  it('another platform keeps the currency only when it has it; back on Taobao none is sent', async () => {
    const { routes } = listingServer({ shops: [LAZADA] });
    const calls = serve(routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(row('S3')).toBeTruthy(), SOON);
    fireEvent.click(row('S3')!.querySelector('.listing-shop-edit')!);
    await waitFor(() => expect(text('.listing-shop-currency')).toBe('SGD'));
    fireEvent.click(document.querySelector('.listing-shop-platform-tiktok input')!);
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('.listing-shop-platform-tiktok input')!.checked).toBe(true));
    expect(text('.listing-shop-currency')).toBe('SGD');
    fireEvent.click(document.querySelector('.listing-shop-platform-taobao input')!);
    await waitFor(() => expect(document.querySelector('.listing-shop-currency')).toBeNull());
    submit();
    await waitFor(() => expect(count(calls, '/listing/shop_save')).toBe(1), SOON);
    expect(bodiesOf(calls, '/listing/shop_save')[0]).toMatchObject({ id: 'S3', platform: 'taobao', currency: '' });
  });

  it('a refusal of the currency shows under it', async () => {
    const { routes } = listingServer({ shops: [LAZADA] });
    serve({ ...routes, '/listing/shop_save': () => refused(422, '币种须为该平台支持的币种', { field: 'currency' }) });
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(row('S3')).toBeTruthy(), SOON);
    fireEvent.click(row('S3')!.querySelector('.listing-shop-edit')!);
    await waitFor(() => expect(modalOpen()).toBeTruthy());
    submit();
    await waitFor(() => expect(errors()).toEqual(['币种须为该平台支持的币种']), SOON);
    expect(errorOf('currency')).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('uploads a shop’s template: its id and the file, multipart; the shop then shows it', async () => {
    const { state, routes } = listingServer({ shops: [shopOf(), LAZADA] });
    const { calls, uploads } = serveListing(routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(row('S3')).toBeTruthy(), SOON);
    const cell = () => row('S3')!.querySelector('.listing-shop-template')!;
    expect(text('.listing-template-none', cell())).toBe('未上传模板');
    expect(text('.listing-template-where', cell())).toBe('在 Lazada 卖家中心下载空白类目模板（.xlsx）后上传');
    expect(text('.listing-shop-template-upload', cell())).toBe('上传模板');
    expect(cell().querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.xlsx');
    expect(cell().querySelector('.listing-shop-template-delete')).toBeNull();

    // not an .xlsx: said here, nothing sent
    choose(cell(), xlsx('orders.csv'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('请选择 .xlsx 格式的类目模板（orders.csv 不是）', 'error'));
    expect(count(calls, '/listing/shop_template')).toBe(0);

    choose(cell(), xlsx());
    await waitFor(() => expect(uploads).toHaveLength(1), SOON);
    expect(uploads[0]).toEqual({ type: expect.stringMatching(/^multipart\/form-data; boundary=/), shop_id: 'S3', size: 8 });
    const sent = calls.find((c) => c.path === '/listing/shop_template')!;
    expect(sent).toMatchObject({ method: 'POST', token: 'tok', language: 'zh_CN' });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('「Lazada 新加坡店」的模板已上传', 'success'));
    expect(state.shops[1]!.template).not.toBeNull();
    await waitFor(() => expect(text('.listing-template-file', cell())).toBe('mass_upload_women_clothes.xlsx'), SOON);
    expect(text('.listing-template-unfilled', cell())).toBe('需要你在表格里填写：类目、重量');
    expect(text('.listing-shop-template-replace', cell())).toBe('更换模板');
    expect(cell().querySelector('.listing-shop-template-delete')).toBeTruthy();
  });

  it('a refused template is the server’s toast; the shop stays without one', async () => {
    const { routes } = listingServer({ shops: [LAZADA] });
    const { uploads } = serveListing({ ...routes, '/listing/shop_template': () => refused(422, '这不是 Lazada 的类目模板：没有找到 Template 工作表') });
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(row('S3')).toBeTruthy(), SOON);
    choose(row('S3')!, xlsx());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('这不是 Lazada 的类目模板：没有找到 Template 工作表', 'error', undefined), SOON);
    expect(uploads).toHaveLength(1);
    expect(text('.listing-template-none', row('S3')!)).toBe('未上传模板');
  });

  it('deletes a template after confirming', async () => {
    const { state, routes } = listingServer({ shops: SHOPS });
    const calls = serve(routes);
    renderAt('/listingShops?site=', <ListingShopsScreen />, intl);
    await waitFor(() => expect(row('S2')).toBeTruthy(), SOON);
    fireEvent.click(row('S2')!.querySelector('.listing-shop-template-delete')!);
    await waitFor(() => expect(document.querySelector('.listing-template-delete-confirm')).toBeTruthy());
    expect(text('.listing-template-delete-confirm .ant-modal-confirm-title')).toBe('删除店铺「虾皮马来店」的模板？');
    expect(text('.listing-template-delete-confirm .ant-modal-confirm-content')).toBe('删除后要重新上传模板，才能下载这个店铺的数据包。');
    expect(count(calls, '/listing/shop_template_delete')).toBe(0);
    fireEvent.click(document.querySelector('.listing-template-delete-ok')!);
    await waitFor(() => expect(bodiesOf(calls, '/listing/shop_template_delete')).toEqual([{ shop_id: 'S2' }]));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('模板已删除', 'success'));
    await waitFor(() => expect(text('.listing-template-none', row('S2')!)).toBe('未上传模板'), SOON);
    expect(state.shops[1]!.template).toBeNull();
  });
});
