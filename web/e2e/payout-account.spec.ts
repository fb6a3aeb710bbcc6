import type { Locator, Page } from '@playwright/test';
import { expect, FIELD_ERROR, loginViaUi, newMobile, registerViaApi, screenshot, smsCode, test, waitForSmsCooldown } from './helpers';
import { HAN } from './english';
import { overflow } from './overflow';
import { topUp } from './shop';

/**
 * Issue 48 item 11, as a seller walks it at a desk (1366 px) and on a phone (390 × 844), in Chinese
 * and in English: a new seller binds a first payout account (no code), then changes it, which takes
 * the code sent to their own phone (got with the send button, which then counts down; no code and a
 * wrong one are refused under the field and change nothing), and withdraws, which first shows the
 * amount in yuan and the account it goes to, as the seller sees it; cancelling there sends nothing.
 */

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const WORDS = {
  zh_CN: {
    first: { payee: '张三', shown: '张*' },
    second: { payee: '李四', shown: '李*' },
    changeTitle: '更换收款账户',
    codeHint: '更换收款账户需验证手机：验证码发送到您账号的手机号',
    codeRequired: '验证码不能为空',
    codeSent: (mobile: string) => `验证码已发送至 ${mobile}`,
    resendIn: /^\d+秒后重新获取$/,
    codeWrong: '验证码不正确',
    bound: '收款账户已绑定',
    changed: '收款账户已更换',
    confirmTitle: '请确认提现信息',
    confirmHint: '确认后该金额将冻结，审核通过后打款到以上账户。',
    withdrawn: '提现申请已提交，¥30.00 已冻结，等待审核',
  },
  en_US: {
    first: { payee: 'Zhang San', shown: 'Z********' },
    second: { payee: 'Li Si', shown: 'L****' },
    changeTitle: 'Change the payout account',
    codeHint: "Changing the account takes a code sent to your account's phone",
    codeRequired: 'Verification code cannot be empty',
    codeSent: (mobile: string) => `Code sent to ${mobile}`,
    resendIn: /^Resend in \d+s$/,
    codeWrong: 'Incorrect verification code.',
    bound: 'Payout account bound',
    changed: 'Payout account changed',
    confirmTitle: 'Confirm the withdrawal',
    confirmHint: 'Once you confirm, the amount is frozen, and paid to this account once it is reviewed.',
    withdrawn: 'Withdrawal requested: ¥30.00 is frozen until it is reviewed',
  },
} as const;

/** '13912345678' → '139****5678', as the server masks a phone. */
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const found = await overflow(page);
  expect(found.scrollWidth, `${where}: sticking out past ${found.width} px: ${found.culprits.join('; ')}`).toBeLessThanOrEqual(found.width);
}

/** The whole of `target` inside the viewport's width: nothing of it cut off at the sides. */
async function expectWithinWidth(page: Page, target: Locator, what: string): Promise<void> {
  const box = (await target.boundingBox())!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const VARIANTS = [
  ['1366 px', DESK, 'zh_CN'],
  ['1366 px', DESK, 'en_US'],
  ['390 × 844', PHONE, 'zh_CN'],
  ['390 × 844', PHONE, 'en_US'],
] as const;

/**
 * A new seller per variant, registered before the first test: registering sends a code, and the
 * phone then waits a minute for the next, so the four minutes run out together, not one by one.
 */
const sellers: { mobile: string; token: string }[] = [];
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.JPMALL_BASE_URL });
  while (sellers.length < VARIANTS.length) {
    const mobile = newMobile();
    sellers.push({ mobile, token: (await registerViaApi(request, mobile)).token });
  }
  await request.dispose();
});

for (const [n, [where, viewport, language]] of VARIANTS.entries()) {
  test(`${language} at ${where}: changing the payout account takes the phone's code, and a withdrawal names amount and account first`, async ({ page, context, request }) => {
    const words = WORDS[language];
    const { mobile, token } = sellers[n]!;
    await topUp(request, context, token, '50');
    const firstAccount = '13800001111';
    const secondAccount = `li.si.${mobile}@example.com`;

    await page.setViewportSize(viewport);
    await page.goto('/login?site=&redirect=%2FmyFund%3Fsite%3D');
    if (language === 'en_US') await page.locator('[data-language="en_US"]').click();
    await loginViaUi(page, mobile);
    await expect(page).toHaveURL(/\/myFund\?site=$/);
    const card = page.locator('.fund-bind-card');
    const payee = page.locator('.fund-summary .fund-payout-payee');
    const account = page.locator('.fund-summary .fund-payout-account');
    const toast = page.locator('.ant-message');
    await expect(page.locator('.fund-summary .fund-balance')).toHaveText('¥50.00');

    // the first binding: payee and account only
    await expect(card.locator('#bind_code')).toHaveCount(0);
    await page.locator('#bind_payee').fill(words.first.payee);
    await page.locator('#bind_account').fill(firstAccount);
    await card.locator('.bind-account-submit').click();
    await expect(toast).toContainText(words.bound);
    await expect(payee).toHaveText(words.first.shown);
    await expect(account).toHaveText('138****1111');

    // a change asks for the code sent to the phone; without one nothing is sent
    await expect(card.locator('.ant-card-head-title')).toHaveText(words.changeTitle);
    await expect(card).toContainText(words.codeHint);
    await page.locator('#bind_payee').fill(words.second.payee);
    await page.locator('#bind_account').fill(secondAccount);
    await card.locator('.bind-account-submit').click();
    await expect(card.locator(FIELD_ERROR)).toHaveText([words.codeRequired]);
    if (viewport === PHONE) await expectNoSidewaysScroll(page, 'the change form on a phone');

    // the phone may get one code a minute: the registration's went out moments ago
    await waitForSmsCooldown(mobile);
    const send = card.locator('.send-sms');
    const sent = page.waitForResponse((r) => r.url().endsWith('/fund/payout_code'));
    await send.click();
    expect((await sent).status()).toBe(200);
    await expect(toast).toContainText(words.codeSent(masked(mobile)));
    await expect(send).toHaveText(words.resendIn);
    await expect(send).toBeDisabled();
    const code = smsCode(mobile, 'payout_account');

    // a wrong code is refused under the field, and the account stays
    await page.locator('#bind_code').fill(code === '000000' ? '111111' : '000000');
    await card.locator('.bind-account-submit').click();
    await expect(card.locator(FIELD_ERROR)).toHaveText([words.codeWrong]);
    await expect(account).toHaveText('138****1111');

    await page.locator('#bind_code').fill(code);
    await card.locator('.bind-account-submit').click();
    await expect(toast).toContainText(words.changed);
    await expect(payee).toHaveText(words.second.shown);
    await expect(account).toHaveText('l***@example.com');

    // withdrawing: the confirmation names the amount and the account, before anything is sent
    await page.locator('#withdraw_amount').fill('30');
    let withdrawals = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/fund/withdraw')) withdrawals += 1;
    });
    await page.locator('.withdraw-submit').click();
    const dialog = page.locator('.withdraw-confirm');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText(words.confirmTitle);
    await expect(dialog.locator('.withdraw-confirm-amount')).toHaveText('¥30.00');
    await expect(dialog.locator('.withdraw-confirm-payee')).toHaveText(words.second.shown);
    await expect(dialog.locator('.withdraw-confirm-number')).toHaveText('l***@example.com');
    await expect(dialog).toContainText(words.confirmHint);
    await expectWithinWidth(page, page.getByRole('dialog', { name: words.confirmTitle }), 'the confirmation');
    await expectWithinWidth(page, dialog.locator('.withdraw-confirm-ok'), 'its confirm button');
    if (language === 'en_US') expect(HAN.test((await dialog.innerText()) + (await card.innerText())), 'no Chinese in English').toBe(false);
    if (viewport === PHONE) await expectNoSidewaysScroll(page, 'the confirmation on a phone');
    await screenshot(page, `withdraw-confirm-${viewport.width}-${language}`);

    // cancelled: nothing asked, nothing frozen
    await dialog.locator('.withdraw-confirm-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.fund-summary .fund-frozen')).toHaveText('¥0.00');
    expect(withdrawals).toBe(0);

    await page.locator('.withdraw-submit').click();
    await expect(dialog).toBeVisible();
    const withdrawn = page.waitForResponse((r) => r.url().endsWith('/fund/withdraw'));
    await dialog.locator('.withdraw-confirm-ok').click();
    expect((await withdrawn).request().postDataJSON()).toMatchObject({ amount: '30.00' });
    await expect(dialog).toBeHidden();
    await expect(toast).toContainText(words.withdrawn);
    await expect(page.locator('.fund-summary .fund-balance')).toHaveText('¥20.00');
    await expect(page.locator('.fund-summary .fund-frozen')).toHaveText('¥30.00');
    expect(withdrawals).toBe(1);

    // the withdrawal goes to the account the confirmation named
    await page.locator('.fund-withdrawals-link').click();
    const row = page.locator('.withdrawals-table tbody tr').first();
    await expect(row.locator('.withdrawal-amount')).toHaveText('¥30.00');
    await expect(row.locator('.withdrawal-payee')).toHaveText(words.second.shown);
  });
}
