import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useAppSelector } from '../state/hooks';
import { selectLanguage } from '../state/session-slice';

/** Month and weekday names of the date pickers follow the interface language. */
export function useDayjsLocale(): void {
  const language = useAppSelector(selectLanguage);
  useEffect(() => {
    dayjs.locale(language === 'zh_CN' ? 'zh-cn' : 'en');
  }, [language]);
}
