import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRequest } from './types';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { languageChanged } from '../../state/session-slice';
import CheckoutScreen from './checkout-screen';
import HandOrderScreen from './hand-order-screen';
import {
  ADDRESS,
  bodiesOf,
  count,
  lastBody,
  ok,
  orderOf,
  priceRequest,
  refused,
  renderAt,
  serve,
  SETTINGS,
  stubBrowserBits,
  stubRequestOrigin,
  submitCheckingRises,
  type CartLineAt,
  type Handler,
} from './order-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);
// whole flows through antd forms and dialogs: slow on a shared machine
vi.setConfig({ testTimeout: 20_000 });

beforeAll(stubBrowserBits);
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

/** The first render loads antd's form, select and radio code: give it time on a busy machine. */
const SOON = { timeout: 20_000 };

const LABEL_ID = '0123456789abcdef0123456789abcdef';
const LABEL_URL = `/jpmall/addons/unishop/order/label/${LABEL_ID}`;

const asRequest = (body: Record<string, unknown>) => body as unknown as OrderRequest;

function routes(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    '/forward/settings': () => ok(SETTINGS),
    '/address/lists': () => ok([ADDRESS]),
    '/address/area': () => ok([]),
    '/order/preview': (body) => ok(priceRequest(asRequest(body))),
    '/order/submit': () => ok({ order: orderOf({ order_no: 'JP9' }) }),
    ...extra,
  };
}

const text = (selector: string) => document.querySelector(selector)?.textContent;
const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);
const form = () => document.querySelector<HTMLFormElement>('.checkout-form')!;
const fieldErrors = () => [...form().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const click = (selector: string) => fireEvent.click(document.querySelector(selector)!);
const submit = () => click('.checkout-submit');
const where = () => screen.getByTestId('where').textContent;

async function choose(selectClass: string, popupClass: string, name: string) {
  fireEvent.mouseDown(document.querySelector(`.${selectClass} .ant-select-content, .${selectClass} .ant-select-selector, .${selectClass}`)!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(`.${popupClass} .ant-select-item-option`)].find((o) => o.textContent?.includes(name));
    if (!found) throw new Error(`${name} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

describe('checkout from the cart', () => {
  it('asks to log in without a session and sends nothing', () => {
    const calls = serve(routes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl, null);
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the lines and fees the server priced, starting from the settings and the default address; an option change is priced again; submit goes to the payment", async () => {
    const calls = serve(routes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-line[data-sku="K1"]')).toBeTruthy(), SOON);
    expect(lastBody(calls, '/order/preview')).toEqual({ source: 'cart', type: 'domestic', courier: 'zto', qc_level: 'basic', value_added: [] });
    expect(text('.checkout-line-title')).toBe('夏季T恤');
    expect(text('.checkout-line-spec')).toBe('黑色 / M');
    expect(text('.checkout-line-amount')).toBe('¥99.80');
    await waitFor(() => expect(text('.order-fee-total .order-total')).toBe('¥107.40'));
    expect([...document.querySelectorAll('.checkout-fees .order-fee')].map((r) => r.textContent)).toEqual([
      '商品金额¥99.80',
      '运费¥5.00',
      '服务费¥2.00',
      '质检费¥0.60',
      '增值服务费¥0.00',
      '应付总额¥107.40',
    ]);
    expect(text('.checkout-balance')).toBe('账户余额 ¥500.00');
    // defaults: the default address, the settings' courier, QC level and remark template
    expect(document.querySelector<HTMLInputElement>('.checkout-address-A1 input')!.checked).toBe(true);
    expect(text('.checkout-address-A1')).toContain('广东省 广州市 白云区 三元里大道 1 号');
    expect(document.querySelector<HTMLInputElement>('.checkout-qc-basic input')!.checked).toBe(true);
    expect(document.querySelector<HTMLTextAreaElement>('#checkout_remark')!.value).toBe('不要放发票');
    expect(text('.checkout-qc-advanced')).toBe('高级质检¥1.30/件');
    expect(text('.checkout-va-replace_tag')).toBe('换吊牌¥0.50/件');

    click('.checkout-qc-advanced input');
    await waitFor(() => expect(text('.order-fee-total .order-total')).toBe('¥109.40'));
    click('.checkout-va-gift_packaging input');
    await waitFor(() => expect(text('.order-fee-total .order-total')).toBe('¥111.40'));
    expect(lastBody(calls, '/order/preview')).toEqual({ source: 'cart', type: 'domestic', courier: 'zto', qc_level: 'advanced', value_added: ['gift_packaging'] });
    await choose('checkout-courier', 'checkout-courier-popup', '顺丰速运');
    await waitFor(() => expect(text('.order-fee-shipping dd')).toBe('¥14.00'));

    submit();
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    const sent = bodiesOf(calls, '/order/submit');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      source: 'cart',
      type: 'domestic',
      courier: 'sf',
      qc_level: 'advanced',
      value_added: ['gift_packaging'],
      address_id: 'A1',
      remark: '不要放发票',
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(toast).toHaveBeenCalledWith('订单已提交，请尽快付款', 'success');
  });

  it('a platform order needs platform, source order number and a label; the label is uploaded; a refusal shows at its field and a retry keeps the request id', async () => {
    let submits = 0;
    const calls = serve(
      routes({
        '/order/label': () => ok({ url: LABEL_URL, name: 'label.pdf', content_type: 'application/pdf', size: 5 }),
        [`/order/label/${LABEL_ID}`]: (_body, call) =>
          call.token === 'tok' ? new Response('%PDF-', { status: 200, headers: { 'content-type': 'application/pdf' } }) : refused(404, '面单不存在'),
        '/order/submit': () => {
          submits += 1;
          return submits === 1 ? refused(422, '请输入来源订单号', { field: 'source_order_no' }) : ok({ order: orderOf({ order_no: 'JP10' }) });
        },
      }),
    );
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-type-platform')).toBeTruthy(), SOON);
    click('.checkout-type-platform input');
    await waitFor(() => expect(document.querySelector('.checkout-platform')).toBeTruthy());
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toMatchObject({ type: 'platform' }));
    submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['请选择平台', '请输入来源订单号', '请上传面单文件']), SOON);
    expect(count(calls, '/order/submit')).toBe(0);

    await choose('checkout-platform', 'checkout-platform-popup', 'TikTok');
    fireEvent.change(document.querySelector('#checkout_source_order_no')!, { target: { value: ' TT-1001 ' } });
    expect(document.querySelector('.label-upload input[type=file]')?.getAttribute('accept')).toBe('.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg');
    const file = new File(['%PDF-'], 'label.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(document.querySelector('.label-upload input[type=file]')!, { target: { files: [file] } });
    });
    // sent as chosen, then read back with the token and offered as a PDF to open
    await waitFor(() => expect(document.querySelector('.label-upload-preview .label-file-open')).toBeTruthy());
    expect(lastBody(calls, '/order/label')).toMatchObject({ size: 5 });
    expect(calls.find((c) => c.path === `/order/label/${LABEL_ID}`)?.token).toBe('tok');
    expect(text('.label-upload-button')).toBe('重新上传');

    submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入来源订单号']), SOON);
    expect(document.querySelector('.ant-form-item-has-error #checkout_source_order_no')).toBeTruthy();
    submit();
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP10&site='));
    const [first, second] = bodiesOf(calls, '/order/submit');
    expect(first).toMatchObject({ type: 'platform', platform: 'tiktok', source_order_no: 'TT-1001', label_file: LABEL_URL, courier: 'zto' });
    expect(first).not.toHaveProperty('address_id');
    expect(second!.request_id).toBe(first!.request_id);
  });

  it("a typed address is checked with the address book's words; a refusal without a field is shown above the submit", async () => {
    const calls = serve(routes({ '/order/submit': () => refused(422, '库存仅剩 1 件', { field: 'lines', sku: 'K1' }) }));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-address-new')).toBeTruthy(), SOON);
    click('.checkout-address-new input');
    await waitFor(() => expect(document.querySelector('#checkout_recipient')).toBeTruthy());
    submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入收货人', '请输入手机号码', '请选择省市区', '请输入详细地址']), SOON);
    expect(count(calls, '/order/submit')).toBe(0);

    click('.checkout-address-saved input');
    await waitFor(() => expect(document.querySelector('#checkout_recipient')).toBeNull());
    submit();
    await waitFor(() => expect(text('.checkout-submit-error')).toBe('库存仅剩 1 件'));
    expect(where()).toBe('/checkout?site=');
  });

  it("a preview refusal (nothing selected any more) says so with a way back to the cart", async () => {
    serve(routes({ '/order/preview': () => refused(422, '请至少选择一件商品', { field: 'lines' }) }));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(text('.checkout-goods .checkout-preview-error')).toContain('请至少选择一件商品'), SOON);
    expect(document.querySelector('.checkout-back-to-cart')?.getAttribute('href')).toBe('/cart?site=');
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('cart lines that cost more than when added', () => {
  /** K1 was added at 45.90 (49.90 today), K3 at 0.20 (0.10 today: a fall, which needs nothing). */
  const RISEN: CartLineAt[] = [
    { sku_id: 'K1', quantity: 2, added: 4590 },
    { sku_id: 'K3', quantity: 1, added: 20 },
  ];
  const cartRoutes = (cart: () => readonly CartLineAt[]) =>
    routes({
      '/order/preview': (body) => ok(priceRequest(asRequest(body), [...cart()])),
      '/order/submit': submitCheckingRises(cart, orderOf({ order_no: 'JP9' })),
    });
  const confirmDialog = () => document.querySelector<HTMLElement>('.checkout-price-confirm');
  async function confirmShown() {
    return waitFor(() => {
      const found = confirmDialog();
      if (!found) throw new Error('no confirmation yet');
      return found;
    }, SOON);
  }

  it('are shown above the lines; submit asks to confirm them and sends accept_price_rises: true', async () => {
    const calls = serve(cartRoutes(() => RISEN));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-price-rises')).toBeTruthy(), SOON);
    const notice = document.querySelector<HTMLElement>('.checkout-price-rises')!;
    expect(notice.textContent).toContain('1 个商品比加入购物车时涨价了，提交订单时需要确认新价格');
    // only the rise is listed, with its item and both prices
    expect(texts('.checkout-price-rises .checkout-price-rise')).toEqual(['夏季T恤 黑色 / M 涨价 ¥45.90 → ¥49.90']);
    expect(notice.querySelector('.checkout-price-rise')?.getAttribute('data-sku')).toBe('K1');

    // cancelled: nothing is sent
    submit();
    let dialog = await confirmShown();
    expect(dialog.textContent).toContain('以下商品比加入购物车时涨价了，按新价格下单吗？');
    expect(texts('.checkout-price-confirm .checkout-price-rise')).toEqual(['夏季T恤 黑色 / M 涨价 ¥45.90 → ¥49.90']);
    fireEvent.click(dialog.querySelector('.checkout-price-confirm-cancel')!);
    await waitFor(() => expect(document.querySelector('.checkout-price-confirm .checkout-price-rise')).toBeNull());
    expect(count(calls, '/order/submit')).toBe(0);

    // confirmed: placed at the new prices
    submit();
    dialog = await confirmShown();
    fireEvent.click(dialog.querySelector('.checkout-price-confirm-ok')!);
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='), SOON);
    const sent = bodiesOf(calls, '/order/submit');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ source: 'cart', address_id: 'A1', accept_price_rises: true });
  });

  it('a fall needs nothing: no notice, and submit sends no acceptance', async () => {
    const calls = serve(cartRoutes(() => [{ sku_id: 'K3', quantity: 1, added: 20 }]));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-line[data-sku="K3"]')).toBeTruthy(), SOON);
    await waitFor(() => expect(document.querySelector<HTMLButtonElement>('.checkout-submit')?.disabled).toBe(false));
    expect(document.querySelector('.checkout-price-rises')).toBeNull();
    submit();
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='), SOON);
    expect(confirmDialog()).toBeNull();
    expect(bodiesOf(calls, '/order/submit')[0]).not.toHaveProperty('accept_price_rises');
  });

  it('a price that rose after the preview: the refused submit asks the preview again and the same confirmation', async () => {
    // the preview saw today's prices; the price of K1 rises before the submit arrives
    let cart: CartLineAt[] = [{ sku_id: 'K1', quantity: 2 }];
    const calls = serve(cartRoutes(() => cart));
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await waitFor(() => expect(document.querySelector('.checkout-line[data-sku="K1"]')).toBeTruthy(), SOON);
    await waitFor(() => expect(text('.order-fee-total .order-total')).toBe('¥107.40'), SOON);
    expect(document.querySelector('.checkout-price-rises')).toBeNull();
    const previews = count(calls, '/order/preview');
    cart = [{ sku_id: 'K1', quantity: 2, added: 4590 }];

    submit();
    const dialog = await confirmShown();
    expect(bodiesOf(calls, '/order/submit')).toEqual([expect.not.objectContaining({ accept_price_rises: expect.anything() })]);
    expect(count(calls, '/order/preview')).toBe(previews + 1);
    expect(texts('.checkout-price-confirm .checkout-price-rise')).toEqual(['夏季T恤 黑色 / M 涨价 ¥45.90 → ¥49.90']);
    // the screen shows the rise too, and the refusal is no error of its own
    await waitFor(() => expect(document.querySelector('.checkout-price-rises')).toBeTruthy());
    expect(document.querySelector('.checkout-submit-error')).toBeNull();
    expect(toast).not.toHaveBeenCalled();

    fireEvent.click(dialog.querySelector('.checkout-price-confirm-ok')!);
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='), SOON);
    const [first, second] = bodiesOf(calls, '/order/submit');
    expect(second).toMatchObject({ accept_price_rises: true });
    expect(second!.request_id).toBe(first!.request_id);
  });

  it('in English the rises and the confirmation show none of our own text in Chinese', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    serve(cartRoutes(() => RISEN));
    const store = renderAt('/checkout?site=', <CheckoutScreen />, english);
    store.dispatch(languageChanged('en_US'));
    await waitFor(() => expect(document.querySelector('.checkout-price-rises')).toBeTruthy(), SOON);
    const own = (root: Element) => {
      const copy = root.cloneNode(true) as Element;
      // the item's title and colour / size are the product's own (the kit's are Chinese)
      for (const item of copy.querySelectorAll('.checkout-price-rise-item, [translate="no"]')) item.remove();
      return copy.textContent ?? '';
    };
    const notice = document.querySelector('.checkout-price-rises')!;
    expect(own(notice)).toBe('1 item costs more than when added to the cart; placing the order asks you to confirm the new prices Price up ¥45.90 → ¥49.90');
    expect(own(notice)).not.toMatch(/\p{Script=Han}/u);
    submit();
    const dialog = await confirmShown();
    expect(own(dialog)).toContain('These items cost more than when you added them to the cart. Order at the new prices?');
    expect(own(dialog)).toContain('Accept and place order');
    expect(own(dialog)).not.toMatch(/\p{Script=Han}/u);
  });
});

describe('a pasted recipient', () => {
  /** address/area by pid: a few divisions of the real data. */
  const AREAS: Record<string, { id: string; name: string }[]> = {
    '': [
      { id: '31', name: '上海市' },
      { id: '33', name: '浙江省' },
      { id: '44', name: '广东省' },
    ],
    '33': [
      { id: '3301', name: '杭州市' },
      { id: '3302', name: '宁波市' },
    ],
    '3301': [
      { id: '330105', name: '拱墅区' },
      { id: '330106', name: '西湖区' },
    ],
  };
  const areaRoutes = () => routes({ '/address/area': (body) => ok(AREAS[String(body.pid)] ?? []) });
  const value = (selector: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector)!.value;
  const regionShown = () => text('.checkout-typed-address .ant-cascader .ant-select-content');

  async function openTypedAddress() {
    await waitFor(() => expect(document.querySelector('.checkout-address-new')).toBeTruthy(), SOON);
    click('.checkout-address-new input');
    await waitFor(() => expect(document.querySelector('#checkout_paste')).toBeTruthy());
  }

  function paste(pasted: string) {
    fireEvent.change(document.querySelector('#checkout_paste')!, { target: { value: pasted } });
    click('.checkout-paste-recognise');
  }

  it('fills recipient, phone, region and detail from the text, asking the divisions down one region, and leaves the submit to the seller', async () => {
    const calls = serve(areaRoutes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await openTypedAddress();
    expect(document.querySelector<HTMLButtonElement>('.checkout-paste-recognise')!.disabled).toBe(true);
    paste('收件人：李四，电话：139-0000-1111，地址：浙江省 杭州市 西湖区 文三路 5 号');
    await waitFor(() => expect(value('#checkout_recipient')).toBe('李四'));
    expect(value('#checkout_phone')).toBe('13900001111');
    expect(value('#checkout_detail')).toBe('文三路 5 号');
    await waitFor(() => expect(regionShown()).toBe('浙江省 / 杭州市 / 西湖区'));
    expect(toast).toHaveBeenCalledWith('已识别收货人、手机号码和地址，请核对后再提交', 'success');
    // the provinces the picker loaded, then the province's cities and the city's districts; the picker reuses them
    expect(bodiesOf(calls, '/address/area').map((b) => b.pid)).toEqual(['', '33', '3301']);
    expect(count(calls, '/order/submit')).toBe(0);
    // the pasted text stays for comparing
    expect(value('#checkout_paste')).toContain('文三路 5 号');

    submit();
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).toMatchObject({
      source: 'cart',
      type: 'domestic',
      address: { recipient: '李四', phone: '13900001111', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 5 号' },
    });
  });

  it('names what it could not recognise and empties those fields: no phone, an unknown province', async () => {
    const calls = serve(areaRoutes());
    renderAt('/checkout?site=', <CheckoutScreen />, intl);
    await openTypedAddress();
    fireEvent.change(document.querySelector('#checkout_phone')!, { target: { value: '13800001111' } });
    paste('王五\n火星省红色市 1 号');
    await waitFor(() => expect(value('#checkout_recipient')).toBe('王五'));
    expect(value('#checkout_phone')).toBe('');
    expect(value('#checkout_detail')).toBe('火星省红色市 1 号');
    expect(toast).toHaveBeenCalledWith('已填入识别出的内容；未能识别手机号码和省市区，请手动填写', 'warning');
    submit();
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入手机号码', '请选择省市区']), SOON);
    expect(count(calls, '/order/submit')).toBe(0);

    // a district not written: province and city are filled, the district is asked for
    paste('浙江省杭州市文三路 5 号 李四 13900001111');
    await waitFor(() => expect(regionShown()).toBe('浙江省 / 杭州市'));
    expect(value('#checkout_recipient')).toBe('李四');
    expect(value('#checkout_phone')).toBe('13900001111');
    expect(toast).toHaveBeenLastCalledWith('已填入识别出的内容；未能识别区县，请手动填写', 'warning');
    await waitFor(() => expect(fieldErrors()).toEqual([]), SOON);

    paste('，，');
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith('未能识别收件信息，请手动填写', 'warning'));
    expect(value('#checkout_recipient')).toBe('');
  });
});

describe('manual entry', () => {
  const lookup = {
    product_id: 'P1',
    item_no: 'A1001',
    title: '夏季T恤',
    image: '/media/p/P1/main-1.jpg',
    stall_name: '一号档口',
    skus: [
      { sku_id: 'K1', color: '黑色', size: 'M', price: '49.90', stock: 120 },
      { sku_id: 'K2', color: '白色', size: 'L', price: '49.90', stock: 3, image: '/media/p/P1/color-2.jpg' },
    ],
  };

  it('looks up an item number, adds colour × size lines, prices them and places a manual order', async () => {
    const calls = serve(
      routes({
        '/order/item': (body) => (body.item_no === 'A1001' ? ok(lookup) : refused(422, '没有该货号的商品', { field: 'item_no' })),
      }),
    );
    renderAt('/handOrder?site=', <HandOrderScreen />, intl);
    await waitFor(() => expect(document.querySelector('.hand-item-no')).toBeTruthy(), SOON);
    // nothing entered: no preview, submit off
    expect(text('.checkout-empty')).toBe('还没有添加商品');
    expect(document.querySelector<HTMLButtonElement>('.checkout-submit')!.disabled).toBe(true);
    expect(count(calls, '/order/preview')).toBe(0);

    click('.hand-search');
    expect(text('.hand-lookup-error')).toBe('请输入货号');
    fireEvent.change(document.querySelector('.hand-item-no')!, { target: { value: 'Z9' } });
    click('.hand-search');
    await waitFor(() => expect(text('.hand-lookup-error')).toBe('没有该货号的商品'));
    fireEvent.change(document.querySelector('.hand-item-no')!, { target: { value: ' A1001 ' } });
    click('.hand-search');
    await waitFor(() => expect(document.querySelector('.hand-sku')).toBeTruthy());
    expect(lastBody(calls, '/order/item')).toEqual({ item_no: 'A1001' });
    expect(document.querySelector<HTMLButtonElement>('.hand-sku-add')!.disabled).toBe(true);

    // white L: 3 in stock; stepping past it stays at 3
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.hand-sku-colors .hand-sku-color')].find((e) => e.textContent === '白色')!.querySelector('input')!);
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.hand-sku-sizes .hand-sku-size')].find((e) => e.textContent === 'L')!.querySelector('input')!);
    await waitFor(() => expect(text('.hand-sku-figures')).toContain('库存 3 件'));
    for (let i = 0; i < 4; i += 1) click('.hand-sku-quantity .qty-stepper-up');
    expect(document.querySelector<HTMLInputElement>('.hand-sku-quantity input')!.value).toBe('3');
    click('.hand-sku-add');
    // and one black M
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.hand-sku-colors .hand-sku-color')].find((e) => e.textContent === '黑色')!.querySelector('input')!);
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.hand-sku-sizes .hand-sku-size')].find((e) => e.textContent === 'M')!.querySelector('input')!);
    click('.hand-sku-add');

    await waitFor(() => expect(document.querySelectorAll('.hand-line')).toHaveLength(2));
    // each line shows its colour's picture; black has none of its own, so the product's
    const pictures = [...document.querySelectorAll('.hand-line img')].map((img) => img.getAttribute('src'));
    expect(pictures).toEqual(['/media/p/P1/color-2.jpg', '/media/p/P1/main-1.jpg']);
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toMatchObject({ source: 'manual', lines: [{ sku_id: 'K2', quantity: 3 }, { sku_id: 'K1', quantity: 1 }] }));
    // 4 × 49.90 + zto 4.00 + 3 × 1.00 + service 4.00 + basic QC 1.20
    await waitFor(() => expect(text('.order-fee-total .order-total')).toBe('¥211.80'));
    expect(text('.hand-lines .ant-card-extra')).toBe('共 4 件');

    // one fewer white L, then the black M goes
    click('.hand-line[data-sku="K2"] .qty-stepper-down');
    click('.hand-line[data-sku="K1"] .hand-line-remove');
    await waitFor(() => expect(lastBody(calls, '/order/preview')).toMatchObject({ lines: [{ sku_id: 'K2', quantity: 2 }] }));

    submit();
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP9&site='));
    expect(lastBody(calls, '/order/submit')).toMatchObject({ source: 'manual', lines: [{ sku_id: 'K2', quantity: 2 }], type: 'domestic', address_id: 'A1' });
  });
});
