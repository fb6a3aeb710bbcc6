import { describe, expect, it } from 'vitest';
import {
  COURIER_CODES,
  courierKey,
  courierOptions,
  currencyOf,
  formFieldOf,
  rateFieldOf,
  ratePlatformKey,
  ratesAfter,
  ratesWithout,
  removesRate,
  validateRate,
  validateRateCurrency,
  validateRatePlatform,
  isZeroYuan,
  qcLevelKey,
  qcOptions,
  toForwardBody,
  toFormValues,
  validateCourier,
  validatePriority,
  validateQcLevel,
  validateSenderPhone,
} from './forward-logic';
import { DEFAULTS, TABLES } from './forward-test-kit';

describe('checks', () => {
  it('the sender phone is optional; when given it is 7-20 digits with +, - or spaces', () => {
    for (const ok of ['', '   ', null, undefined, '13900001111', '020-12345678', '+86 139 0000 1111', '１３９００００１１１１']) {
      expect(validateSenderPhone(ok), String(ok)).toBeNull();
    }
    for (const bad of ['123456', '139abc01111', '(020)12345678', '123456789012345678901']) {
      expect(validateSenderPhone(bad), bad).toBe('validation.address.phoneFormat');
    }
  });

  it('courier, inspection level and priority must be one of the codes', () => {
    for (const code of COURIER_CODES) expect(validateCourier(code)).toBeNull();
    expect(validateCourier('dhl')).toBe('validation.courier.required');
    expect(validateCourier('')).toBe('validation.courier.required');
    expect(validateQcLevel('advanced')).toBeNull();
    expect(validateQcLevel('gold')).toBe('validation.forward.qcRequired');
    expect(validatePriority('split')).toBeNull();
    expect(validatePriority(undefined)).toBe('validation.forward.priorityRequired');
  });
});

describe('request body', () => {
  it('the six fields, texts trimmed and the phone in ASCII', () => {
    expect(
      toForwardBody({
        sender_name: ' 小王 ',
        sender_phone: '＋86 139-0000-1111 ',
        courier: 'sf',
        qc_level: 'advanced',
        shipping_priority: 'split',
        remark_template: '  不要放发票\n不要价格标签  ',
      }),
    ).toEqual({
      sender_name: '小王',
      sender_phone: '+86 139-0000-1111',
      courier: 'sf',
      qc_level: 'advanced',
      shipping_priority: 'split',
      remark_template: '不要放发票\n不要价格标签',
    });
    expect(toForwardBody({})).toEqual({ sender_name: '', sender_phone: '', courier: '', qc_level: '', shipping_priority: '', remark_template: '' });
  });

  it('an answer back into the form, the fee tables left out', () => {
    expect(toFormValues({ ...DEFAULTS, ...TABLES })).toEqual(DEFAULTS);
  });
});

describe('names and fees', () => {
  it('known codes have catalogue names; others show their code', () => {
    expect(courierKey('sf')).toBe('forward.courier.sf');
    expect(courierKey('dhl')).toBeNull();
    expect(qcLevelKey('basic')).toBe('forward.qc.basic');
    expect(qcLevelKey('x')).toBeNull();
  });

  it('couriers keep the server order and fees as sent', () => {
    const options = courierOptions(TABLES);
    expect(options.map((c) => c.code)).toEqual(['zto', 'yto', 'sto', 'yunda', 'jt', 'sf', 'ems']);
    expect(options.find((c) => c.code === 'sf')).toEqual({ code: 'sf', key: 'forward.courier.sf', first: '12.00', extra: '2.00' });
  });

  it('inspection fees per item; none is free and offered even when the table leaves it out', () => {
    expect(qcOptions(TABLES)).toEqual([
      { code: 'none', key: 'forward.qc.none', fee: null },
      { code: 'basic', key: 'forward.qc.basic', fee: '0.30' },
      { code: 'advanced', key: 'forward.qc.advanced', fee: '1.30' },
    ]);
    expect(qcOptions({ qc_levels: TABLES.qc_levels.slice(1) }).map((q) => q.code)).toEqual(['none', 'basic', 'advanced']);
    expect(['0.00', '0', '0.0', '.00', '00.00'].every(isZeroYuan)).toBe(true);
    expect(['0.30', '1.00', '', '.', 'abc'].some(isZeroYuan)).toBe(false);
  });
});

describe('refusals', () => {
  it('go to the field they name when it is one of the six', () => {
    expect(formFieldOf('sender_phone')).toBe('sender_phone');
    expect(formFieldOf('shipping_priority')).toBe('shipping_priority');
    expect(formFieldOf('token')).toBeNull();
    expect(formFieldOf(null)).toBeNull();
  });
});

describe('shop exchange rates', () => {
  const rates = [
    { platform: 'shopee', currency: 'PHP', rate: '0.1250' },
    { platform: 'lazada', currency: 'MYR', rate: '1.5300' },
  ];

  it('a currency is three letters (any case, full-width too); a rate above 0, at most 1000, four decimals; empty or 0 removes', () => {
    expect(currencyOf(' php ')).toBe('PHP');
    expect(currencyOf('ｍｙｒ')).toBe('MYR');
    expect(validateRateCurrency('php')).toBeNull();
    for (const bad of ['', 'PH', 'PESO', '12A', null]) expect(validateRateCurrency(bad), String(bad)).toBe('forward.rates.currencyInvalid');
    for (const ok of ['0.125', '0.1250', '7', '.5', '1000', '０．１２５']) expect(validateRate(ok), ok).toBeNull();
    for (const bad of ['0.12345', '-1', '1e3', '1000.01', 'abc']) expect(validateRate(bad), bad).toBe('forward.rates.rateInvalid');
    for (const gone of ['', ' ', '0', '0.00', null]) {
      expect(removesRate(gone), String(gone)).toBe(true);
      expect(validateRate(gone), String(gone)).toBeNull();
    }
    expect(removesRate('0.01')).toBe(false);
    expect(validateRatePlatform('shopee')).toBeNull();
    expect(validateRatePlatform('ebay')).toBe('forward.rates.platformRequired');
    expect(ratePlatformKey('lazada')).toBe('order.platform.lazada');
    expect(ratePlatformKey('ebay')).toBeNull();
  });

  it('the set the save takes: one pair set, changed or removed, the others kept', () => {
    expect(ratesAfter(rates, { platform: 'tiktok', currency: 'thb', rate: ' 0.2 ' })).toEqual([...rates, { platform: 'tiktok', currency: 'THB', rate: '0.2' }]);
    expect(ratesAfter(rates, { platform: 'shopee', currency: 'php', rate: '0.13' })).toEqual([rates[1], { platform: 'shopee', currency: 'PHP', rate: '0.13' }]);
    expect(ratesAfter(rates, { platform: 'shopee', currency: 'PHP', rate: '0' })).toEqual([rates[1]]);
    expect(ratesAfter(rates, { platform: 'shopee', currency: 'PHP', rate: '' })).toEqual([rates[1]]);
    expect(ratesWithout(rates, { platform: 'lazada', currency: 'MYR' })).toEqual([rates[0]]);
    expect(rateFieldOf('currency')).toBe('currency');
    expect(rateFieldOf('rates')).toBeNull();
    expect(rateFieldOf(null)).toBeNull();
  });
});
