/**
 * Test helpers of the cart tests: an in-memory cart answering the cart paths of docs/api.md with
 * the server's rules (one line per SKU, add sums, never above stock, new lines selected, groups in
 * the order their stalls were first added, amounts worked out in fen, each line's price when added
 * against today's, which adding again and cart/accept_prices make today's) and a product detail to add
 * from. The fake server that records what was sent is the shared one (testing/screen-test-kit.tsx,
 * re-exported). Imported by tests only.
 */
import type { Cart, CartGroup, CartItem, ProductDetail } from '../../lib/api-types';
import { ok, refused, type Handler } from '../../testing/screen-test-kit';

export { bodiesOf, count, refused, serve, session, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';

interface SkuRow {
  product_id: string;
  item_no: string;
  title: { zh_CN: string; en_US: string };
  stall: { id: string; name: string };
  color: string;
  size: string;
  /** Fen. */
  price: number;
  stock: number;
}

/** Two stalls; K3 costs 0.10, so three of it are 0.30 in fen but 0.30000000000000004 in floats. */
export const SKUS: Record<string, SkuRow> = {
  K1: { product_id: 'P1', item_no: 'A1001', title: { zh_CN: '夏季T恤', en_US: 'Summer T-shirt' }, stall: { id: 's01', name: '一号档口' }, color: '黑色', size: 'M', price: 4990, stock: 120 },
  K2: { product_id: 'P1', item_no: 'A1001', title: { zh_CN: '夏季T恤', en_US: 'Summer T-shirt' }, stall: { id: 's01', name: '一号档口' }, color: '白色', size: 'L', price: 4990, stock: 3 },
  K3: { product_id: 'P2', item_no: 'B2002', title: { zh_CN: '发夹', en_US: 'Hair clip' }, stall: { id: 's02', name: '二号档口' }, color: '红色', size: '均码', price: 10, stock: 50 },
};

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** The product K1 and K2 belong to, as product/detail answers it. */
export const PRODUCT: ProductDetail = {
  id: 'P1',
  item_no: 'A1001',
  title: '夏季T恤',
  price: '49.90',
  image: '/media/p/P1/main-1.jpg',
  favorite_count: 0,
  views: 1,
  popularity: 1,
  sales: 0,
  shelf_at: 1795000000,
  hot: false,
  new: true,
  sea: false,
  category: { id: 'c1', name: '女装' },
  images: ['/media/p/P1/main-1.jpg'],
  details: [],
  colors: [
    { name: '黑色', image: '' },
    { name: '白色', image: '' },
  ],
  sizes: ['M', 'L'],
  skus: [
    { id: 'K1', color: '黑色', size: 'M', price: '49.90', stock: 120 },
    { id: 'K2', color: '白色', size: 'L', price: '49.90', stock: 3 },
  ],
  favorited: false,
  stall: {
    id: 's01',
    name: '一号档口',
    market: { id: 'm1', name: '十三行' },
    floor: '2F',
    number: 'A01',
    contact: '',
    wechat: '',
    category: { id: 'c1', name: '女装' },
    follow_count: 0,
    ranking: 1,
    product_count: 1,
    logo: '',
    followed: false,
  },
};

interface Line {
  sku_id: string;
  quantity: number;
  selected: boolean;
  /** Fen: the price when the line was added or last confirmed; today's price unless told. */
  added?: number;
}

/** Routes of a cart starting with `initial` lines (added in that order); `lines` is the live cart. */
export function cartServer(initial: Line[] = []) {
  const lines: Required<Line>[] = initial.map((l) => ({ ...l, added: l.added ?? SKUS[l.sku_id]!.price }));
  const answer = (language: string | null): Cart => {
    const lang = language === 'en_US' ? 'en_US' : 'zh_CN';
    const groups: CartGroup[] = [];
    let total = 0;
    let selectedQuantity = 0;
    let selectedFen = 0;
    for (const line of lines) {
      const sku = SKUS[line.sku_id]!;
      let group = groups.find((g) => g.stall.id === sku.stall.id);
      if (!group) {
        group = { stall: sku.stall, items: [] };
        groups.push(group);
      }
      const item: CartItem = {
        sku_id: line.sku_id,
        product_id: sku.product_id,
        item_no: sku.item_no,
        title: sku.title[lang],
        image: `/media/p/${sku.product_id}/main-1.jpg`,
        color: sku.color,
        size: sku.size,
        price: yuan(sku.price),
        price_added: yuan(line.added),
        price_change: sku.price > line.added ? 'up' : sku.price < line.added ? 'down' : '',
        quantity: line.quantity,
        stock: sku.stock,
        selected: line.selected,
        amount: yuan(sku.price * line.quantity),
      };
      group.items.push(item);
      total += line.quantity;
      if (line.selected) {
        selectedQuantity += line.quantity;
        selectedFen += sku.price * line.quantity;
      }
    }
    return { groups, total_quantity: total, selected_quantity: selectedQuantity, selected_amount: yuan(selectedFen) };
  };
  const quantityOf = (body: Record<string, unknown>) => Number(body.quantity);
  const refusal = (sku: string, quantity: number): Response | null => {
    if (!SKUS[sku]) return refused(422, '请选择颜色和尺码', { field: 'sku_id' });
    if (!Number.isInteger(quantity) || quantity < 1) return refused(422, '数量至少为 1', { field: 'quantity' });
    if (quantity > SKUS[sku]!.stock) return refused(422, `库存仅剩 ${SKUS[sku]!.stock} 件`, { field: 'quantity' });
    return null;
  };
  const picked = (body: Record<string, unknown>) => (body.sku_ids === 'all' ? lines.map((l) => l.sku_id) : (body.sku_ids as string[]));
  const routes: Record<string, Handler> = {
    '/cart/lists': (_body, call) => ok(answer(call.language)),
    '/cart/add': (body, call) => {
      const sku = String(body.sku_id ?? '');
      const held = lines.find((l) => l.sku_id === sku);
      const wanted = quantityOf(body);
      const refusedAnswer = refusal(sku, wanted < 1 ? wanted : (held?.quantity ?? 0) + wanted);
      if (refusedAnswer) return refusedAnswer;
      // adding again takes today's price
      if (held) Object.assign(held, { quantity: held.quantity + wanted, added: SKUS[sku]!.price });
      else lines.push({ sku_id: sku, quantity: wanted, selected: true, added: SKUS[sku]!.price });
      return ok(answer(call.language));
    },
    '/cart/change': (body, call) => {
      const held = lines.find((l) => l.sku_id === body.sku_id);
      if (!held) return refused(404, '请求错误，未找到该资源');
      const refusedAnswer = refusal(held.sku_id, quantityOf(body));
      if (refusedAnswer) return refusedAnswer;
      held.quantity = quantityOf(body);
      return ok(answer(call.language));
    },
    '/cart/select': (body, call) => {
      const skus = picked(body);
      for (const line of lines) if (skus.includes(line.sku_id)) line.selected = body.selected === true;
      return ok(answer(call.language));
    },
    '/cart/accept_prices': (body, call) => {
      const skus = picked(body);
      for (const line of lines) if (skus.includes(line.sku_id)) line.added = SKUS[line.sku_id]!.price;
      return ok(answer(call.language));
    },
    '/cart/remove': (body, call) => {
      const skus = picked(body);
      for (let i = lines.length - 1; i >= 0; i -= 1) if (skus.includes(lines[i]!.sku_id)) lines.splice(i, 1);
      return ok(answer(call.language));
    },
    '/product/detail': () => ok(PRODUCT),
  };
  return { lines, routes, answer };
}
