import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin, type ConsoleCall } from '../../testing/console-test-kit';
import { catalogueRoutes, cataloguer, choose, detailOf, input, picture, shown, stallKeeper, texts } from './catalogue-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 30_000 });
const SOON = { timeout: 20_000 };

beforeAll(() => {
  stubBrowserBits();
  configure({ asyncUtilTimeout: 10_000 });
});
beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const where = () => screen.getByTestId('where').textContent;
const saves = (calls: ConsoleCall[]) => calls.filter((c) => c.path === '/catalog/products/save').map((c) => c.body);
const skuRow = (colour: string, size: string) => document.querySelector(`.console-product-skus tr[data-color="${colour}"][data-size="${size}"]`)!;

let uploads = 0;
const uploadRoute = () => {
  uploads += 1;
  return ok({ url: `/uploads/catalog/${String(uploads).padStart(32, '0')}.jpg`, width: 800, height: 800 });
};

async function upload(container: string, ...files: File[]) {
  const field = document.querySelector<HTMLInputElement>(`${container} input[type=file]`)!;
  fireEvent.change(field, { target: { files } });
}

describe('product form', () => {
  it('makes a product: colours × sizes into SKUs with their own price and stock, pictures uploaded as chosen', async () => {
    uploads = 0;
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/pictures/upload': uploadRoute,
        '/catalog/products/save': (body) => ok({ ...detailOf(), ...body, id: 'P9', on_shelf: false }),
      }),
    );
    renderConsole('/products/new', intl);
    await shown('.console-product-item-no-input');
    expect(document.querySelector('.console-product-new-note')?.textContent).toContain('新商品保存后为下架状态');
    input('.console-product-item-no-input', 'A101-2001');
    input('.console-product-title-zh', '法式碎花裙');
    input('.console-product-title-en', 'French floral dress');
    await choose('console-product-category', '连衣裙');
    await choose('console-product-stall', '十三行 · 韩潮女装');
    input('.console-product-price', '59.9');
    fireEvent.click(document.querySelector('.console-product-hot')!.querySelector('input')!);

    const colours = () => [...document.querySelectorAll('.console-product-colour')];
    input('.console-colour-name-zh', '红色', colours()[0]);
    input('.console-colour-name-en', 'Red', colours()[0]);
    fireEvent.click(document.querySelector('.console-colour-add')!);
    await waitFor(() => expect(colours()).toHaveLength(2));
    input('.console-colour-name-zh', '黑色', colours()[1]);
    // the second colour has its own picture
    await upload('.console-product-colour[data-index="1"] .console-colour-picture', picture('black.png'));

    const sizes = () => [...document.querySelectorAll('.console-product-size')];
    input('.console-size-name', 'S', sizes()[0]);
    fireEvent.click(document.querySelector('.console-size-add')!);
    await waitFor(() => expect(sizes()).toHaveLength(2));
    input('.console-size-name', 'M', sizes()[1]);

    // the grid: every colour × size, the product's price as the placeholder
    await waitFor(() => expect(document.querySelectorAll('.console-product-skus tbody tr.ant-table-row')).toHaveLength(4));
    expect([...document.querySelectorAll('.console-product-skus tbody tr.ant-table-row')].map((r) => `${r.getAttribute('data-color')}/${r.getAttribute('data-size')}`)).toEqual([
      '红色/S',
      '红色/M',
      '黑色/S',
      '黑色/M',
    ]);
    expect(skuRow('红色', 'S').querySelector<HTMLInputElement>('.console-sku-price input')?.placeholder).toBe('59.90');
    input('.console-sku-price', '62', skuRow('红色', 'M'));
    input('.console-sku-stock', '10', skuRow('红色', 'S'));
    input('.console-sku-stock', '20', skuRow('红色', 'M'));
    input('.console-sku-stock', '30', skuRow('黑色', 'S'));

    await upload('.console-product-main-pictures', picture('1.png'), picture('2.png'));
    await upload('.console-product-detail-pictures', picture('d.png'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/catalog/pictures/upload')).toHaveLength(4), SOON);
    await waitFor(() => expect(document.querySelectorAll('.console-product-main-pictures .ant-upload-list-item-done')).toHaveLength(2));
    // (jsdom sends every file named 'blob')
    expect(calls.find((c) => c.path === '/catalog/pictures/upload')?.body).toEqual({ file: { name: expect.any(String), size: 11 } });
    expect(calls.find((c) => c.path === '/catalog/pictures/upload')?.adminToken).toBe('AT1');
    // the second main picture moves first
    fireEvent.click(document.querySelectorAll('.console-product-main-pictures .console-picture-earlier')[0]!);

    fireEvent.click(document.querySelector('.console-product-save')!);
    await waitFor(() => expect(saves(calls)).toHaveLength(1), SOON);
    expect(saves(calls)[0]).toEqual({
      item_no: 'A101-2001',
      title_zh: '法式碎花裙',
      title_en: 'French floral dress',
      category_id: 'c11',
      stall_id: 'st1',
      price: '59.90',
      colours: [
        { name_zh: '红色', name_en: 'Red' },
        { name_zh: '黑色', name_en: '', picture: '/uploads/catalog/00000000000000000000000000000001.jpg' },
      ],
      sizes: ['S', 'M'],
      skus: [
        { color: '红色', size: 'S', stock: 10 },
        { color: '红色', size: 'M', price: '62.00', stock: 20 },
        { color: '黑色', size: 'S', stock: 30 },
        { color: '黑色', size: 'M', stock: 0 },
      ],
      main_pictures: ['/uploads/catalog/00000000000000000000000000000003.jpg', '/uploads/catalog/00000000000000000000000000000002.jpg'],
      detail_pictures: ['/uploads/catalog/00000000000000000000000000000004.jpg'],
      is_hot: true,
      is_sea: false,
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('商品已保存（下架状态）', 'success'));
    await waitFor(() => expect(where()).toBe('/products?keyword=A101-2001'));
  });

  it('checks the form in the page first: a main picture, colours, sizes and a price are needed', async () => {
    const calls = serveConsole(catalogueRoutes(cataloguer));
    renderConsole('/products/new', intl);
    await shown('.console-product-item-no-input');
    input('.console-product-price', '0');
    fireEvent.click(document.querySelector('.console-product-save')!);
    await waitFor(() =>
      expect(texts('.ant-form-item-explain-error')).toEqual(
        expect.arrayContaining(['请输入货号', '请输入中文标题', '请选择分类', '请输入大于 0 的金额，最多两位小数', '请输入颜色', '请输入尺码', '请至少上传一张主图']),
      ),
    );
    expect(saves(calls)).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names, and a SKU refusal over the grid", async () => {
    uploads = 0;
    let answer = refused(422, '货号 A101-1001 在该档口已存在', { field: 'item_no' });
    const calls = serveConsole(catalogueRoutes(stallKeeper, { '/catalog/pictures/upload': uploadRoute, '/catalog/products/save': () => answer }));
    renderConsole('/products/new', intl);
    await shown('.console-product-item-no-input');
    // a stall account with one stall: that one is chosen
    await waitFor(() => expect(document.querySelector('.console-product-stall')?.textContent).toBe('十三行 · 韩潮女装'), SOON);
    input('.console-product-item-no-input', 'A101-1001');
    input('.console-product-title-zh', '碎花裙');
    await choose('console-product-category', 'T恤');
    input('.console-product-price', '30');
    input('.console-colour-name-zh', '白色');
    input('.console-size-name', '均码');
    await upload('.console-product-main-pictures', picture());
    await waitFor(() => expect(document.querySelectorAll('.console-product-main-pictures .ant-upload-list-item-done')).toHaveLength(1), SOON);
    fireEvent.click(document.querySelector('.console-product-save')!);
    await waitFor(() => expect(texts('.ant-form-item-explain-error')).toEqual(['货号 A101-1001 在该档口已存在']), SOON);
    expect(saves(calls)[0]).toMatchObject({ stall_id: 'st1', skus: [{ color: '白色', size: '均码', stock: 0 }] });
    expect(toast).not.toHaveBeenCalled();

    answer = refused(422, '库存须在 0 到 1000000 之间', { field: 'skus' });
    fireEvent.click(document.querySelector('.console-product-save')!);
    await waitFor(() => expect(document.querySelector('.console-product-skus-error')?.textContent).toBe('库存须在 0 到 1000000 之间'), SOON);

    // a refusal naming a list shows under that list
    answer = refused(422, '颜色 白色 重复', { field: 'colours' });
    fireEvent.click(document.querySelector('.console-product-save')!);
    await waitFor(() => expect(document.querySelector('.console-product-colours .ant-form-item-explain-error')?.textContent).toBe('颜色 白色 重复'), SOON);
    expect(document.querySelector('.console-product-skus-error')).toBeNull();
  });

  it('a picture the server refuses is marked failed with its reason and left out', async () => {
    serveConsole(catalogueRoutes(cataloguer, { '/catalog/pictures/upload': () => refused(422, '未检测到可用的图片') }));
    renderConsole('/products/new', intl);
    await shown('.console-product-item-no-input');
    await upload('.console-product-main-pictures', picture());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('未检测到可用的图片', 'error'), SOON);
    await waitFor(() => expect(document.querySelectorAll('.console-product-main-pictures .ant-upload-list-item-error')).toHaveLength(1));
    // not an image: refused before sending
    await upload('.console-product-detail-pictures', new File(['x'], 'a.txt', { type: 'text/plain' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('a.txt 不是图片', 'error'));
    expect(document.querySelectorAll('.console-product-detail-pictures .ant-upload-list-item')).toHaveLength(0);
  });

  it('edits a product: its values filled in, saved SKUs keep their stock, a new size brings new SKUs with theirs', async () => {
    const calls = serveConsole(
      catalogueRoutes(cataloguer, {
        '/catalog/product': () => ok(detailOf()),
        '/catalog/products/save': (body) => ok({ ...detailOf(), ...body }),
      }),
    );
    renderConsole('/products/P1', intl);
    await shown('.console-product-item-no-input');
    expect(document.querySelector('h2')?.textContent).toBe('编辑商品 A101-1001');
    expect(document.querySelector<HTMLInputElement>('.console-product-item-no-input')?.value).toBe('A101-1001');
    expect(document.querySelector('.console-product-new-note')).toBeNull();
    expect(document.querySelector('.console-product-incomplete')).toBeNull();
    expect([...document.querySelectorAll<HTMLInputElement>('input.console-colour-name-en')].map((e) => e.value)).toEqual(['Red', 'Black']);
    // saved options cannot be renamed or removed
    expect([...document.querySelectorAll<HTMLInputElement>('input.console-colour-name-zh')].map((e) => e.disabled)).toEqual([true, true]);
    expect([...document.querySelectorAll<HTMLButtonElement>('.console-size-remove')].map((e) => e.disabled)).toEqual([true, true]);
    expect(document.querySelectorAll('.console-product-main-pictures .ant-upload-list-item')).toHaveLength(2);
    expect(document.querySelectorAll('.console-colour-picture .ant-upload-list-item')).toHaveLength(2);
    // saved SKUs show their stock; a price that differs from the product's is filled in
    expect(skuRow('红色', 'S').querySelector('.console-sku-stock-saved')?.textContent).toContain('100');
    expect(skuRow('红色', 'S').querySelector('.console-sku-stock')).toBeNull();
    expect(skuRow('红色', 'M').querySelector<HTMLInputElement>('.console-sku-price input')?.value).toBe('61.00');

    fireEvent.click(document.querySelector('.console-size-add')!);
    await waitFor(() => expect(document.querySelectorAll('.console-product-size')).toHaveLength(3));
    input('.console-size-name', 'L', document.querySelectorAll('.console-product-size')[2]);
    await waitFor(() => expect(document.querySelectorAll('.console-product-skus tbody tr.ant-table-row')).toHaveLength(6));
    input('.console-sku-stock', '15', skuRow('黑色', 'L'));
    fireEvent.click(document.querySelector('.console-product-save')!);
    await waitFor(() => expect(saves(calls)).toHaveLength(1), SOON);
    expect(saves(calls)[0]).toEqual({
      id: 'P1',
      item_no: 'A101-1001',
      title_zh: '碎花连衣裙',
      title_en: 'Floral dress',
      category_id: 'c11',
      stall_id: 'st1',
      price: '59.00',
      colours: [
        { name_zh: '红色', name_en: 'Red', picture: '/media/p/P1/color-1.jpg' },
        { name_zh: '黑色', name_en: 'Black', picture: '/media/p/P1/color-2.jpg' },
      ],
      sizes: ['S', 'M', 'L'],
      skus: [
        { color: '红色', size: 'S', stock: 100 },
        { color: '红色', size: 'M', price: '61.00', stock: 40 },
        { color: '红色', size: 'L', stock: 0 },
        { color: '黑色', size: 'S', stock: 60 },
        { color: '黑色', size: 'M', stock: 40 },
        { color: '黑色', size: 'L', stock: 15 },
      ],
      main_pictures: ['/media/p/P1/main-1.jpg', '/media/p/P1/main-2.jpg'],
      detail_pictures: ['/media/p/P1/detail-1.jpg'],
      is_hot: true,
      is_sea: false,
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已保存', 'success'));
  });

  it('an answer without colours, sizes and pictures reads them from the SKUs and says the pictures must come again', async () => {
    const bare = { ...detailOf(), colours: undefined, sizes: undefined, main_pictures: undefined, detail_pictures: undefined };
    serveConsole(catalogueRoutes(cataloguer, { '/catalog/product': () => ok(bare) }));
    renderConsole('/products/P1', intl);
    await shown('.console-product-incomplete');
    expect([...document.querySelectorAll<HTMLInputElement>('input.console-colour-name-zh')].map((e) => e.value)).toEqual(['红色', '黑色']);
    expect([...document.querySelectorAll<HTMLInputElement>('input.console-size-name')].map((e) => e.value)).toEqual(['S', 'M']);
    expect(document.querySelectorAll('.console-product-main-pictures .ant-upload-list-item')).toHaveLength(0);
  });

  it('a product the server does not show (another stall) reads as not found', async () => {
    serveConsole(catalogueRoutes(stallKeeper, { '/catalog/product': () => refused(404, '商品不存在或已下架') }));
    renderConsole('/products/P2', intl);
    await waitFor(() => expect(document.querySelector('.console-product-missing')?.textContent).toContain('商品不存在或已下架'), SOON);
  });
});
