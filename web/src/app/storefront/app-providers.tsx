import { useEffect, useState, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { setIntl } from '../../lib/i18n';
import { useAppSelector } from '../../state/hooks';
import { applyDocumentLanguage, loadLocaleBundle, type IntlBundle } from '../../lib/locale';
import { selectLanguage } from '../../state/session-slice';

/**
 * react-intl for the chosen language. Switching the language loads the other catalogue (and Ant
 * Design's locale, which the screens' AntdScope reads), then swaps them without a reload. Ant
 * Design's provider is not here: see lib/antd-scope.tsx.
 */
export function AppProviders({ initial, children }: { initial: IntlBundle; children: ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const [bundle, setBundle] = useState(initial);

  useEffect(() => {
    applyDocumentLanguage(bundle.language);
  }, [bundle]);

  useEffect(() => {
    if (language === bundle.language) return;
    let cancelled = false;
    void loadLocaleBundle(language, true).then((next) => {
      if (cancelled) return;
      setIntl(next.intl);
      setBundle(next);
    });
    return () => {
      cancelled = true;
    };
  }, [language, bundle.language]);

  return <RawIntlProvider value={bundle.intl}>{children}</RawIntlProvider>;
}
