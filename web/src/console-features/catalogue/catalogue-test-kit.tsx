/**
 * Fixtures and helpers of the catalogue screens' tests: staff of each catalogue role, a small
 * market (area sites, markets, two-level categories, stalls, products), the routes answering them,
 * and the antd inputs the tests fill. Imported by tests only.
 */
import type { Staff } from '../../api/console-api';
import type { AreaSite, Category, Market, Stall, StaffProduct, StaffProductDetail } from './catalogue-api';
import { ok, owner, type ConsoleHandler } from '../../testing/console-test-kit';

export { choose, input, shown, texts } from '../../testing/console-test-kit';

const ALL = ['staff.manage', 'catalogue.read', 'catalogue.write', 'stock.write', 'imports.write', 'orders.read', 'audit.read'];

export const boss: Staff = { ...owner, permissions: ALL };
export const cataloguer: Staff = { ...owner, id: 's5', name: '商品小张', role: 'catalogue', permissions: ['catalogue.read', 'catalogue.write', 'stock.write', 'imports.write'] };
export const stallKeeper: Staff = { ...owner, id: 's7', name: '档口老李', role: 'stall', stall_ids: ['st1'], permissions: ['catalogue.read', 'catalogue.write', 'stock.write', 'imports.write'] };
export const marketer: Staff = { ...owner, id: 's6', name: '营销小王', role: 'marketing', permissions: ['coupons.read', 'coupons.write', 'notices.write'] };
/** A member who only reads the catalogue (no role is just that; the read-only screens are tested with it). */
export const viewer: Staff = { ...owner, id: 's8', name: '只读小吴', role: 'warehouse', permissions: ['catalogue.read'] };

const SITES: AreaSite[] = [
  { id: 'cn', name_zh: '中国站', name_en: 'China' },
  { id: 'sea', name_zh: '东南亚站', name_en: 'Southeast Asia' },
];

const MARKETS: Market[] = [
  { id: 'm1', area_site_id: 'cn', name_zh: '十三行', name_en: 'Shisanhang', sort: 1, stall_count: 2 },
  { id: 'm2', area_site_id: 'sea', name_zh: '沙河', name_en: 'Shahe', sort: 2, stall_count: 1 },
];

const CATEGORIES: Category[] = [
  { id: 'c1', parent_id: null, name_zh: '女装', name_en: 'Women', sort: 1, product_count: 0 },
  { id: 'c11', parent_id: 'c1', name_zh: '连衣裙', name_en: 'Dresses', sort: 1, product_count: 3 },
  { id: 'c12', parent_id: 'c1', name_zh: 'T恤', name_en: 'T-shirts', sort: 2, product_count: 2 },
  { id: 'c2', parent_id: null, name_zh: '男装', name_en: 'Men', sort: 2, product_count: 1 },
];

const STALLS: Stall[] = [
  { id: 'st1', market_id: 'm1', market_name_zh: '十三行', name: '韩潮女装', floor: '3F', number: 'A101', contact: '13800000001', wechat: 'hanchao', category_id: 'c11', product_count: 4, status: 'open' },
  { id: 'st2', market_id: 'm1', market_name_zh: '十三行', name: '衣恋坊', floor: '2F', number: 'B202', contact: '', wechat: '', category_id: 'c12', product_count: 1, status: 'open' },
  { id: 'st3', market_id: 'm2', market_name_zh: '沙河', name: '木子家', floor: '1F', number: 'C303', contact: '', wechat: 'muzi', category_id: 'c2', product_count: 0, status: 'closed' },
];

const productOf = (over: Partial<StaffProduct> = {}): StaffProduct => ({
  id: 'P1',
  item_no: 'A101-1001',
  title_zh: '碎花连衣裙',
  title_en: 'Floral dress',
  stall_id: 'st1',
  stall_name: '韩潮女装',
  category_id: 'c11',
  price: '59.00',
  stock_total: 240,
  sku_count: 4,
  on_shelf: true,
  shelf_at: 1_700_000_000,
  is_hot: true,
  is_sea: false,
  image: '/media/p/P1/main-1.jpg',
  ...over,
});

const PRODUCTS: StaffProduct[] = [
  productOf(),
  productOf({ id: 'P2', item_no: 'B202-1002', title_zh: '纯棉T恤', title_en: 'Cotton tee', stall_id: 'st2', stall_name: '衣恋坊', category_id: 'c12', price: '25.50', on_shelf: false, is_hot: false, is_sea: true }),
];

export const detailOf = (over: Partial<StaffProductDetail> = {}): StaffProductDetail => ({
  ...productOf(),
  skus: [
    { id: 'P1-a', color: '红色', size: 'S', price: '59.00', stock: 100 },
    { id: 'P1-b', color: '红色', size: 'M', price: '61.00', stock: 40 },
    { id: 'P1-c', color: '黑色', size: 'S', price: '59.00', stock: 60 },
    { id: 'P1-d', color: '黑色', size: 'M', price: '59.00', stock: 40 },
  ],
  colours: [
    { name_zh: '红色', name_en: 'Red', picture: '/media/p/P1/color-1.jpg' },
    { name_zh: '黑色', name_en: 'Black', picture: '/media/p/P1/color-2.jpg' },
  ],
  sizes: ['S', 'M'],
  main_pictures: ['/media/p/P1/main-1.jpg', '/media/p/P1/main-2.jpg'],
  detail_pictures: ['/media/p/P1/detail-1.jpg'],
  ...over,
});

/** The catalogue's read calls as `staff` sees them (a stall account: its own stalls only). */
export function catalogueRoutes(staff: Staff, more: Record<string, ConsoleHandler> = {}): Record<string, ConsoleHandler> {
  const stalls = staff.role === 'stall' ? STALLS.filter((s) => staff.stall_ids.includes(s.id)) : STALLS;
  return {
    '/staff/me': () => ok(staff),
    '/catalog/area_sites': () => ok(SITES),
    '/catalog/markets': () => ok(MARKETS),
    '/catalog/categories': () => ok(CATEGORIES),
    '/catalog/stalls': (body) => {
      const list = body.market_id ? stalls.filter((s) => s.market_id === body.market_id) : stalls;
      return ok({ list, total: list.length });
    },
    '/catalog/products': () => {
      const list = PRODUCTS.filter((p) => stalls.some((s) => s.id === p.stall_id));
      return ok({ list, total: list.length });
    },
    ...more,
  };
}

/** The primary button of the modal (antd's OK). */
export const modalOk = (modalClass: string) => document.querySelector<HTMLElement>(`.${modalClass} .ant-modal-footer .ant-btn-primary`)!;

/** A small PNG. */
export const picture = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3])], name, { type: 'image/png' });
