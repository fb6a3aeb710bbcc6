import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { DEFAULT_LANGUAGE, localeTag, type Language } from './languages';

import type { MessageFormatElement } from 'react-intl';

/** Key → message: plain ICU text in dev and tests, pre-parsed in production builds. */
export type Catalogue = Record<string, string | MessageFormatElement[]>;

const cache = createIntlCache();

/** Catalogue loaders: each language is its own chunk, kept out of the entry. */
const loaders: Record<Language, () => Promise<Catalogue>> = {
  zh_CN: () => import('../i18n/zh_CN.json').then((m) => m.default as Catalogue),
  en_US: () => import('../i18n/en_US.json').then((m) => m.default as Catalogue),
};

/** The catalogue of a language over the zh_CN one, which is the fallback for any missing key. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const fallback = await loaders[DEFAULT_LANGUAGE]();
  if (language === DEFAULT_LANGUAGE) return fallback;
  return { ...fallback, ...(await loaders[language]()) };
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

let current: IntlShape = makeIntl(DEFAULT_LANGUAGE, {});

/** The intl object the React tree uses too, for code outside components (toasts, dialogs). */
export function getIntl(): IntlShape {
  return current;
}

export function setIntl(intl: IntlShape): void {
  current = intl;
}

/** Translates a catalogue key with the current language. */
export function t(id: string, values?: Record<string, string | number>): string {
  return current.formatMessage({ id }, values);
}
