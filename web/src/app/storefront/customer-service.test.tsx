import { cleanup, configure, fireEvent, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAt, serve, stubBrowserBits, stubRequestOrigin } from '../../features/messages/message-test-kit';
import OrderDetailScreen from '../../features/orders/order-detail-screen';
import OrderListScreen from '../../features/orders/order-list-screen';
import { orderOf } from '../../features/orders/order-test-kit';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import CustomerServiceDialog from '../../widgets/customer-service';
import { ServiceEntry } from './service-entry';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock('../../api/login-prompt', () => ({ openLoginPrompt: () => undefined }));

const intl = makeIntl('zh_CN', zh);
vi.setConfig({ testTimeout: 20_000 });
const SOON = { timeout: 20_000 };

const writeText = vi.fn((_text: string) => Promise.resolve());

beforeAll(() => {
  stubBrowserBits();
  configure({ asyncUtilTimeout: 10_000 });
});
beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  writeText.mockClear();
  setIntl(intl);
  stubRequestOrigin();
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (selector: string, root: ParentNode = document) => root.querySelector(selector)?.textContent;
const click = (selector: string, root: ParentNode = document) => fireEvent.click(root.querySelector(selector)!);

const SERVICE = { qq: '800012345', wechat: 'jpmall-service', phone: '400-820-1234', hours: '09:00-21:00' };
const siteInfo = (service: Partial<typeof SERVICE> = SERVICE) => () =>
  ok({ site: 'default', name: 'jpmall 一件代发', logo: '/logo.svg', default_language: 'zh_CN', service: { ...SERVICE, ...service }, rsa_public_key: '' });

async function found(selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element;
  }, SOON);
}

async function dialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>('.service-dialog');
    if (!found || !found.querySelector('.service-qq')) throw new Error('no dialog yet');
    return found;
  }, SOON);
}

/** The dialog as the layout opens it; closing is recorded. */
const closed = vi.fn();
function Host() {
  const [open, setOpen] = useState(true);
  return (
    <CustomerServiceDialog
      open={open}
      onClose={() => {
        closed();
        setOpen(false);
      }}
    />
  );
}

describe('the customer-service dialog', () => {
  it("shows the site's QQ, WeChat, phone and hours, and copies each", async () => {
    serve({ '/index/site': siteInfo() });
    renderAt('/?site=', <Host />, intl, { loggedInAs: null });
    const box = await dialog();
    expect(text('.ant-modal-title', box)).toBe('联系客服');
    expect(text('.service-qq .service-label', box)).toBe('客服QQ');
    expect(text('.service-qq .service-value', box)).toBe('800012345');
    expect(text('.service-wechat .service-value', box)).toBe('jpmall-service');
    expect(text('.service-phone .service-value', box)).toBe('400-820-1234');
    expect(text('.service-hours .service-value', box)).toBe('09:00-21:00');

    for (const [field, value] of Object.entries(SERVICE)) {
      toast.mockClear();
      click(`.service-${field} .service-copy`, box);
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(value));
      await waitFor(() => expect(toast).toHaveBeenCalledWith('复制成功！', 'success'));
    }
    expect(writeText).toHaveBeenCalledTimes(4);
    expect(box.querySelector('.service-order')).toBeNull();

    click('.service-close', box);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it("a contact the site has not filled in shows 'not provided' and copying it warns 'no content'", async () => {
    serve({ '/index/site': siteInfo({ qq: '', wechat: '  ' }) });
    renderAt('/?site=', <Host />, intl, { loggedInAs: null });
    const box = await dialog();
    await waitFor(() => expect(text('.service-phone .service-value', box)).toBe('400-820-1234'));
    expect(text('.service-qq .service-value', box)).toBe('暂无');
    expect(box.querySelector('.service-qq .service-value.is-empty')).toBeTruthy();
    click('.service-qq .service-copy', box);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('没有内容', 'warning'));
    click('.service-wechat .service-copy', box);
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(2));
    expect(toast).toHaveBeenLastCalledWith('没有内容', 'warning');
    expect(writeText).not.toHaveBeenCalled();
  });

  it("opens from the header's entry, loading the dialog on the first click", async () => {
    serve({ '/index/site': siteInfo() });
    renderAt('/?site=', <ServiceEntry />, intl, { loggedInAs: null });
    expect(document.querySelector('.service-dialog')).toBeNull();
    expect(text('.header-service')).toBe('联系客服');
    click('.header-service');
    const box = await dialog();
    await waitFor(() => expect(text('.service-qq .service-value', box)).toBe('800012345'));
  });

  it('in English', async () => {
    const english = makeIntl('en_US', en);
    setIntl(english);
    serve({ '/index/site': siteInfo({ qq: '' }) });
    renderAt('/?site=', <Host />, english, { loggedInAs: null });
    const box = await dialog();
    await waitFor(() => expect(text('.service-phone .service-value', box)).toBe('400-820-1234'));
    expect(text('.ant-modal-title', box)).toBe('Customer service');
    expect(text('.service-wechat .service-label', box)).toBe('WeChat');
    expect(text('.service-hours .service-label', box)).toBe('Service hours');
    expect(text('.service-qq .service-value', box)).toBe('Not provided');
    expect(text('.service-phone .service-copy', box)).toBe('Copy');
  });
});

describe('contact customer service from an order', () => {
  const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pagesize: 10, counts: { all: list.length } });

  it('the order card copies the order number, says so, then shows it in the dialog', async () => {
    serve({ '/index/site': siteInfo(), '/order/lists': () => page([orderOf({ order_no: 'JP1' }), orderOf({ order_no: 'JP2' })]) });
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    const card = await found('.order-card[data-order="JP2"]');
    expect(text('.order-service', card)).toBe('联系客服');
    click('.order-service', card);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('JP2'));
    expect(toast).toHaveBeenCalledWith('复制成功！', 'success');
    const box = await dialog();
    expect(text('.service-order-no', box)).toBe('JP2');
    expect(text('.service-order-hint', box)).toBe('订单号已复制，咨询时请发送给客服');
    await waitFor(() => expect(text('.service-wechat .service-value', box)).toBe('jpmall-service'));
    // the order number can be copied again from the dialog
    writeText.mockClear();
    click('.service-order-copy', box);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('JP2'));
  });

  it('when the copy fails, the dialog still opens and asks to send the order number', async () => {
    writeText.mockImplementationOnce(() => Promise.reject(new Error('denied')));
    // jsdom has no document.execCommand: the fallback copy fails too
    serve({ '/index/site': siteInfo(), '/order/lists': () => page([orderOf({ order_no: 'JP1' })]) });
    renderAt('/orderList?site=', <OrderListScreen />, intl);
    const card = await found('.order-card[data-order="JP1"]');
    click('.order-service', card);
    const box = await dialog();
    expect(toast).toHaveBeenCalledWith('复制失败', 'error');
    expect(text('.service-order-no', box)).toBe('JP1');
    expect(text('.service-order-hint', box)).toBe('咨询时请将订单号发送给客服');
  });

  it('the order detail offers it too', async () => {
    serve({ '/index/site': siteInfo(), '/order/detail': () => ok(orderOf({ order_no: 'JP5', status: 'completed' })) });
    renderAt('/orderDetail?order_no=JP5&site=', <OrderDetailScreen />, intl);
    await waitFor(() => expect(text('.order-detail-order-no')).toBe('JP5'), SOON);
    click('.order-service');
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('JP5'));
    const box = await dialog();
    expect(text('.service-order-no', box)).toBe('JP5');
    expect(text('.service-phone .service-value', box)).toBe('400-820-1234');
  });
});
