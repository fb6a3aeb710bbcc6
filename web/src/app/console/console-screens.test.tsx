import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import JSEncrypt from 'jsencrypt';
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import { owner, ok, renderConsole, serveConsole, stubBrowserBits, stubRequestOrigin } from '../../testing/console-test-kit';

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

const texts = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.textContent);
const input = (selector: string, value: string) => {
  const element = document.querySelector<HTMLInputElement>(`${selector} input, input${selector}`)!;
  fireEvent.change(element, { target: { value } });
};

async function choose(selectClass: string, label: string) {
  fireEvent.mouseDown(document.querySelector(`.${selectClass} .ant-select-content, .${selectClass} .ant-select-selector, .${selectClass}`)!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`${label} not shown yet`);
    return found;
  });
  fireEvent.click(option);
}

const stallStaff = { ...owner, id: 's2', mobile: '13900139000', name: '档口小李', role: 'stall' as const, stall_ids: ['st1'], permissions: [], last_login_at: 1_700_000_000 };

describe('staff screen', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });

  function serveStaff() {
    return serveConsole({
      '/staff/me': () => ok(owner),
      '/staff/list': () => ok({ list: [owner, stallStaff], total: 2 }),
      '/stalls/options': () => ok([{ id: 'st1', name: 'A101', market_name: '十三行' }, { id: 'st2', name: 'B202', market_name: '沙河' }]),
      '/jpmall/addons/unishop/index/site': () => ok({ rsa_public_key: publicKey }),
      '/staff/add': (body) => ok({ ...stallStaff, id: 's3', ...body }),
      '/staff/disable': (body) => ok({ ...stallStaff, disabled: body.disabled }),
    });
  }

  it('lists the staff with role, stalls, status and last login', async () => {
    const calls = serveStaff();
    renderConsole('/staff', intl);
    await waitFor(() => expect(texts('.console-staff-table tbody tr')).toHaveLength(2), SOON);
    const cells = texts('.console-staff-table tbody tr:nth-child(2) td');
    expect(cells.slice(0, 5)).toEqual(['13900139000', '档口小李', '档口', 'A101', '正常']);
    expect(texts('.console-staff-table tbody tr:nth-child(1) td')[5]).toBe('从未');
    expect(calls.find((c) => c.path === '/staff/list')?.body).toEqual({ page: '1', pagesize: '20' });
    // each member's own trail is one click away
    const trail = document.querySelector<HTMLAnchorElement>('.console-staff-table tbody tr:nth-child(2) .console-staff-audit')!;
    expect(trail.getAttribute('href')).toBe(`/audit?staff_id=${stallStaff.id}`);
  });

  it('a weak staff password shows the rule under the field and sends nothing', async () => {
    const calls = serveStaff();
    renderConsole('/staff', intl);
    await waitFor(() => expect(texts('.console-staff-table tbody tr')).toHaveLength(2), SOON);
    fireEvent.click(document.querySelector('.console-staff-add')!);
    await waitFor(() => expect(document.querySelector('.console-staff-mobile')).not.toBeNull());
    // the rule shows before anything is typed
    expect(document.querySelector('.console-staff-password-rule')?.textContent).toBe('密码须为6-18位，且包含数字和字母');
    input('.console-staff-mobile', '13700137000');
    input('.console-staff-name-input', '新员工');
    input('.console-staff-password', 'abcdef');
    await choose('console-staff-role-select', '客服');
    fireEvent.click(document.querySelector('.console-staff-add-modal .ant-btn-primary')!);
    await waitFor(() =>
      expect(document.querySelector('.console-staff-add-modal .ant-form-item-has-error .ant-form-item-explain-error')?.textContent).toBe(
        '密码须为6-18位，且包含数字和字母',
      ),
    );
    expect(calls.some((c) => c.path === '/staff/add')).toBe(false);
  });

  it('adds a stall account with its stalls and the password encrypted', async () => {
    const calls = serveStaff();
    renderConsole('/staff', intl);
    await waitFor(() => expect(texts('.console-staff-table tbody tr')).toHaveLength(2), SOON);
    fireEvent.click(document.querySelector('.console-staff-add')!);
    await waitFor(() => expect(document.querySelector('.console-staff-mobile')).not.toBeNull());
    input('.console-staff-mobile', '13700137000');
    input('.console-staff-name-input', '新档口');
    input('.console-staff-password', 'abc123');
    await choose('console-staff-role-select', '档口');
    // the stalls field shows once the role is a stall's
    await waitFor(() => expect(document.querySelector('.console-staff-stalls-select')).not.toBeNull());
    await choose('console-staff-stalls-select', '沙河 · B202');
    fireEvent.click(document.querySelector('.console-staff-add-modal .ant-btn-primary')!);

    await waitFor(() => expect(calls.some((c) => c.path === '/staff/add')).toBe(true), SOON);
    const { password, ...rest } = calls.find((c) => c.path === '/staff/add')!.body;
    expect(rest).toEqual({ mobile: '13700137000', name: '新档口', role: 'stall', stall_ids: ['st2'] });
    const decryptor = new JSEncrypt();
    decryptor.setPrivateKey(privateKey);
    expect(decryptor.decrypt(password as string)).toBe('abc123');
    await waitFor(() => expect(toast).toHaveBeenCalledWith('员工已添加', 'success'));
    // the list is asked again
    await waitFor(() => expect(calls.filter((c) => c.path === '/staff/list')).toHaveLength(2));
  });

  it('disables a staff member after confirming', async () => {
    const calls = serveStaff();
    renderConsole('/staff', intl);
    await waitFor(() => expect(texts('.console-staff-table tbody tr')).toHaveLength(2), SOON);
    // the signed-in owner's own row does not offer disabling (the server refuses it)
    await waitFor(() => expect(document.querySelectorAll('.console-staff-toggle')).toHaveLength(1));
    fireEvent.click(document.querySelectorAll('.console-staff-toggle')[0]!);
    const confirm = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary');
      if (!button) throw new Error('no confirm yet');
      return button;
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path === '/staff/disable')?.body).toEqual({ id: 's2', disabled: true }), SOON);
  });
});

describe('audit screen', () => {
  it('shows each change as a sentence with names, the raw record on request; staff are picked by name', async () => {
    const calls = serveConsole({
      '/staff/me': () => ok(owner),
      '/staff/list': () => ok({ list: [owner, stallStaff], total: 2 }),
      '/audit': () =>
        ok({
          list: [
            {
              id: 2, at: 1_700_000_100, actor_kind: 'staff', actor_id: 's1', actor_name: '王店主', action: 'staff.add', object_type: 'staff', object_id: 's3',
              detail: { name: '档口小张', mobile: '139****0002', role: 'stall', stall_ids: ['st2'] }, names: { staff: { s3: '档口小张' }, stall: { st2: 'B202' } },
            },
            { id: 1, at: 1_700_000_000, actor_kind: 'operator', actor_id: null, actor_name: null, action: 'order.cancel_by_ops', object_type: 'sku', object_id: 'k9', detail: {} },
          ],
          total: 2,
        }),
    });
    renderConsole('/audit', intl);
    await waitFor(() => expect(texts('.console-audit-table tbody tr.ant-table-row')).toHaveLength(2), SOON);
    const first = texts('.console-audit-table tbody tr.ant-table-row:nth-child(1) td');
    expect(first.slice(1, 4)).toEqual(['员工 王店主', '添加员工', '添加员工 档口小张（档口，手机 139****0002），供货档口：B202']);
    // an action the catalogue does not name shows as it is
    expect(texts('.console-audit-table tbody tr.ant-table-row:nth-child(2) td').slice(1, 4)).toEqual(['运营', 'order.cancel_by_ops', 'order.cancel_by_ops：k9']);
    // the raw record only on request
    expect(document.querySelector('.console-audit-raw')).toBeNull();
    fireEvent.click(document.querySelectorAll('.console-audit-raw-toggle')[0]!);
    await waitFor(() => expect(document.querySelector('.console-audit-raw')?.textContent).toContain('"stall_ids": [\n      "st2"'));
    expect(document.querySelectorAll('.console-audit-raw-toggle')[0]!.textContent).toBe('收起原始记录');

    await choose('console-audit-staff', '档口小李 (档口)');
    input('.console-audit-object-type', ' staff ');
    await choose('console-audit-actor-kind', '员工');
    fireEvent.click(document.querySelector('.console-audit-search')!);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/audit').at(-1)?.body).toEqual({ staff_id: 's2', actor_kind: 'staff', object_type: 'staff', page: '1', pagesize: '20' }),
    );
    expect(screen.getByTestId('where').textContent).toBe('/audit');
  });
});
