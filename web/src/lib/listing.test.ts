import { describe, expect, it } from 'vitest';
import en from '../i18n/en_US.json';
import zh from '../i18n/zh_CN.json';
import type { ListingRule } from './api-types';
import { makeIntl } from './i18n';
import {
  checkTemplateFile,
  foreignCurrency,
  listedPrice,
  packagesReady,
  platformCurrencies,
  platformKey,
  readMultiplier,
  roundUp,
  ruleOf,
  ruleSummary,
  shopBody,
  shopFormValues,
  shortMultiplier,
  shownMargin,
  templateMissing,
  unfilledText,
  validateMultiplier,
  validateRounding,
  validateRuleAmount,
  validateShopCurrency,
  validateShopName,
  validateShopPlatform,
  validateStockCap,
  validateTitleAffix,
} from './listing';

const RULE: ListingRule = { multiplier: '1.50', fixed_add: '5.00', rounding: 'ends_90', min_margin: '0.00', title_prefix: '', title_suffix: '', stock_cap: null };
const english = makeIntl('en_US', en);
const chinese = makeIntl('zh_CN', zh);
const inEnglish = (id: string, values?: Record<string, string | number>) => english.formatMessage({ id }, values);
const inChinese = (id: string, values?: Record<string, string | number>) => chinese.formatMessage({ id }, values);

describe('a rule in words', () => {
  it('the markup, then the rounding, the minimum margin and the stock cap when there are any', () => {
    expect(ruleSummary(RULE, inEnglish)).toBe('×1.5 + ¥5.00, round to .90');
    expect(ruleSummary(RULE, inChinese)).toBe('×1.5 + ¥5.00，尾数 .90');
    expect(ruleSummary({ ...RULE, fixed_add: '0.00', rounding: 'none' }, inEnglish)).toBe('×1.5');
    expect(ruleSummary({ ...RULE, multiplier: '2.00', rounding: 'ends_99', min_margin: '3.00', stock_cap: 50 }, inEnglish)).toBe(
      '×2 + ¥5.00, round to .99, min margin ¥3.00, stock up to 50',
    );
    expect(ruleSummary({ ...RULE, multiplier: '1.25', rounding: 'whole_yuan', stock_cap: 0 }, inChinese)).toBe('×1.25 + ¥5.00，取整到元，库存最多 0 件');
  });

  it('writes the multiplier the shortest way', () => {
    expect(shortMultiplier('1.50')).toBe('1.5');
    expect(shortMultiplier('2.00')).toBe('2');
    expect(shortMultiplier('1.05')).toBe('1.05');
    expect(shortMultiplier('10.00')).toBe('10');
    expect(shortMultiplier('odd')).toBe('odd');
  });
});

describe('rounding up', () => {
  it('to .90, .99 or a whole yuan, never down; an amount that already ends so stays', () => {
    expect(roundUp(3420, 'ends_90')).toBe(3490);
    expect(roundUp(3420, 'ends_99')).toBe(3499);
    expect(roundUp(3420, 'whole_yuan')).toBe(3500);
    expect(roundUp(3420, 'none')).toBe(3420);
    expect(roundUp(3495, 'ends_90')).toBe(3590);
    expect(roundUp(3490, 'ends_90')).toBe(3490);
    expect(roundUp(3500, 'whole_yuan')).toBe(3500);
    expect(roundUp(3499, 'ends_99')).toBe(3499);
    expect(roundUp(1, 'whole_yuan')).toBe(100);
  });

  it('a price as the server works it out: the larger of cost × multiplier + fixed and cost + minimum, then rounded', () => {
    expect(listedPrice(RULE, 3420)).toEqual({ price: 5690, margin: 2270 }); // 51.30 + 5.00 = 56.30 → 56.90
    expect(listedPrice({ ...RULE, rounding: 'none' }, 3420)).toEqual({ price: 5630, margin: 2210 });
    // a fraction of a fen is rounded up: 0.10 × 1.55 = 0.155 → 0.16
    expect(listedPrice({ ...RULE, multiplier: '1.55', fixed_add: '0.00', rounding: 'none' }, 10)).toEqual({ price: 16, margin: 6 });
    // the minimum margin wins over a small markup
    expect(listedPrice({ ...RULE, multiplier: '1.00', fixed_add: '0.00', min_margin: '8.00', rounding: 'whole_yuan' }, 3420)).toEqual({ price: 4300, margin: 880 });
  });

  it('a preview margin under the rule’s minimum shows as the minimum', () => {
    expect(shownMargin('2.00', '3.00')).toBe('3.00');
    expect(shownMargin('22.70', '3.00')).toBe('22.70');
    expect(shownMargin('0.00', '0.00')).toBe('0.00');
  });
});

describe("the shop form's checks, as listing/shop_save's limits", () => {
  it('a name of 1 to 30 characters, trimmed, counted as a person counts them', () => {
    expect(validateShopName('')).toBe('listing.shop.nameRequired');
    expect(validateShopName('   ')).toBe('listing.shop.nameRequired');
    expect(validateShopName(undefined)).toBe('listing.shop.nameRequired');
    expect(validateShopName('店')).toBeNull();
    expect(validateShopName('店'.repeat(30))).toBeNull();
    expect(validateShopName(` ${'店'.repeat(30)} `)).toBeNull();
    expect(validateShopName('店'.repeat(31))).toBe('listing.shop.nameTooLong');
    // 30 emoji are 60 UTF-16 units but 30 characters
    expect(validateShopName('🔥'.repeat(30))).toBeNull();
    expect(validateShopName('🔥'.repeat(31))).toBe('listing.shop.nameTooLong');
  });

  it('one of the five platforms', () => {
    for (const code of ['taobao', 'shopee', 'lazada', 'tiktok', 'douyin']) expect(validateShopPlatform(code)).toBeNull();
    expect(validateShopPlatform('amazon')).toBe('listing.shop.platformRequired');
    expect(validateShopPlatform('')).toBe('listing.shop.platformRequired');
    expect(validateShopPlatform(null)).toBe('listing.shop.platformRequired');
  });

  it('a multiplier of 1.00 to 10.00 with at most two decimals', () => {
    for (const ok of ['1', '1.00', '1.5', '2.25', '10', '10.00', '×1.5', 'x2', '１．２５', ' 3 ']) expect(validateMultiplier(ok), ok).toBeNull();
    for (const bad of ['', '0.99', '0', '10.01', '11', '1.255', '-1.5', 'abc', '1e1', '.', '1.2.3']) expect(validateMultiplier(bad), bad).toBe('listing.rule.multiplierInvalid');
    expect(readMultiplier('1.5')).toBe(150);
    expect(readMultiplier('.5')).toBe(50);
    expect(readMultiplier('')).toBeNull();
  });

  it('a fixed amount and a minimum margin of 0 to 9999.99 yuan (nothing is 0)', () => {
    for (const ok of ['', '0', '0.00', '5', '5.5', '9999.99', '¥8', '１２．５']) expect(validateRuleAmount(ok), ok).toBeNull();
    for (const bad of ['-1', '10000', '9999.999', '1.234', 'abc', '1,5']) expect(validateRuleAmount(bad), bad).toBe('listing.rule.amountInvalid');
  });

  it('one of the roundings', () => {
    for (const code of ['none', 'ends_90', 'ends_99', 'whole_yuan']) expect(validateRounding(code)).toBeNull();
    // an ending the server does not know, nothing chosen
    for (const code of ['ends_95', 'ENDS_90', '']) expect(validateRounding(code), code).toBe('listing.rule.roundingRequired');
    expect(validateRounding(undefined)).toBe('listing.rule.roundingRequired');
  });

  it('a title prefix and suffix of at most 20 characters once trimmed', () => {
    expect(validateTitleAffix('')).toBeNull();
    expect(validateTitleAffix(undefined)).toBeNull();
    expect(validateTitleAffix('包'.repeat(20))).toBeNull();
    expect(validateTitleAffix(`  ${'包'.repeat(20)}  `)).toBeNull();
    expect(validateTitleAffix('包'.repeat(21))).toBe('listing.rule.affixTooLong');
  });

  it('a stock cap of none or 0 to 99999 whole pieces', () => {
    for (const ok of ['', '  ', '0', '50', '99999', '１００']) expect(validateStockCap(ok), ok).toBeNull();
    for (const bad of ['-1', '100000', '1.5', 'abc', '1e3']) expect(validateStockCap(bad), bad).toBe('listing.rule.stockCapInvalid');
  });
});

describe('the body listing/shop_save takes', () => {
  const values = {
    platform: 'shopee',
    name: ' 我的虾皮店 ',
    multiplier: '1.5',
    fixed_add: '5',
    rounding: 'ends_99',
    min_margin: '',
    title_prefix: ' 【包邮】',
    title_suffix: '',
    stock_cap: '50',
    currency: 'MYR',
  };

  it('texts trimmed, amounts and the multiplier with two decimals, a cap as a number; no id for a new shop', () => {
    expect(shopBody(values)).toEqual({
      platform: 'shopee',
      name: '我的虾皮店',
      rule: { multiplier: '1.50', fixed_add: '5.00', rounding: 'ends_99', min_margin: '0.00', title_prefix: '【包邮】', title_suffix: '', stock_cap: 50 },
      currency: 'MYR',
    });
    expect(shopBody({ ...values, stock_cap: '' }, 'S1')).toMatchObject({ id: 'S1', rule: { stock_cap: null } });
  });

  it('the currency for Shopee, Lazada and TikTok Shop; none for Taobao and Douyin, whatever the form kept', () => {
    expect(shopBody({ ...values, platform: 'taobao' })).toMatchObject({ platform: 'taobao', currency: '' });
    expect(shopBody({ ...values, platform: 'douyin', currency: null })).toMatchObject({ platform: 'douyin', currency: '' });
    expect(shopBody({ ...values, platform: 'tiktok', currency: 'THB' })).toMatchObject({ platform: 'tiktok', currency: 'THB' });
    expect(shopBody({ ...values, currency: '' })).toBeNull();
    expect(shopBody({ ...values, platform: 'lazada', currency: undefined })).toBeNull();
  });

  it('nothing while a value is refused', () => {
    expect(shopBody({ ...values, multiplier: '11' })).toBeNull();
    expect(shopBody({ ...values, name: '' })).toBeNull();
    expect(ruleOf({ ...values, stock_cap: '-1' })).toBeNull();
  });

  it('the form starts from the shop, or from a new one’s defaults', () => {
    expect(shopFormValues(null)).toMatchObject({ platform: 'taobao', multiplier: '1.50', rounding: 'none', stock_cap: '' });
    const shop = { id: 'S1', platform: 'lazada' as const, name: 'Lazada 店', rule: { ...RULE, stock_cap: 0 }, currency: 'PHP', template: null, created_at: 1, updated_at: 1 };
    expect(shopFormValues(shop)).toEqual({
      platform: 'lazada',
      name: 'Lazada 店',
      currency: 'PHP',
      multiplier: '1.50',
      fixed_add: '5.00',
      rounding: 'ends_90',
      min_margin: '0.00',
      title_prefix: '',
      title_suffix: '',
      stock_cap: '0',
    });
    // what the form starts from is what it sends back
    expect(shopBody(shopFormValues(shop), 'S1')).toEqual({ id: 'S1', platform: 'lazada', name: 'Lazada 店', rule: shop.rule, currency: 'PHP' });
    // a Taobao shop's 'CNY' is not a currency the form asks for
    expect(shopFormValues({ ...shop, platform: 'taobao', currency: 'CNY' })).not.toHaveProperty('currency');
  });

  it('a currency is asked of Shopee, Lazada and TikTok Shop only, one of the platform’s when they are known', () => {
    expect(validateShopCurrency('shopee', '', ['MYR'])).toBe('listing.shop.currencyRequired');
    expect(validateShopCurrency('shopee', 'USD', ['MYR', 'SGD'])).toBe('listing.shop.currencyRequired');
    expect(validateShopCurrency('lazada', 'SGD', ['MYR', 'SGD'])).toBeNull();
    expect(validateShopCurrency('tiktok', 'SGD')).toBeNull();
    expect(validateShopCurrency('taobao', '')).toBeNull();
    expect(validateShopCurrency('douyin', null)).toBeNull();
  });
});

describe('platforms', () => {
  it('are named from the catalogue, an unknown one as sent; packages only where the server says so', () => {
    expect(platformKey('tiktok')).toBe('listing.platform.tiktok');
    expect(inEnglish(platformKey('douyin')!)).toBe('Douyin');
    expect(platformKey('amazon')).toBeNull();
    const platforms = [
      { code: 'taobao' as const, packages: true, currencies: [] },
      { code: 'shopee' as const, packages: false, currencies: ['MYR', 'SGD'] },
    ];
    expect(packagesReady(platforms, 'taobao')).toBe(true);
    expect(packagesReady(platforms, 'shopee')).toBe(false);
    expect(packagesReady(platforms, 'lazada')).toBe(false);
    expect(packagesReady(undefined, 'taobao')).toBe(false);
    expect(platformCurrencies(platforms, 'shopee')).toEqual(['MYR', 'SGD']);
    expect(platformCurrencies(platforms, 'taobao')).toEqual([]);
    expect(platformCurrencies(undefined, 'shopee')).toEqual([]);
  });

  it('Shopee, Lazada and TikTok Shop shops need a template; a preview in yuan has no other currency', () => {
    const template = { file_name: 't.xlsx', uploaded_at: 1, sheet: 'Template', data_row: 7, language: 'en' as const, unfilled: [] };
    expect(templateMissing({ platform: 'shopee', template: null })).toBe(true);
    expect(templateMissing({ platform: 'tiktok', template })).toBe(false);
    expect(templateMissing({ platform: 'taobao', template: null })).toBe(false);
    expect(foreignCurrency('MYR')).toBe('MYR');
    expect(foreignCurrency('CNY')).toBeNull();
    expect(foreignCurrency('')).toBeNull();
    expect(foreignCurrency(undefined)).toBeNull();
  });
});

describe('a template', () => {
  it('is an .xlsx of at most 10 MiB', () => {
    expect(checkTemplateFile({ name: 'mass_upload.XLSX', size: 1000 })).toBeNull();
    expect(checkTemplateFile({ name: 'mass_upload.xls', size: 1000 })).toBe('listing.template.notXlsx');
    expect(checkTemplateFile({ name: 'mass_upload.xlsx', size: 10 * 1024 * 1024 + 1 })).toBe('listing.template.tooLarge');
  });

  it('names the columns the seller fills in, in the reader’s language', () => {
    const unfilled = [
      { field: 'category', label: '类目' },
      { field: 'weight', label: '重量' },
    ];
    expect(unfilledText(unfilled, inChinese)).toBe('需要你在表格里填写：类目、重量');
    expect(
      unfilledText(
        [
          { field: 'category', label: 'category' },
          { field: 'weight', label: 'weight' },
        ],
        inEnglish,
      ),
    ).toBe('You fill in: category, weight');
  });
});
