/**
 * Navigation for code outside components (the API layer's login dialog). The app registers the
 * router's navigate at start; before that, and in tests, the browser location is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

/** The current path and query, as kept in the login `redirect` parameter. */
export function currentPathAndQuery(): string {
  return `${window.location.pathname}${window.location.search}`;
}
