/**
 * Local-storage keys of the shared client state (spec section 3). These names are read by the
 * deployed app and by people's browsers: never rename them.
 */
export const STORAGE_KEYS = {
  language: 'language',
  site: 'site',
  user: 'user',
  token: 'token',
  areaSite: 'areaSite',
  areaSiteList: 'areaSiteList',
} as const;

/** The staff console's session (admin.html): apart from the seller's `token`. */
export const ADMIN_TOKEN_KEY = 'adminToken';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | typeof ADMIN_TOKEN_KEY;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readText(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeText(key: StorageKey, value: string | null): void {
  const s = store();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

export function readJson<T>(key: StorageKey, fallback: T): T {
  const text = readText(key);
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeText(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/**
 * The language as a cookie too. The server cannot read local storage, and with the cookie it
 * names that language's catalogue in the page's preload links (api/src/web.rs). Written only when
 * it changes.
 */
const LANGUAGE_COOKIE = 'language';

export function writeLanguageCookie(language: string): void {
  if (typeof document === 'undefined') return;
  const current = document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (current === language) return;
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
}
