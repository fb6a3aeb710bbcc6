import type { Locator, Page } from '@playwright/test';
import { expect, FIELD_ERROR, loginViaUi, newMobile, registerViaApi, test } from './helpers';
import { navGroup } from './nav';

const ADDRESS = '/jpmall/addons/unishop/address';
const LOGIN_TO_ADDRESSES = '/login?site=&redirect=%2FaddressCollect%3Fsite%3D';

const dialog = (page: Page) => page.locator('.address-modal');
const card = (page: Page, recipient: string) => page.locator('.address-card', { has: page.locator('.address-recipient', { hasText: recipient }) });

/** Opens the region picker and chooses one name per level; each level is asked for when its parent is chosen. */
async function chooseRegion(page: Page, names: string[]): Promise<void> {
  await dialog(page).locator('.ant-cascader').click();
  const popup = page.locator('.address-region-popup');
  for (const [level, name] of names.entries()) {
    await popup.locator('.ant-cascader-menu').nth(level).locator(`.ant-cascader-menu-item[title="${name}"]`).click();
  }
  await expect(popup).toBeHidden();
}

/** Saves the dialog and returns the body sent to `path`. */
async function saveAndCapture(page: Page, path: '/add' | '/edit'): Promise<Record<string, unknown>> {
  const answer = page.waitForResponse((r) => r.url().endsWith(`${ADDRESS}${path}`));
  await dialog(page).locator('.address-submit').click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  await expect(dialog(page)).toBeHidden();
  return response.request().postDataJSON() as Record<string, unknown>;
}

const hasDefaultTag = (locator: Locator) => locator.locator('.address-default-tag');

test('address book: checks in the page, add with the region picker, make another the default, edit, delete', async ({ page, request }) => {
  // a book of its own: a new user starts with no addresses
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  await page.goto(LOGIN_TO_ADDRESSES);
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/addressCollect\?site=$/);
  await expect(page).toHaveTitle(/^收藏地址/);
  await expect(navGroup(page, 'order')).toHaveClass(/is-current/);
  await expect(page.locator('.address-empty')).toBeVisible();
  await expect(page.locator('.address-count')).toHaveText('0 / 50');

  // an empty form is refused in the page, field by field, before anything is sent
  let adds = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(`${ADDRESS}/add`)) adds += 1;
  });
  await page.locator('.address-add').click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).locator('.address-submit').click();
  await expect(dialog(page).locator(FIELD_ERROR)).toHaveText(['请输入收货人', '请输入手机号码', '请选择省市区', '请输入详细地址']);
  await page.locator('#address_phone').fill('12345');
  await expect(dialog(page).locator(FIELD_ERROR)).toContainText(['手机号码格式不正确']);
  expect(adds).toBe(0);
  // the first address is the default whatever is ticked
  await expect(page.locator('#address_is_default')).toBeChecked();
  await expect(page.locator('#address_is_default')).toBeDisabled();

  await page.locator('#address_recipient').fill('李四');
  await page.locator('#address_phone').fill('13900001111');
  await chooseRegion(page, ['广东省', '广州市', '白云区']);
  await expect(dialog(page).locator('.ant-cascader')).toContainText('广东省 / 广州市 / 白云区');
  await page.locator('#address_detail').fill('三元里大道 1 号');
  expect(await saveAndCapture(page, '/add')).toEqual({
    recipient: '李四',
    phone: '13900001111',
    province: '广东省',
    city: '广州市',
    district: '白云区',
    detail: '三元里大道 1 号',
    is_default: true,
  });
  const first = card(page, '李四');
  await expect(first.locator('.address-full')).toHaveText('广东省 广州市 白云区 三元里大道 1 号');
  await expect(first.locator('.address-phone')).toHaveText('13900001111');
  await expect(hasDefaultTag(first)).toHaveText('默认');
  await expect(page.locator('.address-count')).toHaveText('1 / 50');

  // a second address, not ticked as default, then made the default from its card
  await page.locator('.address-add').click();
  await expect(page.locator('#address_is_default')).toBeEnabled();
  await expect(page.locator('#address_is_default')).not.toBeChecked();
  await page.locator('#address_recipient').fill('王五');
  await page.locator('#address_phone').fill('+86 139-0000-2222');
  await chooseRegion(page, ['广东省', '深圳市', '南山区']);
  await page.locator('#address_detail').fill('科技园 2 栋');
  expect(await saveAndCapture(page, '/add')).toMatchObject({ recipient: '王五', city: '深圳市', district: '南山区', is_default: false });
  const second = card(page, '王五');
  await expect(second.locator('.address-full')).toHaveText('广东省 深圳市 南山区 科技园 2 栋');
  await expect(hasDefaultTag(second)).toHaveCount(0);
  await expect(hasDefaultTag(first)).toHaveCount(1);
  await expect(page.locator('.address-count')).toHaveText('2 / 50');

  await second.locator('.address-set-default').click();
  await expect(hasDefaultTag(second)).toHaveText('默认');
  await expect(hasDefaultTag(first)).toHaveCount(0);
  // the server lists the default first
  await expect(page.locator('.address-card .address-recipient')).toHaveText(['王五', '李四']);

  // favourite the first one
  await first.locator('.address-favorite').click();
  await expect(first.locator('.address-favorite')).toHaveAttribute('aria-pressed', 'true');

  // edit the second: its region opens on the saved chain, so a sibling district is one click away
  await second.locator('.address-edit').click();
  await expect(dialog(page)).toBeVisible();
  await expect(page.locator('#address_recipient')).toHaveValue('王五');
  await expect(page.locator('#address_phone')).toHaveValue('+86 139-0000-2222');
  await expect(dialog(page).locator('.ant-cascader')).toContainText('广东省 / 深圳市 / 南山区');
  await expect(page.locator('#address_is_default')).toBeChecked();
  await expect(page.locator('#address_is_default')).toBeDisabled();
  // (the levels were asked for while adding and come from the cache now)
  await dialog(page).locator('.ant-cascader').click();
  const popup = page.locator('.address-region-popup');
  await expect(popup.locator('.ant-cascader-menu')).toHaveCount(3);
  await popup.locator('.ant-cascader-menu').nth(2).locator('.ant-cascader-menu-item[title="福田区"]').click();
  await expect(popup).toBeHidden();
  await page.locator('#address_detail').fill('华强北 8 号');
  const edited = await saveAndCapture(page, '/edit');
  expect(edited).toMatchObject({ recipient: '王五', province: '广东省', city: '深圳市', district: '福田区', detail: '华强北 8 号', is_default: true });
  expect(typeof edited.id).toBe('string');
  await expect(second.locator('.address-full')).toHaveText('广东省 深圳市 福田区 华强北 8 号');
  await expect(hasDefaultTag(second)).toHaveText('默认');

  // delete the first after the confirm
  await first.locator('.address-delete').click();
  const confirm = page.locator('.address-delete-confirm');
  await expect(confirm).toContainText('确定删除这个地址吗？');
  const deleted = page.waitForResponse((r) => r.url().endsWith(`${ADDRESS}/delete`));
  await confirm.locator('.address-delete-ok').click();
  expect((await deleted).status()).toBe(200);
  await expect(first).toHaveCount(0);
  await expect(page.locator('.address-card')).toHaveCount(1);
  await expect(hasDefaultTag(second)).toHaveText('默认');
  await expect(page.locator('.address-count')).toHaveText('1 / 50');

  // the book survives a reload
  await page.reload();
  await expect(page.locator('.address-card .address-recipient')).toHaveText(['王五']);
});
