/**
 * Pure rules of the drop-shipping settings (docs/api.md "Drop-shipping settings"): the
 * form's checks, the body forward/save takes, the names and fees of the couriers and quality
 * inspection levels, and which field a refusal names; the shop exchange rates' checks and the set
 * forward/platform_rates/save takes.
 */
import type { ForwardSettings, ForwardSettingsBody } from '../../lib/api-types';
import type { PlatformCode } from './types';
import { isPhone, normalizePhone } from '../../lib/phone';
import { COURIER_CODES, courierKey, isZeroYuan, QC_LEVEL_CODES, qcLevelKey } from '../../lib/shipping';
import type { MessageKey } from '../../lib/validators';

export { COURIER_CODES, courierKey, isZeroYuan, qcLevelKey };

/** `together`: one parcel once every item is ready; `split`: ship what is ready first. */
export const SHIPPING_PRIORITIES = ['together', 'split'] as const;

/** The server takes a sender name of at most 30 characters and a remark template of at most 200. */
export const SENDER_NAME_MAX = 30;
export const REMARK_TEMPLATE_MAX = 200;

/** The six fields of the form, as forward/save names them. */
export type ForwardField = keyof ForwardSettingsBody;
const FORWARD_FIELDS: readonly ForwardField[] = ['sender_name', 'sender_phone', 'courier', 'qc_level', 'shipping_priority', 'remark_template'];

export type ForwardFormValues = { [K in ForwardField]?: string | null };

/** The sender phone is optional; when given it follows the address book's rule. */
export function validateSenderPhone(value: string | null | undefined): MessageKey | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return isPhone(text) ? null : 'validation.address.phoneFormat';
}

/** A courier, QC level and priority must be one of the codes. */
export const validateCourier = (value: string | null | undefined): MessageKey | null =>
  value && (COURIER_CODES as readonly string[]).includes(value) ? null : 'validation.courier.required';
export const validateQcLevel = (value: string | null | undefined): MessageKey | null =>
  value && (QC_LEVEL_CODES as readonly string[]).includes(value) ? null : 'validation.forward.qcRequired';
export const validatePriority = (value: string | null | undefined): MessageKey | null =>
  value && (SHIPPING_PRIORITIES as readonly string[]).includes(value) ? null : 'validation.forward.priorityRequired';

/** The body of forward/save: texts trimmed (the template keeps its inner lines), the phone in ASCII. */
export function toForwardBody(values: ForwardFormValues): ForwardSettingsBody {
  return {
    sender_name: (values.sender_name ?? '').trim(),
    sender_phone: normalizePhone(values.sender_phone),
    courier: values.courier ?? '',
    qc_level: values.qc_level ?? '',
    shipping_priority: values.shipping_priority ?? '',
    remark_template: (values.remark_template ?? '').trim(),
  };
}

/** The form's values from a forward/settings answer (the fee tables left out). */
export function toFormValues(settings: ForwardSettingsBody): Required<ForwardFormValues> {
  return {
    sender_name: settings.sender_name,
    sender_phone: settings.sender_phone,
    courier: settings.courier,
    qc_level: settings.qc_level,
    shipping_priority: settings.shipping_priority,
    remark_template: settings.remark_template,
  };
}

/** The form field a refusal names, when it is one of the six. */
export function formFieldOf(field: string | null): ForwardField | null {
  return field && (FORWARD_FIELDS as readonly string[]).includes(field) ? (field as ForwardField) : null;
}

/**
 * The courier choices with their fees, in the server's order; codes the server lists that this
 * build does not name keep their code as the name.
 */
export function courierOptions(settings: Pick<ForwardSettings, 'couriers'>): { code: string; key: string | null; first: string; extra: string }[] {
  return settings.couriers.map((c) => ({ code: c.code, key: courierKey(c.code), first: c.first, extra: c.extra }));
}

/**
 * The quality inspection choices with their fee per item (null when free), in the server's
 * order; 'none' comes first when the table leaves it out (it costs nothing and is always allowed).
 */
export function qcOptions(settings: Pick<ForwardSettings, 'qc_levels'>): { code: string; key: string | null; fee: string | null }[] {
  const listed = settings.qc_levels.map((q) => ({ code: q.code, key: qcLevelKey(q.code), fee: isZeroYuan(q.per_item) ? null : q.per_item }));
  return listed.some((q) => q.code === 'none') ? listed : [{ code: 'none', key: qcLevelKey('none'), fee: null }, ...listed];
}

/* Shop exchange rates (forward/platform_rates): yuan for one unit of each platform shop's currency. */

/** The platforms a rate is set for, in the order the choice lists them. */
export const RATE_PLATFORMS = ['douyin', 'tiktok', 'shopee', 'lazada'] as const satisfies readonly PlatformCode[];

/** Catalogue key of a platform's name, or null for a code this build does not know (shown as written). */
export const ratePlatformKey = (platform: string): string | null =>
  (RATE_PLATFORMS as readonly string[]).includes(platform) ? `order.platform.${platform}` : null;

/** One rate as forward/platform_rates/save takes it. */
export interface RateInput {
  platform: string;
  currency: string;
  rate: string;
}

export interface RateFormValues {
  platform?: string | null;
  currency?: string | null;
  rate?: string | null;
}

/** Full-width letters, digits and point (a Chinese input method) as ASCII. */
const ascii = (text: string) => text.replace(/[Ａ-Ｚａ-ｚ０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** A currency as the server keeps it: three letters, upper-cased ('php' → 'PHP'). */
export const currencyOf = (value: string | null | undefined): string => ascii(value ?? '').trim().toUpperCase();

/** A rate as typed, in ASCII and trimmed ('０．１２５' → '0.125'). */
const rateOf = (value: string | null | undefined): string => ascii(value ?? '').trim();

/** Whether a typed rate removes the pair: nothing, or zero ('0', '0.00'). */
export const removesRate = (value: string | null | undefined): boolean => /^0*(\.0*)?$/.test(rateOf(value));

/** The server's rule: above 0, at most 1000 yuan, at most four decimals. */
const RATE_MAX_CNY = 1000;

export const validateRatePlatform = (value: string | null | undefined): MessageKey | null =>
  value && (RATE_PLATFORMS as readonly string[]).includes(value) ? null : 'forward.rates.platformRequired';

export const validateRateCurrency = (value: string | null | undefined): MessageKey | null =>
  /^[A-Z]{3}$/.test(currencyOf(value)) ? null : 'forward.rates.currencyInvalid';

/** A rate of '' or 0 is allowed: it removes the pair. */
export function validateRate(value: string | null | undefined): MessageKey | null {
  if (removesRate(value)) return null;
  const text = rateOf(value);
  if (!/^(\d+(\.\d{0,4})?|\.\d{1,4})$/.test(text)) return 'forward.rates.rateInvalid';
  return Number(text) > RATE_MAX_CNY ? 'forward.rates.rateInvalid' : null;
}

/**
 * The whole set forward/platform_rates/save replaces the seller's rates with, after the form's
 * change: the platform + currency set to the typed rate (the others kept, in their order), or
 * removed when the rate is '' or 0.
 */
export function ratesAfter(rates: readonly RateInput[], values: RateFormValues): RateInput[] {
  const platform = values.platform ?? '';
  const currency = currencyOf(values.currency);
  const kept = rates
    .filter((r) => !(r.platform === platform && r.currency.toUpperCase() === currency))
    .map((r) => ({ platform: r.platform, currency: r.currency, rate: r.rate }));
  return removesRate(values.rate) ? kept : [...kept, { platform, currency, rate: rateOf(values.rate) }];
}

/** The set without one rate. */
export const ratesWithout = (rates: readonly RateInput[], gone: Pick<RateInput, 'platform' | 'currency'>): RateInput[] =>
  rates.filter((r) => !(r.platform === gone.platform && r.currency === gone.currency)).map((r) => ({ platform: r.platform, currency: r.currency, rate: r.rate }));

/** The rate form's field a refusal of forward/platform_rates/save names (`platform`, `currency`, `rate`), or null. */
export const rateFieldOf = (field: string | null): keyof RateFormValues | null =>
  field === 'platform' || field === 'currency' || field === 'rate' ? field : null;
