import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { couponApi } from './coupon-api';
import { claimableOf, count, couponBook, couponOf, ok, refused, serve, session, stubRequestOrigin } from './coupon-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const settle = () => new Promise((r) => setTimeout(r, 20));

beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  setIntl(makeIntl('zh_CN', zh));
  stubRequestOrigin();
});
afterEach(() => vi.unstubAllGlobals());

function loggedInStore() {
  const store = makeStore();
  store.dispatch(loggedIn(session));
  return store;
}

describe('coupon calls', () => {
  it('send the bodies of docs/api.md with the token header, never the token in the body', async () => {
    const calls = serve(couponBook([couponOf()], [claimableOf()]));
    const store = loggedInStore();
    const list = await store.dispatch(couponApi.endpoints.coupons.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10, type: 'product', discount_type: 'all', status: 'unused' }));
    await store.dispatch(couponApi.endpoints.claimableCoupons.initiate({ token: 'tok', language: 'zh_CN' }));
    const claim = await store.dispatch(couponApi.endpoints.claimCoupon.initiate({ template_id: 'T1' }));
    const first = (path: string) => calls.find((c) => c.path === `/coupon${path}`)?.body;
    expect(first('/lists')).toEqual({ page: 1, pagesize: 10, type: 'product', discount_type: 'all', status: 'unused' });
    expect(first('/claimable')).toEqual({});
    expect(first('/claim')).toEqual({ template_id: 'T1' });
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
    expect(list.data?.counts).toEqual({ unused: 1, used: 0, expired: 0 });
    expect(claim.data?.coupon).toMatchObject({ type: 'shipping', amount: '5.00', status: 'unused' });
  });

  it('a claim asks the open lists again, and so does a refused one (the claimable list is out of date)', async () => {
    let claims = 0;
    const calls = serve({
      '/coupon/lists': () => ok({ list: [], total: 0, page: 1, pagesize: 10, counts: { unused: 0, used: 0, expired: 0 } }),
      '/coupon/claimable': () => ok({ list: [claimableOf()] }),
      '/coupon/claim': () => {
        claims += 1;
        return claims === 1 ? ok({ coupon: couponOf() }) : refused(422, '您已领取过该优惠券');
      },
    });
    const store = loggedInStore();
    const subscriptions = [
      store.dispatch(couponApi.endpoints.coupons.initiate({ token: 'tok', language: 'zh_CN', page: 1, pagesize: 10, type: 'all', discount_type: 'all', status: 'all' })),
      store.dispatch(couponApi.endpoints.claimableCoupons.initiate({ token: 'tok', language: 'zh_CN' })),
    ];
    await Promise.all(subscriptions);
    await store.dispatch(couponApi.endpoints.claimCoupon.initiate({ template_id: 'T1' }));
    await settle();
    expect([count(calls, '/coupon/lists'), count(calls, '/coupon/claimable')]).toEqual([2, 2]);
    await store.dispatch(couponApi.endpoints.claimCoupon.initiate({ template_id: 'T1' }));
    await settle();
    expect([count(calls, '/coupon/lists'), count(calls, '/coupon/claimable')]).toEqual([3, 3]);
    // the refusal was toasted by the base query
    expect(toast.mock.calls.map((c) => c.slice(0, 2))).toEqual([['您已领取过该优惠券', 'error']]);
    subscriptions.forEach((s) => s.unsubscribe());
  });
});
