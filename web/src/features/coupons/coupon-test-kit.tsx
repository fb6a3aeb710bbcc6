/**
 * Test helpers of the coupon tests: a fake coupon book that filters, counts, pages and claims the
 * way the server does (docs/api.md "Coupons") and fixtures, beside the shared fake
 * server that records what was sent and the render helper with a router that shows where the
 * screen went (testing/screen-test-kit.tsx, re-exported). Imported by tests only.
 */
import type { ClaimableCoupon } from './types';
import type { Coupon } from '../../lib/api-types';
import { ok, refused, type Handler } from '../../testing/screen-test-kit';

export { bodiesOf, count, lastBody, ok, refused, renderAt, serve, session, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';

/** A coupon of the caller's; override what a test is about. */
export function couponOf(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: 'CP1',
    name: '新人满减券',
    name_zh: '新人满减券',
    name_en: 'Welcome: ¥10 off over ¥100',
    type: 'product',
    discount_type: 'full_reduction',
    threshold: '100.00',
    amount: '10.00',
    percent_off: 0,
    valid_from: 1795000000,
    valid_to: 1797592000,
    status: 'unused',
    order_no: '',
    issued_at: 1795000000,
    used_at: null,
    ...overrides,
  };
}

/** A published coupon the caller can claim. */
export function claimableOf(overrides: Partial<ClaimableCoupon> = {}): ClaimableCoupon {
  return {
    template_id: 'T1',
    name: '运费立减',
    name_zh: '运费立减',
    name_en: '¥5 off shipping',
    type: 'shipping',
    discount_type: 'full_reduction',
    threshold: '0.00',
    amount: '5.00',
    percent_off: 0,
    valid_from: 1795000000,
    valid_to: 1797592000,
    remaining: 42,
    ...overrides,
  };
}

/**
 * The caller's coupons as the server keeps them, and the published ones: coupon/lists filters by
 * the three filters (all required, 'please choose …' otherwise), counts the usage states under
 * the other two, pages newest first; coupon/claimable lists what is left and not claimed yet;
 * coupon/claim issues one and refuses a second claim or an empty one.
 */
export function couponBook(mine: Coupon[], published: ClaimableCoupon[]): Record<string, Handler> {
  const claimed = new Set<string>();
  const book = [...mine];
  return {
    '/coupon/lists': (body) => {
      const missing = !body.type
        ? ['type', '请选择优惠券类型']
        : !body.discount_type
          ? ['discount_type', '请选择优惠类型']
          : !body.status
            ? ['status', '请选择使用状态']
            : null;
      if (missing) return refused(422, missing[1]!, { field: missing[0] });
      const matches = (c: Coupon, key: 'type' | 'discount_type' | 'status') => body[key] === 'all' || c[key] === body[key];
      const base = book.filter((c) => matches(c, 'type') && matches(c, 'discount_type'));
      const list = base.filter((c) => matches(c, 'status')).sort((a, b) => b.issued_at - a.issued_at);
      const page = Number(body.page ?? 1);
      const size = Number(body.pagesize ?? 10);
      const countOf = (status: string) => base.filter((c) => c.status === status).length;
      return ok({
        list: list.slice((page - 1) * size, page * size),
        total: list.length,
        page,
        pagesize: size,
        counts: { unused: countOf('unused'), used: countOf('used'), expired: countOf('expired') },
      });
    },
    '/coupon/claimable': () => ok({ list: published.filter((p) => p.remaining > 0 && !claimed.has(p.template_id)) }),
    '/coupon/claim': (body) => {
      const template = published.find((p) => p.template_id === body.template_id);
      if (!template) return refused(404, '资源不存在');
      if (claimed.has(template.template_id)) return refused(422, '您已领取过该优惠券');
      if (template.remaining < 1) return refused(422, '该优惠券已被领完');
      claimed.add(template.template_id);
      template.remaining -= 1;
      const { name, type, discount_type, threshold, amount, percent_off, valid_from, valid_to } = template;
      const terms = { name, type, discount_type, threshold, amount, percent_off, valid_from, valid_to };
      const coupon = couponOf({ ...terms, id: `CP-${template.template_id}`, issued_at: 1796000000 });
      book.push(coupon);
      return ok({ coupon });
    },
  };
}
