import { Button } from 'antd';
import { useIntl } from 'react-intl';
import { LANGUAGES } from '../lib/languages';
import { useAppDispatch, useAppSelector } from './hooks';
import { languageChanged, selectLanguage } from './session-slice';

/** Chinese / English switch; the choice is kept under the storage key `language`. */
export function LanguageSwitch() {
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const intl = useIntl();
  return (
    <span className="language-switch" role="group" aria-label={intl.formatMessage({ id: 'language.label' })}>
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          size="small"
          type={value === language ? 'primary' : 'text'}
          aria-pressed={value === language}
          data-language={value}
          onClick={() => dispatch(languageChanged(value))}
        >
          {intl.formatMessage({ id: `language.${value}` })}
        </Button>
      ))}
    </span>
  );
}
