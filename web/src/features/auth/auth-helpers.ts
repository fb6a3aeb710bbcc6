import type { FormInstance } from 'antd';
import type { ApiError } from '../../api/base-query';

export type AuthMode = 'login' | 'register' | 'forgot' | 'setPassword';
const AUTH_MODES: readonly AuthMode[] = ['login', 'register', 'forgot', 'setPassword'];

export function parseMode(value: string | null): AuthMode {
  return AUTH_MODES.includes(value as AuthMode) ? (value as AuthMode) : 'login';
}

/** The /login address of another panel, keeping site and redirect. */
export function modeHref(search: string, mode: AuthMode): string {
  const params = new URLSearchParams(search);
  if (mode === 'login') params.delete('mode');
  else params.set('mode', mode);
  return `/login?${params.toString()}`;
}

/** Only same-site paths are followed after login (never another host, never /login again). */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?')) return null;
  return value;
}

/** The field a refusal (422) names in data.field, with the server's message. */
export function fieldErrorOf(error: unknown): { field: string; msg: string } | null {
  const e = error as Partial<ApiError> | undefined;
  const field = (e?.data as { field?: unknown } | undefined)?.field;
  if (typeof field !== 'string' || !e?.msg) return null;
  return { field, msg: e.msg };
}

/** Marks the field a 422 names (data.field) with the server's message. */
export function showFieldError(form: FormInstance, error: unknown): void {
  const named = fieldErrorOf(error);
  if (!named) return;
  if (form.getFieldInstance(named.field) === undefined && !(named.field in (form.getFieldsValue() as object))) return;
  form.setFields([{ name: named.field, errors: [named.msg] }]);
}
