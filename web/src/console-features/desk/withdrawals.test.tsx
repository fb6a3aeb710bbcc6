import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Staff } from '../../api/console-api';
import type { StaffWithdrawal } from './desk-api';
import zh from '../../i18n/zh_CN.json';
import type * as FileDownload from '../../lib/file-download';
import { makeIntl, setIntl } from '../../lib/i18n';
import { ok, refused, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';
import { confirmPop, financier, input, LEDGER, modalOk, shown, texts, withdrawalOf } from './desk-test-kit';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
const saveBlob = vi.fn();
vi.mock('../../lib/file-download', async (original) => ({ ...(await original<typeof FileDownload>()), saveBlob: (...args: unknown[]) => saveBlob(...args) }));

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
  saveBlob.mockClear();
  setIntl(intl);
  stubRequestOrigin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OTHER = withdrawalOf({ id: 'W2', amount: '50.00', user_id: 'u8', mobile: '13600136000' });

function serveWithdrawals(staff: Staff = financier, refuse = false) {
  let list: StaffWithdrawal[] = [withdrawalOf(), OTHER];
  const decide = (status: string) => (body: Record<string, unknown>) => {
    if (refuse) return refused(422, '该提现已驳回');
    const changed = { ...list.find((w) => w.id === body.id)!, status, reason: String(body.reason ?? ''), decided_at: 1_767_300_000 };
    list = list.map((w) => (w.id === changed.id ? changed : w));
    return ok(changed);
  };
  return serveConsole({
    '/staff/me': () => ok(staff),
    '/withdrawals': (body) => {
      const shown = body.status ? list.filter((w) => w.status === body.status) : list;
      return ok({ list: shown, total: shown.length });
    },
    '/withdrawals/approve': decide('paid'),
    '/withdrawals/reject': decide('rejected'),
    '/ledger': () => ok(LEDGER),
    '/withdrawals/reveal': (body) => ok({ id: body.id, payee: '张三', account: '13811111111' }),
    '/withdrawals/payouts': () => sheet('payouts-2026-01-02.xlsx'),
    '/withdrawals/payouts/to_pay': () => sheet('to-pay.xlsx'),
  });
}

function sheet(name: string) {
  return new Response(new Blob(['xlsx']), {
    status: 200,
    headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="${name}"` },
  });
}

const rows = () => [...document.querySelectorAll<HTMLElement>('.console-desk-withdrawal-table tbody tr.ant-table-row')];

describe('withdrawals screen', () => {
  it('lists the pending withdrawals and shows the seller’s ledger beside the selected one', async () => {
    const calls = serveWithdrawals();
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(calls.find((c) => c.path === '/withdrawals')?.body).toEqual({ status: 'pending', page: '1', pagesize: '20' });
    expect(rows()[0]!.textContent).toContain('¥300.00');
    expect(rows()[0]!.textContent).toContain('张* 138****1111');
    // nothing selected yet
    expect(document.querySelector('.console-desk-ledger-none')).not.toBeNull();
    expect(calls.some((c) => c.path === '/ledger')).toBe(false);

    fireEvent.click(rows()[0]!);
    const ledger = await shown('.console-desk-ledger');
    await waitFor(() => expect(calls.find((c) => c.path === '/ledger')?.body).toEqual({ user_id: 'u7', page: '1', pagesize: '10' }));
    await waitFor(() => expect(ledger.querySelectorAll('.console-desk-ledger-table tbody tr.ant-table-row')).toHaveLength(2));
    expect(ledger.querySelector('.ant-card-head-title')?.textContent).toBe('13700137000 的资金流水');
    expect(ledger.querySelector('.console-desk-ledger-balance')?.textContent).toContain('120.00');
    expect(ledger.querySelector('.console-desk-ledger-frozen')?.textContent).toContain('300.00');
    // The first ledger row (a scrolling table puts a measuring row before it).
    const first = ledger.querySelector('.console-desk-ledger-table tbody tr.ant-table-row');
    expect([...(first?.querySelectorAll('td') ?? [])].map((td) => td.textContent).slice(1, 3)).toEqual(['提现申请', '-300.00']);
    expect(rows()[0]!.classList.contains('console-desk-selected')).toBe(true);

    // another row: that seller's ledger
    fireEvent.click(rows()[1]!);
    await waitFor(() => expect(calls.filter((c) => c.path === '/ledger').at(-1)?.body).toEqual({ user_id: 'u8', page: '1', pagesize: '10' }));
  });

  it('marks a withdrawal paid after confirming; the queue and the ledger are asked again', async () => {
    const calls = serveWithdrawals();
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(rows()[0]!);
    await waitFor(() => expect(calls.some((c) => c.path === '/ledger')).toBe(true));
    fireEvent.click(rows()[0]!.querySelector('.console-desk-withdrawal-approve')!);
    await confirmPop();
    await waitFor(() => expect(calls.find((c) => c.path === '/withdrawals/approve')?.body).toEqual({ id: 'W1' }), SOON);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.getAttribute('data-id')).toBe('W2');
    expect(calls.filter((c) => c.path === '/ledger').length).toBeGreaterThanOrEqual(2);
    expect(toast).toHaveBeenCalledWith('已标记打款', 'success');
  });

  it('rejects only with a reason', async () => {
    const calls = serveWithdrawals();
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(rows()[1]!.querySelector('.console-desk-withdrawal-reject')!);
    await shown('.console-desk-withdrawal-reject-modal');
    fireEvent.click(modalOk('console-desk-withdrawal-reject-modal'));
    await waitFor(() => expect(texts('.console-desk-withdrawal-reject-modal .ant-form-item-explain-error')).toEqual(['请输入驳回原因']));
    expect(calls.some((c) => c.path === '/withdrawals/reject')).toBe(false);
    input('.console-desk-reason', '账号与实名不符');
    fireEvent.click(modalOk('console-desk-withdrawal-reject-modal'));
    await waitFor(() => expect(calls.find((c) => c.path === '/withdrawals/reject')?.body).toEqual({ id: 'W2', reason: '账号与实名不符' }), SOON);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows a refusal as the server words it', async () => {
    serveWithdrawals(financier, true);
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click(rows()[0]!.querySelector('.console-desk-withdrawal-approve')!);
    await confirmPop();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('该提现已驳回', 'error', undefined), SOON);
  });

  it('shows a row’s full payee and account on request, and confirms paying that account', async () => {
    const calls = serveWithdrawals();
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(rows()[0]!.querySelector('.console-desk-withdrawal-payee-full')).toBeNull();
    fireEvent.click(rows()[0]!.querySelector('.console-desk-withdrawal-reveal')!);
    await waitFor(() => expect(rows()[0]!.querySelector('.console-desk-withdrawal-payee-full')?.textContent).toContain('张三 13811111111'), SOON);
    expect(calls.find((c) => c.path === '/withdrawals/reveal')?.body).toEqual({ id: 'W1' });
    // the other row stays masked, and revealing selects nothing
    expect(rows()[1]!.textContent).toContain('张* 138****1111');
    expect(calls.some((c) => c.path === '/ledger')).toBe(false);
    fireEvent.click(rows()[0]!.querySelector('.console-desk-withdrawal-approve')!);
    await waitFor(() => expect(document.querySelector('.ant-popconfirm')?.textContent).toContain('确认已向 张三 13811111111 打款 ¥300.00？'), SOON);
  });

  it('downloads the sheet of withdrawals to pay by default', async () => {
    const calls = serveWithdrawals();
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(document.querySelector('.console-desk-payouts-date')).toBeNull();
    fireEvent.click(document.querySelector('.console-desk-payouts-download')!);
    await waitFor(() => expect(saveBlob).toHaveBeenCalled(), SOON);
    expect(calls.find((c) => c.path === '/withdrawals/payouts/to_pay')?.adminToken).toBe('AT1');
    expect(saveBlob.mock.calls[0]![1]).toBe('to-pay.xlsx');
  });

  it('downloads the payout list of the chosen day (today unless changed) with the admin token', async () => {
    const calls = serveWithdrawals();
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.console-desk-payouts-sheet label')].find((l) => l.textContent === '某日已打款')!);
    await shown('.console-desk-payouts-date');
    fireEvent.click(document.querySelector('.console-desk-payouts-download')!);
    await waitFor(() => expect(saveBlob).toHaveBeenCalled(), SOON);
    const call = calls.find((c) => c.path === '/withdrawals/payouts')!;
    expect(call.body).toEqual({ date: dayjs().format('YYYY-MM-DD') });
    expect(call.adminToken).toBe('AT1');
    expect(saveBlob.mock.calls[0]![1]).toBe('payouts-2026-01-02.xlsx');
  });

  it('hides the decisions and the ledger from staff who may only read the queue', async () => {
    serveWithdrawals({ ...financier, permissions: ['withdrawals.read'] });
    renderConsole('/withdrawals', intl);
    await waitFor(() => expect(rows()).toHaveLength(2), SOON);
    expect(document.querySelector('.console-desk-withdrawal-approve')).toBeNull();
    expect(document.querySelector('.console-desk-withdrawal-reveal')).toBeNull();
    expect(document.querySelector('.console-desk-payouts-download')).toBeNull();
    expect(document.querySelector('.console-desk-ledger-forbidden')).not.toBeNull();
  });
});
