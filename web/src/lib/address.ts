/**
 * Address rules shared by the address book and checkout (spec section 5, docs/api.md "Addresses"):
 * the checks of a recipient, phone, region and detail, one-line display, which form field a
 * refusal names, and the province → city → district option tree the region picker loads one
 * level at a time. Plain shapes, so lib stays the bottom layer.
 */
import { isDomesticPhone } from './phone';
import type { MessageKey } from './validators';

/**
 * A division of address/area: province, city or district, by its code. `name` is what an
 * address stores and a parcel carries; `name_en` is how it reads in English (pinyin).
 */
export interface Division {
  id: string;
  name: string;
  name_en?: string;
}

/** Levels of the region picker: province, city, district. */
const REGION_LEVELS = 3;

const blank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

export const validateRecipient = (value: string | null | undefined): MessageKey | null =>
  blank(value) ? 'validation.address.recipientRequired' : null;

export function validatePhone(value: string | null | undefined): MessageKey | null {
  if (blank(value)) return 'validation.address.phoneRequired';
  return isDomesticPhone(value) ? null : 'validation.address.phoneFormat';
}

/** All three levels chosen. */
export function validateRegion(value: readonly string[] | null | undefined): MessageKey | null {
  const region = value ?? [];
  return region.length === REGION_LEVELS && region.every((name) => !blank(name)) ? null : 'validation.address.regionRequired';
}

export const validateDetail = (value: string | null | undefined): MessageKey | null =>
  blank(value) ? 'validation.address.detailRequired' : null;

/** An address's region and detail on one line: '广东省 广州市 白云区 三元里大道 1 号'. */
export function fullAddress(address: { province: string; city: string; district: string; detail: string }): string {
  return [address.province, address.city, address.district, address.detail].filter((part) => part.trim() !== '').join(' ');
}

/** The form field a server refusal names: the three region fields are the one picker. */
export function formFieldOf(field: string | null): 'recipient' | 'phone' | 'region' | 'detail' | null {
  switch (field) {
    case 'recipient':
    case 'phone':
    case 'detail':
      return field;
    case 'province':
    case 'city':
    case 'district':
    case 'region':
      return 'region';
    default:
      return null;
  }
}

/**
 * An option of the region picker (antd Cascader): the name is the value (the calls take names),
 * the code is what the next level is asked with. Districts are leaves; a province or city without
 * `children` has not been loaded yet.
 */
export interface RegionOption {
  value: string;
  label: string;
  code: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

/**
 * Options of one level (0 province, 1 city, 2 district) from an address/area answer; in English
 * the label is the division's English name, the value stays the Chinese the calls take.
 */
export function toRegionOptions(areas: readonly Division[], level: number, english = false): RegionOption[] {
  return areas.map((area) => ({
    value: area.name,
    label: english && area.name_en ? area.name_en : area.name,
    code: area.id,
    isLeaf: level >= REGION_LEVELS - 1,
  }));
}

/**
 * The tree with `children` set under the option at `path` (names, province first); a new tree,
 * the old one untouched. A path that is not in the tree leaves it as it was.
 */
export function withChildren(options: readonly RegionOption[], path: readonly string[], children: RegionOption[]): RegionOption[] {
  if (path.length === 0) return [...options];
  const [head, ...rest] = path;
  let found = false;
  const next = options.map((option) => {
    if (option.value !== head) return option;
    found = true;
    if (rest.length === 0) return { ...option, children };
    return { ...option, children: withChildren(option.children ?? [], rest, children) };
  });
  return found ? next : [...options];
}

/** The codes of the options along `path` (as far as the tree has them). */
export function codesOf(options: readonly RegionOption[], path: readonly string[]): string[] {
  const codes: string[] = [];
  let level: readonly RegionOption[] | undefined = options;
  for (const name of path) {
    const option: RegionOption | undefined = level?.find((o) => o.value === name);
    if (!option) break;
    codes.push(option.code);
    level = option.children;
  }
  return codes;
}

/** Asks for the children of a division code ('' for the provinces). */
export type AreaLoader = (pid: string) => Promise<readonly Division[]>;

/**
 * The tree an edit starts from: the provinces, and down the saved names the cities of the saved
 * province and the districts of the saved city, so the picker opens on the saved region and a
 * sibling can be chosen at once. A name the data no longer has stops the chain there
 * (`complete` false); the rest stays to be loaded on demand.
 */
export async function loadRegionChain(
  names: readonly string[],
  load: AreaLoader,
  english = false,
): Promise<{ options: RegionOption[]; complete: boolean }> {
  let options = toRegionOptions(await load(''), 0, english);
  let level: readonly RegionOption[] = options;
  const path: string[] = [];
  for (let depth = 0; depth < REGION_LEVELS - 1; depth += 1) {
    const name = names[depth];
    const option = level.find((o) => o.value === name);
    if (!name || !option) return { options, complete: false };
    path.push(option.value);
    const children = toRegionOptions(await load(option.code), depth + 1, english);
    options = withChildren(options, path, children);
    level = children;
  }
  const district = names[REGION_LEVELS - 1];
  return { options, complete: Boolean(district && level.some((o) => o.value === district)) };
}
