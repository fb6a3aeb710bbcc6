import { createElement, lazy, type ComponentType } from 'react';

/** Raised on window when a screen's code fails to load; cancelable. */
export const SCREEN_LOAD_ERROR_EVENT = 'jpmall:screen-load-error';

interface ScreenLoadErrorDetail {
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

export interface LazyScreenOptions {
  /**
   * Whether the screen uses Ant Design (the default): its theme and locale (lib/antd-scope.tsx)
   * load beside the screen's code and wrap it. `false` only for a screen whose code, with all it
   * imports, renders no Ant Design component (the first screens: home, layout, login).
   */
  antd?: boolean;
}

/** The screen wrapped in Ant Design's theme and locale, loaded together with them. */
function withAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return async () => {
    const [screen, AntdScope] = await Promise.all([
      load(),
      import('./antd-scope').then(async ({ AntdScope, prepareAntd }) => {
        await prepareAntd();
        return AntdScope;
      }),
    ]);
    const Screen = screen.default;
    const Scoped = (props: P) => createElement(AntdScope, null, createElement(Screen, props));
    Scoped.displayName = `AntdScope(${Screen.displayName ?? Screen.name})`;
    return { default: Scoped };
  };
}

export type LazyScreen<P extends object> = ComponentType<P> & {
  /**
   * Starts loading the screen's code now (main.tsx, for the address being opened); settles when it
   * has loaded (or failed), never rejects.
   */
  preload: () => Promise<void>;
};

/**
 * A lazy screen component: its own chunk, loaded on first render, or earlier by `preload`, whose
 * load the render then waits for instead of starting another after it.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: LazyScreenOptions = {}): LazyScreen<P> {
  const loader = loadScreen(options.antd === false ? load : withAntd(load));
  let started: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = () =>
    (started ??= loader().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(start);
  // Code that has loaded renders at once: React.lazy suspends on its first render even then, and
  // React holds back what a suspended render reveals by up to 300 ms (its fallback throttle), which
  // was most of the first screen's time.
  const Screen = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy, props));
  return Object.assign(Screen, {
    // a failure is the render's to report (loadScreen's event), not the preload's
    preload: () => start().then(
      () => undefined,
      () => undefined,
    ),
  });
}
