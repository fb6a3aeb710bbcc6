import { configureStore } from '@reduxjs/toolkit';
import { consoleApi } from '../../api/console-api';
import { consoleSessionReducer, persistConsoleSession, type ConsoleSessionState } from '../../state/console-session';

/** The console's store: its session and its own api cache (nothing of the storefront's). */
export function makeConsoleStore(preloaded?: { console: ConsoleSessionState }) {
  const store = configureStore({
    reducer: { console: consoleSessionReducer, [consoleApi.reducerPath]: consoleApi.reducer },
    ...(preloaded ? { preloadedState: preloaded } : {}),
    middleware: (getDefault) => getDefault().concat(consoleApi.middleware),
  });
  let previous = store.getState().console;
  store.subscribe(() => {
    const next = store.getState().console;
    if (next !== previous) {
      persistConsoleSession(previous, next);
      previous = next;
    }
  });
  return store;
}

type ConsoleStore = ReturnType<typeof makeConsoleStore>;
export type ConsoleState = ReturnType<ConsoleStore['getState']>;
export type ConsoleDispatch = ConsoleStore['dispatch'];
