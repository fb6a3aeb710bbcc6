import { expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { overflow } from './overflow';
import { ADDRESS, call, exchange, fen, operator, productWithStock, yuan, type Order } from './shop';

/**
 * Issue 48 item 12: at checkout the coupon that saves the most is chosen for the seller, who can
 * choose another, and the coupons the order does not reach say why. A seller holding four coupons
 * (10% off the goods, 0.50 off the goods, 50 off goods over 100,000, and a service coupon valid
 * from tomorrow) checks out one item, at a desk (1366 px) and on a phone (390 × 844), in Chinese
 * and English: the 10% is chosen and marked, the two out of reach are greyed with how much is
 * missing and from when; the seller picks the 0.50 by hand and the order placed carries it.
 */

const WORDS = {
  zh_CN: { best: '最省', short: (amount: string) => `还差 ¥${amount} 可用`, from: /^\d{4}-\d\d-\d\d \d\d:\d\d 起可用$/, discount: '优惠券抵扣' },
  en_US: { best: 'Saves most', short: (amount: string) => `¥${amount} more to use it`, from: /^Valid from \d{4}-\d\d-\d\d \d\d:\d\d$/, discount: 'Coupon discount' },
} as const;

const VIEWS = { desk: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } } as const;

interface Preview {
  fees: { product_amount: string; total: string; coupon_discount: string };
  coupons: { usable: { id: string; discount: string }[]; unusable: { id: string; reason: string; short?: string }[] };
}

let nth = 35;
for (const view of ['desk', 'phone'] as const) {
  for (const language of ['zh_CN', 'en_US'] as const) {
    const pick = nth++;
    test(`${language} ${view}: checkout chooses the coupon that saves most, says why others do not apply, and takes the seller's own choice`, async ({ page, request }) => {
      const words = WORDS[language];
      await page.setViewportSize(VIEWS[view]);
      await page.addInitScript((chosen: string) => window.localStorage.setItem('language', chosen), language);
      const mobile = newMobile();
      const user = await registerViaApi(request, mobile);
      await call(request, user.token, '/address/add', ADDRESS);
      const product = await productWithStock(request, pick, 1, 10);
      await call(request, user.token, '/cart/add', { sku_id: product.sku.id, quantity: 1 });
      const now = Math.floor(Date.now() / 1000);
      const stamp = mobile.slice(-6);
      const issue = (terms: object, zh: string, en: string) =>
        operator<{ id: string }>(request, '/coupons/issue', { mobile, valid_to: now + 7 * 86_400, ...terms, name: `${zh} ${stamp}`, name_en: `${en} ${stamp}` });
      const tenth = await issue({ type: 'product', discount_type: 'discount', threshold: '0.00', percent_off: 10 }, '九折券', '10% off');
      const half = await issue({ type: 'product', discount_type: 'full_reduction', threshold: '0.00', amount: '0.50' }, '立减五角', '50 fen off');
      const far = await issue({ type: 'product', discount_type: 'full_reduction', threshold: '100000.00', amount: '50.00' }, '满十万减50', '50 off over 100,000');
      const later = await issue({ type: 'service', discount_type: 'full_reduction', threshold: '0.00', amount: '1.00', valid_from: now + 86_400 }, '明日服务券', 'Service from tomorrow');

      await page.goto('/login?site=');
      await loginViaUi(page, mobile);
      const bestPreview = page.waitForResponse((r) => r.url().endsWith('/order/preview') && Boolean((r.request().postDataJSON() as { coupon_ids?: string[] }).coupon_ids));
      await page.goto('/checkout?site=');
      const best = await bestPreview;
      expect(best.request().postDataJSON()).toMatchObject({ source: 'cart', coupon_ids: [tenth.id] });
      const preview = ((await best.json()) as { data: Preview }).data;
      const goods = fen(preview.fees.product_amount);
      const tenthOff = Math.floor(goods / 10);

      // the 10% is chosen and marked as the one that saves most; the 0.50 is offered beside it
      const choice = (id: string) => page.locator(`.checkout-coupon-${id}`);
      await expect(choice(tenth.id).locator('input')).toBeChecked();
      await expect(choice(tenth.id).locator('.checkout-coupon-best')).toHaveText(words.best);
      await expect(choice(half.id).locator('input')).not.toBeChecked();
      await expect(choice(half.id).locator('.checkout-coupon-best')).toHaveCount(0);
      const fees = page.locator('.checkout-fees');
      await expect(fees.locator('.order-fee-coupon_discount dt')).toHaveText(words.discount);
      await expect(fees.locator('.order-fee-coupon_discount dd')).toHaveText(`-¥${yuan(tenthOff)}`);
      // the two out of reach: greyed, not choosable, each saying why
      await expect(choice(far.id)).toHaveClass(/checkout-coupon-unusable/);
      await expect(choice(far.id).locator('input')).toBeDisabled();
      await expect(choice(far.id).locator('.checkout-coupon-why')).toHaveText(words.short(yuan(10_000_000 - goods)));
      await expect(choice(later.id).locator('input')).toBeDisabled();
      await expect(choice(later.id).locator('.checkout-coupon-why')).toHaveText(words.from);
      await expect(page.locator('.checkout-coupon-group-service .checkout-coupon-skip input')).toBeChecked();
      expect((await overflow(page)).culprits).toEqual([]);
      await screenshot(page, `checkout-coupons-${view}-${language}`);

      // the seller's own choice replaces it and is what the order carries
      const mine = await exchange<Preview>(page, '/order/preview', () => choice(half.id).locator('.checkout-coupon-name').click());
      expect(mine.sent).toMatchObject({ coupon_ids: [half.id] });
      await expect(fees.locator('.order-fee-coupon_discount dd')).toHaveText('-¥0.50');
      await expect(choice(tenth.id).locator('input')).not.toBeChecked();
      const placed = await exchange<{ order: Order }>(page, '/order/submit', () => page.locator('.checkout-submit').click());
      expect(placed.sent).toMatchObject({ coupon_ids: [half.id] });
      expect((placed.data.order.coupons ?? []).map((c) => [c.id, c.discount])).toEqual([[half.id, '0.50']]);
      await expect(page).toHaveURL(new RegExp(`/order_pay\\?order_no=${placed.data.order.order_no}&site=$`));
    });
  }
}
