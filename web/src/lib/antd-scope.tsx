import { ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { getIntl } from './i18n';
import { languageOfTag } from './languages';
import { loadAntdLocale, loadedAntdLocale, withPaginationText, type AntdLocale } from './locale';

export const theme: ThemeConfig = {
  token: { colorPrimary: '#e4393c', borderRadius: 4 },
};

let staticLocale: AntdLocale | undefined;

// Toasts, dialogs and notices opened outside the tree use the same theme and locale. Every module
// that opens one imports this one first.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={theme} {...(staticLocale ? { locale: staticLocale } : {})}>
      {children}
    </ConfigProvider>
  ),
});

/**
 * Ant Design's locale of the current language, for the static holder too, before a toast or
 * dialog opened outside any screen (login prompt, version notice) shows.
 */
export async function prepareAntd(): Promise<void> {
  const intl = getIntl();
  const base = await loadAntdLocale(languageOfTag(intl.locale));
  staticLocale ??= withPaginationText(base, intl);
}

/**
 * Ant Design's theme and locale for what it wraps. It is not in the entry: the first screens
 * (home, login) use no Ant Design component, and Ant Design's provider with its style engine is
 * about 40 KB of gzipped JavaScript. `lazyScreen` loads this module, and the locale of the
 * current language, beside each screen that uses Ant Design, and wraps the screen in it.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const language = languageOfTag(intl.locale);
  const [, loaded] = useState(0);
  const base = loadedAntdLocale(language);
  // A switch loads the locale with the catalogue (AppProviders); this covers any other way in.
  const [previous, setPrevious] = useState(base);
  if (base && base !== previous) setPrevious(base);
  useEffect(() => {
    if (!base) void loadAntdLocale(language).then(() => loaded((n) => n + 1));
  }, [base, language]);
  const shown = base ?? previous;
  const locale = useMemo(() => (shown ? withPaginationText(shown, intl) : undefined), [shown, intl]);
  useEffect(() => {
    if (locale) staticLocale = locale;
  }, [locale]);
  return (
    <ConfigProvider theme={theme} {...(locale ? { locale } : {})}>
      {children}
    </ConfigProvider>
  );
}
