/**
 * Fixtures of the warehouse screens' tests: warehouse staff, a wave of five lines at three stalls
 * of two markets, orders of the to-ship queue, and the routes answering them. Imported by tests
 * only.
 */
import type { Staff } from '../../api/console-api';
import type { ToShipOrder, Wave, WaveLine } from './warehouse-api';
import { ok, owner, type ConsoleHandler } from '../../testing/console-test-kit';

export const keeper: Staff = { ...owner, id: 's8', name: '仓库老周', role: 'warehouse', permissions: ['orders.read', 'orders.write', 'catalogue.read', 'stock.write', 'figures.read'] };
/** A member who only reads orders (no role is just that; the read-only screens are tested with it). */
export const reader: Staff = { ...owner, id: 's9', name: '只读小吴', role: 'warehouse', permissions: ['orders.read'] };

const line = (over: Partial<WaveLine>): WaveLine => ({
  sku_id: 'K1',
  market_name: '十三行',
  floor: '3F',
  stall_id: 'st1',
  stall_name: '韩潮女装',
  stall_number: 'A101',
  item_no: 'A101-1001',
  title: '碎花连衣裙',
  color: '红色',
  size: 'S',
  image: '',
  quantity: 1,
  missed: null,
  orders: [],
  ...over,
});

export const LINES: WaveLine[] = [
  line({ sku_id: 'K0', floor: '2F', stall_id: 'st2', stall_name: '衣恋坊', stall_number: 'B202', item_no: 'B202-1', title: '纯棉T恤', color: '白色', size: 'M', quantity: 2, orders: [{ order_no: 'JP2', quantity: 2, missed: 0 }] }),
  line({ sku_id: 'K1', quantity: 3, orders: [{ order_no: 'JP1', quantity: 2, missed: 0 }, { order_no: 'JP3', quantity: 1, missed: 0 }] }),
  line({ sku_id: 'K2', size: 'M', quantity: 1, orders: [{ order_no: 'JP1', quantity: 1, missed: 0 }] }),
  line({ sku_id: 'K3', item_no: 'A101-2002', title: '小黑裙', color: '黑色', size: 'L', quantity: 2, orders: [{ order_no: 'JP3', quantity: 2, missed: 0 }] }),
  line({ sku_id: 'K4', market_name: '沙河', floor: '1F', stall_id: 'st3', stall_name: '木子家', stall_number: 'C303', item_no: 'C303-9', title: '卫衣', color: '灰色', size: 'XL', quantity: 1, orders: [{ order_no: 'JP4', quantity: 1, missed: 0 }] }),
];

export const waveOf = (over: Partial<Wave> = {}): Wave => ({
  id: 'BC202501011200000001',
  status: 'open',
  market_id: null,
  market_name: '',
  stall_id: null,
  stall_name: '',
  order_count: 4,
  line_count: 5,
  quantity: 9,
  missed: 0,
  created_at: 1_735_704_000,
  created_by: '仓库老周',
  closed_at: null,
  closed_by: null,
  lines: LINES,
  orders: ['JP1', 'JP2', 'JP3', 'JP4'].map((order_no, i) => ({ order_no, user_id: `u${i}`, paid_at: 1_735_700_000 + i, outcome: 'pending' as const, status: 'to_be_shipped' as const, stock_status: 'pending_stock' as const })),
  ...over,
});

const orderOf = (over: Partial<ToShipOrder> = {}): ToShipOrder => ({
  order_no: 'JP20250101000001',
  type: 'domestic',
  platform: '',
  source_order_no: '',
  status: 'to_be_shipped',
  stock_status: 'stock_prepared',
  abnormal: false,
  reviewed: false,
  items: [],
  item_count: 2,
  fees: { product_amount: '99.80', shipping: '5.00', service: '2.00', qc: '0.60', value_added: '0.00', coupon_discount: '0.00', total: '107.40' },
  paid_amount: '107.40',
  refunded: '0.00',
  payment_method: 'wallet',
  courier: 'zto',
  qc_level: 'basic',
  value_added: [],
  address: { recipient: '张三', phone: '13800000000', province: '广东省', city: '广州市', district: '越秀区', detail: '一德路 1 号' },
  label_file: '',
  ship_courier: '',
  tracking_no: '',
  remark: '',
  placed_at: 1_735_600_000,
  paid_at: 1_735_600_100,
  shipped_at: null,
  completed_at: null,
  cancelled_at: null,
  coupons: [],
  user_id: 'u1',
  mobile: '13900000001',
  shipping_priority: 'together',
  ...over,
});

export const QUEUE: ToShipOrder[] = [
  orderOf(),
  orderOf({ order_no: 'JP20250101000002', type: 'platform', platform: 'tiktok', source_order_no: 'TT-9', courier: 'jt', address: null, label_file: '/uploads/labels/a.pdf', paid_at: 1_735_600_200 }),
  orderOf({ order_no: 'JP20250101000003', type: 'platform', platform: 'shopee', source_order_no: 'SP-1', courier: 'sf', address: null, label_file: '/uploads/labels/b.png', paid_at: 1_735_600_300 }),
];

/** `staff/me` and the rest of the warehouse's routes given. */
export function warehouseRoutes(staff: Staff, more: Record<string, ConsoleHandler> = {}): Record<string, ConsoleHandler> {
  return { '/staff/me': () => ok(staff), ...more };
}
