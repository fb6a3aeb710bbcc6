import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { normalizeLanguage, type Language } from '../lib/languages';
import { ADMIN_TOKEN_KEY, readText, STORAGE_KEYS, writeText } from '../lib/storage';

/**
 * The staff console's session (admin.html): the admin token, kept under its own storage key
 * (`adminToken`, never the seller's `token`), and the interface language (the same `language` key
 * as the storefront: one browser, one language). Who the staff member is comes from `staff/me`.
 */
export interface ConsoleSessionState {
  token: string;
  language: Language;
}

function loadConsoleSession(): ConsoleSessionState {
  return {
    token: readText(ADMIN_TOKEN_KEY) ?? '',
    language: normalizeLanguage(readText(STORAGE_KEYS.language)),
  };
}

const consoleSessionSlice = createSlice({
  name: 'console',
  initialState: loadConsoleSession,
  reducers: {
    consoleLoggedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    /** Logout, or a 401: the admin session has ended. */
    consoleLoggedOut(state) {
      state.token = '';
    },
    consoleLanguageChanged(state, action: PayloadAction<Language>) {
      state.language = normalizeLanguage(action.payload);
    },
  },
});

export const { consoleLoggedIn, consoleLoggedOut, consoleLanguageChanged } = consoleSessionSlice.actions;
export const consoleSessionReducer = consoleSessionSlice.reducer;

/** Writes what changed between two console sessions to local storage. */
export function persistConsoleSession(prev: ConsoleSessionState | undefined, next: ConsoleSessionState): void {
  if (prev?.token !== next.token) writeText(ADMIN_TOKEN_KEY, next.token === '' ? null : next.token);
  if (prev?.language !== next.language) writeText(STORAGE_KEYS.language, next.language);
}

/** The part of the console's store the layers below the console app read. */
export interface ConsoleRootState {
  console: ConsoleSessionState;
}
export const selectConsoleToken = (state: ConsoleRootState) => state.console.token;
export const selectConsoleLanguage = (state: ConsoleRootState) => state.console.language;
