import type { Catalogue, CatalogueLoaders } from '../../lib/i18n';

/**
 * The console's catalogue loaders: the same two files, whole (`?console`: the build keeps the
 * `console.*` keys, which it leaves out of the storefront's chunks; see vite.config.ts).
 */
export const CONSOLE_CATALOGUES: CatalogueLoaders = {
  zh_CN: () => import('../../i18n/zh_CN.json?console').then((m) => m.default as Catalogue),
  en_US: () => import('../../i18n/en_US.json?console').then((m) => m.default as Catalogue),
};
