import { useIntl } from 'react-intl';
import { LANGUAGES, localeTag } from '../lib/languages';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { languageChanged, selectLanguage } from '../state/session-slice';

/**
 * Chinese / English switch; the choice is kept under the storage key `language`. Plain buttons:
 * it is on every first screen, so it does not pull in the component library's button. Each
 * language is named in itself, and `lang` says so (screen readers, and the English walk test,
 * which allows Chinese only where the page declares it).
 */
export function LanguageSwitch() {
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const intl = useIntl();
  return (
    <span className="language-switch" role="group" aria-label={intl.formatMessage({ id: 'language.label' })}>
      {LANGUAGES.map((value) => (
        <button
          key={value}
          type="button"
          className={`plain-button${value === language ? ' is-current' : ''}`}
          aria-pressed={value === language}
          data-language={value}
          lang={localeTag(value)}
          onClick={() => dispatch(languageChanged(value))}
        >
          {intl.formatMessage({ id: `language.${value}` })}
        </button>
      ))}
    </span>
  );
}
