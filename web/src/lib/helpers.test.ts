import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../i18n/zh_CN.json';
import { makeIntl, setIntl } from './i18n';

const toast = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('./toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const { isAbsoluteUrl, openLink, resolveLink } = await import('./open-link');
const { copyText } = await import('./copy-text');

beforeEach(() => {
  localStorage.clear();
  toast.mockClear();
  setIntl(makeIntl('zh_CN', zh));
});
afterEach(() => vi.unstubAllGlobals());

describe('open link', () => {
  it('tells absolute links from internal paths', () => {
    expect(isAbsoluteUrl('https://example.com/a')).toBe(true);
    expect(isAbsoluteUrl('http://x')).toBe(true);
    expect(isAbsoluteUrl('//cdn.example.com/x')).toBe(true);
    expect(isAbsoluteUrl('mailto:a@b.cn')).toBe(true);
    expect(isAbsoluteUrl('/goodsDetail?id=1')).toBe(false);
    expect(isAbsoluteUrl('goodsDetail')).toBe(false);
  });

  it('absolute links open as they are', () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    localStorage.setItem('site', 'shop9');
    openLink('https://example.com/p?q=1');
    expect(open).toHaveBeenCalledWith('https://example.com/p?q=1', '_blank', 'noopener');
  });

  it('internal paths open in a new window with the stored site added', () => {
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    localStorage.setItem('site', 'shop9');
    openLink('/goodsDetail?id=7');
    expect(open).toHaveBeenCalledWith('/goodsDetail?id=7&site=shop9', '_blank', 'noopener');
    expect(resolveLink('wholesale', '')).toBe('/wholesale?site=');
    expect(resolveLink('/a?site=old#h', 'new')).toBe('/a?site=new#h');
  });
});

describe('copy to clipboard', () => {
  it("copies and says 'copy succeeded!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyText('JP123')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('JP123');
    expect(toast).toHaveBeenCalledWith('复制成功！', 'success');
  });

  it("warns 'no content' for empty text and copies nothing", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyText('')).resolves.toBe(false);
    await expect(copyText(null)).resolves.toBe(false);
    expect(writeText).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('没有内容', 'warning');
  });

  it('falls back to a selection copy when the clipboard API is missing', async () => {
    vi.stubGlobal('navigator', {});
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    await expect(copyText('abc')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(toast).toHaveBeenCalledWith('复制成功！', 'success');
  });
});
