import { describe, expect, it, vi } from 'vitest';
import { loginPath } from '../../api/login-prompt';
import { modeHref, parseMode, safeRedirect } from '../../features/auth/auth-helpers';
import { loadScreen, SCREEN_LOAD_ERROR_EVENT } from '../../lib/lazy-screen';
import { isNewerBuild } from './version-notice';

describe('lazy screens', () => {
  it('a failed load raises a cancelable event and rethrows when nobody handles it', async () => {
    const seen = vi.fn((event: Event) => expect(event.cancelable).toBe(true));
    window.addEventListener(SCREEN_LOAD_ERROR_EVENT, seen);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadScreen<object>(() => Promise.reject(failure))()).rejects.toBe(failure);
    expect(seen).toHaveBeenCalledTimes(1);
    window.removeEventListener(SCREEN_LOAD_ERROR_EVENT, seen);
  });

  it('a handled failure is not rethrown', async () => {
    const handle = (event: Event) => event.preventDefault();
    window.addEventListener(SCREEN_LOAD_ERROR_EVENT, handle);
    const module = await loadScreen<object>(() => Promise.reject(new Error('x')))();
    expect(typeof module.default).toBe('function');
    window.removeEventListener(SCREEN_LOAD_ERROR_EVENT, handle);
  });
});

describe('new version', () => {
  it('a different build id in version.json is a newer build', () => {
    expect(isNewerBuild({ build: 'b2' }, 'b1')).toBe(true);
    expect(isNewerBuild({ build: 'b1' }, 'b1')).toBe(false);
    expect(isNewerBuild({}, 'b1')).toBe(false);
    expect(isNewerBuild(null, 'b1')).toBe(false);
  });
});

describe('login addresses', () => {
  it('the login prompt returns to the current path and query', () => {
    expect(loginPath('/personalData?site=s', 's')).toBe('/login?redirect=%2FpersonalData%3Fsite%3Ds&site=s');
    expect(loginPath('/login?site=s', 's')).toBe('/login?site=s');
  });
  it('only same-site redirects are followed', () => {
    expect(safeRedirect('/personalData?site=s')).toBe('/personalData?site=s');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/login?site=s')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
  it('panels of /login keep site and redirect', () => {
    expect(modeHref('?site=s&redirect=%2Fa', 'register')).toBe('/login?site=s&redirect=%2Fa&mode=register');
    expect(modeHref('?site=s&mode=register', 'login')).toBe('/login?site=s');
    expect(parseMode('forgot')).toBe('forgot');
    expect(parseMode('nope')).toBe('login');
  });
});
