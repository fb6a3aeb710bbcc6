import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { loggedOut, type SessionState } from '../app/session-slice';
import { REQUEST_TIMEOUT_MS, type ToastType } from '../lib/constants';
import { t } from '../lib/i18n';
import { toast } from '../lib/toast';
import { openLoginPrompt } from './login-prompt';
import type { Envelope } from './types';

/** How a call failed: an HTTP status, a refused envelope, no answer, a timeout or an unreadable body. */
export type ApiErrorKind = 'http' | 'code' | 'network' | 'timeout' | 'parse';

export interface ApiError {
  kind: ApiErrorKind;
  /** HTTP status when there was an answer. */
  status: number | null;
  /** Envelope code when the answer was an envelope. */
  code: number | null;
  /** The text shown to the person. */
  msg: string;
  /** The envelope's data (e.g. `{field}` of a 422), when any. */
  data?: unknown;
}

export interface ApiExtraOptions {
  /** No toast for this call (the caller shows its own message). */
  silent?: boolean;
  /** No login dialog on 401 (e.g. the logout call itself). */
  noLoginPrompt?: boolean;
}

/** Catalogue keys for the HTTP statuses of spec section 8. */
const STATUS_MESSAGES: Record<number, string> = {
  401: 'error.http.401',
  403: 'error.http.403',
  404: 'error.http.404',
  500: 'error.http.500',
  504: 'error.http.504',
};

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Turns a failed fetch into the ApiError the screens see (spec section 8 messages). */
export function describeFailure(error: FetchBaseQueryError): ApiError {
  if (error.status === 'FETCH_ERROR') {
    return { kind: 'network', status: null, code: null, msg: t('error.network') };
  }
  if (error.status === 'TIMEOUT_ERROR') {
    return { kind: 'timeout', status: null, code: null, msg: t('error.timeout') };
  }
  if (error.status === 'PARSING_ERROR') {
    const status = error.originalStatus;
    if (status >= 200 && status < 300) return { kind: 'parse', status, code: null, msg: t('error.http.other') };
    return { kind: 'http', status, code: null, msg: t(STATUS_MESSAGES[status] ?? 'error.http.other') };
  }
  if (error.status === 'CUSTOM_ERROR') {
    return { kind: 'parse', status: null, code: null, msg: t('error.http.other') };
  }
  const status = error.status;
  const body = error.data;
  const envelope = isEnvelope(body) ? body : null;
  const known = STATUS_MESSAGES[status];
  // The server's envelope already speaks the request's language and, for the statuses the spec
  // names, uses the spec's words; it is also the only place specific refusals such as 'shopfront
  // does not exist' or a 422's rule can come from. A 401 keeps the spec's own toast, and an answer
  // without an envelope (a proxy, a crash) falls back to the status table.
  const fromServer = status !== 401 && envelope?.msg ? envelope.msg : null;
  const msg = fromServer ?? (known ? t(known) : t('error.http.other'));
  return { kind: 'http', status, code: envelope?.code ?? null, msg, data: envelope?.data };
}

export interface BaseQueryConfig {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  timeout?: number;
}

type SessionRoot = { session: SessionState };

export function createBaseQuery(
  config: BaseQueryConfig = {},
): BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> {
  const raw = fetchBaseQuery({
    baseUrl: config.baseUrl ?? '',
    timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
    ...(config.fetchFn ? { fetchFn: config.fetchFn } : {}),
    prepareHeaders: (headers, { getState }) => {
      const { session } = getState() as SessionRoot;
      if (session.token) headers.set('token', session.token);
      headers.set('content-language', session.language);
      headers.set('areasite', session.areaSite ?? '');
      return headers;
    },
  });

  return async (args, api, extraOptions = {}) => {
    const result = await raw(args, api, {});
    const notify = (text: string, type: ToastType = 'error', key?: string) => {
      if (!extraOptions.silent) void toast(text, type, key);
    };
    const unauthorized = () => {
      api.dispatch(loggedOut());
      if (!extraOptions.noLoginPrompt) openLoginPrompt();
    };

    if (result.error) {
      const failure = describeFailure(result.error);
      if (failure.status === 401) {
        notify(failure.msg, 'error', 'unauthorized');
        unauthorized();
      } else {
        notify(failure.msg);
      }
      return { error: failure, meta: result.meta };
    }

    const body = result.data;
    if (!isEnvelope(body)) {
      const failure: ApiError = {
        kind: 'parse',
        status: result.meta?.response?.status ?? null,
        code: null,
        msg: t('error.http.other'),
      };
      notify(failure.msg);
      return { error: failure, meta: result.meta };
    }
    if (body.code !== 1) {
      const failure: ApiError = {
        kind: 'code',
        status: result.meta?.response?.status ?? null,
        code: body.code,
        msg: body.msg || t('error.http.other'),
        data: body.data,
      };
      if (body.code === 401) {
        notify(failure.msg, 'error', 'unauthorized');
        unauthorized();
      } else {
        notify(failure.msg);
      }
      return { error: failure, meta: result.meta };
    }
    return { data: body.data, meta: result.meta };
  };
}
