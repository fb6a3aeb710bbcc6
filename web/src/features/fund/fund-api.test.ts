import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { fundApi } from './fund-api';
import { count, ok, refused, serve, session, stubRequestOrigin, summary } from './fund-test-kit';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const settle = () => new Promise((r) => setTimeout(r, 20));
const page = (list: unknown[] = []) => ok({ list, total: list.length, page: 1, pagesize: 10 });

beforeEach(() => {
  localStorage.clear();
  setIntl(makeIntl('zh_CN', zh));
  stubRequestOrigin();
});
afterEach(() => vi.unstubAllGlobals());

function loggedInStore() {
  const store = makeStore();
  store.dispatch(loggedIn(session));
  return store;
}

describe('fund calls', () => {
  it('send the bodies of docs/api.md with the token header, never the token in the body', async () => {
    const calls = serve({
      '/index': () => ok(summary),
      '/ledger': () => page(),
      '/withdrawals': () => page(),
      '/recharge': () => ok({ payment_id: 'P1', amount: '100.00', status: 'pending', expires_at: 2, pay_url: 'http://x/pay/P1', qr: 'data:' }),
      '/payment_status': () => ok({ payment_id: 'P1', amount: '100.00', status: 'pending', expires_at: 2, paid_at: null }),
      '/bind_account': () => ok({ payout_account: { payee: '张*', account: '138****1111' } }),
    });
    const store = loggedInStore();
    await store.dispatch(fundApi.endpoints.fundSummary.initiate({ token: 'tok' }));
    await store.dispatch(fundApi.endpoints.ledger.initiate({ token: 'tok', page: 2, pagesize: 10, type: 'top_up', start_time: 10, end_time: 20 }));
    await store.dispatch(fundApi.endpoints.withdrawals.initiate({ token: 'tok', page: 1, pagesize: 20, status: 'pending' }));
    await store.dispatch(fundApi.endpoints.recharge.initiate({ amount: '100.00' }));
    await store.dispatch(fundApi.endpoints.paymentStatus.initiate({ token: 'tok', payment_id: 'P1' }));
    await store.dispatch(fundApi.endpoints.bindAccount.initiate({ payee: '张三', account: '13800001111' }));
    expect(calls.map(({ path, body }) => [path, body])).toEqual([
      ['/index', {}],
      ['/ledger', { page: 2, pagesize: 10, type: 'top_up', start_time: 10, end_time: 20 }],
      ['/withdrawals', { page: 1, pagesize: 20, status: 'pending' }],
      ['/recharge', { amount: '100.00' }],
      ['/payment_status', { payment_id: 'P1' }],
      ['/bind_account', { payee: '张三', account: '13800001111' }],
    ]);
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
  });

  it('a withdrawal asks the summary, ledger and withdrawals again; a refused one does not', async () => {
    let withdrawals = 0;
    const calls = serve({
      '/index': () => ok(summary),
      '/ledger': () => page(),
      '/withdrawals': () => page(),
      '/withdraw': (body) => {
        withdrawals += 1;
        return body.amount === '999.00'
          ? refused(422, '提现金额不能超过余额', { field: 'amount' })
          : ok({ withdrawal: { id: `W${withdrawals}`, amount: body.amount, status: 'pending' } });
      },
    });
    const store = loggedInStore();
    const subs = [
      store.dispatch(fundApi.endpoints.fundSummary.initiate({ token: 'tok' })),
      store.dispatch(fundApi.endpoints.ledger.initiate({ token: 'tok', page: 1, pagesize: 10 })),
      store.dispatch(fundApi.endpoints.withdrawals.initiate({ token: 'tok', page: 1, pagesize: 10 })),
    ];
    await Promise.all(subs);

    const refusal = await store.dispatch(fundApi.endpoints.withdraw.initiate({ amount: '999.00', request_id: 'r1' }));
    expect(refusal.error).toMatchObject({ status: 422, msg: '提现金额不能超过余额', data: { field: 'amount' } });
    await settle();
    expect([count(calls, '/index'), count(calls, '/ledger'), count(calls, '/withdrawals')]).toEqual([1, 1, 1]);

    await store.dispatch(fundApi.endpoints.withdraw.initiate({ amount: '30.00', request_id: 'r2' }));
    await settle();
    expect([count(calls, '/index'), count(calls, '/ledger'), count(calls, '/withdrawals')]).toEqual([2, 2, 2]);
    for (const sub of subs) sub.unsubscribe();
  });

  it('the payout code is asked with an empty body, and a change carries it', async () => {
    const calls = serve({
      '/payout_code': () => ok({ cooldown: 60, expires_in: 300, mobile: '138****8000' }),
      '/bind_account': () => ok({ payout_account: { payee: '李*', account: 'l***@example.com' } }),
    });
    const store = loggedInStore();
    const sent = await store.dispatch(fundApi.endpoints.payoutCode.initiate());
    expect(sent.data).toEqual({ cooldown: 60, expires_in: 300, mobile: '138****8000' });
    await store.dispatch(fundApi.endpoints.bindAccount.initiate({ payee: '李四', account: 'lisi@example.com', code: '123456' }));
    expect(calls.map(({ path, body, token }) => [path, body, token])).toEqual([
      ['/payout_code', {}, 'tok'],
      ['/bind_account', { payee: '李四', account: 'lisi@example.com', code: '123456' }, 'tok'],
    ]);
  });

  it('binding an account asks the summary again', async () => {
    const calls = serve({
      '/index': () => ok(summary),
      '/bind_account': () => ok({ payout_account: { payee: '张*', account: '138****1111' } }),
    });
    const store = loggedInStore();
    const sub = store.dispatch(fundApi.endpoints.fundSummary.initiate({ token: 'tok' }));
    await sub;
    await store.dispatch(fundApi.endpoints.bindAccount.initiate({ payee: '张三', account: '13800001111' }));
    await settle();
    expect(count(calls, '/index')).toBe(2);
    sub.unsubscribe();
  });
});
