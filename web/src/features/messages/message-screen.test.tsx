import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import { makeIntl, setIntl } from '../../lib/i18n';
import { mailPath, messageSearchFromParams, messageSearchParams, messageTarget } from './message-logic';
import MessageScreen from './message-screen';
import { bodiesOf, count, lastBody, mailbox, messageOf, renderAt, serve, stubBrowserBits, stubRequestOrigin } from './message-test-kit';

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
  vi.unstubAllGlobals();
});

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);
const where = () => screen.getByTestId('where').textContent;
const item = (id: string) => document.querySelector<HTMLElement>(`.mail-item[data-message="${id}"]`)!;
const open = (id: string) => fireEvent.click(item(id).querySelector('.mail-item-open')!);

/** Three messages, newest first: a paid order (unread), a refund (unread), a withdrawal (read). */
const MESSAGES = [
  messageOf({ id: 'm1', created_at: 1795000300 }),
  messageOf({
    id: 'm2',
    kind: 'after_sale_refunded',
    title: '售后已退款',
    content: '售后单 AS202611210001 已退款 51.80 元',
    link: { type: 'after_sale', id: 'AS202611210001', path: '/saleDetail?id=AS202611210001' },
    created_at: 1795000200,
  }),
  messageOf({
    id: 'm3',
    kind: 'withdrawal_paid',
    title: '提现已到账',
    content: '提现 100.00 元已打款',
    link: { type: 'withdrawal', id: 'WD1', path: '/withdrawalStatus' },
    read: true,
    created_at: 1795000100,
  }),
];

describe('the messages screen', () => {
  it('asks to log in without a session and sends nothing', () => {
    const calls = serve(mailbox(MESSAGES).routes);
    renderAt('/mail?site=', <MessageScreen />, intl, { loggedInAs: null });
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('lists the messages newest first with title, content, time and an unread mark', async () => {
    const calls = serve(mailbox(MESSAGES).routes);
    renderAt('/mail?site=', <MessageScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.mail-list .mail-item')).toHaveLength(3), SOON);
    expect(lastBody(calls, '/message/lists')).toEqual({ page: 1, pagesize: 10, status: 'all' });
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
    expect(texts('.mail-item .mail-title')).toEqual(['订单已支付', '售后已退款', '提现已到账']);
    expect(text('.mail-content', item('m1'))).toBe('订单 JP202611210001 已支付 107.40 元');
    expect(text('.mail-time', item('m1'))).toBe(formatDate(1795000300));
    expect(text('.mail-time', item('m1'))).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(texts('.mail-item .mail-type')).toEqual(['订单', '售后', '提现']);
    expect(texts('.mail-item.is-unread .mail-title')).toEqual(['订单已支付', '售后已退款']);
    expect(item('m3').classList.contains('is-read')).toBe(true);
    expect(item('m1').querySelector('.mail-dot[aria-label="未读"]')).toBeTruthy();
    // internal links keep the site
    expect(item('m2').querySelector('a.mail-item-open')?.getAttribute('href')).toBe('/saleDetail?id=AS202611210001&site=');
    expect(texts('.mail-tab')).toEqual(['全部', '未读 2', '已读']);
    expect(text('.mail-unread-total')).toBe('2 条未读');
    expect(text('.mail-pagination .ant-pagination-total-text')).toBe('共 3 条');
  });

  it('the tabs send the status and keep it in the address; an empty tab says so', async () => {
    const calls = serve(mailbox(MESSAGES.slice(0, 2)).routes);
    renderAt('/mail?site=', <MessageScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.mail-item')).toHaveLength(2), SOON);

    fireEvent.click(screen.getByText('未读'));
    await waitFor(() => expect(where()).toBe('/mail?status=unread&site='));
    await waitFor(() => expect(lastBody(calls, '/message/lists')).toEqual({ page: 1, pagesize: 10, status: 'unread' }));

    fireEvent.click(screen.getByText('已读'));
    await waitFor(() => expect(where()).toBe('/mail?status=read&site='));
    await waitFor(() => expect(lastBody(calls, '/message/lists')).toEqual({ page: 1, pagesize: 10, status: 'read' }));
    await waitFor(() => expect(text('.mail-empty .ant-empty-description')).toBe('没有已读消息'));
    expect(document.querySelector('.mail-pagination')).toBeNull();

    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(where()).toBe('/mail?site='));
    await waitFor(() => expect(lastBody(calls, '/message/lists')).toEqual({ page: 1, pagesize: 10, status: 'all' }));
  });

  it('opens on the tab and page of the address', async () => {
    const many = Array.from({ length: 12 }, (_, i) => messageOf({ id: `m${i}`, created_at: 1795000000 + i }));
    const calls = serve(mailbox(many).routes);
    renderAt('/mail?status=unread&page=2&site=', <MessageScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.mail-item')).toHaveLength(2), SOON);
    expect(bodiesOf(calls, '/message/lists')).toEqual([{ page: 2, pagesize: 10, status: 'unread' }]);
    expect(text('.mail-pagination .ant-pagination-total-text')).toBe('共 12 条');
  });

  it('an empty mailbox says so and mark-all-read is off', async () => {
    serve(mailbox([]).routes);
    renderAt('/mail?site=', <MessageScreen />, intl);
    await waitFor(() => expect(text('.mail-empty .ant-empty-description')).toBe('暂无消息'), SOON);
    expect(document.querySelector<HTMLButtonElement>('.mail-read-all')!.disabled).toBe(true);
  });

  it('clicking an unread message marks it read and goes to its link with the site', async () => {
    const { routes, box } = mailbox(MESSAGES);
    const calls = serve(routes);
    renderAt('/mail?site=', <MessageScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.mail-item')).toHaveLength(3), SOON);
    open('m2');
    await waitFor(() => expect(where()).toBe('/saleDetail?id=AS202611210001&site='));
    await waitFor(() => expect(bodiesOf(calls, '/message/read')).toEqual([{ id: 'm2' }]));
    await waitFor(() => expect(box.find((m) => m.id === 'm2')!.read).toBe(true));
  });

  it('clicking a read message goes there without reading it again', async () => {
    const calls = serve(mailbox(MESSAGES).routes);
    renderAt('/mail?site=', <MessageScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.mail-item')).toHaveLength(3), SOON);
    open('m3');
    await waitFor(() => expect(where()).toBe('/withdrawalStatus?site='));
    expect(count(calls, '/message/read')).toBe(0);
  });

  it('a message without a link is marked read in place and the list is asked again', async () => {
    const calls = serve(mailbox([messageOf({ id: 'm9', link: null })]).routes);
    renderAt('/mail?site=', <MessageScreen />, intl);
    await waitFor(() => expect(item('m9')?.classList.contains('is-unread')).toBe(true), SOON);
    expect(item('m9').querySelector('button.mail-item-open')).toBeTruthy();
    open('m9');
    await waitFor(() => expect(item('m9').classList.contains('is-read')).toBe(true));
    expect(bodiesOf(calls, '/message/read')).toEqual([{ id: 'm9' }]);
    expect(count(calls, '/message/lists')).toBe(2);
    expect(where()).toBe('/mail?site=');
  });

  it('mark all read reads them all, says so and asks the list again', async () => {
    const calls = serve(mailbox(MESSAGES).routes);
    renderAt('/mail?site=', <MessageScreen />, intl);
    await waitFor(() => expect(document.querySelectorAll('.mail-item.is-unread')).toHaveLength(2), SOON);
    fireEvent.click(document.querySelector('.mail-read-all')!);
    await waitFor(() => expect(document.querySelectorAll('.mail-item.is-unread')).toHaveLength(0));
    expect(count(calls, '/message/read_all')).toBe(1);
    expect(bodiesOf(calls, '/message/read_all')).toEqual([{}]);
    expect(toast).toHaveBeenCalledWith('已将全部消息标为已读', 'success');
    expect(text('.mail-unread-total')).toBe('0 条未读');
    expect(document.querySelector<HTMLButtonElement>('.mail-read-all')!.disabled).toBe(true);
    expect(texts('.mail-tab')).toEqual(['全部', '未读', '已读']);
  });

  it('in English, a reason staff typed in Chinese quoted as written and marked not to translate', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    const rejected = messageOf({
      id: 'm0',
      kind: 'withdrawal_rejected',
      title: 'Withdrawal rejected',
      content: 'Your withdrawal of 20.00 yuan was rejected: 账户有误; the amount is back in your balance.',
      quoted: ['账户有误'],
      link: { type: 'withdrawal', id: 'WD2', path: '/withdrawalStatus' },
      created_at: 1795000400,
    });
    serve(mailbox([rejected, ...MESSAGES]).routes);
    renderAt('/mail?site=', <MessageScreen />, english);
    await waitFor(() => expect(document.querySelectorAll('.mail-item')).toHaveLength(4), SOON);
    expect(text('.mail-content', item('m0'))).toBe(rejected.content);
    expect([...item('m0').querySelectorAll('.mail-content [translate="no"]')].map((e) => e.textContent)).toEqual(['账户有误']);
    expect(item('m1').querySelector('.mail-content [translate="no"]')).toBeNull();
    expect(texts('.mail-tab')).toEqual(['All', 'Unread 3', 'Read']);
    expect(text('.mail-read-all')).toBe('Mark all as read');
    expect(text('.mail-unread-total')).toBe('3 unread');
    expect(text('.mail-pagination .ant-pagination-total-text')).toBe('4 items');
  });
});

describe('message rules', () => {
  it('reads and writes the address', () => {
    expect(messageSearchFromParams('status=read&page=3&size=20')).toEqual({ status: 'read', page: 3, pagesize: 20 });
    expect(messageSearchFromParams('status=bogus&page=-1&size=7')).toEqual({ status: 'all', page: 1, pagesize: 10 });
    expect(messageSearchParams({ status: 'all', page: 1, pagesize: 10 })).toBe('');
    expect(mailPath({ status: 'unread', page: 2, pagesize: 50 })).toBe('/mail?status=unread&page=2&size=50');
  });

  it('follows internal links only', () => {
    expect(messageTarget({ path: '/outStock' })).toBe('/outStock');
    expect(messageTarget({ path: 'coupon' })).toBe('/coupon');
    expect(messageTarget({ path: 'https://example.com/x' })).toBeNull();
    expect(messageTarget({ path: '' })).toBeNull();
    expect(messageTarget(null)).toBeNull();
  });
});
