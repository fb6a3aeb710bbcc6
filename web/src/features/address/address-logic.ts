/**
 * Pure rules of the address book (spec section 5, docs/api.md "Addresses"): the form's
 * checks, the request body a form makes, and the province → city → district option tree the
 * region picker loads one level at a time.
 */
import type { Address } from '../../lib/api-types';
import {
  codesOf,
  formFieldOf,
  fullAddress,
  loadRegionChain,
  toRegionOptions,
  validateDetail,
  validatePhone,
  validateRecipient,
  validateRegion,
  withChildren,
} from '../../lib/address';
import { isPhone, normalizePhone } from '../../lib/phone';
import { failureText, refusedField } from '../../lib/refusal';
import type { MessageKey } from '../../lib/validators';

export { failureText, isPhone, normalizePhone, refusedField };
export {
  codesOf,
  formFieldOf,
  fullAddress,
  loadRegionChain,
  toRegionOptions,
  validateDetail,
  validatePhone,
  validateRecipient,
  validateRegion,
  withChildren,
};

/** The server keeps at most this many addresses per user. */
export const ADDRESS_MAX = 50;

/** What the address form holds. `region` is the chosen names, province first. */
export interface AddressFormValues {
  recipient?: string | null;
  phone?: string | null;
  region?: readonly string[] | null;
  detail?: string | null;
  is_default?: boolean | null;
}

/** The body of address/add; address/edit adds `id` (docs/api.md). */
export interface AddressBody {
  recipient: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: boolean;
  is_favorite?: boolean;
}

export type AddressEditBody = AddressBody & { id: string };

/** Every check of the form, field by field, in the form's order; an empty object when all pass. */
export function validateAddressForm(values: AddressFormValues): Partial<Record<'recipient' | 'phone' | 'region' | 'detail', MessageKey>> {
  const errors: Partial<Record<'recipient' | 'phone' | 'region' | 'detail', MessageKey>> = {};
  const recipient = validateRecipient(values.recipient);
  const phone = validatePhone(values.phone);
  const region = validateRegion(values.region);
  const detail = validateDetail(values.detail);
  if (recipient) errors.recipient = recipient;
  if (phone) errors.phone = phone;
  if (region) errors.region = region;
  if (detail) errors.detail = detail;
  return errors;
}

/**
 * The body of address/add for checked form values: texts trimmed, the phone in ASCII, the region
 * split into its three names. Editing (`editing` given) sends the id and keeps the favourite flag.
 */
export function toAddressBody(values: AddressFormValues): AddressBody;
export function toAddressBody(values: AddressFormValues, editing: Pick<Address, 'id' | 'is_favorite'>): AddressEditBody;
export function toAddressBody(values: AddressFormValues, editing?: Pick<Address, 'id' | 'is_favorite'>): AddressBody | AddressEditBody {
  const [province = '', city = '', district = ''] = values.region ?? [];
  const body: AddressBody = {
    recipient: (values.recipient ?? '').trim(),
    phone: normalizePhone(values.phone),
    province,
    city,
    district,
    detail: (values.detail ?? '').trim(),
    is_default: values.is_default === true,
  };
  return editing ? { id: editing.id, ...body, is_favorite: editing.is_favorite } : body;
}

/** The form's values for an address being edited. */
export function toFormValues(address: Address): Required<AddressFormValues> {
  return {
    recipient: address.recipient,
    phone: address.phone,
    region: [address.province, address.city, address.district],
    detail: address.detail,
    is_default: address.is_default,
  };
}

/** The counter and whether another address may be added. */
export function addressQuota(count: number): { count: number; max: number; full: boolean } {
  return { count, max: ADDRESS_MAX, full: count >= ADDRESS_MAX };
}

