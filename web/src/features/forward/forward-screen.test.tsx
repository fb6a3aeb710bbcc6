import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../state/session-slice';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import ForwardSettingScreen from './forward-setting-screen';
import { bodiesOf, count, DEFAULTS, forwardServer, refused, serve, session, stubRequestOrigin } from './forward-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);

beforeAll(() => {
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
          <MemoryRouter initialEntries={['/forwardSeting?site=']}>
            <ForwardSettingScreen />
          </MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

const form = () => document.querySelector<HTMLFormElement>('.forward-form')!;
const radio = (className: string) => document.querySelector<HTMLInputElement>(`.${className} input[type=radio]`)!;
const fieldErrors = () => [...form().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const save = () => fireEvent.click(document.querySelector('.forward-save')!);

/** Opens the courier select and picks the option whose name is `name`. */
async function chooseCourier(name: string) {
  fireEvent.mouseDown(document.querySelector('.forward-courier .ant-select-content, .forward-courier .ant-select-selector, .forward-courier')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.forward-courier-popup .ant-select-item-option')].find((o) =>
      o.textContent?.includes(name),
    );
    if (!found) throw new Error(`${name} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

describe('drop-shipping settings screen', () => {
  it('asks to log in without a session', () => {
    const calls = serve({});
    renderScreen(null);
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the defaults with the fee of each courier and inspection level', async () => {
    const { routes } = forwardServer();
    serve(routes);
    renderScreen();
    await waitFor(() => expect(form()).toBeTruthy());
    expect(document.querySelector('.forward-courier')?.textContent).toContain('中通快递');
    expect(document.querySelector('.forward-courier')?.textContent).toContain('首件 ¥4.00，续件 ¥1.00/件');
    expect(radio('forward-qc-none').checked).toBe(true);
    expect(document.querySelector('.forward-qc-none')?.textContent).toBe('不质检免费');
    expect(document.querySelector('.forward-qc-basic')?.textContent).toBe('普通质检¥0.30/件');
    expect(document.querySelector('.forward-qc-advanced')?.textContent).toBe('高级质检¥1.30/件');
    expect(radio('forward-priority-together').checked).toBe(true);
    expect((screen.getByLabelText('寄件人') as HTMLInputElement).value).toBe('');
  });

  it('saves SF, advanced inspection and split with the sender and remark; the answer is asked again', async () => {
    const { state, routes } = forwardServer();
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(form()).toBeTruthy());
    fireEvent.change(screen.getByLabelText('寄件人'), { target: { value: ' 小王 ' } });
    fireEvent.change(screen.getByLabelText('寄件人电话'), { target: { value: '139 0000 1111' } });
    await chooseCourier('顺丰速运');
    await waitFor(() => expect(document.querySelector('.forward-courier .ant-select-content, .forward-courier')?.textContent).toContain('顺丰速运'));
    fireEvent.click(radio('forward-qc-advanced'));
    fireEvent.click(radio('forward-priority-split'));
    fireEvent.change(screen.getByLabelText('备注模板'), { target: { value: '不要放发票' } });
    save();
    await waitFor(() => expect(count(calls, '/save')).toBe(1));
    expect(bodiesOf(calls, '/save')[0]).toEqual({
      sender_name: '小王',
      sender_phone: '139 0000 1111',
      courier: 'sf',
      qc_level: 'advanced',
      shipping_priority: 'split',
      remark_template: '不要放发票',
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('代发设置已保存', 'success'));
    await waitFor(() => expect(count(calls, '/settings')).toBe(2));
    expect(state.saved.courier).toBe('sf');
    // the form shows what the server kept
    await waitFor(() => expect(radio('forward-qc-advanced').checked).toBe(true));
    expect(radio('forward-priority-split').checked).toBe(true);
    expect((screen.getByLabelText('寄件人') as HTMLInputElement).value).toBe('小王');
  });

  it('a bad phone is refused in the page; a refusal naming a field shows there, any other as a toast', async () => {
    const { routes } = forwardServer({ ...DEFAULTS, courier: 'yto' });
    let answer = () => refused(422, '寄件人最多 30 个字', { field: 'sender_name' });
    const calls = serve({ ...routes, '/save': () => answer() });
    renderScreen();
    await waitFor(() => expect(form()).toBeTruthy());
    expect(document.querySelector('.forward-courier')?.textContent).toContain('圆通速递');

    fireEvent.change(screen.getByLabelText('寄件人电话'), { target: { value: '12345' } });
    save();
    await waitFor(() => expect(fieldErrors()).toEqual(['手机号码格式不正确']));
    expect(count(calls, '/save')).toBe(0);

    fireEvent.change(screen.getByLabelText('寄件人电话'), { target: { value: '' } });
    save();
    await waitFor(() => expect(fieldErrors()).toEqual(['寄件人最多 30 个字']));
    expect(form().querySelector('.ant-form-item-has-error #forward_sender_name')).toBeTruthy();

    answer = () => refused(500, '服务器错误');
    save();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('服务器错误', 'error'));
    expect(count(calls, '/save')).toBe(2);
  });
});
