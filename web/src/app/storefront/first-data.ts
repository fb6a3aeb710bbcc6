import { siteApi } from '../../api/site-api';
import { catalogApi } from '../../features/catalog/catalog-api';
import { publicScope } from '../../features/catalog/catalog-scope';
import type { AppStore } from './store';

/** A query started outside any component: held until answered, then kept by RTK Query's cache time. */
function hold(subscription: { then: (done: () => void, failed: () => void) => unknown; unsubscribe: () => void }): Promise<void> {
  return new Promise((settled) => {
    const release = () => {
      subscription.unsubscribe();
      settled();
    };
    subscription.then(release, release);
  });
}

/**
 * Starts the calls the first screen makes, with the same arguments its components pass (so they
 * share the cache entries), while the screen's code and the catalogue are still loading: the root
 * shell's site info, area sites and account, and on `/` the home feed. Settles when all have
 * answered (or failed).
 */
export function startFirstData(store: AppStore, pathname: string): Promise<void> {
  const { site, language, token, areaSite } = store.getState().session;
  const calls = [
    hold(store.dispatch(siteApi.endpoints.siteInfo.initiate({ site, language }))),
    hold(store.dispatch(siteApi.endpoints.areaSites.initiate({ language }))),
  ];
  if (token) calls.push(hold(store.dispatch(siteApi.endpoints.accountInfo.initiate({ token }))));
  if (pathname === '/') calls.push(hold(store.dispatch(catalogApi.endpoints.home.initiate({ scope: publicScope({ language, areaSite, token }) }))));
  return Promise.all(calls).then(() => undefined);
}
