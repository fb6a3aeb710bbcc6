import { describe, expect, it, vi } from 'vitest';
import type { Address, Area } from '../../lib/api-types';
import {
  ADDRESS_MAX,
  addressQuota,
  codesOf,
  failureText,
  formFieldOf,
  fullAddress,
  isPhone,
  loadRegionChain,
  normalizePhone,
  refusedField,
  toAddressBody,
  toFormValues,
  toRegionOptions,
  validateAddressForm,
  validateDetail,
  validatePhone,
  validateRecipient,
  validateRegion,
  withChildren,
} from './address-logic';

const saved: Address = {
  id: 'A1',
  recipient: '李四',
  phone: '13900001111',
  province: '广东省',
  city: '广州市',
  district: '白云区',
  detail: '三元里大道 1 号',
  is_default: true,
  is_favorite: true,
  created_at: 1795000000,
  updated_at: 1795000000,
};

describe('phone', () => {
  it('takes 7 to 20 digits with +, - or spaces', () => {
    for (const ok of ['13900001111', '1234567', '020-12345678', '+86 139 0000 1111', '+852-1234-5678', '12345678901234567890', ' 13900001111 ']) {
      expect(isPhone(ok), ok).toBe(true);
    }
    for (const bad of ['123456', '123 45-6', '123456789012345678901', '139abc01111', '139.0000.1111', '(020)12345678', '+-  -+']) {
      expect(isPhone(bad), bad).toBe(false);
      expect(validatePhone(bad), bad).toBe('validation.address.phoneFormat');
    }
  });

  it('holds a mobile of an address in China to 11 digits, 1 then 3 to 9; landlines keep their area code', () => {
    for (const ok of ['13900001111', '020-12345678', '+86 139 0000 1111', '8613900001111', '+852-1234-5678', '88880000', ' 13900001111 ']) {
      expect(validatePhone(ok), ok).toBeNull();
    }
    for (const bad of ['1381234', '1234567', '12345678901', '139000011112', '+86 1381234', '12345678901234567890']) {
      expect(validatePhone(bad), bad).toBe('validation.address.phoneFormat');
    }
  });

  it('is required before its format is checked', () => {
    expect(validatePhone('')).toBe('validation.address.phoneRequired');
    expect(validatePhone('   ')).toBe('validation.address.phoneRequired');
    expect(validatePhone(undefined)).toBe('validation.address.phoneRequired');
  });

  it('reads full-width digits and signs as typed with a Chinese input method', () => {
    expect(normalizePhone('＋８６ １３９００００１１１１')).toBe('+86 13900001111');
    expect(normalizePhone('０２０－１２３４５６７８')).toBe('020-12345678');
    expect(isPhone('１３９００００１１１１')).toBe(true);
  });
});

describe('the other fields', () => {
  it('need a recipient, all three region levels and a detail', () => {
    expect(validateRecipient(' ')).toBe('validation.address.recipientRequired');
    expect(validateRecipient('李四')).toBeNull();
    expect(validateRegion([])).toBe('validation.address.regionRequired');
    expect(validateRegion(null)).toBe('validation.address.regionRequired');
    expect(validateRegion(['广东省', '广州市'])).toBe('validation.address.regionRequired');
    expect(validateRegion(['广东省', '', '白云区'])).toBe('validation.address.regionRequired');
    expect(validateRegion(['广东省', '广州市', '白云区'])).toBeNull();
    expect(validateDetail('')).toBe('validation.address.detailRequired');
    expect(validateDetail('三元里大道 1 号')).toBeNull();
  });

  it('an empty form fails every field with its own message', () => {
    expect(validateAddressForm({})).toEqual({
      recipient: 'validation.address.recipientRequired',
      phone: 'validation.address.phoneRequired',
      region: 'validation.address.regionRequired',
      detail: 'validation.address.detailRequired',
    });
    expect(validateAddressForm(toFormValues(saved))).toEqual({});
  });
});

describe('request bodies', () => {
  it('add: trimmed texts, the phone in ASCII, the region as three names, the default flag', () => {
    expect(
      toAddressBody({
        recipient: ' 李四 ',
        phone: '＋86 139-0000-1111 ',
        region: ['广东省', '广州市', '白云区'],
        detail: ' 三元里大道 1 号\n',
        is_default: true,
      }),
    ).toEqual({
      recipient: '李四',
      phone: '+86 139-0000-1111',
      province: '广东省',
      city: '广州市',
      district: '白云区',
      detail: '三元里大道 1 号',
      is_default: true,
    });
    expect(toAddressBody({ recipient: 'a', phone: '1234567', region: ['a', 'b', 'c'], detail: 'd' }).is_default).toBe(false);
  });

  it('edit: the id first and the favourite flag kept', () => {
    const body = toAddressBody({ ...toFormValues(saved), recipient: '王五', is_default: false }, saved);
    expect(body).toEqual({
      id: 'A1',
      recipient: '王五',
      phone: '13900001111',
      province: '广东省',
      city: '广州市',
      district: '白云区',
      detail: '三元里大道 1 号',
      is_default: false,
      is_favorite: true,
    });
  });

  it('an address back into the form', () => {
    expect(toFormValues(saved)).toEqual({
      recipient: '李四',
      phone: '13900001111',
      region: ['广东省', '广州市', '白云区'],
      detail: '三元里大道 1 号',
      is_default: true,
    });
  });
});

describe('refusals', () => {
  it('go to the field the answer names; the three region fields are the picker', () => {
    const error = { kind: 'http', status: 422, code: 0, msg: 'the region does not exist', data: { field: 'city' } };
    expect(refusedField(error)).toBe('city');
    expect(formFieldOf(refusedField(error))).toBe('region');
    expect(failureText(error)).toBe('the region does not exist');
    expect(['recipient', 'phone', 'detail', 'province', 'district'].map(formFieldOf)).toEqual(['recipient', 'phone', 'detail', 'region', 'region']);
    expect(formFieldOf(null)).toBeNull();
    expect(formFieldOf('id')).toBeNull();
    expect(refusedField({ msg: 'at most 50 addresses', data: null })).toBeNull();
    expect(failureText({})).toBeNull();
  });
});

describe('display', () => {
  it('the full address and the counter', () => {
    expect(fullAddress(saved)).toBe('广东省 广州市 白云区 三元里大道 1 号');
    expect(ADDRESS_MAX).toBe(50);
    expect(addressQuota(0)).toEqual({ count: 0, max: 50, full: false });
    expect(addressQuota(49).full).toBe(false);
    expect(addressQuota(50).full).toBe(true);
  });
});

/** A few divisions in the shape of address/area answers. */
const AREAS: Record<string, Area[]> = {
  '': [
    { id: '11', name: '北京市' },
    { id: '44', name: '广东省' },
  ],
  '11': [{ id: '1101', name: '市辖区' }],
  '44': [
    { id: '4401', name: '广州市' },
    { id: '4403', name: '深圳市' },
  ],
  '4401': [
    { id: '440106', name: '天河区' },
    { id: '440111', name: '白云区' },
  ],
};

describe('region options', () => {
  it('one level from an answer: names are values, codes kept, districts are leaves', () => {
    expect(toRegionOptions(AREAS['']!, 0)).toEqual([
      { value: '北京市', label: '北京市', code: '11', isLeaf: false },
      { value: '广东省', label: '广东省', code: '44', isLeaf: false },
    ]);
    expect(toRegionOptions(AREAS['4401']!, 2).every((o) => o.isLeaf)).toBe(true);
  });

  it('in English the label is the English name and the value stays the Chinese the calls take', () => {
    const areas = [{ id: '44', name: '广东省', name_en: 'Guangdong' }, { id: '11', name: '北京市' }];
    expect(toRegionOptions(areas, 0, true)).toEqual([
      { value: '广东省', label: 'Guangdong', code: '44', isLeaf: false },
      { value: '北京市', label: '北京市', code: '11', isLeaf: false },
    ]);
    expect(toRegionOptions(areas, 0)[0]!.label).toBe('广东省');
  });

  it('children go under the chosen path in a new tree', () => {
    const provinces = toRegionOptions(AREAS['']!, 0);
    const withCities = withChildren(provinces, ['广东省'], toRegionOptions(AREAS['44']!, 1));
    expect(provinces[1]!.children).toBeUndefined();
    expect(withCities[1]!.children?.map((o) => o.value)).toEqual(['广州市', '深圳市']);
    expect(withCities[0]).toBe(provinces[0]);
    const withDistricts = withChildren(withCities, ['广东省', '广州市'], toRegionOptions(AREAS['4401']!, 2));
    expect(withDistricts[1]!.children?.[0]!.children?.map((o) => o.value)).toEqual(['天河区', '白云区']);
    expect(withCities[1]!.children?.[0]!.children).toBeUndefined();
    expect(withChildren(withCities, ['江苏省'], [])).toEqual(withCities);
    expect(codesOf(withDistricts, ['广东省', '广州市', '白云区'])).toEqual(['44', '4401', '440111']);
    expect(codesOf(withDistricts, ['广东省', '杭州市'])).toEqual(['44']);
  });

  it('an edit loads the provinces, then the cities and districts down the saved names', async () => {
    const load = vi.fn(async (pid: string) => AREAS[pid] ?? []);
    const chain = await loadRegionChain(['广东省', '广州市', '白云区'], load);
    expect(load.mock.calls.map(([pid]) => pid)).toEqual(['', '44', '4401']);
    expect(chain.complete).toBe(true);
    expect(chain.options.map((o) => o.value)).toEqual(['北京市', '广东省']);
    expect(chain.options[0]!.children).toBeUndefined();
    const guangzhou = chain.options[1]!.children?.find((o) => o.value === '广州市');
    expect(guangzhou?.children?.map((o) => o.value)).toEqual(['天河区', '白云区']);
    expect(chain.options[1]!.children?.find((o) => o.value === '深圳市')?.children).toBeUndefined();
  });

  it('a name the data no longer has stops the chain there', async () => {
    const load = vi.fn(async (pid: string) => AREAS[pid] ?? []);
    const unknownCity = await loadRegionChain(['广东省', '佛山市', '禅城区'], load);
    expect(load.mock.calls.map(([pid]) => pid)).toEqual(['', '44']);
    expect(unknownCity.complete).toBe(false);
    expect(unknownCity.options[1]!.children?.map((o) => o.value)).toEqual(['广州市', '深圳市']);

    const unknownDistrict = await loadRegionChain(['广东省', '广州市', '花都区'], async (pid) => AREAS[pid] ?? []);
    expect(unknownDistrict.complete).toBe(false);
    const none = await loadRegionChain([], async (pid) => AREAS[pid] ?? []);
    expect(none).toEqual({ options: toRegionOptions(AREAS['']!, 0), complete: false });
  });
});
