import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn } from '../../state/session-slice';
import type { FundSummary } from '../../lib/api-types';
import { makeStore } from '../../testing/store';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { fundApi } from './fund-api';
import { BindAccountCard, WithdrawCard } from './fund-forms';
import { count, ok, refused, serve, session, stubRequestOrigin, summary } from './fund-test-kit';
import { TopUpDialog } from './top-up-dialog';

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

function renderWith(node: ReactNode) {
  const store = makeStore();
  store.dispatch(loggedIn(session));
  render(
    <Provider store={store}>
      <RawIntlProvider value={intl}>
        <ConfigProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </ConfigProvider>
      </RawIntlProvider>
    </Provider>,
  );
  return store;
}

const payment = (status: string) => ({
  payment_id: 'P1',
  amount: '100.00',
  status,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  pay_url: 'http://127.0.0.1:8080/pay/P1',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
});

describe('top-up dialog', () => {
  it('checks the amount, shows the QR and pay link, polls, and closes itself once paid', async () => {
    let polls = 0;
    const calls = serve({
      '/index': () => ok(summary),
      '/recharge': () => ok(payment('pending')),
      '/payment_status': () => {
        polls += 1;
        return ok({ ...payment(polls >= 2 ? 'paid' : 'pending'), paid_at: polls >= 2 ? 1 : null });
      },
    });
    const onClose = vi.fn();
    const store = renderWith(<TopUpDialog open token="tok" maxTopUp="50000.00" onClose={onClose} />);
    const summarySub = store.dispatch(fundApi.endpoints.fundSummary.initiate({ token: 'tok' }));
    await summarySub;

    const input = await screen.findByPlaceholderText('请输入金额，最多两位小数');
    fireEvent.click(screen.getByText('去支付').closest('button')!);
    expect(await screen.findByText('充值金额必须大于0')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1.234' } });
    fireEvent.click(screen.getByText('去支付').closest('button')!);
    expect(await screen.findByText('金额最多两位小数')).toBeTruthy();
    expect(count(calls, '/recharge')).toBe(0);

    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(screen.getByText('去支付').closest('button')!);
    const link = await screen.findByText('或在新窗口打开支付页面');
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:8080/pay/P1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(document.querySelector('.topup-qr')?.getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(document.querySelector('.topup-countdown')?.textContent).toMatch(/1[45]:\d\d/);
    expect(calls.find((c) => c.path === '/recharge')?.body).toEqual({ amount: '100.00' });

    // first status at once (pending), the next two seconds later (paid)
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    expect(toast).toHaveBeenCalledWith('充值成功，¥100.00 已到账', 'success');
    await waitFor(() => expect(count(calls, '/index')).toBe(2));
    summarySub.unsubscribe();
  }, 10_000);

  it('an expired payment says so and offers a new top-up with the same amount', async () => {
    serve({
      '/recharge': () => ok(payment('pending')),
      '/payment_status': () => ok({ ...payment('expired'), paid_at: null }),
    });
    const onClose = vi.fn();
    renderWith(<TopUpDialog open token="tok" maxTopUp={undefined} onClose={onClose} />);
    const input = await screen.findByPlaceholderText('请输入金额，最多两位小数');
    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(screen.getByText('去支付').closest('button')!);
    expect(await screen.findByText('二维码已过期，本次充值未完成')).toBeTruthy();
    fireEvent.click(screen.getByText('重新充值').closest('button')!);
    await waitFor(() => expect((screen.getByPlaceholderText('请输入金额，最多两位小数') as HTMLInputElement).value).toBe('100'));
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('withdrawal form', () => {
  it('checks account, amount and balance before sending', async () => {
    const calls = serve({});
    renderWith(<WithdrawCard summary={{ ...summary, payout_account: null }} />);
    const input = screen.getByPlaceholderText('请输入金额，最多两位小数');
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByText('提交提现').closest('button')!);
    await waitFor(() => expect(screen.getAllByText('请先绑定收款账户')).toHaveLength(2)); // the hint and the field
    cleanup();

    renderWith(<WithdrawCard summary={summary} />);
    const again = screen.getByPlaceholderText('请输入金额，最多两位小数');
    fireEvent.change(again, { target: { value: '0' } });
    fireEvent.click(screen.getByText('提交提现').closest('button')!);
    expect(await screen.findByText('提现金额必须大于0')).toBeTruthy();
    fireEvent.change(again, { target: { value: '120.01' } });
    expect(await screen.findByText('提现金额不能超过余额')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('binding an account clears the stale message and does not check an amount nobody typed', async () => {
    serve({});
    const store = makeStore();
    store.dispatch(loggedIn(session));
    const view = (payout: FundSummary['payout_account']) => (
      <Provider store={store}>
        <RawIntlProvider value={intl}>
          <ConfigProvider>
            <MemoryRouter>
              <WithdrawCard summary={{ ...summary, payout_account: payout }} />
            </MemoryRouter>
          </ConfigProvider>
        </RawIntlProvider>
      </Provider>
    );
    const { rerender } = render(view(null));
    const fieldErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')].map((e) => e.textContent);
    fireEvent.click(document.querySelector('.withdraw-submit')!);
    await waitFor(() => expect(fieldErrors()).toEqual(['请先绑定收款账户']));

    rerender(view(summary.payout_account));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(fieldErrors()).toEqual([]);
    expect(screen.queryByText('提现金额必须大于0')).toBeNull();

    // typed and then bound elsewhere: the amount is checked again
    rerender(view(null));
    fireEvent.change(screen.getByPlaceholderText('请输入金额，最多两位小数'), { target: { value: '500' } });
    fireEvent.click(document.querySelector('.withdraw-submit')!);
    await waitFor(() => expect(fieldErrors()).toEqual(['请先绑定收款账户']));
    rerender(view(summary.payout_account));
    await waitFor(() => expect(fieldErrors()).toEqual(['提现金额不能超过余额']));
  });

  it('a retry after no answer reuses the request id; the next withdrawal gets a new one', async () => {
    let answered = false;
    const calls = serve({
      '/index': () => ok(summary),
      '/withdraw': (body) => {
        if (!answered) {
          answered = true;
          throw new TypeError('Failed to fetch');
        }
        return ok({ withdrawal: { id: 'W1', amount: body.amount, status: 'pending' } });
      },
    });
    renderWith(<WithdrawCard summary={summary} />);
    const input = screen.getByPlaceholderText('请输入金额，最多两位小数');
    // each submit is confirmed in the dialog before it is sent
    const submit = async () => {
      fireEvent.click(document.querySelector('.withdraw-submit')!);
      const ok = await waitFor(() => {
        const button = document.querySelector<HTMLButtonElement>('.withdraw-confirm-ok');
        expect(button).toBeTruthy();
        return button!;
      });
      fireEvent.click(ok);
      await waitFor(() => expect(document.querySelector('.withdraw-confirm-ok')).toBeNull());
    };

    fireEvent.change(input, { target: { value: '30' } });
    await submit();
    expect(await screen.findByText('未收到提交结果。再次提交同一金额不会重复提现。')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith('连接服务器失败', 'error');
    await submit();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('提现申请已提交，¥30.00 已冻结，等待审核', 'success'));
    // the form starts over (resetFields mounts a new input)
    await waitFor(() => expect((screen.getByPlaceholderText('请输入金额，最多两位小数') as HTMLInputElement).value).toBe(''));

    fireEvent.change(screen.getByPlaceholderText('请输入金额，最多两位小数'), { target: { value: '30' } });
    await submit();
    await waitFor(() => expect(count(calls, '/withdraw')).toBe(3));
    const ids = calls.filter((c) => c.path === '/withdraw').map((c) => (c.body as { request_id: string }).request_id);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(calls.filter((c) => c.path === '/withdraw').map((c) => (c.body as { amount: string }).amount)).toEqual(['30.00', '30.00', '30.00']);
  });
});

describe('withdrawal confirmation', () => {
  it('names the amount in yuan and the account before anything is sent; cancelling sends nothing', async () => {
    const calls = serve({
      '/index': () => ok(summary),
      '/withdraw': (body) => ok({ withdrawal: { id: 'W1', amount: body.amount, status: 'pending' } }),
    });
    renderWith(<WithdrawCard summary={summary} />);
    fireEvent.change(screen.getByPlaceholderText('请输入金额，最多两位小数'), { target: { value: '30.5' } });
    fireEvent.click(document.querySelector('.withdraw-submit')!);

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('请确认提现信息');
    expect(dialog.querySelector('.withdraw-confirm-amount')?.textContent).toBe('¥30.50');
    expect(dialog.querySelector('.withdraw-confirm-account')?.textContent).toBe('张* 138****1111');
    expect(dialog.textContent).toContain('确认后该金额将冻结，审核通过后打款到以上账户。');
    expect(count(calls, '/withdraw')).toBe(0);

    // antd spaces out a two-character label ('取 消')
    expect(dialog.querySelector('.withdraw-confirm-cancel')?.textContent).toBe('取 消');
    fireEvent.click(dialog.querySelector('.withdraw-confirm-cancel')!);
    await waitFor(() => expect(document.querySelector('.withdraw-confirm-ok')).toBeNull());
    expect(count(calls, '/withdraw')).toBe(0);
    expect((screen.getByPlaceholderText('请输入金额，最多两位小数') as HTMLInputElement).value).toBe('30.5');

    fireEvent.click(document.querySelector('.withdraw-submit')!);
    fireEvent.click(await screen.findByText('确认提现', { selector: '.withdraw-confirm-ok *' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('提现申请已提交，¥30.50 已冻结，等待审核', 'success'));
    expect(calls.filter((c) => c.path === '/withdraw').map((c) => (c.body as { amount: string }).amount)).toEqual(['30.50']);
  });

  it('an amount the rules refuse never opens the confirmation', async () => {
    const calls = serve({});
    renderWith(<WithdrawCard summary={summary} />);
    fireEvent.change(screen.getByPlaceholderText('请输入金额，最多两位小数'), { target: { value: '500' } });
    fireEvent.click(document.querySelector('.withdraw-submit')!);
    expect(await screen.findByText('提现金额不能超过余额')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('payout account', () => {
  const fieldErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')].map((e) => e.textContent);
  const fill = (payee: string, account: string) => {
    fireEvent.change(document.getElementById('bind_payee')!, { target: { value: payee } });
    fireEvent.change(document.getElementById('bind_account')!, { target: { value: account } });
  };

  it('the first binding asks for no code', async () => {
    const calls = serve({ '/bind_account': () => ok({ payout_account: { payee: '张*', account: '138****1111' } }) });
    renderWith(<BindAccountCard summary={{ ...summary, payout_account: null }} />);
    expect(document.getElementById('bind_code')).toBeNull();
    expect(screen.queryByText('获取验证码')).toBeNull();
    fill('张三', '13800001111');
    fireEvent.click(document.querySelector('.bind-account-submit')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('收款账户已绑定', 'success'));
    expect(calls.find((c) => c.path === '/bind_account')?.body).toEqual({ payee: '张三', account: '13800001111' });
  });

  it('changing the bound account takes the code sent to the phone: sent, counted down, then sent with the change', async () => {
    let answer: 'wrong' | 'right' = 'wrong';
    const calls = serve({
      '/payout_code': () => ok({ cooldown: 60, expires_in: 300, mobile: '138****8000' }),
      '/bind_account': () =>
        answer === 'wrong' ? refused(422, '验证码不正确', { field: 'code' }) : ok({ payout_account: { payee: '李*', account: 'l***@example.com' } }),
    });
    renderWith(<BindAccountCard summary={summary} />);
    expect(screen.getByText('更换收款账户')).toBeTruthy();
    expect(screen.getByText('当前账户：张* 138****1111')).toBeTruthy();
    expect(screen.getByText('更换收款账户需验证手机：验证码发送到您账号的手机号')).toBeTruthy();

    // no code: refused in the page, nothing sent
    fill('李四', 'lisi@example.com');
    fireEvent.click(document.querySelector('.bind-account-submit')!);
    await waitFor(() => expect(fieldErrors()).toEqual(['验证码不能为空']));
    expect(count(calls, '/bind_account')).toBe(0);

    fireEvent.click(screen.getByText('获取验证码').closest('button')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('验证码已发送至 138****8000', 'success'));
    const send = document.querySelector<HTMLButtonElement>('.send-sms')!;
    await waitFor(() => expect(send.textContent).toMatch(/^(60|59)秒后重新获取$/));
    expect(send.disabled).toBe(true);
    expect(calls.find((c) => c.path === '/payout_code')).toMatchObject({ body: {}, token: 'tok' });

    // the server's refusal of the code shows under the code field
    fireEvent.change(document.getElementById('bind_code')!, { target: { value: '000000' } });
    fireEvent.click(document.querySelector('.bind-account-submit')!);
    await waitFor(() => expect(fieldErrors()).toEqual(['验证码不正确']));

    answer = 'right';
    fireEvent.change(document.getElementById('bind_code')!, { target: { value: ' 123456 ' } });
    fireEvent.click(document.querySelector('.bind-account-submit')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('收款账户已更换', 'success'));
    expect(calls.filter((c) => c.path === '/bind_account').map((c) => c.body)).toEqual([
      { payee: '李四', account: 'lisi@example.com', code: '000000' },
      { payee: '李四', account: 'lisi@example.com', code: '123456' },
    ]);
  });

  it('a code refused (sent too often) is said and the button does not count down', async () => {
    serve({ '/payout_code': () => refused(429, '发送过于频繁，请 42 秒后再试') });
    renderWith(<BindAccountCard summary={summary} />);
    fireEvent.click(screen.getByText('获取验证码').closest('button')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('发送过于频繁，请 42 秒后再试', 'error'));
    const send = document.querySelector<HTMLButtonElement>('.send-sms')!;
    await waitFor(() => expect(send.disabled).toBe(false));
    expect(send.textContent).toBe('获取验证码');
  });
});
