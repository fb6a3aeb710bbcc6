/**
 * Pure rules of "list it in my shop" (一键铺货) that the listing dialog (widgets/), the shop form
 * (widgets/) and the shops screen (features/listing) share: the platforms and roundings, the
 * limits listing/shop_save checks and the form's checks of them, the body it takes, a rule in
 * words ('×1.5 + ¥5.00, round to .90') and the price a rule gives (as the server works it out, for
 * the form's example).
 */
import type { ListingPlatform, ListingRounding, ListingRule, ListingShop, ListingShopBody, ListingShops, ListingTemplateField } from './api-types';
import { fenToYuan, readYuan, yuanToFen } from './money';
import type { MessageKey } from './validators';

/** Every platform a shop can be on, in the order the form offers them. */
export const LISTING_PLATFORMS = ['taobao', 'shopee', 'lazada', 'tiktok', 'douyin'] as const satisfies readonly ListingPlatform[];

/**
 * The platforms whose shops sell in a currency of their own (listing/shops `currencies`) and whose
 * packages fill the blank category template the seller uploads for the shop.
 */
const FOREIGN_PLATFORMS = ['shopee', 'lazada', 'tiktok'] as const satisfies readonly ListingPlatform[];

/** Whether a shop on `code` has a currency and a template (Shopee, Lazada, TikTok Shop). */
export const isForeignPlatform = (code: string | null | undefined): boolean => (FOREIGN_PLATFORMS as readonly (string | null | undefined)[]).includes(code);

/** The currencies a platform's shops can sell in (listing/shops `platforms`), none when unknown. */
export const platformCurrencies = (platforms: ListingShops['platforms'] | undefined, code: string | null | undefined): readonly string[] =>
  platforms?.find((p) => p.code === code)?.currencies ?? [];

/** The roundings, in the order the form offers them. */
export const LISTING_ROUNDINGS = ['none', 'ends_90', 'ends_99', 'whole_yuan'] as const satisfies readonly ListingRounding[];

/** listing/shop_save's limits: the name 1–30 characters, each title affix at most 20. */
export const SHOP_NAME_MAX = 30;
export const TITLE_AFFIX_MAX = 20;
/** The multiplier 1.00–10.00, in hundredths. */
const MULTIPLIER_MIN = 100;
const MULTIPLIER_MAX = 1000;
/** The fixed amount and the minimum margin 0–9999.99 yuan, in fen. */
const AMOUNT_MAX_FEN = 999_999;
/** The stock cap: none, or 0–99999 pieces. */
const STOCK_CAP_MAX = 99_999;
/** listing/preview and listing/package take 1 to 200 products at once. */
export const LISTING_PRODUCTS_MAX = 200;

/** Catalogue key of a platform's name, or null for a code this build does not know (shown as sent). */
export const platformKey = (code: string): string | null =>
  (LISTING_PLATFORMS as readonly string[]).includes(code) ? `listing.platform.${code}` : null;

/** Whether the server can build the packages of a platform yet (listing/shops `platforms`). */
export const packagesReady = (platforms: ListingShops['platforms'] | undefined, code: string): boolean =>
  Boolean(platforms?.some((p) => p.code === code && p.packages));

/** A shop whose packages fill its template (Shopee, Lazada, TikTok Shop) and that has none yet: nothing can be packaged. */
export const templateMissing = (shop: Pick<ListingShop, 'platform' | 'template'>): boolean => isForeignPlatform(shop.platform) && !shop.template;

/** Uploads are refused above 10 MiB (docs/api.md): said before sending. */
const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;

/** What is wrong with a template chosen for upload before it is sent (catalogue key), or null: an .xlsx of at most 10 MiB. */
export function checkTemplateFile(file: Pick<File, 'name' | 'size'>): MessageKey | null {
  if (!/\.xlsx$/i.test(file.name)) return 'listing.template.notXlsx';
  return file.size > TEMPLATE_MAX_BYTES ? 'listing.template.tooLarge' : null;
}

/** The currency a preview's `listed_foreign` is in, or null for a shop in yuan (none, '' or CNY). */
export const foreignCurrency = (currency: string | null | undefined): string | null => (currency && currency !== 'CNY' ? currency : null);

/** Full-width digits, letters, point and ×-like signs (a Chinese input method) as ASCII. */
const ascii = (text: string) => text.replace(/[Ａ-Ｚａ-ｚ０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** Characters as a person counts them (code points, as the server counts). */
const lengthOf = (text: string) => [...text].length;

/** A multiplier as typed ('1.5', '×2', '１．２５') in hundredths (150), or null when it is not one. */
export function readMultiplier(value: string | null | undefined): number | null {
  const text = ascii(value ?? '')
    .trim()
    .replace(/^[×xX*]\s*/, '');
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const hundredths = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(hundredths) ? hundredths : null;
}

/** The shortest way to write a multiplier the server sent: '1.50' → '1.5', '2.00' → '2'. */
export function shortMultiplier(multiplier: string): string {
  const hundredths = readMultiplier(multiplier);
  if (hundredths === null) return multiplier;
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.floor(hundredths / 100)}${fraction ? `.${fraction}` : ''}`;
}

/** A yuan amount as typed; nothing is 0. Null when it is not 0–9999.99 with at most two decimals. */
function readAmount(value: string | null | undefined): number | null {
  const reading = readYuan(value ?? '');
  if (reading.kind === 'empty') return 0;
  return reading.kind === 'ok' && reading.fen <= AMOUNT_MAX_FEN ? reading.fen : null;
}

/** A stock cap as typed: '' is no cap (undefined), else whole pieces 0–99999; null when neither. */
function readStockCap(value: string | null | undefined): number | null | undefined {
  const text = ascii(value ?? '').trim();
  if (text === '') return undefined;
  if (!/^\d{1,6}$/.test(text)) return null;
  const cap = Number(text);
  return cap <= STOCK_CAP_MAX ? cap : null;
}

/** The shop form's fields, as listing/shop_save names them (the rule's flattened). */
export interface ShopFormValues {
  platform?: string | null;
  name?: string | null;
  multiplier?: string | null;
  fixed_add?: string | null;
  rounding?: string | null;
  min_margin?: string | null;
  title_prefix?: string | null;
  title_suffix?: string | null;
  stock_cap?: string | null;
  /** Shopee, Lazada and TikTok Shop only. */
  currency?: string | null;
}

/** The fields a listing/shop_save refusal may name (`data.field`); each is a field of the form. */
export const SHOP_FIELDS = ['name', 'platform', 'currency', 'multiplier', 'fixed_add', 'rounding', 'min_margin', 'title_prefix', 'title_suffix', 'stock_cap'] as const satisfies readonly (keyof ShopFormValues)[];

export function validateShopName(value: string | null | undefined): MessageKey | null {
  const name = (value ?? '').trim();
  if (name === '') return 'listing.shop.nameRequired';
  return lengthOf(name) > SHOP_NAME_MAX ? 'listing.shop.nameTooLong' : null;
}

export const validateShopPlatform = (value: string | null | undefined): MessageKey | null =>
  value && (LISTING_PLATFORMS as readonly string[]).includes(value) ? null : 'listing.shop.platformRequired';

/**
 * A shop's currency: required on Shopee, Lazada and TikTok Shop, and one of the platform's
 * `currencies` when they are known; nothing is asked of the other platforms.
 */
export function validateShopCurrency(platform: string | null | undefined, value: string | null | undefined, currencies: readonly string[] = []): MessageKey | null {
  if (!isForeignPlatform(platform)) return null;
  if (!value) return 'listing.shop.currencyRequired';
  return currencies.length > 0 && !currencies.includes(value) ? 'listing.shop.currencyRequired' : null;
}

export function validateMultiplier(value: string | null | undefined): MessageKey | null {
  const hundredths = readMultiplier(value);
  return hundredths !== null && hundredths >= MULTIPLIER_MIN && hundredths <= MULTIPLIER_MAX ? null : 'listing.rule.multiplierInvalid';
}

/** The fixed amount added and the minimum margin: 0–9999.99 yuan, nothing is 0. */
export const validateRuleAmount = (value: string | null | undefined): MessageKey | null =>
  readAmount(value) === null ? 'listing.rule.amountInvalid' : null;

export const validateRounding = (value: string | null | undefined): MessageKey | null =>
  value && (LISTING_ROUNDINGS as readonly string[]).includes(value) ? null : 'listing.rule.roundingRequired';

/** A title prefix or suffix: at most 20 characters once trimmed. */
export const validateTitleAffix = (value: string | null | undefined): MessageKey | null =>
  lengthOf((value ?? '').trim()) > TITLE_AFFIX_MAX ? 'listing.rule.affixTooLong' : null;

/** Nothing (no cap) or whole pieces 0–99999. */
export const validateStockCap = (value: string | null | undefined): MessageKey | null =>
  readStockCap(value) === null ? 'listing.rule.stockCapInvalid' : null;

/** The rule the form's values give, as listing/shop_save takes it; null while any value is refused. */
export function ruleOf(values: ShopFormValues): ListingRule | null {
  const multiplier = readMultiplier(values.multiplier);
  const fixedAdd = readAmount(values.fixed_add);
  const minMargin = readAmount(values.min_margin);
  const stockCap = readStockCap(values.stock_cap);
  if (
    validateMultiplier(values.multiplier) ||
    validateRounding(values.rounding) ||
    validateTitleAffix(values.title_prefix) ||
    validateTitleAffix(values.title_suffix) ||
    multiplier === null ||
    fixedAdd === null ||
    minMargin === null ||
    stockCap === null
  ) {
    return null;
  }
  return {
    multiplier: fenToYuan(multiplier),
    fixed_add: fenToYuan(fixedAdd),
    rounding: values.rounding as ListingRounding,
    min_margin: fenToYuan(minMargin),
    title_prefix: (values.title_prefix ?? '').trim(),
    title_suffix: (values.title_suffix ?? '').trim(),
    stock_cap: stockCap ?? null,
  };
}

/**
 * The body of listing/shop_save from values the form has checked: the name and affixes trimmed,
 * amounts and the multiplier as two-decimal strings, no cap as null, the currency for Shopee,
 * Lazada and TikTok Shop ('' for the others); `id` only for a change.
 */
export function shopBody(values: ShopFormValues, id?: string): ListingShopBody | null {
  const rule = ruleOf(values);
  if (!rule || validateShopName(values.name) || validateShopPlatform(values.platform) || validateShopCurrency(values.platform, values.currency)) return null;
  const currency = isForeignPlatform(values.platform) ? (values.currency ?? '') : '';
  return { ...(id ? { id } : {}), platform: values.platform as ListingPlatform, name: (values.name ?? '').trim(), rule, currency };
}

/** What the form starts from: every field, the currency only for a shop that has one. */
type ShopFormStart = Required<Omit<ShopFormValues, 'currency'>> & Pick<ShopFormValues, 'currency'>;

/** The form's values for a shop, or a new one's (Taobao, ×1.5, nothing added, to the fen, no cap). */
export function shopFormValues(shop: ListingShop | null): ShopFormStart {
  if (!shop) {
    return { platform: 'taobao', name: '', multiplier: '1.50', fixed_add: '0.00', rounding: 'none', min_margin: '0.00', title_prefix: '', title_suffix: '', stock_cap: '' };
  }
  const { rule } = shop;
  return {
    platform: shop.platform,
    name: shop.name,
    ...(isForeignPlatform(shop.platform) && shop.currency ? { currency: shop.currency } : {}),
    multiplier: rule.multiplier,
    fixed_add: rule.fixed_add,
    rounding: rule.rounding,
    min_margin: rule.min_margin,
    title_prefix: rule.title_prefix,
    title_suffix: rule.title_suffix,
    stock_cap: rule.stock_cap === null ? '' : String(rule.stock_cap),
  };
}

/** The smallest amount at or above `fen` that ends as the rounding says (34.20 → 34.90, 34.99, 35.00). */
export function roundUp(fen: number, rounding: ListingRounding): number {
  const target = rounding === 'ends_90' ? 90 : rounding === 'ends_99' ? 99 : rounding === 'whole_yuan' ? 0 : null;
  if (target === null) return fen;
  const within = ((fen % 100) + 100) % 100;
  return fen + ((((target - within) % 100) + 100) % 100);
}

/**
 * The price a rule lists a SKU costing `costFen` at, as the server works it out: the larger of
 * cost × multiplier (a fraction of a fen rounded up) + the fixed amount and cost + the minimum
 * margin, rounded up to the rule's ending; and the margin over cost. In fen.
 */
export function listedPrice(rule: ListingRule, costFen: number): { price: number; margin: number } {
  const multiplier = readMultiplier(rule.multiplier) ?? MULTIPLIER_MIN;
  const marked = Math.ceil((costFen * multiplier) / 100) + yuanToFen(rule.fixed_add);
  const price = roundUp(Math.max(marked, costFen + yuanToFen(rule.min_margin)), rule.rounding);
  return { price, margin: price - costFen };
}

/** The margin a preview shows: the server's, but never under the rule's minimum (yuan strings). */
export const shownMargin = (margin: string, minMargin: string): string => fenToYuan(Math.max(yuanToFen(margin), yuanToFen(minMargin)));

type Format = (id: string, values?: Record<string, string | number>) => string;

/**
 * A rule in words: the markup, then the rounding, the minimum margin and the stock cap when the
 * rule has them ('×1.5 + ¥5.00, round to .90, min margin ¥3.00'; '×1.5 + ¥5.00，尾数 .90').
 */
export function ruleSummary(rule: ListingRule, format: Format): string {
  const multiplier = shortMultiplier(rule.multiplier);
  const fixed = yuanToFen(rule.fixed_add);
  const parts = [
    fixed > 0 ? format('listing.rule.summary.priceAdd', { multiplier, fixed: fenToYuan(fixed) }) : format('listing.rule.summary.price', { multiplier }),
  ];
  if (rule.rounding !== 'none' && (LISTING_ROUNDINGS as readonly string[]).includes(rule.rounding)) parts.push(format(`listing.rule.summary.${rule.rounding}`));
  const minMargin = yuanToFen(rule.min_margin);
  if (minMargin > 0) parts.push(format('listing.rule.summary.minMargin', { amount: fenToYuan(minMargin) }));
  if (rule.stock_cap !== null) parts.push(format('listing.rule.summary.stockCap', { cap: rule.stock_cap }));
  return parts.join(format('listing.rule.summary.separator'));
}

/**
 * The columns of a shop's template jpmall cannot fill, for the seller to fill in the file: 'You
 * fill in: category, weight' / '需要你在表格里填写：类目、重量' (the labels as the server words them).
 */
export function unfilledText(unfilled: readonly ListingTemplateField[], format: Format): string {
  return format('listing.template.unfilled', { fields: unfilled.map((f) => f.label).join(format('listing.template.unfilled.separator')) });
}
