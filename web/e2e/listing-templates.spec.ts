import { chooseOption, expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { call, fen } from './shop';
import { readWorkbook } from './xlsx';
import { writeZip } from './zip';

/**
 * A Shopee shop's category template, against the real server: a seller with a PHP rate for Shopee
 * adds a Shopee shop in pesos with a ×1.5 + ¥5 rule, sees it has no template, uploads a blank
 * Shopee template (made here: a `Guidance` sheet, then `Template` with the code row, a section row,
 * the names, mandatory or optional, tips and an empty sixth row) and My shops shows it with the
 * columns the seller fills in (the category, the weight…). Two favourites listed in it preview the
 * price in pesos and download as that template (`shopee-….xlsx`): its six header rows as uploaded,
 * then a row per SKU whose seller SKU is the jpmall SKU id and whose price is the listed price at
 * the seller's rate, rounded up to the centavo. With the template deleted the shop says so again and
 * the dialog's download is off until one is uploaded.
 *
 * The products are taken from deep in the demo market (the 220th newest on), where no other spec
 * looks.
 */

/** ×1.5 (a fraction of a fen up) + ¥5. */
const listed = (cost: number) => Math.ceil((cost * 3) / 2) + 500;

/** Fen at 0.1234 yuan a peso, in centavos rounded up: fen × 10⁴ / 1234. */
const pesos = (fenAmount: number) => Math.ceil((fenAmount * 10_000) / 1234);

/** Centavos → '123.45'. */
const pesoText = (centavos: number) => `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;

/** Shopee's columns: the code row (`code|required|type`), the name, mandatory or optional. */
const COLUMNS: [string, string, string][] = [
  ['ps_category|1|0', 'Category', 'Mandatory'],
  ['ps_product_name|1|0', 'Product Name', 'Mandatory'],
  ['ps_product_description|1|0', 'Product Description', 'Mandatory'],
  ['ps_sku_parent_short|0|0', 'Parent SKU', 'Optional'],
  ['et_title_variation_integration_no|0|0', 'Variation Integration No.', 'Optional'],
  ['et_title_variation_1|0|0', 'Variation Name1', 'Optional'],
  ['et_title_option_for_variation_1|0|0', 'Option for Variation 1', 'Optional'],
  ['et_title_variation_2|0|0', 'Variation Name2', 'Optional'],
  ['et_title_option_for_variation_2|0|0', 'Option for Variation 2', 'Optional'],
  ['ps_price|1|1', 'Price', 'Mandatory'],
  ['ps_stock|1|1', 'Stock', 'Mandatory'],
  ['ps_sku_short|0|0', 'SKU', 'Optional'],
  ['ps_item_cover_image|1|0', 'Cover image', 'Mandatory'],
  ['ps_item_image_1|0|0', 'Item image 1', 'Optional'],
  ['ps_weight|1|1', 'Weight', 'Mandatory'],
];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const column = (index: number) => String.fromCharCode(65 + index);

/** A worksheet of inline strings, each row at its number (an empty row written as `<row r="n"/>`). */
function sheetXml(rows: readonly (readonly string[])[]): string {
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => (value === '' ? '' : `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`))
        .join('');
      return cells ? `<row r="${r + 1}">${cells}</row>` : `<row r="${r + 1}"/>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** Shopee's blank category template for one category, as a minimal .xlsx: data from row 7. */
function shopeeTemplate(): Buffer {
  const section = COLUMNS.map((_, i) => (i === 0 ? 'Basic Information' : ''));
  const rows = [COLUMNS.map((c) => c[0]), section, COLUMNS.map((c) => c[1]), COLUMNS.map((c) => c[2]), COLUMNS.map((c) => `Fill in the ${c[1]}`), []];
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`, 'utf8');
  const worksheet = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
  const relationship = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return writeZip([
    [
      '[Content_Types].xml',
      xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${worksheet}"/>` +
          `<Override PartName="/xl/worksheets/sheet2.xml" ContentType="${worksheet}"/>` +
          '</Types>',
      ),
    ],
    [
      '_rels/.rels',
      xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${relationship}/officeDocument" Target="xl/workbook.xml"/>` +
          '</Relationships>',
      ),
    ],
    [
      'xl/workbook.xml',
      xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${relationship}"><sheets>` +
          '<sheet name="Guidance" sheetId="1" r:id="rId1"/><sheet name="Template" sheetId="2" r:id="rId2"/>' +
          '</sheets></workbook>',
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${relationship}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${relationship}/worksheet" Target="worksheets/sheet2.xml"/>` +
          '</Relationships>',
      ),
    ],
    ['xl/worksheets/sheet1.xml', Buffer.from(sheetXml([['How to fill in the mass upload file']]), 'utf8')],
    ['xl/worksheets/sheet2.xml', Buffer.from(sheetXml(rows), 'utf8')],
  ]);
}

const templateSheet = (workbook: Buffer) => {
  const sheet = readWorkbook(workbook).find((s) => s.name === 'Template');
  if (!sheet) throw new Error('no Template sheet');
  return sheet.rows;
};

interface Detail {
  skus: { id: string; price: string }[];
}

test('a seller uploads a Shopee template for a shop in pesos and lists two products in it', async ({ page, request }) => {
  const mobile = newMobile();
  const { token } = await registerViaApi(request, mobile);
  await call(request, token, '/forward/platform_rates/save', { rates: [{ platform: 'shopee', currency: 'PHP', rate: '0.1234' }] });
  const cards = await call<{ list: { id: string }[] }>(request, '', '/product/lists', { page: 12, pagesize: 20 });
  const products = cards.list.slice(0, 2).map((c) => c.id);
  expect(products).toHaveLength(2);
  for (const id of [...products].reverse()) await call(request, token, '/product/favorite', { id });
  const details = await Promise.all(products.map((id) => call<Detail>(request, '', '/product/detail', { id })));
  // What each SKU is listed at, in fen.
  const prices = new Map(details.flatMap((d) => d.skus.map((s) => [s.id, listed(fen(s.price))] as const)));
  await page.goto('/login');
  await loginViaUi(page, mobile);

  // My shops: a Shopee shop in pesos with the rule, without a template.
  await page.goto('/listingShops');
  await page.locator('.listing-shop-add').click();
  const form = page.locator('.listing-shop-modal');
  // A click while the dialog still zooms in can miss: clicked again until Shopee is chosen.
  const shopee = form.locator('.listing-shop-platforms input[value="shopee"]');
  await expect(async () => {
    await form.locator('.listing-shop-platform-shopee').click({ timeout: 2_000 });
    await expect(shopee).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await chooseOption(page, form.locator('.listing-shop-currency'), 'listing-shop-currency-popup', 'PHP');
  const field = (name: string) => form.locator(`.${name} input, input.${name}`).first();
  await field('listing-shop-name-input').fill('小王的虾皮店');
  await field('listing-multiplier-input').fill('1.5');
  await field('listing-fixed-add-input').fill('5');
  await form.locator('.listing-shop-submit').click();
  const row = page.locator('.listing-shops-table .listing-shop-row[data-platform="shopee"]');
  await expect(row).toContainText('小王的虾皮店');
  await expect(row.locator('.listing-shop-currency-code')).toContainText('PHP');
  const template = row.locator('.listing-template');
  await expect(template).toHaveAttribute('data-state', 'none');
  await expect(template.locator('.listing-template-none')).toHaveText('未上传模板');

  // The blank template uploaded: its file, sheet and the columns the seller fills in.
  const uploaded = shopeeTemplate();
  const uploading = page.waitForResponse((r) => r.url().endsWith('/listing/shop_template'));
  await template.locator('.listing-shop-template-upload input[type=file]').setInputFiles({
    name: 'shopee_mass_upload.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: uploaded,
  });
  const answer = await uploading;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.locator('.ant-message')).toContainText('「小王的虾皮店」的模板已上传');
  await expect(template).toHaveAttribute('data-state', 'uploaded');
  await expect(template.locator('.listing-template-file')).toHaveText('shopee_mass_upload.xlsx');
  await expect(template.locator('.listing-template-meta')).toContainText('Template');
  const unfilled = template.locator('.listing-template-unfilled');
  await expect(unfilled).toContainText('需要你在表格里填写');
  await expect(unfilled).toContainText('Category');
  await expect(unfilled).toContainText('Weight');
  await expect(template.locator('.listing-shop-template-replace')).toBeVisible();
  await screenshot(page, 'listing-shop-template');

  // Favourites: both, listed in the Shopee shop, priced in pesos too.
  await page.goto('/productCollection');
  await page.locator('.favorites-page .select-all').click();
  await page.locator('.favorites-page .list-in-shop').click();
  const dialog = page.locator('.listing-dialog');
  await expect(dialog.locator('.listing-dialog-count')).toContainText('2');
  await chooseOption(page, dialog.locator('.listing-shop-select'), 'listing-shop-select-popup', '小王的虾皮店');
  await expect(dialog.locator('.listing-rule-summary')).toContainText('×1.5');
  await expect(dialog.locator('.listing-preview-foreign').first()).toContainText('PHP');
  const firstSku = details[0]!.skus[0]!;
  await expect(dialog.locator(`.listing-preview-row[data-sku="${firstSku.id}"] .listing-preview-foreign`)).toContainText(
    `PHP ${pesoText(pesos(prices.get(firstSku.id)!))}`,
  );
  await expect(dialog.locator('.listing-template-missing')).toHaveCount(0);
  await expect(dialog.locator('.listing-rate-missing')).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await dialog.locator('.listing-package-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^shopee-\d{14}\.xlsx$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const rows = templateSheet(Buffer.concat(chunks));
  expect(rows.slice(0, 6)).toEqual(templateSheet(uploaded).slice(0, 6));
  expect(rows[0]![0]).toBe('ps_category|1|0');
  const at = (code: string) => rows[0]!.findIndex((c) => c.split('|')[0] === code);
  const data = rows.slice(6);
  const skuIds = details.flatMap((d) => d.skus.map((s) => s.id));
  expect(data.map((r) => r[at('ps_sku_short')]).sort()).toEqual([...skuIds].sort());
  for (const cells of data) {
    const sku = cells[at('ps_sku_short')]!;
    expect(fen(cells[at('ps_price')]!), `the price of ${sku} in pesos`).toBe(pesos(prices.get(sku)!));
  }

  // The template deleted: the shop has none again, and the dialog will not download without one.
  await page.goto('/listingShops');
  await expect(template).toHaveAttribute('data-state', 'uploaded');
  await template.locator('.listing-shop-template-delete').click();
  await page.locator('.listing-template-delete-confirm .listing-template-delete-ok').click();
  await expect(page.locator('.ant-message')).toContainText('模板已删除');
  await expect(template).toHaveAttribute('data-state', 'none');
  await expect(template.locator('.listing-template-none')).toHaveText('未上传模板');
  await page.goto('/productCollection');
  await page.locator('.favorites-page .select-all').click();
  await page.locator('.favorites-page .list-in-shop').click();
  await expect(dialog.locator('.listing-template-missing')).toBeVisible();
  await expect(dialog.locator('.listing-package-download')).toBeDisabled();
});
