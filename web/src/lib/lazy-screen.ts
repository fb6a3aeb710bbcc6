import { lazy, type ComponentType } from 'react';

/** Raised on window when a screen's code fails to load; cancelable. */
export const SCREEN_LOAD_ERROR_EVENT = 'jpmall:screen-load-error';

export interface ScreenLoadErrorDetail {
  error: unknown;
}

/**
 * Loads a screen module. When the chunk fails to load, a cancelable SCREEN_LOAD_ERROR_EVENT is
 * raised; the error is rethrown unless a listener cancels it, in which case the screen renders
 * nothing.
 */
export function loadScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => Promise<{ default: ComponentType<P> }> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const event = new CustomEvent<ScreenLoadErrorDetail>(SCREEN_LOAD_ERROR_EVENT, {
        cancelable: true,
        detail: { error },
      });
      if (window.dispatchEvent(event)) throw error;
      return { default: (() => null) as ComponentType<P> };
    }
  };
}

/** A lazy screen component: its own chunk, loaded on first render. */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(loadScreen(load));
}
