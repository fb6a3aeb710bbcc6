import { waitFor } from '@testing-library/react';
import { message } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareAntd } from './antd-scope';
import { loadCatalogue, makeIntl, setIntl } from './i18n';
import { showToast } from './toast-view';

beforeAll(async () => {
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
  setIntl(makeIntl('zh_CN', await loadCatalogue('zh_CN')));
});

const notices = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('toasts outside any screen', () => {
  // The login screen has no Ant Design: its '登录成功' is the first toast, before Ant Design's
  // locale has loaded; the next screen loads the locale. Every toast after it must still show.
  it('show before and after Ant Design’s locale has come', async () => {
    showToast('登录成功', 'success');
    await waitFor(() => expect(notices()).toEqual(['登录成功']));
    await prepareAntd();
    showToast('已加入购物车 2 件', 'success', 'cart-added');
    await waitFor(() => expect(notices()).toEqual(['登录成功', '已加入购物车 2 件']));
    message.destroy();
    await waitFor(() => expect(notices()).toEqual([]));
    showToast('复制成功！', 'success');
    await waitFor(() => expect(notices()).toEqual(['复制成功！']));
  });
});
