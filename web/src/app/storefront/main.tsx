import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupListeners } from '@reduxjs/toolkit/query';
import { Provider } from 'react-redux';
import { AppProviders } from './app-providers';
import { applyDocumentLanguage, loadLocaleBundle } from '../../lib/locale';
import { progressStart } from './progress';
import { AppRouter, createAppHistory, preloadScreen } from './router';
import { startFirstData } from './first-data';
import { siteChanged } from '../../state/session-slice';
import { makeStore } from './store';
import { startVersionWatch } from './version-notice';
import './index.css';
import { setIntl, warmIntl } from '../../lib/i18n';
import { SITE_PARAM } from '../../lib/site-rule';
import { writeLanguageCookie } from '../../lib/storage';

/**
 * How long the first render waits for the first data calls once the code and catalogue are in: a
 * slow answer then shows the screen's placeholders.
 */
const FIRST_DATA_WAIT_MS = 300;

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

async function start(): Promise<void> {
  const store = makeStore();
  // Focus and reconnect refetches (the unread badge asks again when the seller comes back to the tab).
  setupListeners(store.dispatch);

  // The site in the address is stored as the current site at start.
  const params = new URLSearchParams(window.location.search);
  const addressSite = params.get(SITE_PARAM);
  if (addressSite !== null) store.dispatch(siteChanged(addressSite));

  startVersionWatch();
  const language = store.getState().session.language;
  // a choice stored before the cookie existed reaches the server from the next page on
  writeLanguageCookie(language);
  // Everything the first screen needs is asked for at once: the catalogue, the screen's code
  // (with the layout's) and its data calls, instead of one after the other as the tree renders.
  const loading = loadLocaleBundle(language);
  const screen = preloadScreen(window.location.pathname);
  const firstData = startFirstData(store, window.location.pathname);
  // Work that can wait for the requests above: the progress bar lays the page out, and the
  // browser's locale data loads on the first intl object. In a task of its own, because RTK Query
  // calls fetch a few microtasks after `initiate`: run here, this would hold the data calls back.
  let rendered = false;
  setTimeout(() => {
    // a bar started after the first screen rendered would never be completed
    if (!rendered) progressStart();
    warmIntl(language);
  }, 0);
  // The first render waits for the screen's code too (it comes beside the catalogue): rendered
  // before it, the screen would suspend and React would hold it back. It also waits a little for
  // the first data: rendered without it, the screen is rendered and laid out twice (placeholders,
  // then the products), which made the product grid of `/` come about 40 ms later here.
  const [bundle] = await Promise.all([loading, screen, Promise.race([firstData, wait(FIRST_DATA_WAIT_MS)])]);
  setIntl(bundle.intl);
  applyDocumentLanguage(language);

  const history = createAppHistory();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  rendered = true;
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <AppProviders initial={bundle}>
          <AppRouter history={history} />
        </AppProviders>
      </Provider>
    </StrictMode>,
  );
}

void start();
