import { ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { getIntl } from './i18n';
import { languageOfTag } from './languages';
import { loadAntdLocale, loadedAntdLocale, withPaginationText, type AntdLocale } from './locale';

const theme: ThemeConfig = {
  token: { colorPrimary: '#e4393c', borderRadius: 4 },
};

/**
 * Until Ant Design's locale of the language has loaded, the holder's provider still gets a
 * locale, with no texts of its own (Ant Design's defaults show, as with none): a provider given a
 * locale wraps its children in one more element than one given none, so a locale coming later
 * would remount what it holds.
 */
const NO_LOCALE: AntdLocale = { locale: '' };

/** The locale of what opens outside the tree, with the catalogue it was made for. */
let staticLocale: { locale: AntdLocale; intl: IntlShape } | undefined;
const staticListeners = new Set<() => void>();

function setStaticLocale(locale: AntdLocale, intl: IntlShape): void {
  if (staticLocale?.locale === locale) return;
  staticLocale = { locale, intl };
  staticListeners.forEach((listener) => listener());
}

function subscribeStaticLocale(listener: () => void): () => void {
  staticListeners.add(listener);
  return () => {
    staticListeners.delete(listener);
  };
}

const currentStaticLocale = () => staticLocale?.locale ?? NO_LOCALE;

/**
 * The provider around Ant Design's static holders (toasts, notices, dialogs). Its element tree
 * keeps one shape whatever the locale: antd renders each holder (message, notification) once
 * and keeps a handle on what it rendered, so a holder remounted under a changed tree (say, the
 * first locale arriving after the first toast) takes every later toast to a component no longer
 * on the page, and none shows again.
 */
function StaticScope({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(subscribeStaticLocale, currentStaticLocale, currentStaticLocale);
  return (
    <ConfigProvider theme={theme} locale={locale}>
      {children}
    </ConfigProvider>
  );
}

// Toasts, dialogs and notices opened outside the tree use the same theme and locale. Every module
// that opens one imports this one first.
ConfigProvider.config({
  holderRender: (children) => <StaticScope>{children}</StaticScope>,
});

/**
 * Ant Design's locale of the current language, for the static holders too. A toast, dialog or
 * notice opened outside any screen (login prompt, version notice, a base query's error) asks
 * for it; until it comes, Ant Design's own texts show (see NO_LOCALE).
 */
export async function prepareAntd(): Promise<void> {
  const intl = getIntl();
  const base = await loadAntdLocale(languageOfTag(intl.locale));
  // a language switched meanwhile, or a screen's scope that set it for this catalogue, wins
  if (intl === getIntl() && staticLocale?.intl !== intl) setStaticLocale(withPaginationText(base, intl), intl);
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
    if (locale) setStaticLocale(locale, intl);
  }, [locale, intl]);
  return (
    <ConfigProvider theme={theme} locale={locale ?? NO_LOCALE}>
      {children}
    </ConfigProvider>
  );
}
