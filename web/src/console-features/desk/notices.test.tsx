import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffNotice } from './desk-api';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { confirmPop, input, marketer, modalOk, noticeOf, shown, texts } from './desk-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

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

function serveNotices() {
  let list: StaffNotice[] = [noticeOf(), noticeOf({ id: 'N2', title: '新品上架', title_en: '', pinned: false })];
  return serveConsole({
    '/staff/me': () => ok(marketer),
    '/notices': () => ok({ list, total: list.length }),
    '/notices/publish': (body) => {
      const notice = noticeOf({ id: 'N3', title_en: '', content_en: '', pinned: false, ...(body as Partial<StaffNotice>) });
      list = [notice, ...list];
      return ok(notice);
    },
    '/notices/withdraw': (body) => {
      list = list.filter((n) => n.id !== body.id);
      return ok(null);
    },
  });
}

const rows = () => [...document.querySelectorAll<HTMLElement>('.console-desk-notice-table tbody tr.ant-table-row')];

describe('notices screen', () => {
  it('lists the notices on show, pinned marked', async () => {
    const calls = serveNotices();
    renderConsole('/notices', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(calls.find((c) => c.path === '/notices')?.body).toEqual({ page: '1', pagesize: '20' });
    expect(rows()[0]!.textContent).toContain('置顶');
    expect(rows()[0]!.textContent).toContain('Spring Festival holiday');
    expect(rows()[1]!.textContent).not.toContain('置顶');
  });

  it('publishes a notice: title and content required, English left out when empty', async () => {
    const calls = serveNotices();
    renderConsole('/notices', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(document.querySelector('.console-desk-notice-add')!);
    await shown('.console-desk-notice-modal');
    fireEvent.click(modalOk('console-desk-notice-modal'));
    await waitFor(() => expect(texts('.console-desk-notice-modal .ant-form-item-explain-error')).toEqual(['请输入标题', '请输入内容']));
    input('.console-desk-notice-title', ' 五一发货安排 ');
    input('.console-desk-notice-content', '5月1日至3日正常发货。');
    input('.console-desk-notice-content-en', 'We ship as usual on 1–3 May.');
    fireEvent.click(document.querySelector('.console-desk-notice-pinned')!);
    fireEvent.click(modalOk('console-desk-notice-modal'));
    await waitFor(
      () =>
        expect(calls.find((c) => c.path === '/notices/publish')?.body).toEqual({
          title: '五一发货安排',
          content: '5月1日至3日正常发货。',
          content_en: 'We ship as usual on 1–3 May.',
          pinned: true,
        }),
      SOON,
    );
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(toast).toHaveBeenCalledWith('公告已发布', 'success');
  });

  it('withdraws a notice after confirming', async () => {
    const calls = serveNotices();
    renderConsole('/notices', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(rows()[1]!.querySelector('.console-desk-notice-withdraw')!);
    await confirmPop();
    await waitFor(() => expect(calls.find((c) => c.path === '/notices/withdraw')?.body).toEqual({ id: 'N2' }), SOON);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(toast).toHaveBeenCalledWith('公告已撤下', 'success');
  });
});
