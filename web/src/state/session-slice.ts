import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AreaSite, SessionUser, User } from '../lib/api-types';
import { normalizeLanguage, type Language } from '../lib/languages';
import { readJson, readText, STORAGE_KEYS, writeJson, writeLanguageCookie, writeText } from '../lib/storage';

/** Shared client state of spec section 3, mirrored in local storage. */
export interface SessionState {
  language: Language;
  site: string;
  user: SessionUser | null;
  token: string;
  areaSite: string;
  areaSiteList: AreaSite[];
  /** Filled from the wholesale list call's data field (its screen comes with the stalls issue). */
  wholesaleList: unknown[];
}

export function loadSessionState(): SessionState {
  const list = readJson<unknown>(STORAGE_KEYS.areaSiteList, []);
  const user = readJson<SessionUser | null>(STORAGE_KEYS.user, null);
  return {
    language: normalizeLanguage(readText(STORAGE_KEYS.language)),
    site: readText(STORAGE_KEYS.site) ?? '',
    user: user && typeof user === 'object' ? user : null,
    token: readText(STORAGE_KEYS.token) ?? '',
    areaSite: readText(STORAGE_KEYS.areaSite) ?? '',
    areaSiteList: Array.isArray(list) ? (list as AreaSite[]) : [],
    wholesaleList: [],
  };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: loadSessionState,
  reducers: {
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = normalizeLanguage(action.payload);
    },
    siteChanged(state, action: PayloadAction<string>) {
      state.site = action.payload;
    },
    /** After login or register: the user record (with its token) and the token. */
    loggedIn(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.token = action.payload.token;
    },
    /** Fresh user fields (profile edit, user info); keeps the token. */
    userUpdated(state, action: PayloadAction<User>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    /** Logout clears the stored user and token. */
    loggedOut(state) {
      state.user = null;
      state.token = '';
      state.wholesaleList = [];
    },
    areaSiteChanged(state, action: PayloadAction<string>) {
      state.areaSite = action.payload;
    },
    areaSiteListLoaded(state, action: PayloadAction<AreaSite[]>) {
      state.areaSiteList = action.payload;
    },
    wholesaleListLoaded(state, action: PayloadAction<unknown[]>) {
      state.wholesaleList = action.payload;
    },
  },
});

export const {
  languageChanged,
  siteChanged,
  loggedIn,
  userUpdated,
  loggedOut,
  areaSiteChanged,
  areaSiteListLoaded,
  wholesaleListLoaded,
} = sessionSlice.actions;

export const sessionReducer = sessionSlice.reducer;

/** Writes what changed between two session states to local storage. */
export function persistSession(prev: SessionState | undefined, next: SessionState): void {
  if (prev?.language !== next.language) {
    writeText(STORAGE_KEYS.language, next.language);
    writeLanguageCookie(next.language);
  }
  if (prev?.site !== next.site) writeText(STORAGE_KEYS.site, next.site);
  if (prev?.user !== next.user) writeJson(STORAGE_KEYS.user, next.user);
  if (prev?.token !== next.token) writeText(STORAGE_KEYS.token, next.token === '' ? null : next.token);
  if (prev?.areaSite !== next.areaSite) writeText(STORAGE_KEYS.areaSite, next.areaSite);
  if (prev?.areaSiteList !== next.areaSiteList) writeJson(STORAGE_KEYS.areaSiteList, next.areaSiteList);
}

interface WithSession {
  session: SessionState;
}
export const selectSession = (state: WithSession) => state.session;
export const selectToken = (state: WithSession) => state.session.token;
export const selectLanguage = (state: WithSession) => state.session.language;
export const selectSite = (state: WithSession) => state.session.site;
