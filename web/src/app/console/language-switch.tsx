import { Button } from 'antd';
import { useIntl } from 'react-intl';
import { LANGUAGES } from '../../lib/languages';
import { consoleLanguageChanged, selectConsoleLanguage } from '../../state/console-session';
import { useConsoleDispatch, useConsoleSelector } from './hooks';

/** Chinese / English, kept under the storage key `language`. */
export function ConsoleLanguageSwitch() {
  const intl = useIntl();
  const language = useConsoleSelector(selectConsoleLanguage);
  const dispatch = useConsoleDispatch();
  return (
    <span className="console-language" role="group" aria-label={intl.formatMessage({ id: 'language.label' })}>
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          type={value === language ? 'link' : 'text'}
          size="small"
          aria-pressed={value === language}
          data-language={value}
          onClick={() => dispatch(consoleLanguageChanged(value))}
        >
          {intl.formatMessage({ id: `language.${value}` })}
        </Button>
      ))}
    </span>
  );
}
