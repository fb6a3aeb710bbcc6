import type { ConfigProviderProps } from 'antd';
import type { IntlShape } from 'react-intl';
import { loadCatalogue, loadCatalogueFrom, makeIntl, type CatalogueLoaders } from './i18n';
import { localeTag, type Language } from './languages';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/** Ant Design's locale for a language: its own chunk, out of the entry. */
const antdLocales: Record<Language, () => Promise<AntdLocale>> = {
  zh_CN: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  en_US: () => import('antd/es/locale/en_US').then((m) => m.default),
};

export interface LocaleBundle {
  language: Language;
  intl: IntlShape;
  antdLocale: AntdLocale;
}

/** Messages and component texts of a language, with the spec's pagination text. */
export async function loadLocaleBundle(language: Language): Promise<LocaleBundle> {
  const [messages, base] = await Promise.all([loadCatalogue(language), antdLocales[language]()]);
  const intl = makeIntl(language, messages);
  const antdLocale: AntdLocale = {
    ...base,
    Pagination: { ...base.Pagination, items_per_page: intl.formatMessage({ id: 'pagination.itemsPerPage' }) },
  };
  return { language, intl, antdLocale };
}

/**
 * `loadLocaleBundle` with an app's own catalogues (the console's). Apart from it, so the
 * storefront's entry stays byte for byte what it was.
 */
export async function loadLocaleBundleFrom(catalogues: CatalogueLoaders, language: Language): Promise<LocaleBundle> {
  const [messages, base] = await Promise.all([loadCatalogueFrom(catalogues, language), antdLocales[language]()]);
  const intl = makeIntl(language, messages);
  const antdLocale: AntdLocale = {
    ...base,
    Pagination: { ...base.Pagination, items_per_page: intl.formatMessage({ id: 'pagination.itemsPerPage' }) },
  };
  return { language, intl, antdLocale };
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = localeTag(language);
}
