import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import AddressCollectScreen from './address-collect-screen';
import { address, addressBook, bodiesOf, count, refused, serve, session, stubRequestOrigin, type Handler } from './address-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);

beforeAll(() => {
  // antd's responsive helpers ask for media queries, which jsdom lacks
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // the region picker's popup measures itself
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
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

function renderScreen(loggedInAs: typeof session | null = session) {
  const store = makeStore();
  if (loggedInAs) store.dispatch(loggedIn(loggedInAs));
  render(
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <ConfigProvider>
          <MemoryRouter initialEntries={['/addressCollect?site=']}>
            <AddressCollectScreen />
          </MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

const dialog = () => document.querySelector<HTMLElement>('.address-modal')!;
const cards = () => [...document.querySelectorAll<HTMLElement>('.address-card:not(.address-skeleton .address-card)')];
const save = () => fireEvent.click(within(dialog()).getByText('保 存').closest('button')!);
const fieldErrors = () => [...dialog().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

/** Opens the region picker and chooses one name per level, each level loaded when its parent is chosen. */
async function chooseRegion(names: string[]) {
  fireEvent.mouseDown(dialog().querySelector('.ant-cascader .ant-select-content, .ant-cascader .ant-select-selector, .ant-cascader')!);
  for (const [level, name] of names.entries()) {
    const item = await waitFor(() => {
      const menus = document.querySelectorAll('.address-region-popup .ant-cascader-menu');
      const found = [...(menus[level]?.querySelectorAll<HTMLElement>('.ant-cascader-menu-item') ?? [])].find((li) => li.title === name);
      if (!found) throw new Error(`${name} not shown yet`);
      return found;
    });
    fireEvent.click(item);
  }
}

describe('address book screen', () => {
  it('asks to log in without a session', () => {
    const calls = serve({});
    renderScreen(null);
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('empty: checks every field in the page, then adds with the region chosen level by level', async () => {
    const { book, routes } = addressBook();
    const calls = serve(routes);
    renderScreen();
    expect(await screen.findByText(/还没有收货地址/)).toBeTruthy();
    expect(document.querySelector('.address-count')?.textContent).toBe('0 / 50');

    fireEvent.click(document.querySelector('.address-add')!);
    await waitFor(() => expect(dialog()).toBeTruthy());
    // the first address is the default whatever is ticked
    const defaultBox = dialog().querySelector<HTMLInputElement>('#address_is_default')!;
    expect(defaultBox.checked).toBe(true);
    expect(defaultBox.disabled).toBe(true);

    save();
    await waitFor(() => expect(fieldErrors()).toEqual(['请输入收货人', '请输入手机号码', '请选择省市区', '请输入详细地址']));
    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '12345' } });
    await waitFor(() => expect(fieldErrors()).toContain('手机号码格式不正确'));
    expect(count(calls, '/add')).toBe(0);

    fireEvent.change(screen.getByPlaceholderText('请输入收货人'), { target: { value: ' 李四 ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '139-0000-1111' } });
    fireEvent.change(screen.getByPlaceholderText('街道、门牌号、楼层等'), { target: { value: '三元里大道 1 号' } });
    await chooseRegion(['广东省', '广州市', '白云区']);
    expect(bodiesOf(calls, '/area')).toEqual([{ pid: '' }, { pid: '44' }, { pid: '4401' }]);
    save();

    await waitFor(() => expect(count(calls, '/add')).toBe(1));
    expect(bodiesOf(calls, '/add')[0]).toEqual({
      recipient: '李四',
      phone: '139-0000-1111',
      province: '广东省',
      city: '广州市',
      district: '白云区',
      detail: '三元里大道 1 号',
      is_default: true,
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(toast).toHaveBeenCalledWith('地址已保存', 'success');
    const card = cards()[0]!;
    expect(card.querySelector('.address-recipient')?.textContent).toBe('李四');
    expect(card.querySelector('.address-full')?.textContent).toBe('广东省 广州市 白云区 三元里大道 1 号');
    expect(card.querySelector('.address-default-tag')?.textContent).toBe('默认');
    expect(document.querySelector('.address-count')?.textContent).toBe('1 / 50');
    expect(book).toHaveLength(1);

    // the next add starts from an empty form, and the default is a choice now
    fireEvent.click(document.querySelector('.address-add')!);
    await waitFor(() => expect(dialog().querySelector('#address_is_default')).toBeTruthy());
    const again = dialog().querySelector<HTMLInputElement>('#address_is_default')!;
    expect(again.checked).toBe(false);
    expect(again.disabled).toBe(false);
    expect((screen.getByPlaceholderText('请输入收货人') as HTMLInputElement).value).toBe('');
    expect(dialog().querySelector('.ant-cascader')?.textContent).not.toContain('白云区');
  }, 20_000);

  it('a refusal shows at the field the answer names, else as a toast', async () => {
    const { routes } = addressBook([address('A1', { is_default: true })]);
    let answer: Handler = () => refused(422, '地区不存在', { field: 'district' });
    const calls = serve({ ...routes, '/add': (body) => answer(body) });
    renderScreen();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(document.querySelector('.address-add')!);
    await waitFor(() => expect(dialog()).toBeTruthy());
    expect(dialog().querySelector<HTMLInputElement>('#address_is_default')!.disabled).toBe(false);
    fireEvent.change(screen.getByPlaceholderText('请输入收货人'), { target: { value: '王五' } });
    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '+86 139 0000 2222' } });
    fireEvent.change(screen.getByPlaceholderText('街道、门牌号、楼层等'), { target: { value: '科技园' } });
    await chooseRegion(['广东省', '深圳市', '南山区']);
    save();
    await waitFor(() => expect(fieldErrors()).toEqual(['地区不存在']));
    expect(dialog().querySelector('.ant-form-item-has-error #address_region, .ant-form-item-has-error .ant-cascader')).toBeTruthy();

    answer = () => refused(422, '最多只能保存 50 个地址');
    save();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('最多只能保存 50 个地址', 'error'));
    expect(count(calls, '/add')).toBe(2);
    expect(dialog().closest('.ant-modal-wrap')?.getAttribute('style') ?? '').not.toContain('display: none');
  }, 20_000);

  it('edits with the saved region preselected down its chain and keeps the favourite flag', async () => {
    const { routes } = addressBook([
      address('A1', { is_default: true, created_at: 1 }),
      address('A2', { recipient: '王五', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园', is_favorite: true, created_at: 2 }),
    ]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const second = cards().find((c) => c.dataset.id === 'A2')!;
    expect(second.querySelector('.address-favorite')?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(second.querySelector('.address-edit')!);
    await waitFor(() => expect(bodiesOf(calls, '/area')).toEqual([{ pid: '' }, { pid: '44' }, { pid: '4403' }]));
    expect((screen.getByPlaceholderText('请输入收货人') as HTMLInputElement).value).toBe('王五');
    expect(dialog().querySelector('.ant-cascader')?.textContent).toContain('广东省 / 深圳市 / 南山区');
    expect(dialog().querySelector<HTMLInputElement>('#address_is_default')!.checked).toBe(false);

    fireEvent.change(screen.getByPlaceholderText('请输入收货人'), { target: { value: '赵六' } });
    fireEvent.click(dialog().querySelector('#address_is_default')!);
    save();
    await waitFor(() => expect(count(calls, '/edit')).toBe(1));
    expect(bodiesOf(calls, '/edit')[0]).toEqual({
      id: 'A2',
      recipient: '赵六',
      phone: '13900001111',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园',
      is_default: true,
      is_favorite: true,
    });
    // asked again: the edited address is now the default and comes first
    await waitFor(() => expect(cards()[0]?.querySelector('.address-recipient')?.textContent).toBe('赵六'));
    expect(cards()[0]?.querySelector('.address-default-tag')).toBeTruthy();
    expect(cards()[1]?.querySelector('.address-default-tag')).toBeNull();
  }, 20_000);

  it('sets the default, toggles the favourite, and deletes after a confirm', async () => {
    const { routes } = addressBook([
      address('A1', { is_default: true, created_at: 1 }),
      address('A2', { recipient: '王五', created_at: 2 }),
    ]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const byId = (id: string) => cards().find((c) => c.dataset.id === id)!;
    expect(byId('A1').querySelector('.address-set-default')).toBeNull();

    fireEvent.click(byId('A2').querySelector('.address-set-default')!);
    await waitFor(() => expect(byId('A2').querySelector('.address-default-tag')).toBeTruthy());
    expect(byId('A1').querySelector('.address-default-tag')).toBeNull();
    expect(bodiesOf(calls, '/set_default')).toEqual([{ id: 'A2' }]);

    fireEvent.click(byId('A1').querySelector('.address-favorite')!);
    await waitFor(() => expect(byId('A1').querySelector('.address-favorite')?.getAttribute('aria-pressed')).toBe('true'));
    expect(bodiesOf(calls, '/favorite')).toEqual([{ id: 'A1', favorite: true }]);
    expect(toast).toHaveBeenCalledWith('已收藏该地址', 'success');

    const listsBefore = count(calls, '/lists');
    fireEvent.click(byId('A1').querySelector('.address-delete')!);
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.address-delete-confirm');
      if (!found) throw new Error('no confirm yet');
      return found;
    });
    expect(confirm.textContent).toContain('确定删除这个地址吗？');
    expect(count(calls, '/delete')).toBe(0);
    fireEvent.click(confirm.querySelector('.address-delete-ok')!);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodiesOf(calls, '/delete')).toEqual([{ id: 'A1' }]);
    expect(count(calls, '/lists')).toBe(listsBefore + 1);
    expect(toast).toHaveBeenCalledWith('地址已删除', 'success');
  });

  it('at 50 addresses the add button is off and says why', async () => {
    const { routes } = addressBook(Array.from({ length: 50 }, (_, i) => address(`A${i}`, { is_default: i === 0, created_at: i })));
    serve(routes);
    renderScreen();
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(document.querySelector('.address-count')?.textContent).toBe('50 / 50');
    expect(document.querySelector('.address-limit')?.textContent).toBe('最多只能保存 50 个地址');
    expect(document.querySelector<HTMLButtonElement>('.address-add')!.disabled).toBe(true);
  });
});
