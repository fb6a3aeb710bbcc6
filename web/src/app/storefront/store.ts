import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import { unreadAfterChanges } from '../../features/messages/message-api';
import { persistSession, sessionReducer, type SessionState } from '../../state/session-slice';

const rootReducer = combineReducers({
  session: sessionReducer,
  [api.reducerPath]: api.reducer,
});

export function makeStore(preloaded?: { session: SessionState }) {
  const store = configureStore({
    reducer: rootReducer,
    ...(preloaded ? { preloadedState: preloaded } : {}),
    middleware: (getDefault) => getDefault().prepend(unreadAfterChanges.middleware).concat(api.middleware),
  });
  let previous = store.getState().session;
  store.subscribe(() => {
    const next = store.getState().session;
    if (next !== previous) {
      persistSession(previous, next);
      previous = next;
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
