import type { ConfigProviderProps } from 'antd';
import type { IntlShape } from 'react-intl';
import { loadCatalogue, makeIntl, type CatalogueLoaders } from './i18n';
import { localeTag, type Language } from './languages';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/** Ant Design's locale for a language: its own chunk, out of the entry. */
const antdLocales: Record<Language, () => Promise<AntdLocale>> = {
  zh_CN: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  en_US: () => import('antd/es/locale/en_US').then((m) => m.default),
};

const antdLoaded: Partial<Record<Language, AntdLocale>> = {};

/** Loads Ant Design's locale of a language (once) for `loadedAntdLocale`. */
export async function loadAntdLocale(language: Language): Promise<AntdLocale> {
  const locale = antdLoaded[language] ?? (await antdLocales[language]());
  antdLoaded[language] = locale;
  return locale;
}

/** Ant Design's locale of a language if `loadAntdLocale` has loaded it. */
export function loadedAntdLocale(language: Language): AntdLocale | undefined {
  return antdLoaded[language];
}

/** Ant Design's locale with the spec's pagination text. */
export function withPaginationText(base: AntdLocale, intl: IntlShape): AntdLocale {
  return { ...base, Pagination: { ...base.Pagination, items_per_page: intl.formatMessage({ id: 'pagination.itemsPerPage' }) } };
}

export interface LocaleBundle {
  language: Language;
  intl: IntlShape;
  antdLocale: AntdLocale;
}

/** The storefront's messages of a language. */
export interface IntlBundle {
  language: Language;
  intl: IntlShape;
}

/**
 * The storefront's messages of a language. Ant Design's locale is not awaited here: the first
 * screens use no Ant Design component, and a screen that does loads it with its code
 * (lib/antd-scope.tsx). `withAntd` (a language switch) loads it beside the messages when Ant
 * Design is already in use, so the switch swaps both at once.
 */
export async function loadLocaleBundle(language: Language, withAntd = false): Promise<IntlBundle> {
  const [messages] = await Promise.all([loadCatalogue(language), withAntd ? loadAntdLocale(language) : null]);
  return { language, intl: makeIntl(language, messages) };
}

/**
 * `loadLocaleBundle` with an app's own catalogues (the console's). Apart from it, so the
 * storefront's entry stays byte for byte what it was.
 */
export async function loadLocaleBundleFrom(catalogues: CatalogueLoaders, language: Language): Promise<LocaleBundle> {
  const [messages, base] = await Promise.all([loadCatalogue(language, catalogues), loadAntdLocale(language)]);
  const intl = makeIntl(language, messages);
  return { language, intl, antdLocale: withPaginationText(base, intl) };
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = localeTag(language);
}
