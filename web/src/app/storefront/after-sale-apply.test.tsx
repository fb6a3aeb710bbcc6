import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesOf,
  count,
  lastBody,
  ok,
  optionsOf,
  refused,
  renderRoutes,
  saleServer,
  serve,
  stubBrowserBits,
  stubRequestOrigin,
  type Handler,
} from '../../features/afterSales/after-sale-test-kit';
import SaleDetailScreen from '../../features/afterSales/sale-detail-screen';
import OrderDetailScreen from '../../features/orders/order-detail-screen';
import OrderListScreen from '../../features/orders/order-list-screen';
import { orderOf } from '../../features/orders/order-test-kit';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { AfterSaleApplyDialog } from '../../widgets/after-sale-apply';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));
vi.mock('../../lib/image-scale', () => ({
  NoUsableImageError: class extends Error {},
  scaleImageForUpload: async (file: File) => file,
}));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 20_000 });
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
const where = () => document.querySelector('[data-testid="where"]')?.textContent;

async function found(selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element;
  }, SOON);
}

async function chooseReason(label: string) {
  fireEvent.mouseDown(document.querySelector('.apply-reason .ant-select-selector, .apply-reason')!);
  const popup = await found('.apply-reason-popup');
  await waitFor(() => expect(within(popup).getByText(label)).toBeTruthy(), SOON);
  fireEvent.click(within(popup).getByText(label));
}

/** The dialog open on an order, as the order screens open it; closing it is recorded. */
const onClose = vi.fn();
function Host() {
  const [open, setOpen] = useState(true);
  return (
    <AfterSaleApplyDialog
      orderNo="JP202611210001"
      open={open}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    />
  );
}

const item = (sku: string) => document.querySelector<HTMLElement>(`.apply-item[data-sku="${sku}"]`)!;
const fieldErrors = () => texts('.apply-form .ant-form-item-explain-error');
const openDialog = (routes: Record<string, Handler>) => {
  const calls = serve(routes);
  renderRoutes('/orderDetail?order_no=JP202611210001&site=', { '/orderDetail': <Host />, '/saleDetail': <SaleDetailScreen /> }, intl);
  return calls;
};

describe('after-sale apply dialog', () => {
  it('offers the kinds the options allow, the return deadline, and the items capped at what may still be claimed', async () => {
    const calls = openDialog(saleServer([]).routes);
    await found('.apply-form');
    expect(bodiesOf(calls, '/aftersale/options')).toEqual([{ order_no: 'JP202611210001' }]);
    expect(text('.apply-modal .ant-modal-title')).toBe('申请售后 · 订单 JP202611210001');
    expect(texts('.apply-kind')).toEqual(['仅退款（已发货）', '退货退款', '换货', '补发']);
    expect(document.querySelector<HTMLInputElement>('.apply-kind-refund_only input')!.checked).toBe(true);
    expect(text('.apply-kind-hint')).toContain('只退商品款');
    expect(text('.apply-deadline')).toMatch(/^退货退款和换货须在 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 前申请/);
    click('.apply-kind-return_refund input');
    await waitFor(() => expect(text('.apply-kind-hint')).toContain('填写退货快递单号'), SOON);

    expect(text('.apply-item-available', item('K1'))).toBe('可申请 2 件（共购买 3 件）');
    expect(text('.apply-item-available', item('K2'))).toBe('已全部申请售后（共购买 1 件）');
    expect(item('K2').querySelector<HTMLInputElement>('.apply-item-check input')!.disabled).toBe(true);
    expect(item('K1').querySelector('.qty-stepper')).toBeNull();
    click('.apply-item-check input', item('K1'));
    await waitFor(() => expect(item('K1').querySelector<HTMLInputElement>('.qty-stepper-input')!.value).toBe('1'), SOON);
    click('.qty-stepper-up', item('K1'));
    await waitFor(() => expect(item('K1').querySelector<HTMLInputElement>('.qty-stepper-input')!.value).toBe('2'), SOON);
    expect(item('K1').querySelector<HTMLButtonElement>('.qty-stepper-up')!.disabled).toBe(true);
    // a typed quantity above the cap is brought down to it
    const input = item('K1').querySelector<HTMLInputElement>('.qty-stepper-input')!;
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.blur(input);
    await waitFor(() => expect(item('K1').querySelector<HTMLInputElement>('.qty-stepper-input')!.value).toBe('2'), SOON);
  });

  it("asks for items ('select the items to return') and a reason before sending anything", async () => {
    const calls = openDialog(saleServer([]).routes);
    await found('.apply-form');
    click('.apply-submit');
    await waitFor(() => expect(fieldErrors()).toEqual(['请选择退货商品', '请选择售后原因']), SOON);
    // choosing and then dropping the only item is still nothing chosen
    click('.apply-item-check input', item('K1'));
    click('.apply-item-check input', item('K1'));
    click('.apply-submit');
    await waitFor(() => expect(fieldErrors()).toEqual(['请选择退货商品', '请选择售后原因']), SOON);
    expect(count(calls, '/aftersale/apply')).toBe(0);
  });

  it('sends the chosen kind, lines, reason, description and uploaded images with a request id, then shows the new after-sale', async () => {
    const { routes, sales } = saleServer([]);
    let uploads = 0;
    const calls = openDialog({
      ...routes,
      '/category/upload': () => {
        uploads += 1;
        return ok({ url: `/uploads/u${uploads}.jpg`, name: 'upload.jpg', width: 800, height: 600, size: 1 });
      },
    });
    await found('.apply-form');
    click('.apply-kind-return_refund input');
    click('.apply-item-check input', item('K1'));
    click('.qty-stepper-up', item('K1'));
    await chooseReason('质量问题');
    fireEvent.change(document.querySelector('textarea.apply-description, .apply-description textarea')!, { target: { value: ' 袖口开线 ' } });
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    await act(async () => {
      fireEvent.change(document.querySelector('.apply-images input[type=file]')!, { target: { files } });
    });
    await waitFor(() => expect([...document.querySelectorAll('.apply-image img')].map((i) => i.getAttribute('src'))).toEqual(['/uploads/u1.jpg', '/uploads/u2.jpg']), SOON);
    expect(text('.apply-images-hint')).toContain('已上传 2 张');
    // one removed again
    click('.apply-image-remove');
    await waitFor(() => expect(document.querySelectorAll('.apply-image')).toHaveLength(1), SOON);

    click('.apply-submit');
    await waitFor(() => expect(where()).toBe(`/saleDetail?id=${sales[0]?.id}&site=`), SOON);
    expect(bodiesOf(calls, '/aftersale/apply')).toEqual([
      {
        order_no: 'JP202611210001',
        kind: 'return_refund',
        lines: [{ sku_id: 'K1', quantity: 2 }],
        reason: 'quality',
        description: '袖口开线',
        images: ['/uploads/u2.jpg'],
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(toast).toHaveBeenCalledWith('售后申请已提交', 'success');
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(text('.sale-summary .sale-status')).toBe('待审核'), SOON);
    expect(text('.sale-summary-kind')).toBe('退货退款');
    expect(lastBody(calls, '/aftersale/detail')).toEqual({ id: sales[0]?.id });
  });

  it('a refusal shows at the field it names (lines, kind); the same request id is sent again', async () => {
    let tries = 0;
    const calls = openDialog({
      '/aftersale/options': () => ok(optionsOf()),
      '/aftersale/apply': () => {
        tries += 1;
        return tries === 1 ? refused(422, 'A1001 最多可申请 1 件', { field: 'lines' }) : refused(422, '收货超过 30 天，不能申请退货', { field: 'kind' });
      },
    });
    await found('.apply-form');
    click('.apply-item-check input', item('K1'));
    await chooseReason('尺码不合适');
    click('.apply-submit');
    await waitFor(() => expect(fieldErrors()).toEqual(['A1001 最多可申请 1 件']), SOON);
    expect(document.querySelector('.ant-form-item-has-error .apply-items')).toBeTruthy();
    // a refused quantity asks the options again (another application may have claimed it)
    await waitFor(() => expect(count(calls, '/aftersale/options')).toBe(2), SOON);
    click('.apply-submit');
    await waitFor(() => expect(fieldErrors()).toEqual(['收货超过 30 天，不能申请退货']), SOON);
    expect(document.querySelector('.ant-form-item-has-error .apply-kinds')).toBeTruthy();
    const [first, second] = bodiesOf(calls, '/aftersale/apply');
    expect(first!.reason).toBe('size');
    expect(second!.request_id).toBe(first!.request_id);
    expect(toast).not.toHaveBeenCalledWith(expect.anything(), 'error');
  });

  it('an order with nothing to apply for says so; a refusal without a field shows in the dialog', async () => {
    openDialog({ '/aftersale/options': () => ok(optionsOf({ kinds: [], return_deadline: null })) });
    await waitFor(() => expect(text('.apply-none')).toContain('该订单当前没有可申请的售后'), SOON);
    expect(document.querySelector('.apply-form')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    stubRequestOrigin();

    openDialog({ '/aftersale/options': () => ok(optionsOf({ kinds: ['refund_unshipped'], return_deadline: null })), '/aftersale/apply': () => refused(500, '服务器错误') });
    await found('.apply-form');
    expect(texts('.apply-kind')).toEqual(['仅退款（未发货）']);
    expect(document.querySelector('.apply-deadline')).toBeNull();
    click('.apply-item-check input', item('K1'));
    await chooseReason('其他');
    click('.apply-submit');
    await waitFor(() => expect(text('.apply-error')).toBe('服务器错误'), SOON);
  });
});

describe('applying from the order screens', () => {
  const orders = [
    orderOf({ order_no: 'JP1' }),
    orderOf({ order_no: 'JP2', status: 'shipped', stock_status: 'stock_prepared', paid_at: 1 }),
    orderOf({ order_no: 'JP3', status: 'to_be_shipped', paid_at: 1 }),
    orderOf({ order_no: 'JP4', status: 'completed', reviewed: true, paid_at: 1 }),
    orderOf({ order_no: 'JP5', status: 'cancelled' }),
  ];

  it('order rows offer it when to be shipped, shipped or completed; it opens on that order', async () => {
    const { routes } = saleServer([], optionsOf({ order_no: 'JP2' }));
    const calls = serve({ ...routes, '/order/lists': () => ok({ list: orders, total: 5, page: 1, pagesize: 10, counts: { all: 5 } }) });
    renderRoutes('/orderList?site=', { '/orderList': <OrderListScreen />, '/saleDetail': <SaleDetailScreen /> }, intl);
    await waitFor(() => expect(document.querySelectorAll('.order-card')).toHaveLength(5), SOON);
    const card = (no: string) => document.querySelector<HTMLElement>(`.order-card[data-order="${no}"]`)!;
    expect(['JP1', 'JP2', 'JP3', 'JP4', 'JP5'].map((no) => Boolean(card(no).querySelector('.order-after-sale')))).toEqual([false, true, true, true, false]);
    expect(text('.order-after-sale', card('JP2'))).toBe('申请售后');
    click('.order-after-sale', card('JP2'));
    await found('.apply-form');
    expect(lastBody(calls, '/aftersale/options')).toEqual({ order_no: 'JP2' });
    click('.apply-item-check input', item('K1'));
    await chooseReason('发错货');
    click('.apply-submit');
    await waitFor(() => expect(where()).toMatch(/^\/saleDetail\?id=SH\d+&site=$/), SOON);
    expect(lastBody(calls, '/aftersale/apply')).toMatchObject({ order_no: 'JP2', kind: 'refund_only', lines: [{ sku_id: 'K1', quantity: 1 }], reason: 'wrong_item' });
  });

  it('the order detail offers it too, and cancelling the dialog sends nothing', async () => {
    const calls = serve({ ...saleServer([]).routes, '/order/detail': () => ok(orderOf({ status: 'completed', reviewed: false, completed_at: 1 })) });
    renderRoutes('/orderDetail?order_no=JP202611210001&site=', { '/orderDetail': <OrderDetailScreen /> }, intl);
    const button = await found('.order-detail-summary .order-after-sale');
    fireEvent.click(button);
    await found('.apply-form');
    fireEvent.click(within(document.querySelector<HTMLElement>('.apply-actions')!).getByText('取 消'));
    await waitFor(() => expect(document.querySelector('.apply-form')).toBeNull(), SOON);
    expect(count(calls, '/aftersale/apply')).toBe(0);
  });
});
