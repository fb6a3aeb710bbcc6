import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { SiteInfo } from '../lib/api-types';
import { REQUEST_TIMEOUT_MS } from '../lib/constants';
import type { Language } from '../lib/languages';
import { t } from '../lib/i18n';
import { toast } from '../lib/toast';
import { consoleLoggedOut, type ConsoleRootState } from '../state/console-session';
import { describeFailure, isEnvelope, type ApiError, type ApiExtraOptions } from './base-query';

/** Staff roles (docs/api.md "Staff console"); shown through `console.role.<role>`. */
export const STAFF_ROLES = ['owner', 'catalogue', 'warehouse', 'service', 'finance', 'marketing', 'stall'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Permission names of the staff console (docs/api.md "Staff console"). */
export type Permission =
  | 'staff.manage'
  | 'catalogue.read'
  | 'catalogue.write'
  | 'stock.write'
  | 'imports.write'
  | 'orders.read'
  | 'orders.write'
  | 'aftersales.read'
  | 'aftersales.write'
  | 'withdrawals.read'
  | 'withdrawals.write'
  | 'payees.read'
  | 'ledgers.read'
  | 'figures.read'
  | 'coupons.read'
  | 'coupons.write'
  | 'notices.write'
  | 'outbox.read'
  | 'audit.read';

/** A staff account; times are unix seconds. */
export interface Staff {
  id: string;
  mobile: string;
  name: string;
  role: StaffRole;
  stall_ids: string[];
  disabled: boolean;
  permissions: string[];
  created_at: number;
  last_login_at: number | null;
}

/** What waits; a field is absent when the role may not see it. */
export interface Dashboard {
  orders_to_prepare?: number;
  orders_to_ship?: number;
  aftersales_to_review?: number;
  withdrawals_to_decide?: number;
}

/** One line of the audit trail: who did what to which object. */
export interface AuditEntry {
  id: number;
  at: number;
  actor_kind: 'staff' | 'operator';
  actor_id: string | null;
  actor_name: string | null;
  /** 'staff.add', 'order.ship', …: shown through `console.action.<action>`, else as it is. */
  action: string;
  object_type: string;
  object_id: string;
  /** What the action recorded: its command's fields (money in fen, times in unix seconds, ids). */
  detail: unknown;
  /** The names of the ids the row holds (its object, its detail's ids), by kind and id. */
  names?: AuditNames;
}

/** Names by id, per kind of id, as the audit listing resolves them. */
export interface AuditNames {
  staff?: Record<string, string>;
  user?: Record<string, string>;
  product?: Record<string, string>;
  sku?: Record<string, string>;
  stall?: Record<string, string>;
  market?: Record<string, string>;
  category?: Record<string, string>;
  notice?: Record<string, string>;
}

export interface StallOption {
  id: string;
  name: string;
  market_name: string;
}

/** A page of a console list. */
export interface ConsoleList<T> {
  list: T[];
  total: number;
}

export interface PageArgs {
  page: number;
  pagesize: number;
}

export interface AuditFilter {
  staff_id?: string;
  actor_kind?: 'staff' | 'operator';
  object_type?: string;
  object_id?: string;
}

export interface AddStaffBody {
  mobile: string;
  /** RSA-encrypted with the site's public key, base64, as the seller login sends it. */
  password: string;
  name: string;
  role: StaffRole;
  stall_ids: string[];
}

/**
 * The console's base query: header `admin-token` (never the seller's `token`) and the interface
 * language as `content-language`, the `{code, msg, data}` envelope (code 1 = ok), and the server's
 * localised `msg` as an error toast. A 401 to the current admin session means it has ended: the
 * session is cleared and the console's guard goes to /admin/login. A 403 shows the server's msg
 * (the staff member lacks the permission). The failure shapes are the storefront's (base-query.ts).
 */
function createConsoleBaseQuery(): BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> {
  const raw = fetchBaseQuery({
    baseUrl: '',
    timeout: REQUEST_TIMEOUT_MS,
    prepareHeaders: (headers, { getState }) => {
      const { console: session } = getState() as ConsoleRootState;
      if (session.token) headers.set('admin-token', session.token);
      headers.set('content-language', session.language);
      return headers;
    },
  });
  return async (args, api, extraOptions = {}) => {
    const currentToken = () => (api.getState() as ConsoleRootState).console.token;
    const token = currentToken();
    const result = await raw(args, api, extraOptions);
    const notify = (text: string, key?: string) => {
      if (!extraOptions.silent) void toast(text, 'error', key);
    };
    if (result.error) {
      const failure = describeFailure(result.error);
      if (failure.status === 401) {
        // the server's words when it sent any (a refused login says why), else the spec's
        const body = 'data' in result.error ? result.error.data : undefined;
        const msg = isEnvelope(body) && body.msg ? body.msg : failure.msg;
        // an answer to a session that has already ended or been replaced says nothing of this one
        if (token && currentToken() !== token) return { error: { ...failure, msg, kind: 'stale' }, meta: result.meta };
        notify(msg, 'unauthorized');
        if (token) api.dispatch(consoleLoggedOut());
        return { error: { ...failure, msg }, meta: result.meta };
      }
      notify(failure.msg);
      return { error: failure, meta: result.meta };
    }
    const body = result.data;
    if (!isEnvelope(body)) {
      const failure: ApiError = { kind: 'parse', status: result.meta?.response?.status ?? null, code: null, msg: t('error.http.other') };
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
      notify(failure.msg);
      return { error: failure, meta: result.meta };
    }
    return { data: body.data, meta: result.meta };
  };
}

const A = '/jpmall/admin';

/**
 * The staff console's calls: its own api slice (reducer `consoleApi`), apart from the storefront's.
 * Query arguments carry the token (and the language where the answer has texts), so a new session
 * or language asks again.
 */
export const consoleApi = createApi({
  reducerPath: 'consoleApi',
  baseQuery: createConsoleBaseQuery(),
  tagTypes: ['Me', 'Staff', 'Dashboard', 'Audit'],
  endpoints: (build) => ({
    /** The site's RSA public key (the call the storefront makes at start), for passwords. */
    consoleSite: build.query<SiteInfo, { language: Language }>({
      query: () => ({ url: '/jpmall/addons/unishop/index/site', method: 'POST', body: { site: '' } }),
    }),
    staffLogin: build.mutation<{ token: string; staff: Staff }, { mobile: string; password: string }>({
      query: (body) => ({ url: `${A}/staff/login`, method: 'POST', body }),
    }),
    me: build.query<Staff, { token: string }>({
      query: () => `${A}/staff/me`,
      providesTags: ['Me'],
    }),
    staffLogout: build.mutation<null, void>({
      query: () => ({ url: `${A}/staff/logout`, method: 'POST' }),
      extraOptions: { silent: true },
    }),
    dashboard: build.query<Dashboard, { token: string }>({
      query: () => `${A}/dashboard`,
      providesTags: ['Dashboard'],
    }),
    staffList: build.query<ConsoleList<Staff>, PageArgs & { token: string }>({
      query: ({ page, pagesize }) => ({ url: `${A}/staff/list`, params: { page, pagesize } }),
      providesTags: ['Staff'],
    }),
    stallOptions: build.query<StallOption[], { token: string }>({
      query: () => `${A}/stalls/options`,
    }),
    addStaff: build.mutation<Staff, AddStaffBody>({
      query: (body) => ({ url: `${A}/staff/add`, method: 'POST', body }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    changeStaffRole: build.mutation<Staff, { id: string; role: StaffRole; stall_ids: string[] }>({
      query: (body) => ({ url: `${A}/staff/role`, method: 'POST', body }),
      invalidatesTags: ['Staff', 'Audit', 'Me'],
    }),
    disableStaff: build.mutation<Staff, { id: string; disabled: boolean }>({
      query: (body) => ({ url: `${A}/staff/disable`, method: 'POST', body }),
      invalidatesTags: ['Staff', 'Audit'],
    }),
    audit: build.query<ConsoleList<AuditEntry>, AuditFilter & PageArgs & { token: string }>({
      query: ({ token: _token, ...filter }) => ({
        url: `${A}/audit`,
        // empty filters are left out
        params: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')),
      }),
      providesTags: ['Audit'],
    }),
  }),
});

export const {
  useConsoleSiteQuery,
  useStaffLoginMutation,
  useMeQuery,
  useStaffLogoutMutation,
  useDashboardQuery,
  useStaffListQuery,
  useStallOptionsQuery,
  useAddStaffMutation,
  useChangeStaffRoleMutation,
  useDisableStaffMutation,
  useAuditQuery,
} = consoleApi;
