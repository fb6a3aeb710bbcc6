import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, test } from './helpers';
import { consoleLogin } from './console';
import { overflow } from './overflow';

/**
 * The console's tables at a desk, measured in the browser (issue 48): at 1366 and 1920 px, in
 * Chinese and in English, the staff table spans the content area with every role and action on a
 * line or two (it was squeezed to about 500 px, "操作日志" one character a line), and the products
 * table shows a catalogue member's working columns (category, price, stock, shelf, actions) on the
 * screen, none under the fixed actions column, with no sideways scrolling of the table or the page.
 * Demo staff (jpmall seed): 13900000001 owner, 13900000002 catalogue, password demo1234.
 */

const OWNER = '13900000001';
const CATALOGUE = '13900000002';
const DEMO_PASSWORD = 'demo1234';
const WIDTHS = [1366, 1920];

const LANGUAGES = {
  zh_CN: { staffMenu: '员工管理', roleColumn: '角色', productColumns: ['分类', '价格', '库存', '上下架', '操作'] },
  en_US: { staffMenu: 'Staff', roleColumn: 'Role', productColumns: ['Category', 'Price', 'Stock', 'Shelf', 'Actions'] },
} as const;

type Language = keyof typeof LANGUAGES;

/** Signs in and switches the console to `language` with its switch, as a person does. */
async function signIn(page: Page, mobile: string, language: Language): Promise<void> {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 768 });
  await consoleLogin(page, mobile, DEMO_PASSWORD);
  await page.locator(`.console-language button[data-language="${language}"]`).click();
  await expect(page.locator('.console-layout')).toHaveAttribute('data-language', language);
}

/** The width of the content area inside its padding. */
function contentWidth(page: Page): Promise<number> {
  return page.locator('.console-content').evaluate((el) => {
    const style = getComputedStyle(el);
    return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
}

/**
 * How many lines of text each element's content takes (the height of its contents over its line
 * height), named by its text: "操作日志" one character a line is four.
 */
function linesOf(elements: Locator): Promise<{ text: string; lines: number }[]> {
  return elements.evaluateAll((els) =>
    els.map((el) => {
      const style = getComputedStyle(el);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
      const range = document.createRange();
      range.selectNodeContents(el);
      return { text: (el.textContent ?? '').trim(), lines: range.getBoundingClientRect().height / line };
    }),
  );
}

/** The page is no wider than the window (nothing sticks out to scroll it sideways). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const found = await overflow(page);
  expect(found.scrollWidth, `${where}: page ${found.scrollWidth} px wide at ${found.width} px; sticking out: ${found.culprits.join('; ')}`).toBeLessThanOrEqual(found.width);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  const words = LANGUAGES[language];

  test(`${language}: the owner's sidebar shows every screen's name whole`, async ({ page }) => {
    await signIn(page, OWNER, language);
    const names = page.locator('.console-menu .ant-menu-title-content');
    await expect(names.first()).toBeVisible();
    // an ellipsis (antd cuts a long name with text-overflow) shows as content wider than its box
    const cut = await names.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 0.5).map((el) => el.textContent));
    expect(cut, `${language}: names cut in the sidebar`).toEqual([]);
    expect(await names.count()).toBeGreaterThan(8);
  });

  test(`${language}: at 1366 and 1920 px the staff table spans the content, each role and action on a line or two`, async ({ page }) => {
    await signIn(page, OWNER, language);
    await page.locator('.console-menu').getByText(words.staffMenu, { exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    const table = page.locator('.console-staff-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    // every demo role is listed, so every role name is measured
    const rows = table.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBeGreaterThanOrEqual(7);
    const roleColumn = await table.locator('thead th').evaluateAll((ths, name) => ths.findIndex((th) => th.textContent?.trim() === name), words.roleColumn);
    expect(roleColumn).toBeGreaterThanOrEqual(0);
    const roleCells = rows.locator(`td:nth-child(${roleColumn + 1})`);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 768 });
      const where = `${language} ${width} px`;
      const content = await contentWidth(page);
      // the table follows the window as it is resized
      await expect.poll(async () => (await table.boundingBox())!.width / content, { message: `${where}: staff table over content width` }).toBeGreaterThanOrEqual(0.8);

      const roles = await linesOf(roleCells);
      const actions = await linesOf(table.locator('.console-staff-audit, .console-staff-change-role, .console-staff-toggle'));
      // every row's audit link, role change and toggle, but the signed-in owner's own row offers no Disable
      expect(actions.length).toBe(roles.length * 3 - 1);
      const tall = [...roles, ...actions].filter((found) => found.lines > 2.05).map((found) => `${found.text} (${found.lines.toFixed(1)} lines)`);
      expect(tall, `${where}: roles or actions wrapped past two lines`).toEqual([]);
      await expectNoSidewaysScroll(page, where);
      await screenshot(page, `console-staff-${width}-${language}`);
    }
  });

  test(`${language}: at 1366 and 1920 px a catalogue member sees category, price, stock, shelf and actions without scrolling sideways`, async ({ page }) => {
    await signIn(page, CATALOGUE, language);
    await page.goto('/admin/products');
    const table = page.locator('.console-product-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    // the member can edit: the row checkboxes and the three row actions are in the table
    await expect(rows.first().locator('.console-product-edit')).toBeVisible();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 768 });
      const where = `${language} ${width} px`;
      const header = (name: string) => table.locator('thead th').filter({ hasText: new RegExp(`^${name}$`) });
      const actionsHeader = header(words.productColumns.at(-1)!);
      await expect(actionsHeader).toHaveCount(1);

      await expect(async () => {
        // the table does not scroll sideways inside itself
        const scroller = await table.locator('.ant-table-content, .ant-table-body').first().evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroller.scroll, `${where}: the table scrolls sideways`).toBeLessThanOrEqual(scroller.client + 1);
        const viewport = await page.evaluate(() => document.documentElement.clientWidth);
        const actions = (await actionsHeader.boundingBox())!;
        for (const name of words.productColumns) {
          const cell = header(name);
          const box = (await cell.boundingBox())!;
          expect(box.x, `${where}: ${name} starts on screen`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${where}: ${name} ends on screen`).toBeLessThanOrEqual(viewport + 0.5);
          if (name !== words.productColumns.at(-1)) expect(box.x + box.width, `${where}: ${name} is clear of the actions column`).toBeLessThanOrEqual(actions.x + 0.5);
          // what is drawn at the header's middle is the header itself, not a column over it
          const shown = await cell.evaluate((th) => {
            const r = th.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return top !== null && th.contains(top);
          });
          expect(shown, `${where}: ${name} header is covered`).toBe(true);
        }
      }).toPass({ timeout: 10_000 });

      // in every row on screen the price, stock and shelf state are drawn where they are, not under the actions
      const covered = await rows.evaluateAll((trs) =>
        trs
          .filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight)
          .flatMap((tr) =>
            [...tr.querySelectorAll('.console-product-price, .console-product-stock, .console-product-status')].flatMap((el) => {
              const r = el.getBoundingClientRect();
              const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return top !== null && el.contains(top) ? [] : [`${tr.getAttribute('data-item-no')}: ${el.className}`];
            }),
          ),
      );
      expect(covered, `${where}: row cells covered`).toEqual([]);

      // a title is one line, cut short when long, its whole text in its tooltip
      const titles = await linesOf(table.locator('.console-product-title'));
      expect(titles.filter((t) => t.lines > 1.05).map((t) => t.text), `${where}: titles on more than one line`).toEqual([]);
      await expectNoSidewaysScroll(page, where);
      await screenshot(page, `console-products-${width}-${language}`);
    }

    const first = rows.first().locator('.console-product-title');
    await first.hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText((await first.textContent())!);
  });
}
