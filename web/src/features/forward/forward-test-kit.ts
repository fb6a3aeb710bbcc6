/**
 * Test helpers of the drop-shipping settings tests: an in-memory forward/settings and forward/save
 * with the server's defaults, fee tables and rules (codes checked, sender phone 7-20 digits when
 * given, refusals naming the field), and forward/platform_rates with its save (the whole set
 * replaced, checked as commands/src/platform_rates.rs does), with the shared fake server
 * (testing/screen-test-kit.tsx) recording what was sent, paths below forward/. Imported by tests only.
 */
import type { ForwardSettings, ForwardSettingsBody } from '../../lib/api-types';
import type { PlatformRate } from './forward-api';
import { ok, refused, serve as serveAll, type Handler } from '../../testing/screen-test-kit';

export { bodiesOf, count, refused, session, stubRequestOrigin } from '../../testing/screen-test-kit';

/** Answers by path below /jpmall/addons/unishop/forward ('/save'); returns every call made, in order. */
export const serve = (routes: Record<string, Handler>) => serveAll(routes, { under: '/forward' });

export const DEFAULTS: ForwardSettingsBody = {
  sender_name: '',
  sender_phone: '',
  courier: 'zto',
  qc_level: 'none',
  shipping_priority: 'together',
  remark_template: '',
};

/** The server's tables (domain/src/order/fees.rs). */
export const TABLES: Pick<ForwardSettings, 'couriers' | 'qc_levels'> = {
  couriers: [
    { code: 'zto', first: '4.00', extra: '1.00' },
    { code: 'yto', first: '4.00', extra: '1.00' },
    { code: 'sto', first: '3.80', extra: '1.00' },
    { code: 'yunda', first: '3.80', extra: '1.00' },
    { code: 'jt', first: '3.50', extra: '1.00' },
    { code: 'sf', first: '12.00', extra: '2.00' },
    { code: 'ems', first: '10.00', extra: '2.00' },
  ],
  qc_levels: [
    { code: 'none', per_item: '0.00' },
    { code: 'basic', per_item: '0.30' },
    { code: 'advanced', per_item: '1.30' },
  ],
};

const phoneOk = (phone: string) => {
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 20 && /^[\d+\- ]+$/.test(phone);
};

/** `0.125` as the server keeps it: '0.1250' and 125000 micro-yuan; null when refused. */
function parseRate(text: string): { rate: string; micro: number } | null {
  const match = /^(\d{0,6})(?:\.(\d{0,4}))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const micro = Number(match[1] || '0') * 1_000_000 + Number((match[2] ?? '').padEnd(4, '0')) * 100;
  if (micro <= 0 || micro > 1000 * 1_000_000) return null;
  return { rate: `${Math.floor(micro / 1_000_000)}.${String((micro % 1_000_000) / 100).padStart(4, '0')}`, micro };
}

/** forward/platform_rates/save: the set checked row by row (the first refusal names its field), then kept whole. */
function savedRates(body: Record<string, unknown>): PlatformRate[] | Response {
  const kept: PlatformRate[] = [];
  for (const input of (body.rates ?? []) as { platform: string; currency: string; rate: string }[]) {
    if (!['douyin', 'tiktok', 'shopee', 'lazada'].includes(input.platform)) return refused(422, '请选择平台', { field: 'platform' });
    if (!/^[A-Za-z]{3}$/.test(input.currency.trim())) return refused(422, '币种须为 PHP、MYR 这样的 3 位字母代码', { field: 'currency' });
    const parsed = parseRate(input.rate);
    if (!parsed) return refused(422, '汇率须大于 0', { field: 'rate' });
    const currency = input.currency.trim().toUpperCase();
    const at = kept.findIndex((r) => r.platform === input.platform && r.currency === currency);
    if (at >= 0) kept.splice(at, 1);
    kept.push({ platform: input.platform as PlatformRate['platform'], currency, rate: parsed.rate, micro_cny: parsed.micro });
  }
  return kept;
}

/** Routes of one user's settings, starting from `initial` (the defaults until saved) and `rates` (none). */
export function forwardServer(initial: ForwardSettingsBody = DEFAULTS, rates: PlatformRate[] = []) {
  const state = { saved: { ...initial }, rates: [...rates] };
  const routes: Record<string, Handler> = {
    '/settings': () => ok({ ...state.saved, ...TABLES }),
    '/save': (body) => {
      const next = { ...DEFAULTS, ...(body as Partial<ForwardSettingsBody>) };
      if (next.sender_phone !== '' && !phoneOk(next.sender_phone)) return refused(422, '手机号码格式不正确', { field: 'sender_phone' });
      if (!TABLES.couriers.some((c) => c.code === next.courier)) return refused(422, '请选择快递公司', { field: 'courier' });
      if (!TABLES.qc_levels.some((q) => q.code === next.qc_level)) return refused(422, '请选择质检服务', { field: 'qc_level' });
      if (next.shipping_priority !== 'together' && next.shipping_priority !== 'split') {
        return refused(422, '请选择多件发货优先方式', { field: 'shipping_priority' });
      }
      if (next.sender_name.length > 30) return refused(422, '寄件人最多 30 个字', { field: 'sender_name' });
      state.saved = next;
      return ok({ ...state.saved, ...TABLES });
    },
    '/platform_rates': () => ok({ rates: state.rates }),
    '/platform_rates/save': (body) => {
      const kept = savedRates(body);
      if (kept instanceof Response) return kept;
      state.rates = kept;
      return ok({ rates: state.rates });
    },
  };
  return { state, routes };
}
