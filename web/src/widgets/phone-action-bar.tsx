import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import './phone-action-bar.css';

/**
 * A phone: narrower than 768 px (antd's `md` breakpoint). The storefront's header folds its nav
 * at about the same width (app/storefront/index.css).
 */
const PHONE_QUERY = '(max-width: 767.98px)';

const phoneList = (): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = phoneList();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

/** Whether the screen is a phone's (`PHONE_QUERY`), following rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneList()?.matches ?? false,
    () => false,
  );
}

/**
 * The bar fixed to the bottom of a phone's screen holding a screen's main action (add to cart,
 * submit the order), so it is in reach without scrolling. While it is shown the page gets as much
 * room below as the bar is high (`html.has-phone-action-bar`, `--phone-action-bar-height`), so the
 * end of the page (and the footer) scrolls out from under it, and a field scrolled into view keeps
 * clear of it. Render it on phones only (`usePhone`); a desk keeps its layout.
 */
export function PhoneActionBar({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--phone-action-bar-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    measure();
    root.classList.add('has-phone-action-bar');
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.classList.remove('has-phone-action-bar');
      root.style.removeProperty('--phone-action-bar-height');
    };
  }, []);
  return (
    <div ref={ref} className={`phone-action-bar${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}
