import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import {
  bodiesOf,
  count,
  lastBody,
  ok,
  refused,
  renderAt,
  RETURN_ADDRESS,
  saleOf,
  saleServer,
  serve,
  stubBrowserBits,
  stubRequestOrigin,
  ZERO_BREAKDOWN,
  type Handler,
} from './after-sale-test-kit';
import SaleDetailScreen from './sale-detail-screen';
import SaleListScreen from './sale-list-screen';

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
const texts = (selector: string, root: ParentNode = document) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
const click = (selector: string, root: ParentNode = document) => fireEvent.click(root.querySelector(selector)!);
const where = () => screen.getByTestId('where').textContent;

async function found(selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element;
  }, SOON);
}

/** Picks an option of an antd Select by its text. */
async function choose(selectClass: string, popupClass: string, label: string) {
  fireEvent.mouseDown(document.querySelector(`.${selectClass} .ant-select-selector, .${selectClass}`)!);
  const popup = await found(`.${popupClass}`);
  await waitFor(() => expect(within(popup).getByText(label)).toBeTruthy(), SOON);
  fireEvent.click(within(popup).getByText(label));
}

const list = () => [
  saleOf({ id: 'SH1', order_no: 'JP2', status: 'awaiting_return', quantity: 2, refund_amount: '99.80' }),
  saleOf({ id: 'SH2', order_no: 'JP2', kind: 'refund_only', status: 'pending_review', refund_amount: '49.90' }),
  saleOf({ id: 'SH3', order_no: 'JP1', kind: 'exchange', status: 'exchanged', refund_amount: '0.00' }),
  saleOf({ id: 'SH4', order_no: 'JP1', kind: 'refund_unshipped', status: 'refunded', refunded: true, refund_amount: '57.30' }),
];

describe('after-sales list', () => {
  it('status tabs with their counts; rows with serial number, order, kind, status, time, refund, quantity and links', async () => {
    const { routes } = saleServer(list());
    const calls = serve(routes);
    renderAt('/saleList?site=', <SaleListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.sale-list-row')).toHaveLength(4), SOON);
    expect(texts('.sale-tab')).toEqual([
      '全部 4',
      '待审核 1',
      '审核通过 0',
      '拦截中 0',
      '待填写退货单号 1',
      '退货中 0',
      '已收货 0',
      '已退款 1',
      '已换货 1',
      '已拒绝 0',
      '已取消 0',
    ]);
    expect(lastBody(calls, '/aftersale/lists')).toEqual({ page: 1, pagesize: 10 });
    const row = (id: string) => document.querySelector<HTMLElement>(`.sale-list-row[data-id="${id}"]`)!;
    expect(texts('td', row('SH1'))).toEqual(['SH1', 'JP2', '退货退款', '待填写退货单号', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), '¥99.80', '2', '填写退货单号']);
    expect(row('SH1').querySelector('.sale-list-id a')?.getAttribute('href')).toBe('/saleDetail?id=SH1&site=');
    expect(row('SH1').querySelector('.sale-list-order a')?.getAttribute('href')).toBe('/orderDetail?order_no=JP2&site=');
    expect(row('SH1').querySelector('.sale-list-return')?.getAttribute('href')).toBe('/saleDetail?id=SH1&site=');
    expect(text('.sale-list-kind', row('SH2'))).toBe('仅退款（已发货）');
    expect(text('.sale-list-action', row('SH2'))).toBe('查看详情');
    expect(text('.sale-list-refund', row('SH3'))).toBe('—');
    expect(text('.sale-list-kind', row('SH4'))).toBe('仅退款（未发货）');
    expect(text('.sale-list-status', row('SH4'))).toBe('已退款');
    // the module's screens link to each other
    expect(texts('.orders-tab')).toEqual(['售后列表', '缺货通知', '异常订单']);
  });

  it('a status tab goes into the address and the call; only its rows show', async () => {
    const { routes } = saleServer(list());
    const calls = serve(routes);
    renderAt('/saleList?site=', <SaleListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.sale-list-row')).toHaveLength(4), SOON);
    click('.sale-tab-awaiting_return');
    await waitFor(() => expect(where()).toBe('/saleList?status=awaiting_return&site='), SOON);
    await waitFor(() => expect(document.querySelectorAll('.sale-list-row')).toHaveLength(1), SOON);
    expect(lastBody(calls, '/aftersale/lists')).toEqual({ page: 1, pagesize: 10, status: 'awaiting_return' });
    // the counts stay those of every status
    expect(text('.sale-tab-all')).toBe('全部 4');
    click('.sale-tab-rejected');
    await waitFor(() => expect(text('.sale-list-empty')).toContain('没有符合条件的售后'), SOON);
  });

  it('searches by an order-number prefix, keeps it in the address and resets it; counts follow the search', async () => {
    const { routes } = saleServer(list());
    const calls = serve(routes);
    renderAt('/saleList?status=pending_review&site=', <SaleListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.sale-list-row')).toHaveLength(1), SOON);
    fireEvent.change(document.querySelector('.sale-filter-no input, input.sale-filter-no')!, { target: { value: ' JP1 ' } });
    click('.sale-filter-search');
    await waitFor(() => expect(where()).toBe('/saleList?status=pending_review&no=JP1&site='), SOON);
    await waitFor(() => expect(lastBody(calls, '/aftersale/lists')).toEqual({ page: 1, pagesize: 10, status: 'pending_review', order_no: 'JP1' }), SOON);
    await waitFor(() => expect(text('.sale-tab-all')).toBe('全部 2'), SOON);
    expect(text('.sale-tab-pending_review')).toBe('待审核 0');
    click('.sale-filter-reset');
    await waitFor(() => expect(where()).toBe('/saleList?status=pending_review&site='), SOON);
    await waitFor(() => expect(text('.sale-tab-all')).toBe('全部 4'), SOON);
  });

  it('pages through a long list; the page is in the address', async () => {
    const many = Array.from({ length: 25 }, (_, i) => saleOf({ id: `SH${100 + i}`, order_no: `JP${i}`, status: 'pending_review' }));
    const { routes } = saleServer(many);
    const calls = serve(routes);
    renderAt('/saleList?site=', <SaleListScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.sale-list-row')).toHaveLength(10), SOON);
    expect(text('.sale-pagination .ant-pagination-total-text')).toBe('共 25 条');
    fireEvent.click(document.querySelector('.sale-pagination .ant-pagination-item-3')!);
    await waitFor(() => expect(where()).toBe('/saleList?page=3&site='), SOON);
    await waitFor(() => expect(document.querySelectorAll('.sale-list-row')).toHaveLength(5), SOON);
    expect(lastBody(calls, '/aftersale/lists')).toEqual({ page: 3, pagesize: 10 });
  });

  it('says when there is nothing yet, and asks to log in without a session', async () => {
    const calls = serve(saleServer([]).routes);
    renderAt('/saleList?site=', <SaleListScreen />, intl);
    await waitFor(() => expect(text('.sale-list-empty')).toContain('还没有售后申请'), SOON);
    cleanup();
    localStorage.clear(); // the stored session
    renderAt('/saleList?site=', <SaleListScreen />, intl, null);
    await waitFor(() => expect(document.querySelector('.ant-result-403 a')?.getAttribute('href')).toBe('/login?site=&redirect=%2FsaleList%3Fsite%3D'), SOON);
    expect(count(calls, '/aftersale/lists')).toBe(1);
  });
});

describe('after-sale detail', () => {
  const refunded = saleOf({
    id: 'SH9',
    kind: 'refund_unshipped',
    status: 'refunded',
    refunded: true,
    refunded_at: 1795000300,
    quantity: 2,
    lines: [{ sku_id: 'K1', item_no: 'A1001', title: '夏季T恤', image: '/media/p/P1/main-1.jpg', color: '黑色', size: 'M', price: '49.90', quantity: 2 }],
    breakdown: {
      goods: '99.80',
      service_back: '2.00',
      qc_back: '0.60',
      value_added_back: '1.00',
      shipping_back: '5.00',
      fees_back: '8.60',
      wrong_item_insurance: '0.00',
      wrong_station_fee: '0.00',
      deductions: '0.00',
      total: '108.40',
    },
    refund_amount: '108.40',
    images: ['/uploads/a.jpg', '/uploads/b.jpg'],
    return_deadline: null,
    timeline: [
      { type: 'AfterSaleApplied', at: 1795000000, detail: { kind: 'refund_unshipped', quantity: 2, reason: '不想要了' } },
      { type: 'AfterSaleApproved', at: 1795000100, detail: {} },
      { type: 'InterceptionStarted', at: 1795000150, detail: {} },
      { type: 'InterceptionSucceeded', at: 1795000200, detail: {} },
      { type: 'AfterSaleRefunded', at: 1795000300, detail: { amount: '108.40' } },
      { type: 'SomethingNew', at: 1795000400, detail: null },
    ],
  });

  it('shows the lines, the refund breakdown as credited, the application and the timeline', async () => {
    serve(saleServer([refunded]).routes);
    renderAt('/saleDetail?id=SH9&site=', <SaleDetailScreen />, intl);
    await waitFor(() => expect(text('.sale-detail-id')).toBe('SH9'), SOON);
    expect(text('.sale-summary .sale-status')).toBe('已退款');
    expect(text('.sale-summary-kind')).toBe('仅退款（未发货）');
    expect(document.querySelector('.sale-order a')?.getAttribute('href')).toBe('/orderDetail?order_no=JP202611210001&site=');
    expect(text('.sale-quantity dd')).toBe('共 2 件');
    expect(text('.sale-refunded-note')).toContain('已退款 ¥108.40 到账户余额');
    expect(text('.sale-line-spec')).toBe('黑色 / M');
    expect(text('.sale-line-quantity')).toBe('2');
    expect(text('.sale-refund .ant-card-head-title')).toBe('退款明细');
    expect([...document.querySelectorAll('.sale-breakdown-row')].map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent])).toEqual([
      ['商品金额', '¥99.80'],
      ['退回费用', '¥8.60'],
      ['服务费', '¥2.00'],
      ['质检费', '¥0.60'],
      ['增值服务费', '¥1.00'],
      ['运费', '¥5.00'],
      ['扣除费用', '¥0.00'],
      ['错件险', '¥0.00'],
      ['错仓处理费', '¥0.00'],
      ['实际退款', '¥108.40'],
    ]);
    expect(document.querySelector('.sale-estimate-hint')).toBeNull();
    expect(text('.sale-reason dd')).toBe('质量问题');
    expect(text('.sale-description dd')).toBe('袖口开线');
    expect([...document.querySelectorAll('.sale-image')].map((i) => i.getAttribute('src'))).toEqual(['/uploads/a.jpg', '/uploads/b.jpg']);
    expect(texts('.sale-event-title')).toEqual(['提交售后申请', '审核通过', '开始拦截包裹', '拦截成功', '退款完成', 'SomethingNew']);
    expect(texts('.sale-event-AfterSaleApplied li')).toEqual(['类型：仅退款（未发货）', '数量：2 件', '原因：不想要了']);
    expect(texts('.sale-event-AfterSaleRefunded li')).toEqual(['退款 ¥108.40（已退回余额）']);
    // not a return: no return address, no form, no cancel
    expect(document.querySelector('.sale-return')).toBeNull();
    expect(document.querySelector('.sale-cancel')).toBeNull();
  });

  it('an estimate until refunded, with the deductions of a wrong-item return to the wrong station', async () => {
    const received = saleOf({
      status: 'return_received',
      wrong_item: true,
      wrong_station: true,
      return_courier: 'sf',
      return_tracking_no: 'SF100',
      breakdown: { ...ZERO_BREAKDOWN, goods: '49.90', wrong_item_insurance: '3.00', wrong_station_fee: '1.00', deductions: '4.00', total: '45.90' },
      refund_amount: '45.90',
      timeline: [{ type: 'ReturnReceived', at: 1795000200, detail: { wrong_item: true, wrong_station: true } }],
    });
    serve(saleServer([received]).routes);
    renderAt(`/saleDetail?id=${received.id}&site=`, <SaleDetailScreen />, intl);
    await waitFor(() => expect(text('.sale-refund .ant-card-head-title')).toBe('退款明细（预估）'), SOON);
    expect(text('.sale-breakdown-deductions dd')).toBe('-¥4.00');
    expect(text('.sale-breakdown-wrong_item_insurance dd')).toBe('-¥3.00');
    expect(text('.sale-breakdown-wrong_station_fee dd')).toBe('-¥1.00');
    expect(text('.sale-breakdown-total')).toBe('预计退款¥45.90');
    expect(text('.sale-estimate-hint')).toContain('预估金额');
    expect(texts('.sale-event-ReturnReceived li')).toEqual(['收到错发的商品，扣除错件险', '退到了错误的仓库，扣除处理费']);
    expect(text('.sale-wrong-item')).toBe('收到错发的商品，扣除错件险');
    // the return parcel as entered; no form once received
    expect(text('.sale-return-courier-value dd')).toBe('顺丰速运');
    expect(text('.sale-return-tracking-value dd')).toBe('SF100');
    expect(document.querySelector('.sale-return-form')).toBeNull();
    expect(document.querySelector('.sale-cancel')).toBeNull();
  });

  it('awaiting the return: the form leads, with the address to copy; both fields are checked; the parcel is sent and can be corrected', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { routes } = saleServer([saleOf()]);
    const calls = serve(routes);
    renderAt('/saleDetail?id=SH20261121100000000001&site=', <SaleDetailScreen />, intl);
    const card = await found('.sale-return.is-due');
    // prominent: right after the summary, before the goods
    expect(card.previousElementSibling?.classList.contains('sale-summary')).toBe(true);
    expect(text('.ant-card-head-title', card)).toBe('请填写退货单号');
    expect(text('.sale-return-due', card)).toContain('尽快填写退货快递单号');
    expect(text('.sale-deadline dd')).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(text('.sale-return-address-who', card)).toBe('售后部 020-86000000');
    expect(text('.sale-return-address-where', card)).toBe('广东省 广州市 白云区 机场路 88 号 jpmall 售后仓');
    click('.sale-return-address-copy', card);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('售后部 020-86000000 广东省 广州市 白云区 机场路 88 号 jpmall 售后仓'), SOON);
    expect(toast).toHaveBeenCalledWith('复制成功！', 'success');

    click('.sale-return-submit', card);
    await waitFor(() => expect(texts('.ant-form-item-explain-error', card)).toEqual(['请选择快递', '请输入退货快递单号']), SOON);
    expect(count(calls, '/aftersale/return')).toBe(0);
    await choose('sale-return-courier', 'sale-return-courier-popup', '中通快递');
    fireEvent.change(card.querySelector('input.sale-return-tracking')!, { target: { value: ' ZT123456 ' } });
    click('.sale-return-submit', card);
    await waitFor(() => expect(bodiesOf(calls, '/aftersale/return')).toEqual([{ id: 'SH20261121100000000001', courier: 'zto', tracking_no: 'ZT123456' }]), SOON);
    expect(toast).toHaveBeenCalledWith('退货单号已提交', 'success');
    // asked again: now in transit, the form corrects what was sent
    await waitFor(() => expect(text('.sale-summary .sale-status')).toBe('退货中'), SOON);
    const transit = await found('.sale-return:not(.is-due)');
    expect(text('.sale-return-tracking-value dd', transit)).toBe('ZT123456');
    expect(text('.sale-return-submit', transit)).toBe('修改退货单号');
    expect(transit.querySelector<HTMLInputElement>('input.sale-return-tracking')!.value).toBe('ZT123456');
    expect(texts('.sale-event-ReturnShipped li')).toEqual(['快递：中通快递', '快递单号：ZT123456']);
    // in transit it cannot be cancelled any more
    expect(document.querySelector('.sale-cancel')).toBeNull();
  });

  it("a refusal naming a field shows under it; one naming none is toasted", async () => {
    let answers = 0;
    const routes: Record<string, Handler> = {
      '/aftersale/detail': () => ok(saleOf()),
      '/aftersale/return': () => {
        answers += 1;
        return answers === 1 ? refused(422, '快递单号格式不正确', { field: 'tracking_no' }) : refused(422, '无法提交退货：售后状态为 cancelled');
      },
    };
    serve(routes);
    renderAt('/saleDetail?id=SH20261121100000000001&site=', <SaleDetailScreen />, intl);
    const card = await found('.sale-return.is-due');
    await choose('sale-return-courier', 'sale-return-courier-popup', '顺丰速运');
    fireEvent.change(card.querySelector('input.sale-return-tracking')!, { target: { value: 'x' } });
    click('.sale-return-submit', card);
    await waitFor(() => expect(texts('.ant-form-item-explain-error', card)).toEqual(['快递单号格式不正确']), SOON);
    fireEvent.change(card.querySelector('input.sale-return-tracking')!, { target: { value: 'SF1' } });
    click('.sale-return-submit', card);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('无法提交退货：售后状态为 cancelled', 'error'), SOON);
  });

  it('cancels after a confirm; the screen then shows it cancelled', async () => {
    const { routes } = saleServer([saleOf({ status: 'pending_review', timeline: [{ type: 'AfterSaleApplied', at: 1795000000, detail: {} }] })]);
    const calls = serve(routes);
    renderAt('/saleDetail?id=SH20261121100000000001&site=', <SaleDetailScreen />, intl);
    await waitFor(() => expect(text('.sale-summary .sale-status')).toBe('待审核'), SOON);
    // a return kind under review: the address is shown for later, no form yet
    expect(text('.sale-return-later')).toBe('审核通过后，请把商品寄回以下地址。');
    expect(document.querySelector('.sale-return-form')).toBeNull();
    click('.sale-cancel');
    const confirm = await found('.sale-cancel-confirm');
    expect(confirm.textContent).toContain('确定取消这个售后申请吗？');
    expect(count(calls, '/aftersale/cancel')).toBe(0);
    click('.sale-cancel-ok', confirm);
    await waitFor(() => expect(bodiesOf(calls, '/aftersale/cancel')).toEqual([{ id: 'SH20261121100000000001' }]), SOON);
    expect(toast).toHaveBeenCalledWith('售后已取消', 'success');
    await waitFor(() => expect(text('.sale-summary .sale-status')).toBe('已取消'), SOON);
    expect(document.querySelector('.sale-cancel')).toBeNull();
    expect(document.querySelector('.sale-return')).toBeNull();
    expect(texts('.sale-event-title')).toEqual(['提交售后申请', '售后已取消']);
  });

  it('cancel is offered while pending review, approved (not refunded) or awaiting the return only', async () => {
    const cases: [NonNullable<Parameters<typeof saleOf>[0]>, boolean][] = [
      [{ status: 'approved', kind: 'refund_only' }, true],
      [{ status: 'awaiting_return' }, true],
      [{ status: 'intercepting', kind: 'refund_unshipped' }, false],
      [{ status: 'return_in_transit' }, false],
      [{ status: 'rejected', reject_reason: '' }, false],
    ];
    for (const [overrides, offered] of cases) {
      serve({ '/aftersale/detail': () => ok(saleOf(overrides)) });
      renderAt('/saleDetail?id=SH20261121100000000001&site=', <SaleDetailScreen />, intl);
      await waitFor(() => expect(document.querySelector('.sale-summary')).toBeTruthy(), SOON);
      expect(Boolean(document.querySelector('.sale-cancel')), String(overrides.status)).toBe(offered);
      cleanup();
      vi.unstubAllGlobals();
      stubRequestOrigin();
    }
  });

  it('a rejection shows its reason; an exchange its replacement parcel', async () => {
    serve({ '/aftersale/detail': () => ok(saleOf({ status: 'rejected', reject_reason: '商品已洗涤，不支持退货', timeline: [{ type: 'AfterSaleRejected', at: 1, detail: { reason: '商品已洗涤，不支持退货' } }] })) });
    renderAt('/saleDetail?id=SH20261121100000000001&site=', <SaleDetailScreen />, intl);
    await waitFor(() => expect(text('.sale-rejected')).toContain('审核未通过'), SOON);
    expect(text('.sale-reject-reason')).toBe('拒绝原因：商品已洗涤，不支持退货');
    expect(texts('.sale-event-AfterSaleRejected li')).toEqual(['拒绝原因：商品已洗涤，不支持退货']);
    expect(document.querySelector('.sale-return')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    stubRequestOrigin();

    serve({
      '/aftersale/detail': () =>
        ok(
          saleOf({
            kind: 'exchange',
            status: 'exchanged',
            breakdown: ZERO_BREAKDOWN,
            refund_amount: '0.00',
            replacement_courier: 'yto',
            replacement_tracking_no: 'YT888',
            timeline: [{ type: 'ReplacementShipped', at: 1, detail: { courier: 'yto', tracking_no: 'YT888' } }],
          }),
        ),
    });
    renderAt('/saleDetail?id=SH20261121100000000001&site=', <SaleDetailScreen />, intl);
    await waitFor(() => expect(text('.sale-exchanged')).toContain('已换货，新商品已发出'), SOON);
    expect(text('.sale-replacement')).toBe('发货快递：圆通速递，快递单号：YT888');
    expect(text('.sale-no-refund')).toBe('换货和补发不退款。');
    expect(texts('.sale-event-ReplacementShipped li')).toEqual(['快递：圆通速递', '快递单号：YT888']);
  });

  it("an answer without a return address falls back to the platform's", async () => {
    const calls = serve({
      '/aftersale/detail': () => ok(saleOf({ return_address: { recipient: '', phone: '', province: '', city: '', district: '', detail: '' } })),
      '/home/refund_address': () => ok({ ...RETURN_ADDRESS, recipient: '平台售后' }),
    });
    renderAt('/saleDetail?id=SH20261121100000000001&site=', <SaleDetailScreen />, intl);
    await waitFor(() => expect(text('.sale-return-address-who')).toBe('平台售后 020-86000000'), SOON);
    const call = calls.find((c) => c.path === '/home/refund_address')!;
    expect(call.method).toBe('GET');
    expect(call.token).toBe('tok');
  });

  it('without an id says so and asks nothing; an unknown one shows the refusal', async () => {
    const calls = serve({ '/aftersale/detail': () => refused(404, '请求错误，未找到该资源') });
    renderAt('/saleDetail?site=', <SaleDetailScreen />, intl);
    expect(await screen.findByText('售后单号不能为空')).toBeTruthy();
    expect(calls).toHaveLength(0);
    cleanup();
    renderAt('/saleDetail?id=SHX&site=', <SaleDetailScreen />, intl);
    await waitFor(() => expect(text('.sale-detail-error')).toContain('请求错误，未找到该资源'), SOON);
    await act(async () => undefined);
  });
});
