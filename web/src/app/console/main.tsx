import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { setIntl } from '../../lib/i18n';
import { applyDocumentLanguage, loadLocaleBundleFrom } from '../../lib/locale';
import { CONSOLE_CATALOGUES } from './catalogues';
import { ConsoleProviders } from './console-providers';
import { ConsoleRouter } from './router';
import { makeConsoleStore } from './store';
import './console.css';

/** The staff console (admin.html, served for /admin and every path below it). */
async function start(): Promise<void> {
  const store = makeConsoleStore();
  const language = store.getState().console.language;
  const bundle = await loadLocaleBundleFrom(CONSOLE_CATALOGUES, language);
  setIntl(bundle.intl);
  applyDocumentLanguage(language);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <ConsoleProviders initial={bundle}>
          <ConsoleRouter />
        </ConsoleProviders>
      </Provider>
    </StrictMode>,
  );
}

void start();
