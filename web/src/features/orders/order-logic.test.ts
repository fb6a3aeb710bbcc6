import { describe, expect, it } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import en from '../../i18n/en_US.json';
import {
  addManualLine,
  balanceAfter,
  balanceCovers,
  checkoutFieldOf,
  displayStatus,
  DISPLAY_STATUSES,
  EMPTY_ORDER_FILTERS,
  feeRows,
  findLookupSku,
  lookupColors,
  lookupPicture,
  lookupSizes,
  orderActions,
  orderListBody,
  orderListFromSearch,
  orderListSearch,
  ORDER_TABS,
  parseDay,
  platformKey,
  previewRequest,
  removeManualLine,
  setManualQuantity,
  statusKey,
  stockStatusKey,
  STOCK_STATES,
  submitRequest,
  tabCount,
  tabKey,
  timelineFacts,
  timelineKey,
  validateAddressChoice,
  validateLabelFile,
  validateListRange,
  validateOrderCourier,
  validatePlatform,
  validateRating,
  validateReviewContent,
  validateSourceOrderNo,
  valueAddedKey,
  visibleFields,
  type ManualLine,
} from './order-logic';

const catalogues = { zh: zh as Record<string, string>, en: en as Record<string, string> };

describe('status labels', () => {
  it('a completed order is to be reviewed until reviewed', () => {
    expect(displayStatus({ status: 'completed', reviewed: false })).toBe('to_be_reviewed');
    expect(displayStatus({ status: 'completed', reviewed: true })).toBe('completed');
    expect(displayStatus({ status: 'shipped', reviewed: false })).toBe('shipped');
  });

  it('every status, stock state and tab has its words in both languages (spec section 4)', () => {
    expect(DISPLAY_STATUSES.map((s) => catalogues.zh[statusKey(s)])).toEqual(['待付款', '待发货', '已发货（待收货）', '待评价', '已完成', '已取消']);
    expect(DISPLAY_STATUSES.map((s) => catalogues.en[statusKey(s)])).toEqual([
      'Pending payment',
      'To be shipped',
      'Shipped (to be received)',
      'To be reviewed',
      'Completed',
      'Cancelled',
    ]);
    expect(STOCK_STATES.map((s) => catalogues.zh[stockStatusKey(s)])).toEqual(['待备货', '已备货', '缺货']);
    expect(STOCK_STATES.map((s) => catalogues.en[stockStatusKey(s)])).toEqual(['Pending stock', 'Stock prepared', 'Out of stock']);
    expect(ORDER_TABS.map((tab) => catalogues.zh[tabKey(tab)])).toEqual(['全部', '待付款', '待发货', '待收货', '待评价', '已完成', '已取消']);
    for (const tab of ORDER_TABS) expect(catalogues.en[tabKey(tab)], tab).toBeTruthy();
  });

  it('an unknown status is the unknown-status message; unknown platforms and services keep their code', () => {
    expect(statusKey('lost')).toBe('error.unknownStatus');
    expect(stockStatusKey('lost')).toBe('error.unknownStatus');
    expect(platformKey('douyin')).toBe('order.platform.douyin');
    expect(platformKey('amazon')).toBeNull();
    expect(valueAddedKey('gift_packaging')).toBe('order.valueAdded.gift_packaging');
    expect(valueAddedKey('ironing')).toBeNull();
  });
});

describe('actions', () => {
  it('pay while pending payment, cancel before shipping, confirm once shipped, review once completed', () => {
    expect(orderActions({ status: 'pending_payment', reviewed: false })).toEqual({ pay: true, cancel: true, confirm: false, review: false, afterSale: false });
    expect(orderActions({ status: 'to_be_shipped', reviewed: false })).toEqual({ pay: false, cancel: true, confirm: false, review: false, afterSale: true });
    expect(orderActions({ status: 'shipped', reviewed: false })).toEqual({ pay: false, cancel: false, confirm: true, review: false, afterSale: true });
    expect(orderActions({ status: 'completed', reviewed: false })).toEqual({ pay: false, cancel: false, confirm: false, review: true, afterSale: true });
    expect(orderActions({ status: 'completed', reviewed: true })).toEqual({ pay: false, cancel: false, confirm: false, review: false, afterSale: true });
    expect(orderActions({ status: 'cancelled', reviewed: false })).toEqual({ pay: false, cancel: false, confirm: false, review: false, afterSale: false });
  });
});

describe('fees', () => {
  const fees = { product_amount: '99.80', shipping: '5.00', service: '2.00', qc: '0.60', value_added: '0.00', coupon_discount: '0.00', total: '107.40' };

  it('lists the fees in order as the server wrote them; the coupon only when there is a discount', () => {
    expect(feeRows(fees).map((r) => [r.field, r.amount])).toEqual([
      ['product_amount', '99.80'],
      ['shipping', '5.00'],
      ['service', '2.00'],
      ['qc', '0.60'],
      ['value_added', '0.00'],
    ]);
    const discounted = feeRows({ ...fees, coupon_discount: '3.00' });
    expect(discounted.at(-1)).toEqual({ field: 'coupon_discount', key: 'order.fee.coupon_discount', amount: '3.00', discount: true });
    for (const row of discounted) expect(catalogues.zh[row.key], row.key).toBeTruthy();
  });

  it('the balance covers a total compared in fen', () => {
    expect(balanceCovers('107.40', '107.40')).toBe(true);
    expect(balanceCovers('107.39', '107.40')).toBe(false);
    expect(balanceCovers('0.30', '0.3')).toBe(true);
  });

  it('the balance after paying is counted in fen', () => {
    expect(balanceAfter('500.00', '107.40')).toBe('392.60');
    expect(balanceAfter('0.30', '0.1')).toBe('0.20');
    expect(balanceAfter('107.40', '107.40')).toBe('0.00');
  });
});

describe('order list filters in the address', () => {
  it('reads tab, filters and page, falling back on anything unknown', () => {
    expect(orderListFromSearch('site=')).toEqual(EMPTY_ORDER_FILTERS);
    expect(orderListFromSearch('tab=shipped&no=JP1&source=TT9&platform=tiktok&start=2026-11-01&end=2026-11-21&page=3&size=20')).toEqual({
      tab: 'shipped',
      orderNo: 'JP1',
      sourceOrderNo: 'TT9',
      platform: 'tiktok',
      start: '2026-11-01',
      end: '2026-11-21',
      page: 3,
      pagesize: 20,
    });
    expect(orderListFromSearch('tab=lost&platform=amazon&start=2026-02-30&page=-1&size=1000')).toEqual(EMPTY_ORDER_FILTERS);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(orderListSearch(EMPTY_ORDER_FILTERS)).toBe('');
    const filters = { ...EMPTY_ORDER_FILTERS, tab: 'to_be_reviewed' as const, orderNo: 'JP', page: 2 };
    expect(orderListSearch(filters)).toBe('tab=to_be_reviewed&no=JP&page=2');
    expect(orderListFromSearch(orderListSearch(filters))).toEqual(filters);
  });

  it('the body: tab only when not all, days as inclusive unix seconds of local days', () => {
    expect(orderListBody(EMPTY_ORDER_FILTERS)).toEqual({ page: 1, pagesize: 10 });
    const body = orderListBody({ ...EMPTY_ORDER_FILTERS, tab: 'pending_payment', platform: 'douyin', start: '2026-11-01', end: '2026-11-01' });
    expect(body).toEqual({
      page: 1,
      pagesize: 10,
      tab: 'pending_payment',
      platform: 'douyin',
      start_time: Math.floor(new Date(2026, 10, 1).getTime() / 1000),
      end_time: Math.floor(new Date(2026, 10, 2).getTime() / 1000) - 1,
    });
  });

  it('an end before the start is refused with the ledger words and leaves the days out of the body', () => {
    expect(validateListRange('2026-11-02', '2026-11-01')).toBe('validation.timeRange.endBeforeStart');
    expect(catalogues.zh['validation.timeRange.endBeforeStart']).toBe('结束时间不能早于开始时间');
    expect(catalogues.en['validation.timeRange.endBeforeStart']).toBe('End time cannot be earlier than start time');
    expect(validateListRange('2026-11-01', '2026-11-01')).toBeNull();
    expect(validateListRange('', '2026-11-01')).toBeNull();
    expect(orderListBody({ ...EMPTY_ORDER_FILTERS, start: '2026-11-02', end: '2026-11-01' })).toEqual({ page: 1, pagesize: 10 });
  });

  it('days are real local days', () => {
    expect(parseDay('2026-11-21')?.getDate()).toBe(21);
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('21/11/2026')).toBeNull();
  });

  it("a tab's count comes from counts, 0 when left out", () => {
    expect(tabCount({ all: 9, shipped: 2 }, 'shipped')).toBe(2);
    expect(tabCount({ all: 9 }, 'cancelled')).toBe(0);
    expect(tabCount(undefined, 'all')).toBe(0);
  });
});

describe('the checkout request', () => {
  const options = { type: 'domestic' as const, courier: 'sf', qc_level: 'advanced', value_added: ['replace_tag'] };

  it('a preview sends the lines (manual only) and the fee options, never the destination', () => {
    expect(previewRequest('cart', [{ sku_id: 'K1', quantity: 2 }], { ...options, address_id: 'A1', remark: 'x' })).toEqual({
      source: 'cart',
      type: 'domestic',
      courier: 'sf',
      qc_level: 'advanced',
      value_added: ['replace_tag'],
    });
    expect(previewRequest('manual', [{ sku_id: 'K1', quantity: 2 }], { type: 'platform' })).toEqual({
      source: 'manual',
      lines: [{ sku_id: 'K1', quantity: 2 }],
      type: 'platform',
      value_added: [],
    });
  });

  it('a domestic submit sends the saved address, or the typed one trimmed with the phone in ASCII', () => {
    expect(submitRequest('cart', [], { ...options, address_mode: 'saved', address_id: 'A1', recipient: 'ignored', remark: ' 轻放 ' }, 'r1')).toEqual({
      source: 'cart',
      type: 'domestic',
      courier: 'sf',
      qc_level: 'advanced',
      value_added: ['replace_tag'],
      address_id: 'A1',
      remark: '轻放',
      request_id: 'r1',
    });
    const typed = submitRequest(
      'manual',
      [{ sku_id: 'K3', quantity: 3 }],
      { ...options, address_mode: 'new', recipient: ' 王五 ', phone: '１３９ 0000 1111', region: ['广东省', '广州市', '白云区'], detail: ' 1 号 ', remark: '  ' },
      'r2',
    );
    expect(typed.address).toEqual({ recipient: '王五', phone: '139 0000 1111', province: '广东省', city: '广州市', district: '白云区', detail: '1 号' });
    expect(typed.lines).toEqual([{ sku_id: 'K3', quantity: 3 }]);
    expect(typed).not.toHaveProperty('address_id');
    expect(typed).not.toHaveProperty('remark');
  });

  it('a platform submit sends platform, source order number and label, and no address', () => {
    const request = submitRequest('cart', [], { ...options, type: 'platform', platform: 'shopee', source_order_no: ' SP-1 ', label_file: '/uploads/a.jpg', address_id: 'A1' }, 'r3');
    expect(request).toMatchObject({ type: 'platform', platform: 'shopee', source_order_no: 'SP-1', label_file: '/uploads/a.jpg', request_id: 'r3' });
    expect(request).not.toHaveProperty('address_id');
    expect(request).not.toHaveProperty('address');
  });

  it("checks with the server's words", () => {
    expect(validatePlatform('')).toBe('validation.platform.required');
    expect(validatePlatform('lazada')).toBeNull();
    expect(validateSourceOrderNo(' ')).toBe('validation.sourceOrderNo.required');
    expect(validateLabelFile('')).toBe('validation.shippingLabel.required');
    expect(validateOrderCourier('dhl')).toBe('validation.courier.required');
    expect(validateOrderCourier('sf')).toBeNull();
    expect(validateAddressChoice(null)).toBe('validation.address.choose');
    expect(catalogues.zh['validation.shippingLabel.required']).toBe('请上传面单文件');
    expect(catalogues.en['validation.platform.required']).toBe('Please choose a platform');
  });

  it('a refusal lands on the field it names when that field is on screen', () => {
    expect(checkoutFieldOf('province')).toBe('region');
    expect(checkoutFieldOf('label_file')).toBe('label_file');
    expect(checkoutFieldOf('lines')).toBeNull();
    expect(checkoutFieldOf(null)).toBeNull();
    expect(visibleFields({ type: 'platform' })).toEqual(['platform', 'source_order_no', 'label_file', 'courier', 'qc_level', 'value_added', 'remark']);
    expect(visibleFields({ type: 'domestic', address_mode: 'saved' })).toContain('address_id');
    expect(visibleFields({ type: 'domestic', address_mode: 'new' })).toEqual(expect.arrayContaining(['recipient', 'phone', 'region', 'detail']));
  });
});

describe('manual lines', () => {
  const line = (sku: string, quantity: number, stock = 5): ManualLine => ({
    sku_id: sku,
    quantity,
    product_id: 'P1',
    item_no: 'A1001',
    title: 'T',
    image: '',
    stall_name: 'S',
    color: '黑色',
    size: 'M',
    price: '49.90',
    stock,
  });

  it('the same SKU adds up within its stock; quantities stay within 1 and the stock; lines go', () => {
    let lines = addManualLine([], line('K1', 2));
    lines = addManualLine(lines, line('K2', 1));
    lines = addManualLine(lines, line('K1', 4));
    expect(lines.map((l) => [l.sku_id, l.quantity])).toEqual([
      ['K1', 5],
      ['K2', 1],
    ]);
    expect(setManualQuantity(lines, 'K2', 0).find((l) => l.sku_id === 'K2')!.quantity).toBe(1);
    expect(setManualQuantity(lines, 'K2', 99).find((l) => l.sku_id === 'K2')!.quantity).toBe(5);
    expect(removeManualLine(lines, 'K1').map((l) => l.sku_id)).toEqual(['K2']);
  });

  it('colours and sizes of a looked-up product, and the SKU they make', () => {
    const item = {
      skus: [
        { sku_id: 'K1', color: '黑色', size: 'M', price: '49.90', stock: 3 },
        { sku_id: 'K2', color: '黑色', size: 'L', price: '49.90', stock: 0 },
        { sku_id: 'K3', color: '白色', size: 'M', price: '52.00', stock: 9 },
      ],
    };
    expect(lookupColors(item)).toEqual(['黑色', '白色']);
    expect(lookupSizes(item)).toEqual(['M', 'L']);
    expect(lookupSizes(item, '白色')).toEqual(['M']);
    expect(findLookupSku(item, '白色', 'M')?.sku_id).toBe('K3');
    expect(findLookupSku(item, '白色', 'L')).toBeNull();
  });

  it("a manual line shows its colour's picture, the product's only when the colour has none", () => {
    const item = {
      image: '/media/p/P1/main-1.jpg',
      skus: [
        { sku_id: 'K1', color: '红色', size: 'M', price: '49.90', stock: 3, image: '/media/p/P1/color-1.jpg' },
        { sku_id: 'K2', color: '蓝色', size: 'M', price: '49.90', stock: 3, image: '/media/p/P1/color-2.jpg' },
        { sku_id: 'K3', color: '白色', size: 'M', price: '49.90', stock: 3 },
      ],
    };
    expect(lookupPicture(item, '红色')).toBe('/media/p/P1/color-1.jpg');
    expect(lookupPicture(item, '蓝色')).toBe('/media/p/P1/color-2.jpg');
    expect(lookupPicture(item, '白色')).toBe('/media/p/P1/main-1.jpg');
    expect(lookupPicture(item, null)).toBe('/media/p/P1/main-1.jpg');
  });
});

describe('the timeline', () => {
  it('names every event of the order aggregate in both languages; others keep their type', () => {
    for (const type of ['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'StockPrepared', 'StockShortage', 'OrderFlaggedAbnormal', 'AbnormalResolved', 'OrderShipped', 'OrderCompleted', 'OrderReviewed']) {
      expect(catalogues.zh[timelineKey(type)!], type).toBeTruthy();
      expect(catalogues.en[timelineKey(type)!], type).toBeTruthy();
    }
    expect(timelineKey('Teleported')).toBeNull();
  });

  it("says what an event's detail holds, in a fixed order, skipping what is missing or odd", () => {
    expect(timelineFacts({ type: 'OrderPaid', detail: { amount: '107.40', method: 'wallet', reference: 'x' } })).toEqual([
      { kind: 'money', key: 'order.timeline.amount', amount: '107.40' },
      { kind: 'named', key: 'order.timeline.method', nameKey: 'order.payMethod.wallet', code: 'wallet' },
    ]);
    expect(timelineFacts({ type: 'OrderShipped', detail: { courier: 'SF', tracking_no: 'SF1234567890' } })).toEqual([
      { kind: 'named', key: 'order.timeline.courier', nameKey: 'forward.courier.sf', code: 'sf' },
      { kind: 'text', key: 'order.timeline.trackingNo', text: 'SF1234567890' },
    ]);
    expect(timelineFacts({ type: 'StockShortage', detail: { refund: '51.80', shortages: [{ sku_id: 'K1', quantity: 1 }, { sku_id: 'K2', quantity: 2 }], all: false } })).toEqual([
      { kind: 'money', key: 'order.timeline.refund', amount: '51.80' },
      { kind: 'text', key: 'order.timeline.shortPieces', text: '3' },
    ]);
    expect(timelineFacts({ type: 'OrderCancelled', detail: { reason: '不要了', refund: '0.00' } })).toEqual([{ kind: 'text', key: 'order.timeline.reason', text: '不要了' }]);
    // money that is not a yuan string (fen, say) is not guessed at
    expect(timelineFacts({ type: 'OrderPaid', detail: { amount: 10740 } })).toEqual([]);
    expect(timelineFacts({ type: 'OrderCompleted', detail: { automatic: true } })).toEqual([{ kind: 'flag', key: 'order.timeline.automatic' }]);
    expect(timelineFacts({ type: 'StockPrepared', detail: null })).toEqual([]);
  });
});

describe('reviews', () => {
  it('a rating of 1 to 5 and some text', () => {
    expect(validateRating(undefined)).toBe('validation.review.rating');
    expect(validateRating(0)).toBe('validation.review.rating');
    expect(validateRating(5)).toBeNull();
    expect(validateReviewContent('  ')).toBe('validation.review.content');
    expect(validateReviewContent('好')).toBeNull();
  });
});
