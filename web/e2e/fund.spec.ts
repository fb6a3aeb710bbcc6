import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, FIELD_ERROR, loginViaUi, newMobile, operatorToken, registerViaApi, test } from './helpers';
import { navGroup } from './nav';

/** The seeded demo account (`jpmall seed`). */
const DEMO_MOBILE = '13800000000';
const DEMO_PASSWORD = 'demo1234';

const FUND = '/jpmall/addons/unishop/fund';
const LOGIN_TO_MY_FUND = '/login?site=&redirect=%2FmyFund%3Fsite%3D';

/** '¥1,234.50' or '+100.00' → fen. */
const fen = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);
const yuan = (amount: number) => `¥${(amount / 100).toFixed(2)}`;

/** A fund call as the given user; fails the test unless the envelope says success. */
async function fundCall<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const response = await request.post(`${FUND}${path}`, { headers: { token }, data });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${response.status()} ${body.msg}`).toBe(1);
  return body.data;
}

/**
 * What a payer's phone does with the QR: opens the pay page (served by jpmall's local payment
 * simulator) in a second page and confirms there.
 */
async function payInSecondPage(context: BrowserContext, payUrl: string): Promise<void> {
  const payer = await context.newPage();
  await payer.goto(payUrl);
  await payer.locator('button[type=submit]').click();
  await payer.waitForURL(/\/confirm$/);
  await payer.close();
}

const summaryValue = (page: Page, name: string) => page.locator(`.fund-summary .fund-${name}`);
const ledgerRows = (page: Page) => page.locator('.ledger-table tbody tr');

test('top up 100 by QR: paying on a second page closes the dialog by itself and raises the balance', async ({ page, context }) => {
  await page.goto(LOGIN_TO_MY_FUND);
  await loginViaUi(page, DEMO_MOBILE, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myFund\?site=$/);
  await expect(page).toHaveTitle(/^我的资金/);
  await expect(navGroup(page, 'fund')).toHaveClass(/is-current/);
  const balance = summaryValue(page, 'balance');
  await expect(balance).toHaveText(/^¥\d+\.\d\d$/);
  const before = fen(await balance.textContent());
  const totalInBefore = fen(await summaryValue(page, 'total-in').textContent());

  await page.locator('.fund-topup').click();
  const dialog = page.locator('.topup-modal');
  await expect(dialog).toBeVisible();
  // checked in the page before anything is sent
  await dialog.locator('.topup-submit').click();
  await expect(dialog.locator(FIELD_ERROR)).toHaveText('充值金额必须大于0');
  await page.locator('#topUp_amount').fill('1.234');
  await dialog.locator('.topup-submit').click();
  await expect(dialog.locator(FIELD_ERROR)).toHaveText('金额最多两位小数');

  await page.locator('#topUp_amount').fill('100');
  const recharged = page.waitForResponse((r) => r.url().endsWith(`${FUND}/recharge`));
  await dialog.locator('.topup-submit').click();
  const answer = await recharged;
  expect(answer.request().postDataJSON()).toEqual({ amount: '100.00' });
  const payment = ((await answer.json()) as { data: { payment_id: string; pay_url: string } }).data;

  await expect(dialog.locator('img.topup-qr')).toHaveAttribute('src', /^data:image\//);
  const link = dialog.locator('a.topup-pay-link');
  await expect(link).toHaveAttribute('href', payment.pay_url);
  await expect(link).toHaveAttribute('target', '_blank');
  expect(payment.pay_url).toMatch(new RegExp(`/pay/${payment.payment_id}$`));
  await expect(dialog.locator('.topup-amount-value')).toHaveText('¥100.00');
  await expect(dialog.locator('.topup-countdown')).toContainText(/1[45]:\d\d/);

  await payInSecondPage(context, payment.pay_url);

  // the dialog asks every 2 s and closes itself once paid; the summary and ledger are asked again
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('.ant-message')).toContainText('充值成功');
  await expect(balance).toHaveText(yuan(before + 100_00));
  await expect(summaryValue(page, 'total-in')).toHaveText(yuan(totalInBefore + 100_00));
  const top = ledgerRows(page).first();
  await expect(top.locator('.ledger-type')).toHaveText('充值');
  await expect(top.locator('.ledger-amount')).toHaveText('+100.00');
  await expect(top.locator('.ledger-amount')).toHaveClass(/fund-amount-in/);
  await expect(top.locator('.ledger-balance')).toHaveText((before / 100 + 100).toFixed(2));
  await expect(top.locator('.ledger-reference')).toHaveText(payment.payment_id);

  // an end date before the start date is refused in the page; the list stays as it was
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  await page.locator('.ledger-start input').fill(day(0));
  await page.keyboard.press('Enter');
  await page.locator('.ledger-end input').fill(day(-1));
  await page.keyboard.press('Enter');
  await expect(page.locator('.ledger-range-error')).toHaveText('结束时间不能早于开始时间');
  await expect(top.locator('.ledger-reference')).toHaveText(payment.payment_id);
  // a valid range (today) still finds the top-up
  await page.locator('.ledger-end input').fill(day(0));
  await page.keyboard.press('Enter');
  await expect(page.locator('.ledger-range-error')).toHaveCount(0);
  await expect(top.locator('.ledger-reference')).toHaveText(payment.payment_id);
});

test('bind an account, withdraw 30, and see it paid once the operator approves', async ({ page, context, request }) => {
  // a wallet of its own: a new user with 50.00 topped up through the same pay page
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const topUp = await fundCall<{ payment_id: string; pay_url: string }>(request, user.token, '/recharge', { amount: '50' });
  await payInSecondPage(context, topUp.pay_url);
  await expect
    .poll(async () => (await fundCall<{ status: string }>(request, user.token, '/payment_status', { payment_id: topUp.payment_id })).status)
    .toBe('paid');

  await page.goto(LOGIN_TO_MY_FUND);
  await loginViaUi(page, mobile);
  await expect(summaryValue(page, 'balance')).toHaveText('¥50.00');
  await expect(page.locator('.fund-payout-unbound')).toBeVisible();
  // the field's messages (a leaving message stays in the DOM while it fades out)
  const withdrawError = page.locator('.fund-withdraw-card .ant-form-item-explain');
  const bindErrors = page.locator('.fund-bind-card').locator(FIELD_ERROR);

  // nothing is said under a field nobody touched
  await expect(withdrawError).toHaveCount(0);
  // no payout account yet: refused in the page
  await page.locator('.withdraw-submit').click();
  await expect(withdrawError).toHaveText('请先绑定收款账户');

  await page.locator('.bind-account-submit').click();
  await expect(bindErrors).toHaveText(['请输入收款人', '请输入收款账号']);
  await page.locator('#bind_payee').fill('张三');
  await page.locator('#bind_account').fill('13800001111');
  await page.locator('.bind-account-submit').click();
  // the server masks both
  await expect(page.locator('.fund-payout-payee')).toHaveText(/^张\*+$/);
  await expect(page.locator('.fund-payout-account')).toHaveText(/^138\*+1111$/);
  // once an account is bound the stale message goes, and the amount nobody typed is not checked
  // ('withdrawal amount must be greater than 0' used to show here)
  await expect(withdrawError).toHaveCount(0);
  await page.waitForTimeout(500);
  await expect(page.locator('.fund-withdraw-card')).not.toContainText('提现金额必须大于0');

  await page.locator('#withdraw_amount').fill('60');
  await page.locator('.withdraw-submit').click();
  await expect(withdrawError).toHaveText('提现金额不能超过余额');

  await page.locator('#withdraw_amount').fill('30');
  const withdrawn = page.waitForResponse((r) => r.url().endsWith(`${FUND}/withdraw`));
  await page.locator('.withdraw-submit').click();
  // asked only once the seller confirms the amount and the account (payout-account.spec.ts)
  await page.locator('.withdraw-confirm .withdraw-confirm-ok').click();
  const answer = await withdrawn;
  const sent = answer.request().postDataJSON() as { amount: string; request_id: string };
  expect(sent.amount).toBe('30.00');
  expect(sent.request_id).toMatch(/^[0-9a-f-]{36}$/);
  const withdrawal = ((await answer.json()) as { data: { withdrawal: { id: string; status: string } } }).data.withdrawal;
  expect(withdrawal.status).toBe('pending');
  await expect(summaryValue(page, 'balance')).toHaveText('¥20.00');
  await expect(summaryValue(page, 'frozen')).toHaveText('¥30.00');
  await expect(ledgerRows(page).locator('.ledger-type')).toHaveText(['提现申请', '充值']);
  await expect(ledgerRows(page).locator('.ledger-amount')).toHaveText(['-30.00', '+50.00']);
  await expect(ledgerRows(page).first().locator('.ledger-amount')).toHaveClass(/fund-amount-out/);
  await expect(ledgerRows(page).nth(1).locator('.ledger-reference')).toHaveText(topUp.payment_id);

  await page.locator('.fund-withdrawals-link').click();
  await expect(page).toHaveURL(/\/withdrawalStatus\?site=$/);
  await expect(page).toHaveTitle(/^提现状态/);
  const row = page.locator('.withdrawals-table tbody tr').first();
  await expect(row.locator('.withdrawal-amount')).toHaveText('¥30.00');
  await expect(row.locator('.withdrawal-status')).toHaveText('审核中');
  await expect(row.locator('.withdrawal-payee')).toHaveText(/^张\*+$/);
  await expect(row.locator('.withdrawal-decided')).toHaveText('—');

  // the operator pays it
  const approved = await request.post('/jpmall/admin/withdrawals/approve', {
    headers: { 'operator-token': operatorToken() },
    data: { id: withdrawal.id },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.reload();
  await expect(row.locator('.withdrawal-status')).toHaveText('已打款');
  await expect(row.locator('.withdrawal-decided')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  // the status filter: nothing is pending any more
  await page.locator('.withdrawal-status-filter').getByText('审核中').click();
  await expect(page.locator('.withdrawals-table .fund-table-empty')).toContainText('没有该状态的提现记录');
  await page.locator('.withdrawal-status-filter').getByText('已打款').click();
  await expect(row.locator('.withdrawal-amount')).toHaveText('¥30.00');

  await page.locator('.fund-tabs').getByText('我的资金').click();
  await expect(summaryValue(page, 'frozen')).toHaveText('¥0.00');
  await expect(summaryValue(page, 'balance')).toHaveText('¥20.00');
  await expect(summaryValue(page, 'total-out')).toHaveText('¥30.00');
  await expect(ledgerRows(page).first().locator('.ledger-type')).toHaveText('提现打款');
});
