import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { DEFAULT_LANGUAGE, localeTag, type Language } from './languages';

import type { MessageFormatElement } from 'react-intl';

/** Key → message: plain ICU text in dev and tests, pre-parsed in production builds. */
export type Catalogue = Record<string, string | MessageFormatElement[]>;

const cache = createIntlCache();

/** Where each language's catalogue comes from. */
export type CatalogueLoaders = Record<Language, () => Promise<Catalogue>>;

/**
 * The storefront's catalogue loaders: each language is its own chunk, kept out of the entry. The
 * build leaves the staff console's keys (`console.*`) out of these chunks; the console loads the
 * whole files through its own loaders (app/console/catalogues.ts), given to `loadCatalogue`.
 */
const loaders: CatalogueLoaders = {
  zh_CN: () => import('../i18n/zh_CN.json').then((m) => m.default as Catalogue),
  en_US: () => import('../i18n/en_US.json').then((m) => m.default as Catalogue),
};

/**
 * The catalogue of a language: that language's file alone, from the storefront's loaders or other
 * ones (the console's). Every catalogue has the same keys (src/i18n/catalogue.test.ts), so an
 * English reader does not load the Chinese one too, and the storefront's preload links name just
 * the reader's (route-preloads.json).
 */
export async function loadCatalogue(language: Language, from: CatalogueLoaders = loaders): Promise<Catalogue> {
  return from[language]();
}

export function makeIntl(language: Language, messages: Catalogue): IntlShape {
  return createIntl(
    {
      locale: localeTag(language),
      defaultLocale: localeTag(DEFAULT_LANGUAGE),
      messages: messages as Record<string, string>,
      onError: (error) => {
        if (import.meta.env.DEV) console.warn(error.message);
      },
    },
    cache,
  );
}

// Made on first use, not when this module loads: the first `createIntl` of a page loads the
// browser's locale data (tens of ms), which must not hold up the entry's first requests.
let current: IntlShape | undefined;

/** The intl object the React tree uses too, for code outside components (toasts, dialogs). */
export function getIntl(): IntlShape {
  return (current ??= makeIntl(DEFAULT_LANGUAGE, {}));
}

/**
 * Loads the browser's number and date data for a language now. Called while the first requests
 * are in flight, so the time is spent waiting for the network rather than after it.
 */
export function warmIntl(language: Language): void {
  current ??= makeIntl(language, {});
}

export function setIntl(intl: IntlShape): void {
  current = intl;
}

/** Translates a catalogue key with the current language. */
export function t(id: string, values?: Record<string, string | number>): string {
  return getIntl().formatMessage({ id }, values);
}
