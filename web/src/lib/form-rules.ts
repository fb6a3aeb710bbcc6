import type { IntlShape } from 'react-intl';
import type { MessageKey } from './validators';

/** An antd Form rule built from a validator of validators.ts, its message from the catalogue. */
export interface FormRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

export function formRule<T>(intl: IntlShape, check: (value: T) => MessageKey | null): FormRule {
  return {
    validator: async (_rule, value) => {
      const key = check(value as T);
      if (key) throw new Error(intl.formatMessage({ id: key }));
    },
  };
}
