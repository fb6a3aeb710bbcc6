import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, newMobile, registerViaApi, screenshot, test } from './helpers';
import { ADMIN, consoleLogin, newPage, staffToken } from './console';
import { call, topUp } from './shop';
import { readWorkbook } from './xlsx';

/**
 * Finance sees where to send a withdrawal's money before saying it was sent: the queue masks the
 * payee as the seller sees it, a row's reveal shows it in full, and the sheet of withdrawals to pay
 * lists each with payee and account in full; every look is in the owner's audit trail.
 */

const OWNER = '13900000001';
const FINANCE = '13900000005';
const DEMO_PASSWORD = 'demo1234';

/** Downloads the sheet the payout control is set to and returns its rows. */
async function payoutSheet(page: Page, testInfo: TestInfo, name: string): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  const asked = page.waitForResponse((r) => r.url().includes(`${ADMIN}/withdrawals/payouts`));
  await page.locator('.console-desk-payouts-download').click();
  expect((await asked).status()).toBe(200);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const saved = testInfo.outputPath(name);
  await download.saveAs(saved);
  return readWorkbook(readFileSync(saved))[0]!.rows;
}

const WORDS = {
  zh_CN: { menu: '提现审核', reveal: '显示完整账号', toPay: '待打款（完整收款账号）', paidOn: '某日已打款', sheetPayee: '收款人', confirm: (who: string) => `确认已向 ${who} 打款 ¥30.00？`, marked: '已标记打款', revealAction: '查看完整收款账户', revealSentence: (id: string) => `查看提现 ${id} 的完整收款账户` },
  en_US: { menu: 'Withdrawals', reveal: 'Show full account', toPay: 'To pay (full accounts)', paidOn: 'Paid on a day', sheetPayee: 'Payee', confirm: (who: string) => `Mark ¥30.00 to ${who} as paid?`, marked: 'Marked paid', revealAction: 'Full payout account viewed', revealSentence: (id: string) => `Looked at the full payout account of the withdrawal ${id}` },
} as const;

for (const language of ['zh_CN', 'en_US'] as const) {
  test(`finance reads the full payee of a withdrawal to pay before marking it paid, and the owner sees each look (${language})`, async ({ browser, baseURL, request, context }, testInfo) => {
    const words = WORDS[language];
    const mobile = newMobile();
    const account = `wang.wu.${mobile}@example.com`;
    const user = await registerViaApi(request, mobile);
    await topUp(request, context, user.token, '100');
    await call(request, user.token, '/fund/bind_account', { payee: '王五', account });
    const { withdrawal } = await call<{ withdrawal: { id: string } }>(request, user.token, '/fund/withdraw', { amount: '30', request_id: `e2e-to-pay-${mobile}` });

    const page = await newPage(browser, baseURL, { timezoneId: 'Asia/Shanghai' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await consoleLogin(page, FINANCE, DEMO_PASSWORD);
    if (language === 'en_US') {
      await page.locator('.console-language button[data-language="en_US"]').click();
      await expect(page.locator('.console-staff-role')).toHaveText('Finance');
    }
    await page.locator('.console-menu').getByText(words.menu, { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/withdrawals$/);

    // the queue shows the payee masked, as the seller sees it
    const row = page.locator(`.console-desk-withdrawal-table tr[data-id="${withdrawal.id}"]`);
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(row.locator('.console-desk-withdrawal-payee')).toContainText('王*');
    await expect(row).not.toContainText(account);

    // the sheet of withdrawals to pay (the control's default): this one with payee and account in full
    await expect(page.locator('.console-desk-payouts-sheet .ant-radio-button-wrapper-checked')).toHaveText(words.toPay);
    await expect(page.locator('.console-desk-payouts-date')).toHaveCount(0);
    const rows = await payoutSheet(page, testInfo, `to-pay-${language}.xlsx`);
    expect(rows[0]).toContain(words.sheetPayee);
    const line = rows.filter((r) => r.includes(withdrawal.id));
    expect(line, JSON.stringify(rows)).toHaveLength(1);
    expect(line[0]).toContain(mobile);
    expect(line[0]).toContain('王五');
    expect(line[0]).toContain(account);
    expect(line[0]!.some((cell) => cell === '30' || cell === '30.00')).toBe(true);

    // or one row revealed in place; the confirmation names the account the money went to
    const reveal = row.locator('.console-desk-withdrawal-reveal');
    await expect(reveal).toHaveText(words.reveal);
    const revealed = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/withdrawals/reveal`));
    await reveal.click();
    expect((await revealed).request().postDataJSON()).toEqual({ id: withdrawal.id });
    await expect(row.locator('.console-desk-withdrawal-payee-full')).toHaveText(`王五 ${account}`);
    await expect(row.locator('.console-desk-withdrawal-reveal')).toHaveCount(0);
    await screenshot(page, `console-withdrawal-revealed-${language}`);
    await row.locator('.console-desk-withdrawal-approve').click();
    const confirm = page.locator('.ant-popconfirm');
    await expect(confirm).toContainText(words.confirm(`王五 ${account}`));
    const approved = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/withdrawals/approve`));
    await confirm.locator('.ant-btn-primary').click();
    expect((await approved).status()).toBe(200);
    await expect(page.locator('.ant-message')).toContainText(words.marked);
    await expect(row).toHaveCount(0);

    // paid, it leaves the sheet to pay and is on the day's paid sheet
    const after = await payoutSheet(page, testInfo, `to-pay-after-${language}.xlsx`);
    expect(after.filter((r) => r.includes(withdrawal.id))).toHaveLength(0);
    await page.locator('.console-desk-payouts-sheet').getByText(words.paidOn, { exact: true }).click();
    await expect(page.locator('.console-desk-payouts-date')).toBeVisible();
    const paid = await payoutSheet(page, testInfo, `paid-${language}.xlsx`);
    expect(paid.filter((r) => r.includes(withdrawal.id) && r.includes(account))).toHaveLength(1);
    await page.context().close();

    // every look at the full payee is in the owner's audit trail, as a sentence against the finance member
    const owner = await staffToken(request, OWNER);
    const trail = (await (
      await request.get(`${ADMIN}/audit?object_type=withdrawal&object_id=${withdrawal.id}`, { headers: { 'admin-token': owner } })
    ).json()) as { data: { list: { action: string; actor_name: string }[] } };
    expect(trail.data.list.map((a) => a.action)).toEqual(expect.arrayContaining(['withdrawal.reveal']));
    const audit = await newPage(browser, baseURL, { timezoneId: 'Asia/Shanghai' });
    await audit.setViewportSize({ width: 1366, height: 768 });
    await consoleLogin(audit, OWNER, DEMO_PASSWORD);
    if (language === 'en_US') {
      await audit.locator('.console-language button[data-language="en_US"]').click();
      await expect(audit.locator('.console-staff-role')).toHaveText('Owner');
    }
    await audit.goto('/admin/audit');
    const looked = audit.locator('.console-audit-table tbody tr.ant-table-row').filter({ hasText: withdrawal.id });
    const revealRow = looked.filter({ has: audit.locator('.console-audit-action', { hasText: words.revealAction }) });
    await expect(revealRow).toHaveCount(1);
    await expect(revealRow.locator('.console-audit-sentence')).toContainText(words.revealSentence(withdrawal.id));
    await expect(revealRow.locator('.console-audit-actor')).not.toHaveText('');
    await audit.context().close();
  });
}
