import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { refused, renderAt, serve, stubBrowserBits, stubRequestOrigin } from '../../testing/screen-test-kit';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { makeIntl, setIntl } from '../../lib/i18n';
import ProductDetailScreen from './product-detail-screen';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('../../lib/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const intl = makeIntl('zh_CN', zh);

beforeAll(stubBrowserBits);
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

const title = () => document.querySelector('.product-missing .ant-result-title')?.textContent;

describe('an unknown product', () => {
  it("shows the server's not-found message, once, as a not-found state", async () => {
    serve({ '/product/detail': () => refused(404, '商品不存在或已下架') });
    renderAt('/goodsDetail?id=999999&site=', <ProductDetailScreen />, intl, null);
    expect(await screen.findByText('商品不存在或已下架')).toBeTruthy();
    expect(document.querySelector('.product-missing.ant-result-404')).toBeTruthy();
    expect(document.querySelector('.product-missing a')?.getAttribute('href')).toBe('/?site=');
    expect(toast).not.toHaveBeenCalled();
  });

  it("a 404 without the server's words (a proxy) says product not found, not 'request error'", async () => {
    serve({});
    renderAt('/goodsDetail?id=999999&site=', <ProductDetailScreen />, intl, null);
    expect(await screen.findByText('商品不存在或已下架')).toBeTruthy();
    expect(title()).not.toMatch(/请求错误/);
  });

  it('no id is not found either, in English too', async () => {
    const english = makeIntl('en_US', { ...zh, ...en });
    setIntl(english);
    const calls = serve({});
    renderAt('/goodsDetail?site=', <ProductDetailScreen />, english, null);
    expect(await screen.findByText('Product not found or no longer on sale')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('another failure says what it was, not that the product is missing', async () => {
    serve({ '/product/detail': () => refused(500, '服务器错误') });
    renderAt('/goodsDetail?id=7&site=', <ProductDetailScreen />, intl, null);
    expect(await screen.findByText('服务器错误')).toBeTruthy();
    expect(document.querySelector('.product-missing.ant-result-404')).toBeNull();
    expect(document.querySelector('.product-missing.ant-result-warning')).toBeTruthy();
  });
});
