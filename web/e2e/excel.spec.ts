import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { ADDRESS, call, exchange, productWithStock, topUp, U, type Order } from './shop';
import { fillTemplate, readWorkbook, type Sheet } from './xlsx';

interface ExcelJob {
  id: string;
  kind: string;
  table: string;
  status: string;
  row_count: number;
  file_name: string;
  report: null | { created: number; failed: number; duplicate: number; rows: { row: number; outcome: string; order_no: string; reason: string }[] };
}

/** Saves a download under the test's output folder and reads it back. */
async function saved(download: Download, path: string): Promise<Buffer> {
  await download.saveAs(path);
  return readFileSync(path);
}

/** The cells of the column titled `title` (below the header row). */
function column(sheet: Sheet, title: string): string[] {
  const index = sheet.rows[0]?.indexOf(title) ?? -1;
  expect(index, `column ${title} in ${sheet.rows[0]?.join(' ')}`).toBeGreaterThanOrEqual(0);
  return sheet.rows.slice(1).map((row) => row[index] ?? '');
}

/** Waits for the download a click starts. */
async function downloadOf(page: Page, act: () => Promise<void>): Promise<Download> {
  const download = page.waitForEvent('download');
  await act();
  return download;
}

test('export the order list to Excel, see the job in the export records and download it again from there', async ({ page, context, request }, testInfo) => {
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  const product = await productWithStock(request, 11, 2);
  const place = async (n: number) =>
    (
      await call<{ order: Order }>(request, user.token, '/order/submit', {
        source: 'manual',
        lines: [{ sku_id: product.sku.id, quantity: 1 }],
        type: 'domestic',
        address: ADDRESS,
        request_id: `e2e-export-${n}-${Date.now()}`,
      })
    ).order;
  const first = await place(1);
  const second = await place(2);
  await topUp(request, context, user.token, first.fees.total);
  await call(request, user.token, '/order/pay', { order_no: first.order_no, method: 'wallet' });

  await page.goto('/login?site=&redirect=%2ForderList%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/orderList\?site=$/);
  await expect(page.locator('.order-card')).toHaveCount(2);

  // export: the dialog follows the job to the end, then the workbook downloads by itself
  let job: ExcelJob | undefined;
  const download = await downloadOf(page, async () => {
    const started = await exchange<ExcelJob>(page, '/excel/export', () => page.locator('.excel-export').click());
    expect(started.sent).toEqual({ table: 'orders', filters: {} });
    expect(started.data).toMatchObject({ kind: 'export', table: 'orders', status: 'running' });
    job = started.data;
  });
  const dialog = page.locator('.excel-export-modal');
  await expect(dialog.locator('.ant-modal-title')).toHaveText('导出订单列表');
  await expect(dialog.locator('.excel-done')).toContainText('导出完成');
  await expect(dialog.locator('.excel-progress')).toHaveCount(0);
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^订单列表_\d{14}\.xlsx$/);
  await expect(dialog.locator('.excel-file-name')).toHaveText(`${fileName}（共 2 行）已开始下载`);

  const workbook = await saved(download, testInfo.outputPath(fileName));
  const sheets = readWorkbook(workbook);
  expect(sheets.map((s) => s.name)).toEqual(['订单', '商品明细']);
  const [orders, items] = sheets as [Sheet, Sheet];
  expect(orders.rows[0]).toEqual(expect.arrayContaining(['订单号', '状态', '收件人', '应付总额']));
  expect(orders.rows).toHaveLength(3);
  expect(column(orders, '订单号').sort()).toEqual([first.order_no, second.order_no].sort());
  const status = Object.fromEntries(column(orders, '订单号').map((no, i) => [no, column(orders, '状态')[i]]));
  expect(status).toEqual({ [first.order_no]: '待发货', [second.order_no]: '待付款' });
  expect(column(orders, '收件人')).toEqual([ADDRESS.recipient, ADDRESS.recipient]);
  expect(column(items, '订单号').sort()).toEqual([first.order_no, second.order_no].sort());
  expect(column(items, '颜色')).toEqual([product.sku.color, product.sku.color]);

  // the export records: the job, done, with its two rows; its file downloads again, the same workbook
  await dialog.locator('.excel-history-link').click();
  await expect(page).toHaveURL(/\/exportExcelHistory\?site=$/);
  await expect(page.locator('.excel-export-modal')).toHaveCount(0);
  const row = page.locator(`.excel-job[data-id="${job!.id}"]`);
  await expect(row).toHaveAttribute('data-status', 'done');
  await expect(row.locator('.excel-job-table')).toHaveText('订单列表');
  await expect(row.locator('.excel-job-type')).toHaveText('导出');
  await expect(row.locator('.excel-job-rows')).toHaveText('2');
  await expect(row.locator('.excel-job-file')).toHaveText(fileName);
  await expect(row.locator('.excel-job-status')).toHaveText('已完成');
  await screenshot(page, 'excel-history-zh_CN');
  const again = await downloadOf(page, () => row.locator('.excel-download').click());
  expect(again.suggestedFilename()).toBe(fileName);
  const reloaded = await saved(again, testInfo.outputPath(`again-${fileName}`));
  expect(readWorkbook(reloaded)).toEqual(sheets);
  expect(reloaded.equals(workbook)).toBe(true);
});

test('batch upload: the template filled with two platform orders creates both, again only duplicates, and a text file is refused', async ({ page, request }, testInfo) => {
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  const product = await productWithStock(request, 12, 2);
  const detail = await call<{ item_no: string }>(request, '', '/product/detail', { id: product.id });

  await page.goto('/login?site=&redirect=%2FexportExcelHistory%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/exportExcelHistory\?site=$/);
  await expect(page.locator('.excel-history-empty')).toBeVisible();

  // the template from the upload dialog: the platform-order sheet with its header row, and how to fill it in
  await page.locator('.excel-import-open').click();
  const dialog = page.locator('.excel-import-modal');
  await expect(dialog.locator('.ant-modal-title')).toHaveText('批量导入平台订单');
  const templateDownload = await downloadOf(page, () => dialog.locator('.excel-template').click());
  expect(templateDownload.suggestedFilename()).toBe('平台订单导入模板.xlsx');
  const template = await saved(templateDownload, testInfo.outputPath('template.xlsx'));
  const [orderSheet, help] = readWorkbook(template) as [Sheet, Sheet];
  expect(orderSheet.name).toBe('平台订单');
  expect(orderSheet.rows).toEqual([['平台', '来源订单号', '货号', '颜色', '尺码', '数量', '收件人', '手机号', '收货地址', '快递', '备注']]);
  expect(help.name).toBe('说明');
  expect(help.rows.map((r) => r[0])).toContain('快递');

  // two rows filled in: one Douyin order, one TikTok order of a SKU with stock
  const stamp = Date.now();
  const rows = [
    ['抖音', `DY${stamp}`, detail.item_no, product.sku.color, product.sku.size, '1', '赵六', '13900003333', '广东省广州市白云区机场路2号', '中通快递', '轻放'],
    ['TikTok', `TT${stamp}`, detail.item_no, product.sku.color, product.sku.size, '1', '钱七', '13900004444', '广东省广州市白云区机场路2号', '中通快递', ''],
  ];
  const filled = { name: `平台订单_${stamp}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fillTemplate(template, rows) };

  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    await dialog.locator('.excel-import-file').setInputFiles(file);
    await expect(dialog.locator('.excel-import-name')).toHaveText(file.name);
    return (await exchange<ExcelJob>(page, '/excel/import', () => dialog.locator('.excel-import-submit').click())).data;
  };
  const firstJob = await upload(filled);
  expect(firstJob).toMatchObject({ kind: 'import', table: 'platform_orders', status: 'running' });
  // the record keeps the seller's own file name
  expect(firstJob.file_name).toBe(filled.name);
  const report = dialog.locator('.excel-report');
  await expect(report.locator('.excel-report-created')).toHaveAttribute('data-count', '2');
  await expect(report.locator('.excel-report-created')).toHaveText('成功 2');
  await expect(report.locator('.excel-report-duplicate')).toHaveText('重复 0');
  await expect(report.locator('.excel-report-failed')).toHaveText('失败 0');
  await expect(dialog.locator('.excel-import-done-title')).toContainText(firstJob.file_name);
  const created = report.locator('.excel-report-row[data-outcome="created"]');
  await expect(created).toHaveCount(2);
  await expect(created.locator('.excel-report-platform')).toHaveText(['抖音', 'TikTok']);
  await expect(created.locator('.excel-report-source')).toHaveText([`DY${stamp}`, `TT${stamp}`]);
  await expect(created.locator('.excel-report-outcome')).toHaveText(['已创建', '已创建']);
  const orderNos = await created.locator('.excel-report-order').allTextContents();
  expect(orderNos).toHaveLength(2);
  for (const no of orderNos) expect(no).toMatch(/^JP\d+$/);
  await screenshot(page, 'excel-import-report-zh_CN');

  // the same file again: nothing new, both rows name the orders made the first time
  await dialog.locator('.excel-import-again').click();
  await upload(filled);
  await expect(report.locator('.excel-report-created')).toHaveAttribute('data-count', '0');
  await expect(report.locator('.excel-report-duplicate')).toHaveAttribute('data-count', '2');
  await expect(report.locator('.excel-report-duplicate')).toHaveText('重复 2');
  const duplicates = report.locator('.excel-report-row[data-outcome="duplicate"]');
  await expect(duplicates).toHaveCount(2);
  await expect(duplicates.locator('.excel-report-outcome')).toHaveText(['重复', '重复']);
  await expect(duplicates.locator('.excel-report-existing')).toHaveText([`已有订单 ${orderNos[0]}`, `已有订单 ${orderNos[1]}`]);

  // a text file named .xlsx: refused by the server before any job
  await dialog.locator('.excel-import-again').click();
  const imports: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith(`${U}/excel/import`)) imports.push(`${r.status()}`);
  });
  await dialog.locator('.excel-import-file').setInputFiles({ name: '订单.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('平台,来源订单号\n抖音,DY1\n') });
  const refused = page.waitForResponse((r) => r.url().endsWith(`${U}/excel/import`));
  await dialog.locator('.excel-import-submit').click();
  const answer = await refused;
  expect(answer.status()).toBe(422);
  expect(((await answer.json()) as { msg: string }).msg).toBe('文件不是 Excel 表格（.xlsx）');
  await expect(dialog.locator('.excel-import-error-text')).toHaveText('文件不是 Excel 表格（.xlsx）');
  expect(imports).toEqual(['422']);

  // the records: two imports (the refused file made none), newest first
  await dialog.locator('.ant-modal-close').click();
  const jobs = page.locator('.excel-job');
  await expect(jobs).toHaveCount(2);
  await expect(jobs.locator('.excel-job-table')).toHaveText(['平台订单导入', '平台订单导入']);
  await expect(jobs.locator('.excel-job-type')).toHaveText(['导入', '导入']);
  await expect(jobs.locator('.excel-job-rows')).toHaveText(['2', '2']);
  await expect(page.locator(`.excel-job[data-id="${firstJob.id}"]`)).toHaveAttribute('data-status', 'done');

  // the first import's report from the records, and one new order from its link
  await page.locator(`.excel-job[data-id="${firstJob.id}"] .excel-report-open`).click();
  const reportDialog = page.locator('.excel-report-modal');
  await expect(reportDialog.locator('.excel-report-created')).toHaveText('成功 2');
  await reportDialog.locator('.excel-report-row[data-outcome="created"]').first().locator('.excel-report-order').click();
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?order_no=${orderNos[0]}&site=$`));
  await expect(page.locator('.order-detail-summary .order-status')).toHaveText('待付款');
  const destination = page.locator('.order-detail-destination');
  await expect(destination.locator('.order-type dd')).toHaveText('平台订单');
  await expect(destination.locator('.order-platform dd')).toHaveText('抖音');
  await expect(destination.locator('.order-source-no dd')).toHaveText(`DY${stamp}`);
  await expect(destination.locator('.order-recipient dd')).toHaveText('赵六 13900003333');
  await expect(destination.locator('.order-address dd')).toHaveText(/^广东省 广州市 白云区 机场路 ?2号$/);
  await expect(page.locator('.order-courier dd')).toHaveText('中通快递');
  await expect(page.locator('.order-remark dd')).toHaveText('轻放');
  await expect(page.locator('.order-detail-items .order-item')).toHaveCount(1);
});
