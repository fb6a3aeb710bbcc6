/**
 * The site rule (spec section 2): every navigation carries a `site` query parameter. When it is
 * absent it is filled from the stored site (empty string when none) and the navigation repeats.
 */
export const SITE_PARAM = 'site';

/** Returns the address to go to instead, or null when the address already carries `site`. */
export function siteRedirect(
  location: { pathname: string; search: string; hash?: string },
  storedSite: string | null | undefined,
): string | null {
  const params = new URLSearchParams(location.search);
  if (params.has(SITE_PARAM)) return null;
  params.set(SITE_PARAM, storedSite ?? '');
  return `${location.pathname}?${params.toString()}${location.hash ?? ''}`;
}

/** Adds (or replaces) `site` in a path that may carry a query and a hash. */
export function withSite(path: string, site: string | null | undefined): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const params = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '');
  params.set(SITE_PARAM, site ?? '');
  return `${pathname}?${params.toString()}${hash}`;
}

/** The 404 address, keeping the site. */
export function notFoundPath(site: string | null | undefined): string {
  return withSite('/404', site);
}
