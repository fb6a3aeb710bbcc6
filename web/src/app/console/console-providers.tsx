import { ConfigProvider } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { setIntl } from '../../lib/i18n';
import { applyDocumentLanguage, loadLocaleBundleFrom, type AntdLocale, type LocaleBundle } from '../../lib/locale';
import { selectConsoleLanguage } from '../../state/console-session';
import { CONSOLE_CATALOGUES } from './catalogues';
import { useConsoleSelector } from '../../state/console-hooks';

let staticLocale: AntdLocale | undefined;

// Toasts and dialogs opened outside the tree use the same locale.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider {...(staticLocale ? { locale: staticLocale } : {})}>{children}</ConfigProvider>,
});

/** react-intl and Ant Design in the console's language; a switch swaps both without a reload. */
export function ConsoleProviders({ initial, children }: { initial: LocaleBundle; children: ReactNode }) {
  const language = useConsoleSelector(selectConsoleLanguage);
  const [bundle, setBundle] = useState(initial);

  useEffect(() => {
    staticLocale = bundle.antdLocale;
    applyDocumentLanguage(bundle.language);
    document.title = bundle.intl.formatMessage({ id: 'console.brand' });
  }, [bundle]);

  useEffect(() => {
    if (language === bundle.language) return;
    let cancelled = false;
    void loadLocaleBundleFrom(CONSOLE_CATALOGUES, language).then((next) => {
      if (cancelled) return;
      setIntl(next.intl);
      setBundle(next);
    });
    return () => {
      cancelled = true;
    };
  }, [language, bundle.language]);

  return (
    <RawIntlProvider value={bundle.intl}>
      <ConfigProvider locale={bundle.antdLocale}>{children}</ConfigProvider>
    </RawIntlProvider>
  );
}
