import type { Page } from '@playwright/test';
import { expect, FIELD_ERROR, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';
import { navGroup } from './nav';

const FORWARD = '/jpmall/addons/unishop/forward';
const LOGIN_TO_SETTINGS = '/login?site=&redirect=%2FforwardSeting%3Fsite%3D';

const qc = (page: Page, code: string) => page.locator(`.forward-qc-${code}`);
const priority = (page: Page, code: string) => page.locator(`.forward-priority-${code}`);

test('drop-shipping settings: save SF, advanced inspection and split; still there after a reload', async ({ page, request }) => {
  // settings of its own: a new user starts from the defaults
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  await page.goto(LOGIN_TO_SETTINGS);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/forwardSeting\?site=$/);
  await expect(page).toHaveTitle(/^代发设置/);
  await expect(navGroup(page, 'order')).toHaveClass(/is-current/);

  // the defaults, with the server's fees
  const courier = page.locator('.forward-courier');
  await expect(courier).toContainText('中通快递');
  await expect(courier).toContainText('首件 ¥4.00，续件 ¥1.00/件');
  await expect(qc(page, 'none').locator('input')).toBeChecked();
  await expect(qc(page, 'basic')).toHaveText('普通质检¥0.30/件');
  await expect(qc(page, 'advanced')).toHaveText('高级质检¥1.30/件');
  await expect(priority(page, 'together').locator('input')).toBeChecked();

  // a bad sender phone is refused in the page before anything is sent
  let saves = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(`${FORWARD}/save`)) saves += 1;
  });
  await page.locator('#forward_sender_phone').fill('12345');
  await page.locator('.forward-save').click();
  await expect(page.locator('.forward-form').locator(FIELD_ERROR)).toHaveText('手机号码格式不正确');
  expect(saves).toBe(0);

  await page.locator('#forward_sender_name').fill('小王');
  await page.locator('#forward_sender_phone').fill('13900001111');
  await courier.click();
  const sf = page.locator('.forward-courier-popup .ant-select-item-option', { hasText: '顺丰速运' });
  await expect(sf).toContainText('首件 ¥12.00，续件 ¥2.00/件');
  await sf.click();
  await expect(courier).toContainText('顺丰速运');
  await qc(page, 'advanced').click();
  await priority(page, 'split').click();
  await page.locator('#forward_remark_template').fill('不要放发票');

  const answer = page.waitForResponse((r) => r.url().endsWith(`${FORWARD}/save`));
  await page.locator('.forward-save').click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    sender_name: '小王',
    sender_phone: '13900001111',
    courier: 'sf',
    qc_level: 'advanced',
    shipping_priority: 'split',
    remark_template: '不要放发票',
  });
  await expect(page.locator('.ant-message')).toContainText('代发设置已保存');
  await screenshot(page, 'forward-zh_CN');

  // a reload asks the server again: everything is still there
  await page.reload();
  await expect(courier).toContainText('顺丰速运');
  await expect(qc(page, 'advanced').locator('input')).toBeChecked();
  await expect(priority(page, 'split').locator('input')).toBeChecked();
  await expect(page.locator('#forward_sender_name')).toHaveValue('小王');
  await expect(page.locator('#forward_sender_phone')).toHaveValue('13900001111');
  await expect(page.locator('#forward_remark_template')).toHaveValue('不要放发票');
});
