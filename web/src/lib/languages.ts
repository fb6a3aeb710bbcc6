/** The two interface languages; zh_CN is the default and the fallback. */
export const LANGUAGES = ['zh_CN', 'en_US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh_CN';

export function normalizeLanguage(value: unknown): Language {
  return LANGUAGES.includes(value as Language) ? (value as Language) : DEFAULT_LANGUAGE;
}

/** BCP 47 tag for react-intl and <html lang>. */
export function localeTag(language: Language): string {
  return language === 'en_US' ? 'en-US' : 'zh-CN';
}

/** The language of a react-intl locale tag (`localeTag`'s inverse). */
export function languageOfTag(tag: string): Language {
  return tag === 'en-US' ? 'en_US' : 'zh_CN';
}

/** A bilingual name in the interface language (the Chinese one when the English is empty). */
export function nameIn(language: Language, named: { name_zh: string; name_en: string } | undefined): string {
  if (!named) return '';
  return language === 'en_US' ? named.name_en || named.name_zh : named.name_zh;
}
