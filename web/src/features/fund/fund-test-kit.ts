/**
 * Test helpers of the fund tests: the shared fake server (testing/screen-test-kit.tsx) answering by
 * path below fund/ (the fund paths of docs/api.md) and recording what was sent, and a wallet
 * summary. Imported by tests only.
 */
import { serve as serveAll, type Handler } from '../../testing/screen-test-kit';

export { count, ok, refused, session, stubRequestOrigin } from '../../testing/screen-test-kit';

/** Answers by path below /jpmall/addons/unishop/fund ('/index'); returns every call made, in order. */
export const serve = (routes: Record<string, Handler>) => serveAll(routes, { under: '/fund' });

export const summary = {
  balance: '120.00',
  frozen: '0.00',
  total_in: '120.00',
  total_out: '0.00',
  payout_account: { payee: '张*', account: '138****1111' },
  max_top_up: '50000.00',
  max_withdrawal: '50000.00',
};
