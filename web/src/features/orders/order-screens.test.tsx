import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import AbnormalScreen from './abnormal-screen';
import OrderDetailScreen from './order-detail-screen';
import OrderListScreen from './order-list-screen';
import OrderPayScreen from './order-pay-screen';
import OutStockScreen from './out-stock-screen';
import { bodiesOf, count, lastBody, ok, orderOf, refused, renderAt, serve, stubBrowserBits, stubRequestOrigin, type Handler } from './order-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);
// whole flows through antd forms and dialogs: slow on a shared machine
vi.setConfig({ testTimeout: 20_000 });
/** The first render loads antd's code: give it time on a busy machine. */
const SOON = { timeout: 20_000 };

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

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const click = (selector: string, root: ParentNode = document) => fireEvent.click(root.querySelector(selector)!);
const where = () => screen.getByTestId('where').textContent;
const page = (list: unknown[], extra: object = {}) => ok({ list, total: list.length, page: 1, pagesize: 10, ...extra });
const summary = (balance: string) => ok({ balance, frozen: '0.00', total_in: balance, total_out: '0.00', payout_account: null, max_top_up: '50000.00', max_withdrawal: '50000.00' });
const PAID = { status: 'to_be_shipped' as const, paid_at: 1795000100, paid_amount: '107.40', payment_method: 'wallet' as const };

async function confirmDialog(className: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.${className}`);
    if (!found) throw new Error('no confirm yet');
    return found;
  });
}

describe('order payment', () => {
  it('pays from the wallet and then shows the order paid with a link to it', async () => {
    let paid = false;
    const calls = serve({
      '/order/detail': () => ok(orderOf(paid ? PAID : {})),
      '/fund/index': () => summary(paid ? '392.60' : '500.00'),
      '/order/pay': () => {
        paid = true;
        return ok({ order: orderOf(PAID) });
      },
    });
    renderAt('/order_pay?order_no=JP202611210001&site=', <OrderPayScreen />, intl);
    await waitFor(() => expect(text('.order-pay-total')).toBe('¥107.40'), SOON);
    expect(text('.order-pay-order-no')).toBe('JP202611210001');
    expect(text('.order-status')).toBe('待付款');
    await waitFor(() => expect(text('.order-pay-balance-value')).toBe('¥500.00'));
    expect(document.querySelector('.order-pay-short')).toBeNull();
    expect(document.querySelector<HTMLInputElement>('.order-pay-wallet input')!.checked).toBe(true);

    // the money leaves the wallet only once the amount is confirmed
    click('.order-pay-submit');
    const confirm = await confirmDialog('order-pay-confirm');
    expect(text('.ant-modal-title', confirm)).toBe('确认余额支付');
    expect(text('.order-pay-confirm-amount', confirm)).toBe('将从账户余额支付 ¥107.40');
    expect(text('.order-pay-confirm-after', confirm)).toBe('支付后余额 ¥392.60');
    expect(count(calls, '/order/pay')).toBe(0);
    click('.order-pay-confirm-cancel');
    await waitFor(() => expect(document.querySelector('.order-pay-confirm .order-pay-confirm-amount')).toBeNull());
    expect(count(calls, '/order/pay')).toBe(0);

    click('.order-pay-submit');
    fireEvent.click(await confirmDialog('order-pay-confirm-ok'));
    await waitFor(() => expect(text('.order-pay-done')).toContain('订单已支付'));
    expect(bodiesOf(calls, '/order/pay')).toEqual([{ order_no: 'JP202611210001', method: 'wallet' }]);
    expect(text('.order-pay-done')).toContain('余额支付 ¥107.40');
    expect(document.querySelector('.order-pay-detail')?.getAttribute('href')).toBe('/orderDetail?order_no=JP202611210001&site=');
    expect(toast).toHaveBeenCalledWith('支付成功', 'success');
    expect(count(calls, '/fund/index')).toBe(2);
  });

  it('says when the balance is short, with a way to top up; the refusal is shown', async () => {
    serve({
      '/order/detail': () => ok(orderOf()),
      '/fund/index': () => summary('100.00'),
      '/order/pay': () => refused(422, '余额不足', { field: 'amount' }),
    });
    renderAt('/order_pay?order_no=JP202611210001&site=', <OrderPayScreen />, intl);
    await waitFor(() => expect(text('.order-pay-short')).toBe('余额不足， 去充值'), SOON);
    expect(document.querySelector('.order-pay-short a')?.getAttribute('href')).toBe('/myFund?site=');
    click('.order-pay-submit');
    await waitFor(() => expect(text('.order-pay-error')).toBe('余额不足'));
  });

  it('by QR: the dialog shows the QR and pay link, asks every 2 s, closes itself once paid, and the order shows paid', async () => {
    let polls = 0;
    let paid = false;
    const payment = { payment_id: 'P7', amount: '107.40', status: 'pending', expires_at: Math.floor(Date.now() / 1000) + 900, pay_url: 'http://127.0.0.1:8080/pay/P7', qr: 'data:image/svg+xml;base64,PHN2Zy8+' };
    const calls = serve({
      '/order/detail': () => ok(orderOf(paid ? { ...PAID, payment_method: 'qr' } : {})),
      '/fund/index': () => summary('0.00'),
      '/order/pay': () => ok({ payment }),
      '/fund/payment_status': () => {
        polls += 1;
        if (polls >= 2) paid = true;
        return ok({ ...payment, status: paid ? 'paid' : 'pending', paid_at: paid ? 1 : null });
      },
    });
    renderAt('/order_pay?order_no=JP202611210001&site=', <OrderPayScreen />, intl);
    await waitFor(() => expect(document.querySelector('.order-pay-qr input')).toBeTruthy(), SOON);
    click('.order-pay-qr input');
    click('.order-pay-submit');
    const dialog = await confirmDialog('order-qr-modal');
    await waitFor(() => expect(dialog.querySelector('.topup-qr')?.getAttribute('src')).toBe(payment.qr));
    expect(dialog.querySelector('.topup-pay-link')?.getAttribute('href')).toBe(payment.pay_url);
    expect(text('.topup-amount-value', dialog)).toBe('¥107.40');
    expect(lastBody(calls, '/order/pay')).toEqual({ order_no: 'JP202611210001', method: 'qr' });

    await waitFor(() => expect(text('.order-pay-done')).toContain('订单已支付'), { timeout: 8000 });
    expect(text('.order-pay-done')).toContain('扫码支付 ¥107.40');
    await waitFor(() => expect(document.querySelector('.order-qr-modal .topup-qr')).toBeNull());
    expect(bodiesOf(calls, '/fund/payment_status')[0]).toEqual({ payment_id: 'P7' });
  }, 15_000);

  it('without an order number says the order ID cannot be empty', async () => {
    const calls = serve({});
    renderAt('/order_pay?site=', <OrderPayScreen />, intl);
    expect(await screen.findByText('订单号不能为空')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('order list', () => {
  const orders = [
    orderOf({ order_no: 'JP1' }),
    orderOf({ order_no: 'JP2', status: 'shipped', stock_status: 'stock_prepared', tracking_no: 'SF100', ship_courier: 'sf', paid_at: 1 }),
    orderOf({ order_no: 'JP3', status: 'to_be_shipped', stock_status: 'out_of_stock', abnormal: true, type: 'platform', platform: 'tiktok', source_order_no: 'TT-9', address: null }),
  ];
  const counts = { all: 9, pending_payment: 1, to_be_shipped: 1, shipped: 1, to_be_reviewed: 2, completed: 3, cancelled: 1 };
  const listRoutes = (extra: Record<string, Handler> = {}) => ({ '/order/lists': () => page(orders, { total: 9, counts }), ...extra });

  it('tabs with their counts; each order with its tags, items, total and actions; a tab is in the address', async () => {
    const calls = serve(listRoutes());
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.order-card')).toHaveLength(3), SOON);
    expect([...document.querySelectorAll('.order-tab')].map((t) => t.textContent)).toEqual([
      '全部 9',
      '待付款 1',
      '待发货 1',
      '待收货 1',
      '待评价 2',
      '已完成 3',
      '已取消 1',
    ]);
    expect(lastBody(calls, '/order/lists')).toEqual({ page: 1, pagesize: 10 });
    const card = (no: string) => document.querySelector<HTMLElement>(`.order-card[data-order="${no}"]`)!;
    expect(text('.order-status', card('JP1'))).toBe('待付款');
    expect(text('.order-total', card('JP1'))).toBe('¥107.40');
    expect(text('.order-item-spec', card('JP1'))).toBe('黑色 / M');
    expect(card('JP1').querySelector('.order-pay')).toBeTruthy();
    expect(card('JP1').querySelector('.order-cancel')).toBeTruthy();
    expect(card('JP1').querySelector('.order-receive')).toBeNull();
    expect(text('.order-status', card('JP2'))).toBe('已发货（待收货）');
    expect(text('.order-card-tracking', card('JP2'))).toBe('快递单号 SF100');
    expect(card('JP2').querySelector('.order-receive')).toBeTruthy();
    expect(card('JP2').querySelector('.order-cancel')).toBeNull();
    expect([...card('JP3').querySelectorAll('.order-tags .ant-tag')].map((t) => t.textContent)).toEqual(['待发货', '缺货', '异常']);
    expect(text('.order-card-type', card('JP3'))).toBe('TikTok · TT-9');
    expect(card('JP3').querySelector('.order-detail-link')?.getAttribute('href')).toBe('/orderDetail?order_no=JP3&site=');

    fireEvent.click(screen.getByText('待收货'));
    await waitFor(() => expect(where()).toBe('/orderList?tab=shipped&site='));
    await waitFor(() => expect(lastBody(calls, '/order/lists')).toEqual({ page: 1, pagesize: 10, tab: 'shipped' }));

    click('.order-pay', card('JP1'));
    await waitFor(() => expect(where()).toBe('/order_pay?order_no=JP1&site='));
  });

  it('cancels before shipping and confirms receipt after a confirm; the list is asked again', async () => {
    const calls = serve(listRoutes({ '/order/cancel': () => ok({ order: orderOf({ status: 'cancelled' }) }), '/order/confirm': () => ok(null) }));
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.order-card')).toHaveLength(3), SOON);
    click('.order-card[data-order="JP1"] .order-cancel');
    const cancel = await confirmDialog('order-cancel-confirm');
    expect(cancel.textContent).toContain('确定取消这个订单吗？');
    expect(count(calls, '/order/cancel')).toBe(0);
    click('.order-cancel-ok', cancel);
    await waitFor(() => expect(bodiesOf(calls, '/order/cancel')).toEqual([{ order_no: 'JP1' }]));
    await waitFor(() => expect(count(calls, '/order/lists')).toBe(2));
    expect(toast).toHaveBeenCalledWith('订单已取消', 'success');

    click('.order-card[data-order="JP2"] .order-receive');
    const receive = await confirmDialog('order-receive-confirm');
    click('.order-receive-ok', receive);
    await waitFor(() => expect(bodiesOf(calls, '/order/confirm')).toEqual([{ order_no: 'JP2' }]));
    await waitFor(() => expect(count(calls, '/order/lists')).toBe(3));
  });

  it('filters by order number into the address; an end day before the start is refused and left out', async () => {
    const calls = serve(listRoutes());
    renderAt('/orderList?start=2026-11-02&end=2026-11-01&site=', <OrderListScreen />, intl);
    await waitFor(() => expect(text('.order-range-error')).toBe('结束时间不能早于开始时间'), SOON);
    await waitFor(() => expect(count(calls, '/order/lists')).toBe(1));
    expect(lastBody(calls, '/order/lists')).toEqual({ page: 1, pagesize: 10 });
    expect(document.querySelector<HTMLButtonElement>('.order-filter-search')!.disabled).toBe(true);

    click('.order-filter-reset');
    await waitFor(() => expect(where()).toBe('/orderList?site='));
    await waitFor(() => expect(document.querySelector('.order-range-error')).toBeNull());
    fireEvent.change(document.querySelector('.order-filter-no input, input.order-filter-no')!, { target: { value: ' JP2 ' } });
    click('.order-filter-search');
    await waitFor(() => expect(where()).toBe('/orderList?no=JP2&site='));
    await waitFor(() => expect(lastBody(calls, '/order/lists')).toEqual({ page: 1, pagesize: 10, order_no: 'JP2' }));
  });
});

describe('paying several orders together', () => {
  const pending = [orderOf({ order_no: 'JP1' }), orderOf({ order_no: 'JP2' }), orderOf({ order_no: 'JP3' })];
  const counts = { all: 3, pending_payment: 3, to_be_shipped: 0, shipped: 0, to_be_reviewed: 0, completed: 0, cancelled: 0 };
  const quote = (total: number, balance: number) =>
    ok({
      orders: [
        { order_no: 'JP1', total: total - 10740 },
        { order_no: 'JP3', total: 10740 },
      ],
      count: 2,
      total,
      balance,
      enough: balance >= total,
      message: balance >= total ? `共 2 单，合计 ¥${(total / 100).toFixed(2)}，从余额逐单扣款。` : '余额不足，请先充值。',
    });

  it('only on the pending-payment tab: ticks orders, quotes them, and pays the quoted total; the list is asked again', async () => {
    let paid = false;
    let balance = 50000;
    const calls = serve({
      '/order/lists': (body) => page(body.tab === 'pending_payment' && !paid ? pending : [], { total: paid ? 1 : 3, counts }),
      '/order/pay_quote': () => quote(21480, balance),
      '/order/pay_batch': () => {
        paid = true;
        return ok({ paid: ['JP1', 'JP3'], count: 2, balance: balance - 21480, message: '已支付 2 单，余额 ¥285.20。' });
      },
    });
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    await waitFor(() => expect(count(calls, '/order/lists')).toBe(1), SOON);
    // not on another tab
    expect(document.querySelector('.order-pay-batch-open')).toBeNull();
    expect(document.querySelector('.order-select')).toBeNull();
    cleanup();

    renderAt('/orderList?tab=pending_payment&site=', <OrderListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.order-card .order-select')).toHaveLength(3), SOON);
    const open = () => document.querySelector<HTMLButtonElement>('.order-pay-batch-open')!;
    expect(open().disabled).toBe(true);
    expect(text('.order-pay-batch-open')).toContain('合并支付（0 单）');
    const tick = (no: string) => fireEvent.click(document.querySelector(`.order-card[data-order="${no}"] .order-select input`)!);
    tick('JP1');
    tick('JP3');
    await waitFor(() => expect(open().disabled).toBe(false));
    expect(text('.order-pay-batch-open')).toContain('合并支付（2 单）');

    // a short balance: the confirm cannot be pressed, with a way to top up
    balance = 10000;
    fireEvent.click(open());
    await waitFor(() => expect(text('.order-pay-batch-modal .order-pay-batch-total')).toBe('¥214.80'));
    expect(lastBody(calls, '/order/pay_quote')).toEqual({ order_nos: ['JP1', 'JP3'] });
    expect(text('.order-pay-batch-message')).toBe('余额不足，请先充值。');
    expect(document.querySelector<HTMLButtonElement>('.order-pay-batch-confirm')!.disabled).toBe(true);
    expect(document.querySelector('.order-pay-batch-top-up')).toBeTruthy();
    fireEvent.click(document.querySelector('.order-pay-batch-modal .ant-modal-close')!);
    await waitFor(() => expect(document.querySelector('.order-pay-batch-modal .order-pay-batch-total')).toBeNull());

    // enough: pays for the quoted total
    balance = 50000;
    fireEvent.click(open());
    await waitFor(() => expect(text('.order-pay-batch-balance')).toBe('¥500.00'));
    expect(text('.order-pay-batch-count')).toBe('共 2 个订单');
    expect([...document.querySelectorAll('.order-pay-batch-order')].map((o) => o.getAttribute('data-order'))).toEqual(['JP1', 'JP3']);
    expect(text('.order-pay-batch-message')).toBe('共 2 单，合计 ¥214.80，从余额逐单扣款。');
    const lists = count(calls, '/order/lists');
    click('.order-pay-batch-confirm');
    await waitFor(() => expect(bodiesOf(calls, '/order/pay_batch')).toEqual([{ order_nos: ['JP1', 'JP3'], total: 21480 }]));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已支付 2 单，余额 ¥285.20。', 'success'));
    await waitFor(() => expect(document.querySelector('.order-pay-batch-modal .order-pay-batch-total')).toBeNull());
    await waitFor(() => expect(count(calls, '/order/lists')).toBeGreaterThan(lists));
  });

  it("a refusal (the total changed) is shown as the server words it and the quote is asked again", async () => {
    let total = 21480;
    const calls = serve({
      '/order/lists': () => page(pending, { counts }),
      '/order/pay_quote': () => quote(total, 50000),
      '/order/pay_batch': () => refused(422, '应付金额已变为 ¥224.80，请确认新的金额后重新支付。'),
    });
    renderAt('/orderList?tab=pending_payment&site=', <OrderListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.order-card .order-select')).toHaveLength(3), SOON);
    fireEvent.click(document.querySelector('.order-select-all input')!);
    await waitFor(() => expect(text('.order-pay-batch-open')).toContain('合并支付（3 单）'));
    click('.order-pay-batch-open');
    await waitFor(() => expect(text('.order-pay-batch-total')).toBe('¥214.80'));
    expect(lastBody(calls, '/order/pay_quote')).toEqual({ order_nos: ['JP1', 'JP2', 'JP3'] });
    total = 22480;
    click('.order-pay-batch-confirm');
    await waitFor(() => expect(text('.order-pay-batch-refused')).toBe('应付金额已变为 ¥224.80，请确认新的金额后重新支付。'));
    expect(lastBody(calls, '/order/pay_batch')).toEqual({ order_nos: ['JP1', 'JP2', 'JP3'], total: 21480 });
    await waitFor(() => expect(text('.order-pay-batch-total')).toBe('¥224.80'));
    expect(toast).not.toHaveBeenCalledWith(expect.anything(), 'success');
  });
});

describe('order detail', () => {
  const shipped = orderOf({
    order_no: 'JP5',
    status: 'shipped',
    stock_status: 'stock_prepared',
    paid_at: 1795000100,
    shipped_at: 1795000200,
    paid_amount: '107.40',
    payment_method: 'wallet',
    refunded: '51.80',
    ship_courier: 'sf',
    tracking_no: 'SF1234567890',
    value_added: ['gift_packaging'],
    remark: '轻放',
    items: [{ ...orderOf().items[0]!, short_quantity: 1 }],
    timeline: [
      { type: 'OrderPlaced', at: 1795000000, detail: {} },
      { type: 'OrderPaid', at: 1795000100, detail: { amount: '107.40', method: 'wallet' } },
      { type: 'StockShortage', at: 1795000150, detail: { refund: '51.80', shortages: [{ sku_id: 'K1', quantity: 1 }], all: false } },
      { type: 'OrderShipped', at: 1795000200, detail: { courier: 'sf', tracking_no: 'SF1234567890' } },
    ],
  });

  it('shows the items with what was short, the fees, what was paid and refunded, the address, courier, tracking and the timeline', async () => {
    serve({ '/order/detail': () => ok(shipped) });
    renderAt('/orderDetail?order_no=JP5&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-detail-order-no')).toBe('JP5'), SOON);
    expect(text('.order-status')).toBe('已发货（待收货）');
    expect(text('.order-item-short')).toBe('缺货 1 件（已退款）');
    expect(text('.order-fee-total .order-total')).toBe('¥107.40');
    expect(text('.order-paid-amount dd')).toBe('¥107.40');
    expect(text('.order-payment-method dd')).toBe('余额支付');
    expect(text('.order-refunded dd')).toBe('¥51.80');
    expect(text('.order-recipient dd')).toBe('李四 13900001111');
    expect(text('.order-address dd')).toBe('广东省 广州市 白云区 三元里大道 1 号');
    expect(text('.order-courier dd')).toBe('中通快递');
    expect(text('.order-ship-courier dd')).toBe('顺丰速运');
    expect(text('.order-tracking dd')).toBe('SF1234567890');
    expect(text('.order-qc dd')).toBe('普通质检');
    expect(text('.order-value-added dd')).toBe('礼品包装');
    expect(text('.order-remark dd')).toBe('轻放');
    expect([...document.querySelectorAll('.order-event-title')].map((e) => e.textContent)).toEqual(['提交订单', '完成付款', '商品缺货', '已发货']);
    expect(text('.order-event-OrderPaid .order-event-facts')).toBe('金额 ¥107.40支付方式：余额支付');
    expect(text('.order-event-StockShortage .order-event-facts')).toBe('退款 ¥51.80（已退回余额）缺货 1 件');
    expect(text('.order-event-OrderShipped .order-event-facts')).toBe('快递：顺丰速运快递单号：SF1234567890');
    expect(document.querySelector('.order-detail-summary .order-receive')).toBeTruthy();
    expect(document.querySelector('.order-detail-summary .order-cancel')).toBeNull();
  });

  it('a platform order shows its platform, source order number and label, read with the token', async () => {
    const label = '/jpmall/addons/unishop/order/label/0123456789abcdef0123456789abcdef';
    const calls = serve({
      '/order/detail': () => ok(orderOf({ type: 'platform', platform: 'shopee', source_order_no: 'SP-77', label_file: label, address: null })),
      '/order/label/0123456789abcdef0123456789abcdef': (_body, call) =>
        call.token === 'tok' ? new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }) : refused(404, '面单不存在'),
    });
    renderAt('/orderDetail?order_no=JP1&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-platform dd')).toBe('Shopee'), SOON);
    expect(text('.order-source-no dd')).toBe('SP-77');
    await waitFor(() => expect(document.querySelector('.order-label-image')?.getAttribute('src')).toMatch(/^blob:/));
    expect(calls.filter((c) => c.path.startsWith('/order/label/')).map((c) => c.token)).toEqual(['tok']);
    expect(document.querySelector('.order-recipient')).toBeNull();
  });

  it('a PDF label is offered to open; a label that cannot be read says so', async () => {
    serve({
      '/order/detail': (body) =>
        ok(orderOf({ type: 'platform', platform: 'shopee', source_order_no: 'SP-78', label_file: `/jpmall/addons/unishop/order/label/${String(body.order_no)}`, address: null })),
      '/order/label/JP1': () => new Response('%PDF-', { status: 200, headers: { 'content-type': 'application/pdf' } }),
      '/order/label/JP2': () => refused(404, '面单不存在'),
    });
    renderAt('/orderDetail?order_no=JP1&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-label .label-file-open')).toBe('打开面单'), SOON);
    expect(document.querySelector('.order-label-image')).toBeNull();
    cleanup();
    renderAt('/orderDetail?order_no=JP2&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-label .label-file-failed')).toBe('面单无法读取'), SOON);
  });

  it('a platform order from the batch upload shows the buyer it ships to', async () => {
    const address = { recipient: '赵六', phone: '13900003333', province: '广东省', city: '广州市', district: '白云区', detail: '机场路2号' };
    serve({ '/order/detail': () => ok(orderOf({ type: 'platform', platform: 'douyin', source_order_no: 'DY-1', label_file: '', address })) });
    renderAt('/orderDetail?order_no=JP1&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-platform dd')).toBe('抖音'), SOON);
    expect(text('.order-source-no dd')).toBe('DY-1');
    expect(document.querySelector('.order-label')).toBeNull();
    expect(text('.order-recipient dd')).toBe('赵六 13900003333');
    expect(text('.order-address dd')).toBe('广东省 广州市 白云区 机场路2号');
  });

  it('a completed order is reviewed with a rating and some words', async () => {
    let reviewed = false;
    const calls = serve({
      '/order/detail': () => ok(orderOf({ order_no: 'JP6', status: 'completed', reviewed, completed_at: 1795000300 })),
      '/order/review': () => {
        reviewed = true;
        return ok(null);
      },
    });
    renderAt('/orderDetail?order_no=JP6&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-status')).toBe('待评价'), SOON);
    click('.order-review');
    const dialog = await confirmDialog('order-review-modal');
    click('.order-review-submit', dialog);
    await waitFor(() => expect([...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual(['请选择评分', '请填写评价内容']));
    fireEvent.click(dialog.querySelectorAll('.order-review-rating .ant-rate-star > div')[3]!);
    fireEvent.change(within(dialog).getByPlaceholderText('说说商品和服务怎么样'), { target: { value: ' 质量很好 ' } });
    click('.order-review-submit', dialog);
    await waitFor(() => expect(bodiesOf(calls, '/order/review')).toEqual([{ order_no: 'JP6', rating: 4, content: '质量很好' }]));
    await waitFor(() => expect(text('.order-status')).toBe('已完成'));
    expect(document.querySelector('.order-review')).toBeNull();
  });

  it('an order of another user is the server refusal', async () => {
    serve({ '/order/detail': () => refused(404, '请求错误，未找到该资源') });
    renderAt('/orderDetail?order_no=JPX&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-detail-error')).toContain('请求错误，未找到该资源'), SOON);
  });
});

describe('after-sales lists', () => {
  it('out-of-stock notices with what was short and refunded, linked to their order', async () => {
    const calls = serve({
      '/order/out_stock': () =>
        page([
          { order_no: 'JP5', all: false, refund: '51.80', items: [{ sku_id: 'K1', item_no: 'A1001', title: '夏季T恤', color: '黑色', size: 'M', quantity: 1, image: '/media/p/P1/color-2.jpg' }], at: 1795000150 },
          { order_no: 'JP4', all: true, refund: '107.40', items: [], at: 1795000100 },
        ]),
    });
    renderAt('/outStock?site=', <OutStockScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.out-stock-row')).toHaveLength(2), SOON);
    const first = document.querySelector<HTMLElement>('.out-stock-row[data-order="JP5"]')!;
    expect(text('.out-stock-scope', first)).toBe('部分缺货');
    expect(text('.out-stock-refund-value', first)).toBe('¥51.80');
    expect(text('.out-stock-quantity', first)).toBe('缺 1 件');
    // the short item's own colour, not the product's main picture
    expect(first.querySelector('.out-stock-item img')?.getAttribute('src')).toBe('/media/p/P1/color-2.jpg');
    expect(first.querySelector('.sale-row-order')?.getAttribute('href')).toBe('/orderDetail?order_no=JP5&site=');
    expect(text('.out-stock-row[data-order="JP4"] .out-stock-scope')).toBe('全部缺货');
    expect(lastBody(calls, '/order/out_stock')).toEqual({ page: 1, pagesize: 10 });
  });

  it('abnormal orders with an open / resolved filter', async () => {
    const calls = serve({
      '/order/abnormal': (body) =>
        page(
          [
            { order_no: 'JP3', reason: '地址不详', flagged_at: 1795000100, resolution: '', resolved_at: null, status: 'open' },
            { order_no: 'JP2', reason: '面单模糊', flagged_at: 1795000000, resolution: '已重新上传', resolved_at: 1795000050, status: 'resolved' },
          ].filter((r) => !body.status || r.status === body.status),
        ),
    });
    renderAt('/abnormal?site=', <AbnormalScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.abnormal-row')).toHaveLength(2), SOON);
    expect(text('.abnormal-row[data-order="JP3"] .abnormal-status')).toBe('待处理');
    expect(text('.abnormal-row[data-order="JP3"] .abnormal-reason')).toBe('异常原因：地址不详');
    expect(text('.abnormal-row[data-order="JP2"] .abnormal-resolution')).toContain('处理结果：已重新上传');
    fireEvent.click(within(document.querySelector<HTMLElement>('.abnormal-filter')!).getByText('已处理'));
    await waitFor(() => expect(document.querySelectorAll('.abnormal-row')).toHaveLength(1));
    expect(lastBody(calls, '/order/abnormal')).toEqual({ page: 1, pagesize: 10, status: 'resolved' });
  });
});
