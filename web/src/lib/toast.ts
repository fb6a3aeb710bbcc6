import { TOAST_DEFAULT_TYPE, type ToastType } from './constants';

/**
 * Shows a toast (3000 ms, 16 px from the top, info by default). The component library is loaded
 * on first use so it stays out of the entry chunk. A key makes repeated toasts replace each other.
 */
export function toast(text: string, type: ToastType = TOAST_DEFAULT_TYPE, key?: string): Promise<void> {
  return import('./toast-view').then(({ showToast }) => showToast(text, type, key));
}
