/**
 * Pure rules of the drop-shipping settings (docs/api.md "Drop-shipping settings (issue 6)"): the
 * form's checks, the body forward/save takes, the names and fees of the couriers and quality
 * inspection levels, and which field a refusal names.
 */
import type { ForwardSettings, ForwardSettingsBody } from '../../lib/api-types';
import { isPhone, normalizePhone } from '../../lib/phone';
import { COURIER_CODES, courierKey, isZeroYuan, QC_LEVEL_CODES, qcLevelKey } from '../../lib/shipping';
import type { MessageKey } from '../../lib/validators';

export { COURIER_CODES, courierKey, isZeroYuan, QC_LEVEL_CODES, qcLevelKey };

/** `together`: one parcel once every item is ready; `split`: ship what is ready first. */
export const SHIPPING_PRIORITIES = ['together', 'split'] as const;

/** The server takes a sender name of at most 30 characters and a remark template of at most 200. */
export const SENDER_NAME_MAX = 30;
export const REMARK_TEMPLATE_MAX = 200;

/** The six fields of the form, as forward/save names them. */
export type ForwardField = keyof ForwardSettingsBody;
export const FORWARD_FIELDS: readonly ForwardField[] = ['sender_name', 'sender_phone', 'courier', 'qc_level', 'shipping_priority', 'remark_template'];

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
