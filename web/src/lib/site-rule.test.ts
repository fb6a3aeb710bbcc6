import { describe, expect, it } from 'vitest';
import { notFoundPath, siteRedirect, withSite } from './site-rule';

describe('site rule', () => {
  it('fills a missing site from the stored one and keeps the rest of the address', () => {
    expect(siteRedirect({ pathname: '/personalData', search: '?a=1', hash: '' }, 'shop1')).toBe(
      '/personalData?a=1&site=shop1',
    );
    expect(siteRedirect({ pathname: '/login', search: '' }, 'shop1')).toBe('/login?site=shop1');
  });

  it('uses an empty string when nothing is stored', () => {
    expect(siteRedirect({ pathname: '/', search: '' }, null)).toBe('/?site=');
    expect(siteRedirect({ pathname: '/', search: '' }, undefined)).toBe('/?site=');
    expect(siteRedirect({ pathname: '/', search: '' }, '')).toBe('/?site=');
  });

  it('leaves an address that carries site alone, even an empty one', () => {
    expect(siteRedirect({ pathname: '/', search: '?site=abc' }, 'other')).toBeNull();
    expect(siteRedirect({ pathname: '/', search: '?site=' }, 'other')).toBeNull();
    expect(siteRedirect({ pathname: '/x', search: '?b=2&site=s' }, 'other')).toBeNull();
  });

  it('the repeated navigation passes', () => {
    const target = siteRedirect({ pathname: '/login', search: '?redirect=%2Fa' }, 's')!;
    const url = new URL(target, 'http://x');
    expect(siteRedirect({ pathname: url.pathname, search: url.search }, 's')).toBeNull();
    expect(url.searchParams.get('redirect')).toBe('/a');
  });

  it('withSite sets or replaces site and keeps query and hash', () => {
    expect(withSite('/goodsDetail?id=3#top', 's1')).toBe('/goodsDetail?id=3&site=s1#top');
    expect(withSite('/a?site=old', 'new')).toBe('/a?site=new');
    expect(withSite('/a', null)).toBe('/a?site=');
    expect(notFoundPath('s')).toBe('/404?site=s');
  });
});
