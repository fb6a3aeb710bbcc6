import { expect, newMobile, registerViaApi, screenshot, test } from './helpers';
import { consoleLogin, newPage } from './console';
import { overflow } from './overflow';
import { ADDRESS, call, operator, productWithStock, topUp } from './shop';

/**
 * Staff find a seller by phone, not by an internal id (issue 48 item 6), at 1366 px in both
 * languages: the service desk's after-sales and the marketing desk's issued coupons show each
 * row's seller by name and masked phone (138****0001, as elsewhere), and the last four digits of
 * the phone find that seller's rows; a search of too few digits is refused under the field.
 * Demo staff (jpmall seed): 13900000004 service, 13900000006 marketing.
 */

const SERVICE = '13900000004';
const MARKETING = '13900000006';
const DEMO_PASSWORD = 'demo1234';

const WORDS = {
  zh_CN: { role: { service: '客服', marketing: '营销' }, issuedTab: '已发放与核销', invalid: '请输入手机号中的 4 到 11 位数字' },
  en_US: { role: { service: 'Customer service', marketing: 'Marketing' }, issuedTab: 'Issued and redeemed', invalid: 'Enter 4 to 11 digits of the phone number' },
} as const;

/** How a user id looks (what these lists showed before). */
const RAW_ID = /[0-9a-f]{12}/;

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-10);

for (const language of ['zh_CN', 'en_US'] as const) {
  test(`the service and marketing desks show sellers by name and masked phone and find them by the phone's last digits (${language})`, async ({ browser, baseURL, request, context }) => {
    const words = WORDS[language];
    const mobile = newMobile();
    const last4 = mobile.slice(-4);
    const nickname = `李记女装${last4}`;
    const seller = await registerViaApi(request, mobile);
    await call(request, seller.token, '/user/edit', { nickname });

    // an after-sale of a shipped order, and a coupon issued to the same seller
    await topUp(request, context, seller.token, '300');
    const product = await productWithStock(request, 24, 1, 10);
    const { order } = await call<{ order: { order_no: string } }>(request, seller.token, '/order/submit', {
      source: 'manual',
      lines: [{ sku_id: product.sku.id, quantity: 1 }],
      type: 'domestic',
      address: ADDRESS,
      request_id: `e2e-sellers-${stamp()}`,
    });
    await call(request, seller.token, '/order/pay', { order_no: order.order_no, method: 'wallet' });
    await operator(request, '/orders/prepare_stock', { order_no: order.order_no });
    await operator(request, '/orders/ship', { order_no: order.order_no, courier: 'zto', tracking_no: `7310${stamp().slice(-8)}` });
    const { after_sale: sale } = await call<{ after_sale: { id: string } }>(request, seller.token, '/aftersale/apply', {
      order_no: order.order_no,
      kind: 'refund_only',
      lines: [{ sku_id: product.sku.id, quantity: 1 }],
      reason: '质量问题',
    });
    const now = Math.floor(Date.now() / 1000);
    const coupon = await operator<{ id: string }>(request, '/coupons/issue', {
      mobile,
      type: 'product',
      discount_type: 'full_reduction',
      threshold: '0.00',
      amount: '3.00',
      name: `找卖家券 ${last4}`,
      name_en: `Find the seller ${last4}`,
      valid_to: now + 7 * 86_400,
    });

    const signIn = async (mobileOfStaff: string, role: string) => {
      const page = await newPage(browser, baseURL, { timezoneId: 'Asia/Shanghai' });
      await page.setViewportSize({ width: 1366, height: 768 });
      await consoleLogin(page, mobileOfStaff, DEMO_PASSWORD);
      if (language === 'en_US') await page.locator('.console-language button[data-language="en_US"]').click();
      await expect(page.locator('.console-staff-role')).toHaveText(role);
      return page;
    };

    // the service desk: the seller's name and masked phone, never the id; found by the last four digits
    const desk = await signIn(SERVICE, words.role.service);
    await desk.goto('/admin/aftersales');
    const table = desk.locator('.console-desk-sale-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await desk.locator('.console-desk-sale-mobile input').fill('12');
    await desk.locator('.console-desk-sale-search').click();
    await expect(desk.locator('.console-desk-phone-search .ant-form-item-explain-error')).toHaveText(words.invalid);
    const searched = desk.waitForResponse((r) => r.url().includes('/admin/aftersales?') && r.url().includes(`mobile=${last4}`));
    await desk.locator('.console-desk-sale-mobile input').fill(last4);
    await desk.locator('.console-desk-sale-search').click();
    expect((await searched).status()).toBe(200);
    await expect(desk.locator('.console-desk-phone-search .ant-form-item-explain-error')).toHaveCount(0);
    const row = table.locator(`tr[data-id="${sale.id}"]`);
    await expect(row.locator('.console-desk-seller-name')).toHaveText(nickname);
    await expect(row.locator('.console-desk-seller-mobile')).toHaveText(masked(mobile));
    await expect(row).not.toContainText(mobile);
    await expect(row.locator('.console-desk-seller')).not.toHaveText(RAW_ID);
    // every row found is a seller whose phone ends in those digits
    for (const phone of await table.locator('tbody .console-desk-seller-mobile').allTextContents()) expect(phone.endsWith(last4)).toBe(true);
    expect((await overflow(desk)).culprits).toEqual([]);
    await screenshot(desk, `console-aftersales-by-phone-${language}`);
    await desk.context().close();

    // the marketing desk's issued coupons: the same seller, the same search
    const marketing = await signIn(MARKETING, words.role.marketing);
    await marketing.goto('/admin/coupons');
    await marketing.locator('.console-desk-coupon-tabs').getByRole('tab', { name: words.issuedTab, exact: true }).click();
    const coupons = marketing.locator('.console-desk-coupon-table');
    await expect(coupons.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const found = marketing.waitForResponse((r) => r.url().includes('/admin/coupons?') && r.url().includes(`mobile=${last4}`));
    await marketing.locator('.console-desk-coupon-mobile input').fill(`${last4.slice(0, 2)} ${last4.slice(2)}`);
    await marketing.locator('.console-desk-coupon-search').click();
    expect((await found).status()).toBe(200);
    const issued = coupons.locator(`tr[data-id="${coupon.id}"]`);
    await expect(issued.locator('.console-desk-seller-name')).toHaveText(nickname);
    await expect(issued.locator('.console-desk-seller-mobile')).toHaveText(masked(mobile));
    await expect(issued.locator('.console-desk-seller')).not.toHaveText(RAW_ID);
    for (const phone of await coupons.locator('tbody .console-desk-seller-mobile').allTextContents()) expect(phone.endsWith(last4)).toBe(true);
    expect((await overflow(marketing)).culprits).toEqual([]);
    await screenshot(marketing, `console-coupons-by-phone-${language}`);
    await marketing.context().close();
  });
}
