import { beforeEach, describe, expect, it } from 'vitest';
import { loadSessionState, persistSession, type SessionState } from '../../state/session-slice';
import { makeStore } from './store';
import { languageChanged, loggedIn, loggedOut, areaSiteChanged, areaSiteListLoaded, siteChanged } from '../../state/session-slice';
import { STORAGE_KEYS } from '../../lib/storage';

const user = { id: 'u1', username: 'u1', nickname: 'Nick', avatar: '', mobile: '13800138000', qq: '', email: '', token: 'tok' };

beforeEach(() => localStorage.clear());

describe('the language cookie', () => {
  it('follows the stored language, for the server to preload that catalogue with the page', () => {
    const store = makeStore();
    store.dispatch(languageChanged('en_US'));
    expect(localStorage.getItem('language')).toBe('en_US');
    expect(document.cookie).toContain('language=en_US');
    store.dispatch(languageChanged('zh_CN'));
    expect(document.cookie).toContain('language=zh_CN');
    expect(document.cookie).not.toContain('en_US');
  });
});

describe('storage keys', () => {
  it('are exactly the spec names', () => {
    expect(STORAGE_KEYS).toEqual({
      language: 'language',
      site: 'site',
      user: 'user',
      token: 'token',
      areaSite: 'areaSite',
      areaSiteList: 'areaSiteList',
    });
  });

  it('defaults: zh_CN, empty site, no user, empty area site and list', () => {
    expect(loadSessionState()).toEqual({
      language: 'zh_CN',
      site: '',
      user: null,
      token: '',
      areaSite: '',
      areaSiteList: [],
      wholesaleList: [],
    });
  });

  it('reads what is stored, and an unknown language falls back to zh_CN', () => {
    localStorage.setItem('language', 'en_US');
    localStorage.setItem('site', 'shop1');
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('areaSite', 'cn');
    localStorage.setItem('areaSiteList', JSON.stringify([{ id: 'cn', name: '中国站' }]));
    const state = loadSessionState();
    expect(state).toMatchObject({ language: 'en_US', site: 'shop1', token: 'tok', areaSite: 'cn' });
    expect(state.user?.nickname).toBe('Nick');
    expect(state.areaSiteList).toEqual([{ id: 'cn', name: '中国站' }]);
    localStorage.setItem('language', 'fr_FR');
    expect(loadSessionState().language).toBe('zh_CN');
  });

  it('the store writes every change under its key; logout clears user and token', () => {
    const store = makeStore();
    store.dispatch(languageChanged('en_US'));
    store.dispatch(siteChanged('shop2'));
    store.dispatch(loggedIn(user));
    store.dispatch(areaSiteListLoaded([{ id: 'my', name: 'Malaysia' }]));
    store.dispatch(areaSiteChanged('my'));
    expect(localStorage.getItem('language')).toBe('en_US');
    expect(localStorage.getItem('site')).toBe('shop2');
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('areaSite')).toBe('my');
    expect(JSON.parse(localStorage.getItem('areaSiteList') ?? '[]')).toEqual([{ id: 'my', name: 'Malaysia' }]);
    store.dispatch(loggedOut());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().session.token).toBe('');
  });

  it('persistSession writes only what changed', () => {
    const base: SessionState = loadSessionState();
    persistSession(base, { ...base, site: 'x' });
    expect(localStorage.getItem('site')).toBe('x');
    expect(localStorage.getItem('language')).toBeNull();
  });
});
