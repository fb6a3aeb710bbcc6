import { readFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';
import type { Locator } from '@playwright/test';
import { expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { ADMIN, asStaff, choose, consoleLogin, newPage, staffToken } from './console';
import { ADDRESS, call, fen, operator, productWithStock, topUp, yuan, type Order } from './shop';
import { readWorkbook } from './xlsx';

/**
 * The staff console's warehouse and desk screens against the real server, each flow by
 * the demo account of its role (jpmall seed: 13900000001 owner, …03 warehouse, …04 service, …05
 * finance; password demo1234):
 * - the warehouse makes a pick wave of its own stall's orders, prints it, downloads it, marks a line
 *   partly missed and closes it, then ships the prepared orders by scanning; a seller sees hers shipped;
 * - the service desk approves a refund-only after-sale and refunds it after seeing the breakdown; the
 *   seller's ledger shows the refund;
 * - finance pays a withdrawal with the seller's ledger beside it; the day's payout sheet lists it.
 *
 * Other specs run beside these on the same server, so the wave takes only orders of a stall this spec
 * makes, with a product of its own, ordered by sellers of its own; only those orders are shipped.
 * The stall is made closed and opened only while the sellers order (a new stall has no ranking yet
 * and would lead the storefront's stall ranking that catalog.spec.ts reads), and the product's SKUs
 * hold exactly what is ordered: closing the stall again takes the product off the shelf, and with
 * no stock left no productWithStock of another spec could pick it meanwhile.
 */

const OWNER = '13900000001';
const WAREHOUSE = '13900000003';
const SERVICE = '13900000004';
const FINANCE = '13900000005';
const DEMO_PASSWORD = 'demo1234';
/** The market the stall is made in (the demo market's first). */
const MARKET = { id: 'm1', name: '广州十三行新中国大厦' };

/** A small PNG of one colour (a product picture for the upload). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** Digits that differ from run to run: the last `n` of the clock, padded. */
const digits = (n: number) => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-n).padStart(n, '0');

interface StaffSku {
  id: string;
  color: string;
  size: string;
  stock: number;
}

interface WaveOrder {
  order_no: string;
  outcome: string;
}

interface Wave {
  id: string;
  status: string;
  stall_id: string;
  orders: WaveOrder[];
}

interface StaffOrder extends Order {
  stock_status: string;
  tracking_no: string;
  ship_courier: string;
  items: { sku_id: string; quantity: number; price: string; short_quantity: number }[];
}

/**
 * Asserts that a click at the middle of `target` lands on it, as a person's click would: nothing
 * lies over it. Fails at once naming the console element on top instead of letting the click wait.
 */
async function expectUncovered(target: Locator, name: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const onTop = () =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (!hit || element.contains(hit)) return 'nothing';
      const cover = hit.closest('[class*="console-"]') ?? hit;
      return [...cover.classList].filter((c) => c.startsWith('console-')).map((c) => `.${c}`).join('') || hit.tagName;
    });
  await expect.poll(onTop, { message: `what lies over ${name}`, timeout: 5_000 }).toBe('nothing');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('the warehouse makes a wave of its stall, prints and downloads the pick list, marks a line partly missed, closes it, and ships by scanning; the seller sees it shipped', async ({ page, browser, baseURL, request, context }, testInfo) => {
  // --- set-up through the API: the owner's stall (closed for now) and product, two sellers with money
  const owner = await staffToken(request, OWNER, DEMO_PASSWORD);
  const stamp = digits(8);
  const stall = { market_id: MARKET.id, name: `波次档口${stamp}`, floor: '9F', number: `W${stamp.slice(-4)}`, contact: '13900009999', wechat: `wave_${stamp}`, category_id: 'c101' };
  const { id: stallId } = await asStaff<{ id: string }>(request, owner, '/catalog/stalls/save', { ...stall, status: 'closed' });
  const upload = await request.post(`${ADMIN}/catalog/pictures/upload`, {
    headers: { 'admin-token': owner },
    multipart: { file: { name: 'front.png', mimeType: 'image/png', buffer: png(60, 80, [200, 60, 60]) } },
  });
  const picture = ((await upload.json()) as { code: number; msg: string; data: { url: string } }).data;
  expect(picture.url).toMatch(/^\/uploads\/catalog\//);
  const itemNo = `WV-${stamp}`;
  // red S: 2 pieces (one for each seller), red M and black S: 1 each; exactly what is ordered below
  const product = await asStaff<{ id: string; skus: StaffSku[] }>(request, owner, '/catalog/products/save', {
    item_no: itemNo,
    title_zh: `波次连衣裙 ${stamp}`,
    title_en: `Wave dress ${stamp}`,
    category_id: 'c101',
    stall_id: stallId,
    price: '30',
    colours: [
      { name_zh: '红色', name_en: 'Red' },
      { name_zh: '黑色', name_en: 'Black' },
    ],
    sizes: ['S', 'M'],
    skus: [
      { color: '红色', size: 'S', stock: 2 },
      { color: '红色', size: 'M', stock: 1 },
      { color: '黑色', size: 'S', stock: 1 },
      { color: '黑色', size: 'M', stock: 0 },
    ],
    main_pictures: [picture.url],
    detail_pictures: [],
    is_hot: false,
    is_sea: false,
  });
  const sku = (color: string, size: string) => product.skus.find((s) => s.color === color && s.size === size)!;
  const redS = sku('红色', 'S');
  const redM = sku('红色', 'M');
  const blackS = sku('黑色', 'S');

  const first = { mobile: newMobile() };
  const second = { mobile: newMobile() };
  const firstUser = await registerViaApi(request, first.mobile);
  const secondUser = await registerViaApi(request, second.mobile);
  await topUp(request, context, firstUser.token, '200');
  await topUp(request, context, secondUser.token, '200');

  // the stall opens, the product goes on the shelf, both sellers order (ZTO and SF), the stall closes again
  const place = (token: string, courier: string, lines: { sku_id: string; quantity: number }[]) =>
    call<{ order: StaffOrder }>(request, token, '/order/submit', { source: 'manual', lines, type: 'domestic', address: ADDRESS, courier, request_id: `e2e-wave-${digits(10)}` });
  let placed: { order: StaffOrder }[];
  await asStaff(request, owner, '/catalog/stalls/save', { id: stallId, ...stall, status: 'open' });
  try {
    await asStaff(request, owner, '/catalog/products/shelf', { ids: [product.id], on_shelf: true });
    placed = await Promise.all([
      place(firstUser.token, 'zto', [
        { sku_id: redS.id, quantity: 1 },
        { sku_id: redM.id, quantity: 1 },
      ]),
      place(secondUser.token, 'sf', [
        { sku_id: redS.id, quantity: 1 },
        { sku_id: blackS.id, quantity: 1 },
      ]),
    ]);
  } finally {
    // closing the stall takes the product off the shelf too
    await asStaff(request, owner, '/catalog/stalls/save', { id: stallId, ...stall, status: 'closed' });
  }
  const [firstPlaced, secondPlaced] = placed.map((p) => p.order);
  const firstOrder = firstPlaced!;
  const secondOrder = secondPlaced!;
  // paid one after the other (paid times are in seconds): the second seller's is the one paid last
  await call(request, firstUser.token, '/order/pay', { order_no: firstOrder.order_no, method: 'wallet' });
  await sleep(1_100);
  await call(request, secondUser.token, '/order/pay', { order_no: secondOrder.order_no, method: 'wallet' });

  // --- the warehouse member signs in and makes a wave of the stall
  await consoleLogin(page, WAREHOUSE, DEMO_PASSWORD);
  await expect(page.locator('.console-staff-role')).toHaveText('仓库');
  // the catalogue it picks from and the order queues it works, no after-sales (the service desk receives returns)
  await expect(page.locator('.console-menu .ant-menu-item')).toHaveText(['首页', '商品', '档口', '市场', '分类', '拿货波次', '发货', '异常与缺货']);
  await page.locator('.console-menu').getByText('拿货波次', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/waves$/);
  await page.locator('.console-wave-new').click();
  const dialog = page.locator('.console-wave-new-modal');
  await expect(dialog).toBeVisible();
  await choose(page, dialog.locator('.console-wave-market'), MARKET.name);
  await choose(page, dialog.locator('.console-wave-stall'), stall.name, stall.name);
  const created = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/waves/create`));
  await dialog.locator('.ant-btn-primary').click();
  const createdResponse = await created;
  expect(createdResponse.request().postDataJSON()).toEqual({ market_id: MARKET.id, stall_id: stallId });
  const createdBody = (await createdResponse.json()) as { code: number; msg: string; data: Wave };
  expect(createdBody.code, createdBody.msg).toBe(1);
  const wave = createdBody.data;
  expect(wave.id).toMatch(/^BC\d{20}$/);
  await expect(page.locator('.ant-message')).toContainText('波次已生成');
  await expect(page).toHaveURL(new RegExp(`/admin/waves/${wave.id}$`));

  // the pick list: only this stall's three lines, each with its quantity and orders
  const sheet = page.locator(`.console-wave[data-id="${wave.id}"]`);
  await expect(sheet).toHaveAttribute('data-status', 'open');
  await expect(sheet.locator('.console-wave-summary')).toContainText(`${MARKET.name} · ${stall.name}`);
  await expect(sheet.locator('.console-wave-stall')).toHaveCount(1);
  const block = sheet.locator(`.console-wave-stall[data-stall="${stallId}"]`);
  await expect(block.locator('.console-wave-stall-name')).toHaveText(stall.name);
  await expect(block.locator('.console-wave-stall-number')).toHaveText(stall.number);
  await expect(block.locator('.console-wave-stall-count')).toHaveText('3 行 · 4 件');
  await expect(block.locator('tr.console-wave-line')).toHaveCount(3);
  const line = (s: StaffSku) => block.locator(`tr.console-wave-line[data-sku="${s.id}"]`);
  await expect(block.locator('.console-wave-item-no')).toHaveText(itemNo);
  for (const [s, quantity] of [
    [redS, 2],
    [redM, 1],
    [blackS, 1],
  ] as const) {
    await expect(line(s).locator('.console-wave-color')).toHaveText(s.color);
    await expect(line(s).locator('.console-wave-size')).toHaveText(s.size);
    await expect(line(s).locator('.console-wave-quantity')).toHaveText(String(quantity));
    await expect(line(s).locator('.console-wave-mark-state')).toHaveText('未标记');
  }
  await expect(line(redS).locator('.console-wave-line-orders li')).toHaveText([`${firstOrder.order_no} × 1`, `${secondOrder.order_no} × 1`]);
  await expect(line(redM).locator('.console-wave-line-orders li')).toHaveText([`${firstOrder.order_no} × 1`]);
  await expect(line(blackS).locator('.console-wave-line-orders li')).toHaveText([`${secondOrder.order_no} × 1`]);
  await expect(sheet.locator('.console-wave-unmarked')).toHaveText('3');
  await screenshot(page, 'console-wave-open-zh_CN');

  // printing: the button prints the page; the print view is the pick list without the console around it
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await sheet.locator('.console-wave-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.console-menu')).toBeHidden();
  await expect(page.locator('.console-header')).toBeHidden();
  await expect(sheet.locator('.console-wave-actions')).toBeHidden();
  await expect(block.locator('.console-wave-mark-controls').first()).toBeHidden();
  await expect(block).toBeVisible();
  await expect(block.locator('.console-wave-stall-name')).toBeVisible();
  await expect(line(redS).locator('.console-wave-quantity')).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1_000);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.console-menu')).toBeVisible();

  // the Excel download: a workbook named after the wave, with the stall's lines
  const downloading = page.waitForEvent('download');
  await sheet.locator('.console-wave-xlsx').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${wave.id}.xlsx`);
  const saved = testInfo.outputPath(`${wave.id}.xlsx`);
  await download.saveAs(saved);
  const workbook = readWorkbook(readFileSync(saved));
  expect(workbook).toHaveLength(1);
  const rows = workbook[0]!.rows;
  const rowOf = (s: StaffSku) => rows.filter((r) => r.includes(itemNo) && r.includes(s.color) && r.includes(s.size));
  for (const [s, quantity] of [
    [redS, '2'],
    [redM, '1'],
    [blackS, '1'],
  ] as const) {
    const found = rowOf(s);
    expect(found, `${s.color}/${s.size} in ${JSON.stringify(rows)}`).toHaveLength(1);
    expect(found[0]).toContain(stall.name);
    expect(found[0]).toContain(quantity);
  }
  expect(rows.filter((r) => r.includes(itemNo))).toHaveLength(3);

  // red S: one of two missed; red M and black S got
  const marked = () => page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/waves/mark`));
  let answer = marked();
  await line(redS).locator('.console-wave-missed input').fill('1');
  await line(redS).locator('.console-wave-missed input').press('Enter');
  expect((await answer).request().postDataJSON()).toEqual({ id: wave.id, sku_id: redS.id, missed: 1 });
  await expect(line(redS).locator('.console-wave-mark-state')).toHaveText('缺 1 / 2');
  for (const s of [redM, blackS]) {
    answer = marked();
    await line(s).locator('.console-wave-got').click();
    expect((await answer).request().postDataJSON()).toEqual({ id: wave.id, sku_id: s.id, missed: 0 });
    await expect(line(s).locator('.console-wave-mark-state')).toHaveText('已拿到');
  }
  await expect(sheet.locator('.console-wave-unmarked')).toHaveText('0');

  // closed: the first seller's order prepared; the second's (paid last) short of red S, prepared for the rest
  await sheet.locator('.console-wave-close').click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('每一行都已标记');
  const closed = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/waves/close`));
  await confirm.locator('.ant-btn-primary').click();
  expect((await closed).status()).toBe(200);
  await expect(sheet).toHaveAttribute('data-status', 'closed', { timeout: 20_000 });
  const outcome = (orderNo: string) => sheet.locator(`.console-wave-order-table tr[data-order="${orderNo}"]`);
  await expect(outcome(firstOrder.order_no)).toHaveAttribute('data-outcome', 'prepared');
  await expect(outcome(firstOrder.order_no).locator('.console-wave-outcome')).toHaveText('已备货');
  await expect(outcome(secondOrder.order_no)).toHaveAttribute('data-outcome', 'short');
  await expect(outcome(secondOrder.order_no).locator('.console-wave-outcome')).toHaveText('部分缺货');
  await expect(outcome(secondOrder.order_no)).toContainText('已备货');
  await expect(line(redS).locator(`.console-wave-line-orders li[data-order="${secondOrder.order_no}"]`)).toContainText('（缺 1）');
  await expect(line(redS).locator('.console-wave-missed')).toHaveCount(0);
  await screenshot(page, 'console-wave-closed-zh_CN');
  // the list has it closed
  await page.locator('.console-wave-back a').click();
  await expect(page.locator(`.console-wave-table tr[data-id="${wave.id}"]`)).toHaveAttribute('data-status', 'closed');

  // --- shipping by scanning: order number + Enter, tracking number + Enter, each in the order's courier's shape
  await page.locator('.console-menu').getByText('发货', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/shipping$/);
  const scan = page.locator('.console-scan');
  const scanInput = scan.locator('input.console-scan-input, .console-scan-input input').first();
  await expect(scanInput).toBeFocused();
  const trackingOf: Record<string, string> = {
    [firstOrder.order_no]: `7310${digits(8)}`,
    [secondOrder.order_no]: `SF${digits(13)}`,
  };
  const courierName: Record<string, string> = { [firstOrder.order_no]: '中通快递', [secondOrder.order_no]: '顺丰速运' };
  for (const order of [firstOrder, secondOrder]) {
    // in the queue, found by its number
    await page.locator('.console-ship-filter-order input').fill(order.order_no);
    await page.locator('.console-ship-search').click();
    await expect(page.locator(`.console-ship-table tr[data-order="${order.order_no}"]`)).toBeVisible();
    await scanInput.click();
    await page.keyboard.type(order.order_no);
    await page.keyboard.press('Enter');
    await expect(scan).toHaveAttribute('data-step', 'tracking');
    await expect(scan.locator('.console-scan-picked')).toHaveAttribute('data-order', order.order_no);
    await expect(scan.locator('.console-scan-picked')).toContainText(courierName[order.order_no]!);
    await expect(scanInput).toBeFocused();
    const shipped = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/orders/ship_batch`));
    await page.keyboard.type(trackingOf[order.order_no]!);
    await page.keyboard.press('Enter');
    const sent = (await shipped).request().postDataJSON() as { shipments: unknown[] };
    expect(sent.shipments).toEqual([{ order_no: order.order_no, courier: order.order_no === firstOrder.order_no ? 'zto' : 'sf', tracking_no: trackingOf[order.order_no] }]);
    const result = scan.locator(`.console-scan-result[data-order="${order.order_no}"]`);
    await expect(result).toHaveAttribute('data-ok', 'true');
    await expect(result.locator('.console-scan-tracking')).toHaveText(`${courierName[order.order_no]} ${trackingOf[order.order_no]}`);
    await expect(scan).toHaveAttribute('data-step', 'order');
    await expect(scanInput).toBeFocused();
    // it has left the queue
    await expect(page.locator(`.console-ship-table tr[data-order="${order.order_no}"]`)).toHaveCount(0);
  }
  await expect(scan.locator('.console-scan-result')).toHaveCount(2);
  await screenshot(page, 'console-shipping-scanned-zh_CN');

  // --- the second seller sees her order shipped with its tracking number, and the short piece refunded
  const shop = await newPage(browser, baseURL);
  await shop.goto('/login?site=&redirect=%2ForderList%3Ftab%3Dshipped%26site%3D');
  await loginViaUi(shop, second.mobile);
  await expect(shop).toHaveURL(/\/orderList\?tab=shipped&site=$/);
  const card = shop.locator(`.order-card[data-order="${secondOrder.order_no}"]`);
  await expect(card.locator('.order-card-tracking')).toHaveText(`快递单号 ${trackingOf[secondOrder.order_no]}`);
  await card.locator('.order-card-no').click();
  await expect(shop).toHaveURL(new RegExp(`/orderDetail\\?order_no=${secondOrder.order_no}&site=$`));
  await expect(shop.locator('.order-detail-summary .order-status')).toHaveText('已发货（待收货）');
  await expect(shop.locator('.order-tracking dd')).toHaveText(trackingOf[secondOrder.order_no]!);
  await expect(shop.locator('.order-ship-courier dd')).toHaveText('顺丰速运');
  await expect(shop.locator('.order-item-short')).toHaveText('缺货 1 件（已退款）');
  await expect(shop.locator('.order-event-title')).toContainText(['提交订单', '完成付款', '商品缺货', '备货完成', '已发货']);
  await screenshot(shop, 'order-shipped-after-wave-zh_CN');
  // the first seller's order too, as the API answers her
  const firstNow = await call<StaffOrder>(request, firstUser.token, '/order/detail', { order_no: firstOrder.order_no });
  expect(firstNow).toMatchObject({ status: 'shipped', ship_courier: 'zto', tracking_no: trackingOf[firstOrder.order_no] });
  await shop.context().close();
});

test('the service desk approves a refund-only after-sale and refunds it after seeing the breakdown; the seller sees the refund in her ledger', async ({ page, browser, baseURL, request, context }) => {
  // a seller orders, pays; the operator prepares and ships; she asks for a refund without return
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  await topUp(request, context, user.token, '300');
  const product = await productWithStock(request, 18, 1, 10);
  const { order } = await call<{ order: StaffOrder }>(request, user.token, '/order/submit', {
    source: 'manual',
    lines: [{ sku_id: product.sku.id, quantity: 1 }],
    type: 'domestic',
    address: ADDRESS,
    request_id: `e2e-desk-${digits(10)}`,
  });
  await call(request, user.token, '/order/pay', { order_no: order.order_no, method: 'wallet' });
  await operator(request, '/orders/prepare_stock', { order_no: order.order_no });
  await operator(request, '/orders/ship', { order_no: order.order_no, courier: 'zto', tracking_no: `7310${digits(8)}` });
  const { after_sale: sale } = await call<{ after_sale: { id: string; status: string; refund_amount: string } }>(request, user.token, '/aftersale/apply', {
    order_no: order.order_no,
    kind: 'refund_only',
    lines: [{ sku_id: product.sku.id, quantity: 1 }],
    reason: '质量问题',
    description: '线头很多',
  });
  expect(sale.status).toBe('pending_review');
  const goods = product.sku.price;

  // the service member opens it from the review queue
  await consoleLogin(page, SERVICE, DEMO_PASSWORD);
  await expect(page.locator('.console-staff-role')).toHaveText('客服');
  // its after-sales and nothing of the orders' queues and their buyers
  await expect(page.locator('.console-menu .ant-menu-item')).toHaveText(['首页', '售后审核']);
  await page.locator('.console-menu').getByText('售后审核', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/aftersales$/);
  const row = page.locator(`.console-desk-sale-table tr[data-id="${sale.id}"]`);
  await expect(row).toHaveAttribute('data-status', 'pending_review');
  await expect(row).toContainText(order.order_no);
  await expect(row).toContainText('仅退款');
  await expect(row).toContainText(`¥${goods}`);
  await row.locator('.console-desk-sale-open').click();
  const drawer = page.locator('.console-desk-sale-drawer');
  const detail = drawer.locator(`.console-desk-sale[data-id="${sale.id}"]`);
  await expect(detail).toHaveAttribute('data-status', 'pending_review');
  await expect(detail.locator('.console-desk-sale-facts')).toContainText(mobile);
  await expect(detail.locator('.console-desk-sale-facts')).toContainText(order.order_no);
  await expect(detail.locator('.console-desk-sale-reason')).toHaveText('质量问题');
  await expect(detail.locator('.console-desk-sale-description')).toHaveText('线头很多');
  await expect(detail.locator(`.console-desk-sale-line[data-sku="${product.sku.id}"]`)).toContainText(`¥${goods} × 1`);
  await expect(detail.locator('.console-desk-breakdown-total dd')).toHaveText(`¥${goods}`);

  // approved after a confirm
  await detail.locator('.console-desk-approve').click();
  const approved = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/aftersales/approve`));
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  expect((await approved).request().postDataJSON()).toEqual({ id: sale.id });
  await expect(page.locator('.ant-message')).toContainText('售后已通过');
  await expect(detail).toHaveAttribute('data-status', 'approved');
  await expect(detail.locator('.console-desk-sale-status')).toHaveText('审核通过');

  // the refund: its breakdown is shown before anything is credited
  const refunds: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`${ADMIN}/aftersales/refund`)) refunds.push(r.url());
  });
  await detail.locator('.console-desk-refund').click();
  const refundDialog = page.locator('.console-desk-refund-modal');
  await expect(refundDialog.locator('.ant-modal-title')).toHaveText(`退款 ${sale.id}：请核对金额`);
  await expect(refundDialog.locator('.console-desk-breakdown-goods dd')).toHaveText(`¥${goods}`);
  await expect(refundDialog.locator('.console-desk-breakdown-fees_back dd')).toHaveText('¥0.00');
  await expect(refundDialog.locator('.console-desk-breakdown-deductions dd')).toHaveText('¥0.00');
  await expect(refundDialog.locator('.console-desk-breakdown-total dt')).toHaveText('预计退款');
  await expect(refundDialog.locator('.console-desk-breakdown-total dd')).toHaveText(`¥${goods}`);
  const ok = refundDialog.locator('.ant-btn-primary');
  await expect(ok).toHaveText(`确认退款 ¥${goods}`);
  await screenshot(page, 'console-aftersale-refund-zh_CN');
  expect(refunds).toEqual([]);
  const refunded = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/aftersales/refund`));
  await ok.click();
  const refundResponse = await refunded;
  // the request carries the figure the dialog showed: the server refuses it if the refund changed
  expect(refundResponse.request().postDataJSON()).toEqual({ id: sale.id, amount: goods });
  const refundBody = (await refundResponse.json()) as { code: number; msg: string; data: { status: string; refund_amount: string } };
  expect(refundBody.code, refundBody.msg).toBe(1);
  expect(refundBody.data).toMatchObject({ status: 'refunded', refund_amount: goods });
  expect(refunds).toHaveLength(1);
  await expect(page.locator('.ant-message')).toContainText(`已退款 ¥${goods}`);
  await expect(refundDialog).toBeHidden();
  await expect(detail).toHaveAttribute('data-status', 'refunded');
  await expect(detail.locator('.console-desk-breakdown-total dt')).toHaveText('实际退款');
  await expect(detail.locator('.console-desk-refund')).toHaveCount(0);
  await expect(detail.locator('.console-desk-sale-event').last()).toContainText(`退款 ¥${goods}`);

  // the seller's ledger: the refund on top, referenced by the after-sale
  const shop = await newPage(browser, baseURL);
  await shop.goto('/login?site=&redirect=%2FmyFund%3Fsite%3D');
  await loginViaUi(shop, mobile);
  await expect(shop).toHaveURL(/\/myFund\?site=$/);
  const top = shop.locator('.ledger-table tbody tr').first();
  await expect(top.locator('.ledger-type')).toHaveText('退款');
  await expect(top.locator('.ledger-amount')).toHaveText(`+${goods}`);
  await expect(top.locator('.ledger-reference')).toHaveText(sale.id);
  const paidTotal = fen(order.fees.total);
  await expect(shop.locator('.fund-summary .fund-balance')).toHaveText(`¥${yuan(300_00 - paidTotal + fen(goods))}`);
  await shop.context().close();
});

test("finance pays a withdrawal with the seller's ledger beside it, and the day's payout sheet lists it", async ({ browser, baseURL, request, context }, testInfo) => {
  // a seller with 100.00 binds an account and asks for 30.00
  const mobile = newMobile();
  const user = await registerViaApi(request, mobile);
  await topUp(request, context, user.token, '100');
  await call(request, user.token, '/fund/bind_account', { payee: '李四', account: `li.si.${mobile}@example.com` });
  const { withdrawal } = await call<{ withdrawal: { id: string; status: string } }>(request, user.token, '/fund/withdraw', { amount: '30', request_id: `e2e-payout-${digits(10)}` });
  expect(withdrawal.status).toBe('pending');

  // finance works in China time, as the payout sheet's day is
  const page = await newPage(browser, baseURL, { timezoneId: 'Asia/Shanghai' });
  await consoleLogin(page, FINANCE, DEMO_PASSWORD);
  await expect(page.locator('.console-staff-role')).toHaveText('财务');
  // withdrawals (the ledger beside them) and the home's figures, no orders
  await expect(page.locator('.console-menu .ant-menu-item')).toHaveText(['首页', '提现审核']);
  await expect(page.locator('.console-home-trend')).toBeVisible();
  await page.locator('.console-menu').getByText('提现审核', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/withdrawals$/);
  await expect(page.locator('.console-desk-ledger-none')).toBeVisible();
  const row = page.locator(`.console-desk-withdrawal-table tr[data-id="${withdrawal.id}"]`);
  await expect(row).toHaveAttribute('data-status', 'pending');
  await expect(row).toContainText(mobile);
  await expect(row).toContainText('¥30.00');
  await expect(row.locator('.console-desk-withdrawal-status')).toHaveText('审核中');

  // selected, the seller's ledger shows beside it: 70 left, 30 frozen, the request and the top-up
  await row.locator('td').first().click();
  await expect(row).toHaveClass(/console-desk-selected/);
  const ledger = page.locator('.console-desk-ledger');
  await expect(ledger).toHaveAttribute('data-user', /.+/);
  await expect(ledger.locator('.ant-card-head-title')).toHaveText(`${mobile} 的资金流水`);
  await expect(ledger.locator('.console-desk-ledger-balance .ant-statistic-content')).toHaveText('¥70.00');
  await expect(ledger.locator('.console-desk-ledger-frozen .ant-statistic-content')).toHaveText('¥30.00');
  const entries = ledger.locator('.console-desk-ledger-table tbody tr.ant-table-row');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('提现申请');
  await expect(entries.nth(0)).toContainText('-30.00');
  await expect(entries.nth(0)).toContainText(withdrawal.id);
  await expect(entries.nth(1)).toContainText('充值');
  await expect(entries.nth(1)).toContainText('100.00');
  await screenshot(page, 'console-withdrawal-ledger-zh_CN');

  // paid after a confirm naming the payee and amount (the button beside the ledger, not under it)
  const approve = row.locator('.console-desk-withdrawal-approve');
  await expectUncovered(approve, 'the 标记已打款 button');
  await approve.click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('李*');
  await expect(confirm).toContainText('¥30.00');
  const approved = page.waitForResponse((r) => r.url().endsWith(`${ADMIN}/withdrawals/approve`));
  await confirm.locator('.ant-btn-primary').click();
  expect((await approved).request().postDataJSON()).toEqual({ id: withdrawal.id });
  await expect(page.locator('.ant-message')).toContainText('已标记打款');
  // it leaves the pending list; the ledger beside it has the payout
  await expect(row).toHaveCount(0);
  await expect(ledger.locator('.console-desk-ledger-frozen .ant-statistic-content')).toHaveText('¥0.00');
  await expect(entries.nth(0)).toContainText('提现打款');
  await page.locator('.console-desk-withdrawal-filter').getByText('已打款').click();
  await expect(row).toHaveAttribute('data-status', 'paid');
  await expect(row.locator('.console-desk-withdrawal-status')).toHaveText('已打款');

  // today's payout sheet: a workbook with this payout in full (payee and account unmasked)
  await page.locator('.console-desk-payouts-sheet').getByText('某日已打款', { exact: true }).click();
  await page.locator('.console-desk-payouts-date').click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').click();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(page.locator('.console-desk-payouts-date input')).toHaveValue(today);
  const downloading = page.waitForEvent('download');
  const asked = page.waitForRequest((r) => r.url().includes(`${ADMIN}/withdrawals/payouts`));
  await page.locator('.console-desk-payouts-download').click();
  expect((await asked).url()).toContain(`date=${today}`);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const saved = testInfo.outputPath('payouts.xlsx');
  await download.saveAs(saved);
  const rows = readWorkbook(readFileSync(saved))[0]!.rows;
  const paid = rows.filter((r) => r.includes(withdrawal.id));
  expect(paid, JSON.stringify(rows)).toHaveLength(1);
  expect(paid[0]).toContain(mobile);
  expect(paid[0]).toContain('李四');
  expect(paid[0]).toContain(`li.si.${mobile}@example.com`);
  expect(paid[0]!.some((cell) => cell === '30.00' || cell === '30')).toBe(true);
  await page.context().close();
});
