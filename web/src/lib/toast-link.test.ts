import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setNavigator } from './navigation';
import { showToast } from './toast-view';

beforeAll(() => {
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
});
afterEach(() => {
  setNavigator((to) => window.location.assign(to));
});

describe('a toast with a link', () => {
  it('shows the text and a link that navigates inside the app', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    showToast('已加入购物车 2 件', 'success', 'cart-added', { text: '去购物车', href: '/cart?site=' });
    const link = await waitFor(() => {
      const found = document.querySelector<HTMLAnchorElement>('.ant-message a.toast-link');
      if (!found) throw new Error('no toast yet');
      return found;
    });
    expect(link.closest('.ant-message-notice')?.textContent).toContain('已加入购物车 2 件 去购物车');
    expect(link.getAttribute('href')).toBe('/cart?site=');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/cart?site=', undefined);
  });
});
