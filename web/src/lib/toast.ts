import { TOAST_DEFAULT_TYPE, type ToastType } from './constants';

/** A link at the end of a toast ('go to the cart'); it navigates inside the app. */
export interface ToastLink {
  text: string;
  href: string;
}

/**
 * Shows a toast (3000 ms, 16 px from the top, info by default). The component library is loaded
 * on first use so it stays out of the entry chunk. A key makes repeated toasts replace each other.
 */
export function toast(text: string, type: ToastType = TOAST_DEFAULT_TYPE, key?: string, link?: ToastLink): Promise<void> {
  return import('./toast-view').then(({ showToast }) => showToast(text, type, key, link));
}
