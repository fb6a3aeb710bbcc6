import type { Page } from '@playwright/test';
import { expect, newMobile, registerViaApi, screenshot, test } from './helpers';
import { ADMIN, asStaff, choose, consoleLogin, newPage, staffToken } from './console';
import { call, productWithStock } from './shop';

/**
 * The owner's audit trail reads as sentences: the owner issues a coupon to a seller and changes a
 * SKU's stock, then opens the trail at 1366 px, picks themself by name and reads each change with
 * money in yuan, dates and names (seller, product and SKU), opens the raw record of one, in Chinese
 * and in English, and the page never scrolls sideways. Demo staff (jpmall seed): 13900000001 is the
 * owner, "demo owner", password demo1234.
 */

const OWNER = '13900000001';
const DEMO_PASSWORD = 'demo1234';

/** Unix seconds as the console shows them in China (the page runs in Asia/Shanghai). */
const inChina = (seconds: number) => new Date((seconds + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');

/** How far the page reaches past its width (0: no sideways scrolling). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Han text of the trail that is not a name or typed text (marked translate="no"). */
const untranslated = (page: Page) =>
  page.locator('.console-audit').evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el && /\p{Script=Han}/u.test(node.textContent ?? '') && !el.closest('[translate="no"], .console-audit-raw')) found.push(node.textContent!.trim());
    }
    return found;
  });

const WORDS = {
  zh_CN: {
    owner: 'demo owner (店主)',
    actor: '员工 demo owner',
    issue: (seller: string, from: string, to: string) => `向 ${seller} 发放优惠券「满50减5」（满 ¥50.00 减 ¥5.00），有效期 ${from} 至 ${to}`,
    stock: (sku: string, before: number, after: number) => `将 ${sku} 的库存由 ${before} 改为 ${after}，原因：到货 e2e`,
    issued: '发放优惠券',
    show: '查看原始记录',
    hide: '收起原始记录',
  },
  en_US: {
    owner: 'demo owner (Owner)',
    actor: 'Staff demo owner',
    issue: (seller: string, from: string, to: string) => `Issued the coupon “¥5 off over ¥50” (¥5.00 off over ¥50.00) to ${seller}, valid from ${from} to ${to}`,
    stock: (sku: string, before: number, after: number) => `Changed the stock of ${sku} from ${before} to ${after}: 到货 e2e`,
    issued: 'Coupon issued',
    show: 'Show raw record',
    hide: 'Hide raw record',
  },
} as const;

for (const [n, language] of (['zh_CN', 'en_US'] as const).entries()) {
  test(`the owner reads the audit trail as sentences with yuan, dates and names, the raw record on request (${language})`, async ({ browser, baseURL, request }) => {
    const words = WORDS[language];
    const owner = await staffToken(request, OWNER);
    const me = await asStaff<{ id: string }>(request, owner, '/staff/me');

    // a seller with a name of their own, and a coupon the owner issues them for a week from a minute
    const mobile = newMobile();
    const seller = await registerViaApi(request, mobile);
    const nickname = `王记服饰${mobile.slice(-4)}`;
    await call(request, seller.token, '/user/edit', { nickname });
    const from = Math.floor(Date.now() / 60_000) * 60 + 60;
    const to = from + 7 * 86_400;
    await asStaff(request, owner, '/coupons/issue', {
      mobile, name: '满50减5', name_en: '¥5 off over ¥50', type: 'product', discount_type: 'full_reduction', threshold: '50', amount: '5', valid_from: from, valid_to: to,
    });
    // and a SKU restocked by one (a product far down the list, one per language)
    const { id: productId, sku } = await productWithStock(request, 30 + n, 1);
    const changed = await asStaff<{ before: number; after: number }>(request, owner, '/catalog/stock/change', { sku_id: sku.id, delta: 1, reason: '到货 e2e' });
    const product = await asStaff<{ title_zh: string; title_en: string; colours: { name_zh: string; name_en: string }[]; skus: { id: string; color: string; size: string }[] }>(
      request, owner, `/catalog/product?id=${productId}`,
    );
    const staffSku = product.skus.find((k) => k.id === sku.id)!;
    // the sizes the product itself names read in English (domain::variation::SIZES); others are the stall's labels
    const sizeEn = ({ 均码: 'One size', 大码: 'Plus size', 加大码: 'Extra plus size' } as Record<string, string>)[staffSku.size] ?? staffSku.size;
    const skuName = language === 'zh_CN'
      ? `${product.title_zh} ${staffSku.color} ${staffSku.size}`
      : `${product.title_en || product.title_zh} ${product.colours.find((c) => c.name_zh === staffSku.color)?.name_en || staffSku.color} ${sizeEn}`;

    const page = await newPage(browser, baseURL, { timezoneId: 'Asia/Shanghai' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await consoleLogin(page, OWNER, DEMO_PASSWORD);
    if (language === 'en_US') {
      await page.locator('.console-language button[data-language="en_US"]').click();
      await expect(page.locator('.console-staff-role')).toHaveText('Owner');
    }
    await page.goto('/admin/audit');
    const rows = page.locator('.console-audit-table tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();

    // the staff filter is a picker by name; the trail asked for is the owner's
    await choose(page, page.locator('.console-audit-staff'), words.owner);
    const asked = page.waitForResponse((r) => r.url().includes(`${ADMIN}/audit?`) && r.url().includes(`staff_id=${me.id}`));
    await page.locator('.console-audit-search').click();
    expect((await asked).status()).toBe(200);

    const issue = rows.filter({ hasText: nickname });
    await expect(issue).toHaveCount(1);
    await expect(issue.locator('.console-audit-actor')).toHaveText(words.actor);
    await expect(issue.locator('.console-audit-action')).toHaveText(words.issued);
    await expect(issue.locator('.console-audit-sentence')).toHaveText(words.issue(nickname, inChina(from), inChina(to)));
    await expect(issue.locator('.console-audit-at')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const stock = rows.filter({ hasText: skuName });
    await expect(stock.first().locator('.console-audit-sentence')).toHaveText(words.stock(skuName, changed.before, changed.after));
    // no raw key and no JSON on the rows
    await expect(page.locator('.console-audit-table tbody')).not.toContainText('coupon.issue');
    await expect(page.locator('.console-audit-table tbody')).not.toContainText('{');
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // the raw record only on request, and it goes again
    await expect(page.locator('.console-audit-raw')).toHaveCount(0);
    const toggle = issue.locator('.console-audit-raw-toggle');
    await expect(toggle).toHaveText(words.show);
    await toggle.click();
    const raw = page.locator('.console-audit-raw');
    await expect(raw).toBeVisible();
    await expect(raw).toContainText('"action": "coupon.issue"');
    await expect(raw).toContainText(`"valid_from": ${from}`);
    await expect(toggle).toHaveText(words.hide);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    if (language === 'en_US') expect(await untranslated(page)).toEqual([]);
    await screenshot(page, `console-audit-${language}`);
    await toggle.click();
    await expect(raw).toBeHidden();
    await expect(toggle).toHaveText(words.show);
    await page.context().close();
  });
}
