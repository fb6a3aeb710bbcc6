import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { loggedOut, type SessionState } from '../state/session-slice';
import { REQUEST_TIMEOUT_MS, type ToastType } from '../lib/constants';
import { t } from '../lib/i18n';
import { toast } from '../lib/toast';
import { openLoginPrompt } from './login-prompt';
import type { Envelope } from '../lib/api-types';

/**
 * How a call failed: an HTTP status, a refused envelope, no answer, a timeout, an unreadable body,
 * or `stale`: made for a session that has ended since (not sent, or its answer ignored; silent).
 */
type ApiErrorKind = 'http' | 'code' | 'network' | 'timeout' | 'parse' | 'stale';

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

/** The token a query's arguments name (`token`, or a catalogue `scope.token`), when they name one. */
function sessionOfArgs(args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const { token, scope } = args as { token?: unknown; scope?: unknown };
  if (typeof token === 'string') return token;
  if (typeof scope === 'object' && scope !== null) {
    const scoped = (scope as { token?: unknown }).token;
    if (typeof scoped === 'string') return scoped;
  }
  return undefined;
}

/** The arguments a running query was started with (RTK Query keeps them in its cache entry). */
function queryArgs(state: unknown, cacheKey: string | undefined): unknown {
  if (!cacheKey) return undefined;
  const queries = (state as { api?: { queries?: Record<string, { originalArgs?: unknown } | undefined> } }).api?.queries;
  return queries?.[cacheKey]?.originalArgs;
}

/**
 * Why a call is not sent or its 401 is not an expired login: it belongs to a session that is no
 * longer the current one (logged out, or logged in as someone else since).
 */
const staleSession = (): ApiError => ({ kind: 'stale', status: null, code: null, msg: '' });

export function createBaseQuery(
  config: BaseQueryConfig = {},
): BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> {
  const raw = fetchBaseQuery({
    baseUrl: config.baseUrl ?? '',
    timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
    ...(config.fetchFn ? { fetchFn: config.fetchFn } : {}),
    prepareHeaders: (headers, { getState, extraOptions }) => {
      const { session } = getState() as SessionRoot;
      // the token read when the call began (see below), so the answer can be matched to it
      const token = (extraOptions as { token?: string } | undefined)?.token ?? session.token;
      if (token) headers.set('token', token);
      headers.set('content-language', session.language);
      headers.set('areasite', session.areaSite ?? '');
      return headers;
    },
  });

  return async (args, api, extraOptions = {}) => {
    const currentToken = () => (api.getState() as SessionRoot).session.token;
    const token = currentToken();
    // A query made for a session that has ended (its arguments name another token: the layout's
    // unread count polled or invalidated just after logout) is not sent: without a token it would
    // answer 401, which is not an expired login.
    if (api.type === 'query') {
      const named = sessionOfArgs(queryArgs(api.getState(), api.queryCacheKey));
      if (named && named !== token) return { error: staleSession() };
    }
    const result = await raw(args, api, { token });
    const notify = (text: string, type: ToastType = 'error', key?: string) => {
      if (!extraOptions.silent) void toast(text, type, key);
    };
    // A 401 is an expired login only for the session that is still current: an answer to a call
    // sent with a token that has been logged out (or replaced) since says nothing about the
    // current one, so it is neither toasted nor logs out nor asks to log in.
    const unauthorized = (failure: ApiError) => {
      if (currentToken() !== token) return { error: { ...failure, kind: 'stale' as const }, meta: result.meta };
      notify(failure.msg, 'error', 'unauthorized');
      api.dispatch(loggedOut());
      if (!extraOptions.noLoginPrompt) openLoginPrompt();
      return { error: failure, meta: result.meta };
    };

    if (result.error) {
      const failure = describeFailure(result.error);
      if (failure.status === 401) return unauthorized(failure);
      notify(failure.msg);
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
      if (body.code === 401) return unauthorized(failure);
      notify(failure.msg);
      return { error: failure, meta: result.meta };
    }
    return { data: body.data, meta: result.meta };
  };
}
