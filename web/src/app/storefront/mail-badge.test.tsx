import { act, cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNREAD_POLL_MS } from '../../features/messages/message-api';
import { orderApi } from '../../features/orders/order-api';
import MessageScreen from '../../features/messages/message-screen';
import { count, mailbox, messageOf, ok, renderAt, serve, stubBrowserBits, stubRequestOrigin } from '../../features/messages/message-test-kit';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { MailLink } from './mail-badge';
import { SiteNav } from './site-nav';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 20_000 });
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const navBadge = () => document.querySelector('.site-nav .nav-mail-badge')?.textContent ?? null;
const headerBadge = () => document.querySelector('.header-mail .header-mail-badge')?.textContent ?? null;
/** The nav and the header's bell beside the screen, on one store, as the layout shows them. */
const around = (
  <>
    <MailLink />
    <SiteNav />
  </>
);

const MESSAGES = [
  messageOf({ id: 'm1', created_at: 1795000300 }),
  messageOf({ id: 'm2', title: '订单已发货', link: { type: 'order', id: 'JP2', path: '/orderDetail?order_no=JP2' }, created_at: 1795000200 }),
];

describe('the unread badge in the layout', () => {
  it('shows 99+ above 99 on the personal menu of the nav and on the bell, which links to /mail', async () => {
    const calls = serve(mailbox(MESSAGES, { unreadExtra: 118 }).routes);
    renderAt('/orderList?site=', null, intl, { around });
    await waitFor(() => expect(navBadge()).toBe('99+'), SOON);
    expect(headerBadge()).toBe('99+');
    // on the personal module's menu button (its menu, loaded on the first open, has it on the mail entry)
    expect(document.querySelector('.site-nav [data-group="personal"]')?.textContent).toBe('个人中心99+');
    expect(document.querySelector('.header-mail')?.getAttribute('href')).toBe('/mail?site=');
    expect(document.querySelector('.header-mail')?.getAttribute('aria-label')).toBe('消息通知 120 条未读');
    // the two badges share one call
    expect(count(calls, '/message/unread_count')).toBe(1);
  });

  it('shows the count up to 99 and nothing at 0', async () => {
    const { routes } = mailbox(MESSAGES, { unreadExtra: 97 });
    serve(routes);
    renderAt('/mail?site=', <MessageScreen />, intl, { around });
    await waitFor(() => expect(navBadge()).toBe('99'), SOON);
    await waitFor(() => expect(document.querySelectorAll('.mail-item.is-unread')).toHaveLength(2));
    fireEvent.click(document.querySelector('.mail-read-all')!);
    await waitFor(() => expect(navBadge()).toBeNull());
    expect(headerBadge()).toBeNull();
    expect(document.querySelector('.header-mail')?.getAttribute('aria-label')).toBe('消息通知');
  });

  it('reading a message asks the count again', async () => {
    const calls = serve(mailbox(MESSAGES).routes);
    renderAt('/mail?site=', <MessageScreen />, intl, { around });
    await waitFor(() => expect(navBadge()).toBe('2'), SOON);
    await waitFor(() => expect(document.querySelectorAll('.mail-item')).toHaveLength(2));
    fireEvent.click(document.querySelector('.mail-item[data-message="m2"] .mail-item-open')!);
    await waitFor(() => expect(navBadge()).toBe('1'));
    expect(headerBadge()).toBe('1');
    expect(count(calls, '/message/unread_count')).toBe(2);
    expect(document.querySelector('[data-testid="where"]')?.textContent).toBe('/orderDetail?order_no=JP2&site=');
  });

  it('is asked again as soon as a change of the seller\'s worked, not at the next poll', async () => {
    const { routes, box } = mailbox(MESSAGES);
    const calls = serve({ ...routes, '/order/cancel': () => ok({ order: { order_no: 'JP3', status: 'cancelled' } }) });
    const store = renderAt('/orderList?site=', null, intl, { around });
    await waitFor(() => expect(navBadge()).toBe('2'), SOON);
    // Cancelling a paid order refunds it, and the refund is a message made by the server.
    box.push(messageOf({ id: 'm3', title: '订单已取消', created_at: 1795000400 }));
    await act(async () => {
      await store.dispatch(orderApi.endpoints.cancelOrder.initiate({ order_no: 'JP3' }));
    });
    await waitFor(() => expect(navBadge()).toBe('3'));
    expect(count(calls, '/message/unread_count')).toBe(2);
  });

  it('is asked again every minute while logged in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { routes, box } = mailbox(MESSAGES);
    const calls = serve(routes);
    renderAt('/orderList?site=', null, intl, { around });
    const settle = async () => {
      for (let i = 0; i < 20; i += 1) await act(() => vi.advanceTimersByTimeAsync(10));
    };
    await settle();
    expect(navBadge()).toBe('2');
    expect(count(calls, '/message/unread_count')).toBe(1);
    box.push(messageOf({ id: 'm3', created_at: 1795000400 }));
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS - 1000));
    expect(count(calls, '/message/unread_count')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await settle();
    expect(count(calls, '/message/unread_count')).toBe(2);
    expect(navBadge()).toBe('3');
  });

  it('without a session: no bell, no nav entry and no call', async () => {
    const calls = serve(mailbox(MESSAGES).routes);
    renderAt('/orderList?site=', null, intl, { loggedInAs: null, around: <SiteNav /> });
    await waitFor(() => expect(document.querySelector('.site-nav')).toBeTruthy());
    expect(document.querySelector('.site-nav a[href^="/mail"]')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/message/'))).toEqual([]);
  });
});
