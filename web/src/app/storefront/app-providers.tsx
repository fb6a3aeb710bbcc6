import { ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { setIntl } from '../../lib/i18n';
import { useAppSelector } from '../../state/hooks';
import { applyDocumentLanguage, loadLocaleBundle, type AntdLocale, type LocaleBundle } from '../../lib/locale';
import { selectLanguage } from '../../state/session-slice';

export const theme: ThemeConfig = {
  token: { colorPrimary: '#e4393c', borderRadius: 4 },
};

let staticLocale: AntdLocale | undefined;

// Toasts, dialogs and notices opened outside the tree use the same theme and locale.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={theme} {...(staticLocale ? { locale: staticLocale } : {})}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * react-intl and Ant Design for the chosen language. Switching the language loads the other
 * catalogue and Ant Design locale, then swaps both without a reload.
 */
export function AppProviders({ initial, children }: { initial: LocaleBundle; children: ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const [bundle, setBundle] = useState(initial);

  useEffect(() => {
    staticLocale = bundle.antdLocale;
    applyDocumentLanguage(bundle.language);
  }, [bundle]);

  useEffect(() => {
    if (language === bundle.language) return;
    let cancelled = false;
    void loadLocaleBundle(language).then((next) => {
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
      <ConfigProvider locale={bundle.antdLocale} theme={theme}>
        {children}
      </ConfigProvider>
    </RawIntlProvider>
  );
}
