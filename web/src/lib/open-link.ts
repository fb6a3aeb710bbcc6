import { readText, STORAGE_KEYS } from './storage';
import { withSite } from './site-rule';

/** An address with a scheme (https:, mailto:, …) or protocol-relative (//host/…). */
export function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');
}

/** Where openLink goes: absolute links as they are; internal paths with the stored site added. */
export function resolveLink(url: string, storedSite: string | null = readText(STORAGE_KEYS.site)): string {
  if (isAbsoluteUrl(url)) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  return withSite(path, storedSite ?? '');
}

/** Opens a link in a new window (spec section 2). */
export function openLink(url: string): Window | null {
  return window.open(resolveLink(url), '_blank', 'noopener');
}
