import type { FormInstance } from 'antd';
import { t } from '../lib/i18n';
import { failureText, refusedField } from '../lib/refusal';
import { toast } from '../lib/toast';

/**
 * A refused save (the calls are silent): the server's message under the form field its
 * `data.field` names when the form has one (`fields`, or `rename` for a field the form calls
 * otherwise), else as a toast. Answers the form field it marked, if any.
 */
export function showRefusal(form: FormInstance, error: unknown, fields: readonly string[], rename: Record<string, string> = {}): string | null {
  const msg = failureText(error) ?? t('error.http.other');
  const field = refusedField(error);
  const name = field ? (rename[field] ?? (fields.includes(field) ? field : null)) : null;
  if (name) {
    form.setFields([{ name, errors: [msg] }]);
    form.scrollToField(name);
    return name;
  }
  void toast(msg, 'error');
  return null;
}
