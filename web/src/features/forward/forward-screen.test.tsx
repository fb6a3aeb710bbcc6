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
const fieldErrorsOf = (selector: string) => [...document.querySelectorAll(`${selector} .ant-form-item-explain-error`)].map((e) => e.textContent);
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

  it('lists the shop exchange rates and adds, changes and removes one; the whole set is saved each time', async () => {
    const { state, routes } = forwardServer(DEFAULTS, [{ platform: 'shopee', currency: 'PHP', rate: '0.1250', micro_cny: 125000 }]);
    const calls = serve(routes);
    renderScreen();
    await waitFor(() => expect(document.querySelectorAll('.forward-rate-row')).toHaveLength(1));
    expect(document.querySelector('.forward-rates-title')?.textContent).toBe('平台店铺汇率');
    expect(document.querySelector('.forward-rates-hint')?.textContent).toBe('外币平台导出的毛利只按这里的汇率折算成人民币显示；没有汇率的币种不显示毛利。');
    const rateRow = (platform: string, currency: string) => document.querySelector<HTMLElement>(`.forward-rate-row[data-platform="${platform}"][data-currency="${currency}"]`);
    expect(rateRow('shopee', 'PHP')?.querySelector('.forward-rate-platform')?.textContent).toBe('Shopee');
    expect(rateRow('shopee', 'PHP')?.querySelector('.forward-rate-value')?.textContent).toBe('1 PHP = ¥0.1250');
    expect(bodiesOf(calls, '/platform_rates')).toEqual([{}]);

    // a new one: Shopee is chosen already; the currency is upper-cased as typed
    const currency = () => document.querySelector<HTMLInputElement>('.forward-rate-currency-input')!;
    const rate = () => document.querySelector<HTMLInputElement>('.forward-rate-rate-input input, input.forward-rate-rate-input')!;
    const saveRate = () => fireEvent.click(document.querySelector('.forward-rate-save')!);
    fireEvent.change(currency(), { target: { value: 'myr' } });
    await waitFor(() => expect(currency().value).toBe('MYR'));
    fireEvent.change(rate(), { target: { value: '1.53' } });
    saveRate();
    await waitFor(() => expect(count(calls, '/platform_rates/save')).toBe(1));
    expect(bodiesOf(calls, '/platform_rates/save')[0]).toEqual({
      rates: [
        { platform: 'shopee', currency: 'PHP', rate: '0.1250' },
        { platform: 'shopee', currency: 'MYR', rate: '1.53' },
      ],
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('汇率已保存', 'success'));
    await waitFor(() => expect(rateRow('shopee', 'MYR')?.querySelector('.forward-rate-value')?.textContent).toBe('1 MYR = ¥1.5300'));

    // a bad currency is refused in the page
    fireEvent.change(currency(), { target: { value: 'PESO' } });
    saveRate();
    await waitFor(() => expect(fieldErrorsOf('.forward-rate-form')).toEqual(['币种须为 3 个字母的 ISO 代码，如 PHP、MYR']));
    expect(count(calls, '/platform_rates/save')).toBe(1);

    // a change starts from the row; 0 removes it
    fireEvent.click(rateRow('shopee', 'PHP')!.querySelector('.forward-rate-edit')!);
    await waitFor(() => expect(currency().value).toBe('PHP'));
    expect(rate().value).toBe('0.1250');
    fireEvent.change(rate(), { target: { value: '0' } });
    saveRate();
    await waitFor(() => expect(count(calls, '/platform_rates/save')).toBe(2));
    expect(bodiesOf(calls, '/platform_rates/save')[1]).toEqual({ rates: [{ platform: 'shopee', currency: 'MYR', rate: '1.5300' }] });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('汇率已删除', 'success'));
    await waitFor(() => expect(rateRow('shopee', 'PHP')).toBeNull());

    fireEvent.click(rateRow('shopee', 'MYR')!.querySelector('.forward-rate-remove')!);
    await waitFor(() => expect(count(calls, '/platform_rates/save')).toBe(3));
    expect(bodiesOf(calls, '/platform_rates/save')[2]).toEqual({ rates: [] });
    await waitFor(() => expect(document.querySelector('.forward-rates-empty .ant-empty-description')?.textContent).toBe('还没有设置汇率'));
    expect(state.rates).toEqual([]);
  });

  it("a rate the server refuses shows next to the field it names", async () => {
    const { routes } = forwardServer();
    const calls = serve({ ...routes, '/platform_rates/save': () => refused(422, '汇率须大于 0、不超过 1000，最多 4 位小数（1 PHP 合多少元）', { field: 'rate', index: 0 }) });
    renderScreen();
    await waitFor(() => expect(document.querySelector('.forward-rates-empty')).toBeTruthy());
    fireEvent.change(document.querySelector('.forward-rate-currency-input')!, { target: { value: 'PHP' } });
    fireEvent.change(document.querySelector('.forward-rate-rate-input input, input.forward-rate-rate-input')!, { target: { value: '0.5' } });
    fireEvent.click(document.querySelector('.forward-rate-save')!);
    await waitFor(() => expect(fieldErrorsOf('.forward-rate-form')).toEqual(['汇率须大于 0、不超过 1000，最多 4 位小数（1 PHP 合多少元）']));
    expect(bodiesOf(calls, '/platform_rates/save')).toEqual([{ rates: [{ platform: 'shopee', currency: 'PHP', rate: '0.5' }] }]);
  });
});
