import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { makeStore } from '../../testing/store';
import { refused, serve, stubRequestOrigin } from '../../testing/screen-test-kit';
import LoginScreen from './login-screen';

vi.mock('../../lib/toast', () => ({ toast: () => Promise.resolve() }));
vi.mock('../../lib/rsa', () => ({ rsaEncryptAll: (plains: string[]) => Promise.resolve(plains.map((p) => `rsa:${p}`)) }));

const intl = makeIntl('zh_CN', zh);
const text = (id: string) => intl.formatMessage({ id });

beforeEach(() => {
  localStorage.clear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLogin() {
  render(
    <Provider store={makeStore()}>
      <RawIntlProvider value={intl}>
        <MemoryRouter initialEntries={['/login?site=']}>
          <LoginScreen />
        </MemoryRouter>
      </RawIntlProvider>
    </Provider>,
  );
}

const errors = () => [...document.querySelectorAll('.field-error')].map((e) => e.textContent);
const submit = () => fireEvent.click(document.querySelector('.login-submit')!);
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('login panel (plain inputs)', () => {
  it('checks both fields on submit and sends nothing, then each field as it changes', async () => {
    const calls = serve({});
    renderLogin();
    expect(screen.getByLabelText(text('auth.mobile'))).toBe(document.getElementById('mobile'));
    submit();
    await waitFor(() => expect(errors()).toEqual([text('validation.mobile.required'), text('validation.password.required')]));
    expect(calls.filter((c) => c.path === '/user/login')).toHaveLength(0);

    type('mobile', '12345');
    expect(errors()).toEqual([text('validation.mobile.format'), text('validation.password.required')]);
    type('mobile', '13800138000');
    expect(errors()).toEqual([text('validation.password.required')]);
    expect(document.getElementById('mobile')!.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('password')!.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's refusal under the field it names until that field is edited", async () => {
    const calls = serve({ '/user/login': () => refused(422, '密码错误', { field: 'password' }) });
    renderLogin();
    type('mobile', '13800138000');
    type('password', 'abc12345');
    submit();
    await waitFor(() => expect(errors()).toEqual(['密码错误']));
    expect(calls.find((c) => c.path === '/user/login')?.body).toEqual({ mobile: '13800138000', password: 'rsa:abc12345' });
    type('password', 'abc123456');
    expect(errors()).toEqual([]);
  });

  it('shows the password on request', () => {
    serve({});
    renderLogin();
    const password = document.getElementById('password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: text('auth.password.show') }));
    expect(password.type).toBe('text');
  });
});
