import { expect, loginViaUi, newMobile, registerViaApi, screenshot, test } from './helpers';

test('edit the profile with an avatar upload', async ({ page, request }) => {
  const mobile = newMobile();
  await registerViaApi(request, mobile);
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.url.includes('/category/upload')) {
        const file = (await input.clone().formData()).get('file') as File;
        const bitmap = await createImageBitmap(file);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        const pixel = ctx.getImageData(bitmap.width - 1, 0, 1, 1).data;
        (window as unknown as { __upload?: unknown }).__upload = {
          name: file.name,
          type: file.type,
          width: bitmap.width,
          height: bitmap.height,
          corner: [pixel[0], pixel[1], pixel[2]].map((v) => Math.round(v! / 8) * 8 > 250 ? 255 : v),
        };
      }
      return original(input, init);
    };
  });
  await page.goto('/login?site=&redirect=%2FpersonalData%3Fsite%3D');
  await loginViaUi(page, mobile);
  await expect(page).toHaveURL(/\/personalData\?site=$/);
  await expect(page.locator('.profile-mobile')).toHaveText(mobile);
  await expect(page).toHaveTitle(/^个人资料/);

  const picker = page.locator('.avatar-upload input[type=file]');
  await expect(picker).toHaveAttribute('accept', 'image/*');

  // a 1200×900 PNG with a transparent half, made in the page
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 900;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1677ff';
    ctx.fillRect(0, 0, 600, 900);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  const uploaded = page.waitForResponse((r) => r.url().includes('/category/upload'));
  // what the page sends: the scaled file, read back from the request it builds
  await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  const upload = await uploaded;
  expect(upload.status()).toBe(200);
  const sent = await page.evaluate(() => (window as unknown as { __upload?: unknown }).__upload);
  expect(sent).toEqual({ name: 'upload.jpg', type: 'image/jpeg', width: 800, height: 600, corner: [255, 255, 255] });
  const file = ((await upload.json()) as { data: { url: string; width: number; height: number } }).data;
  expect(file.url).toMatch(/^\/uploads\/.+\.jpg$/);
  expect(Math.max(file.width, file.height)).toBeLessThanOrEqual(800);
  await expect(page.locator('.profile-avatar img')).toHaveAttribute('src', file.url);

  await page.locator('#nickname').fill('测试昵称');
  await page.locator('#qq').fill('1234');
  await page.locator('#email').fill('buyer@example.com');
  await page.locator('.profile-save').click();
  await expect(page.getByText('QQ号须为5-11位数字')).toBeVisible();
  await page.locator('#qq').fill('12345678');
  const saved = page.waitForResponse((r) => r.url().includes('/user/edit'));
  await page.locator('.profile-save').click();
  const edit = await saved;
  expect(edit.status()).toBe(200);
  expect(edit.request().postDataJSON()).toMatchObject({ nickname: '测试昵称', qq: '12345678', email: 'buyer@example.com', avatar: file.url });
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.locator('.header-nickname')).toHaveText('测试昵称');
  await screenshot(page, 'profile-zh_CN');

  await page.reload();
  await expect(page.locator('#nickname')).toHaveValue('测试昵称');
  await expect(page.locator('#qq')).toHaveValue('12345678');
  await expect(page.locator('#email')).toHaveValue('buyer@example.com');
  await expect(page.locator('.profile-avatar img')).toHaveAttribute('src', file.url);

  await page.locator('[data-language="en_US"]').click();
  await expect(page.locator('.page-title')).toHaveText('Profile');
  await expect(page.locator('.profile-save')).toHaveText('Save');
  await screenshot(page, 'profile-en_US');
});
