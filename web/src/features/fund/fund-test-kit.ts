/**
 * Test helpers of the fund tests: a fake server answering by path (the fund paths of docs/api.md)
 * and recording what was sent. Imported by tests only.
 */
import { vi } from 'vitest';

export const session = { id: 'u1', username: 'u1', nickname: 'N', avatar: '', mobile: '13800138000', qq: '', email: '', token: 'tok' };

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 1, msg: 'ok', time: 1, data }), { status: 200, headers: { 'content-type': 'application/json' } });

export const refused = (status: number, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ code: 0, msg, time: 1, data }), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  path: string;
  body: unknown;
  token: string | null;
}

/** Answers by path below /jpmall/addons/unishop/fund; returns every call made, in order. */
export function serve(routes: Record<string, (body: Record<string, unknown>) => Response | Promise<Response>>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname.replace('/jpmall/addons/unishop/fund', '');
      const text = await input.text();
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      calls.push({ path, body, token: input.headers.get('token') });
      const handler = routes[path];
      return handler ? handler(body) : new Response('not found', { status: 404 });
    }),
  );
  return calls;
}

/** fetchBaseQuery builds a Request from a relative path: give it an origin. */
export function stubRequestOrigin(): void {
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? `http://shop.test${input}` : input, init);
      }
    },
  );
}

export const count = (calls: Call[], path: string) => calls.filter((c) => c.path === path).length;

export const summary = {
  balance: '120.00',
  frozen: '0.00',
  total_in: '120.00',
  total_out: '0.00',
  payout_account: { payee: '张*', account: '138****1111' },
  max_top_up: '50000.00',
  max_withdrawal: '50000.00',
};
