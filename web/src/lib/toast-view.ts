import { message } from 'antd';
// its theme and locale, outside any screen
import { prepareAntd } from './antd-scope';
import { createElement, type MouseEvent } from 'react';
import { TOAST_DURATION_MS, TOAST_OFFSET_PX, type ToastType } from './constants';
import { navigateTo } from './navigation';
import type { ToastLink } from './toast';

message.config({ top: TOAST_OFFSET_PX, duration: TOAST_DURATION_MS / 1000, maxCount: 5 });

/** The text, then the link; the toast is rendered outside the router, so the link navigates through navigateTo. */
function withLink(text: string, link: ToastLink, key: string | undefined) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (key) message.destroy(key);
    navigateTo(link.href);
  };
  return createElement('span', null, text, ' ', createElement('a', { href: link.href, className: 'toast-link', onClick: follow }, link.text));
}

export function showToast(text: string, type: ToastType, key?: string, link?: ToastLink): void {
  // the text is the catalogue's; Ant Design's locale follows for the holder, without holding the toast
  prepareAntd().catch(() => undefined);
  void message.open({ type, content: link ? withLink(text, link, key) : text, key, duration: TOAST_DURATION_MS / 1000 });
}
