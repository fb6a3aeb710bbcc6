import type { Language } from '../../lib/languages';
import { consoleApi, type ConsoleList, type PageArgs } from '../../api/console-api';

/**
 * The Excel product import [imports.write]: a sheet (and optionally a zip of the pictures it
 * names) is checked in the background (`checking` → `ready` with a preview, or `failed`), then
 * confirmed (`applying` → `applied`). Only a `ready` import can be confirmed; confirming again
 * answers it as it is. Texts (`error`, a row's `reason`) come in the request's language.
 */

export type ImportStatus = 'checking' | 'ready' | 'applying' | 'applied' | 'failed';

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'refused', 'conflict'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export interface ImportRow {
  /** The sheet's row number. */
  row: number;
  action: ImportAction;
  stall: string;
  item_no: string;
  colour: string;
  size: string;
  /** Why, for refused and conflicting rows; '' otherwise. */
  reason: string;
}

export interface ProductImport {
  id: string;
  file_name: string;
  status: ImportStatus;
  progress: { done: number; total: number };
  /** `conflict` when the server counts those rows apart. */
  counts: { create: number; update: number; unchanged: number; refused: number; conflict?: number };
  /** Why it failed; '' when it did not. */
  error: string;
  /** null for the operator (scripts and the CLI). */
  actor_name: string | null;
  actor_kind?: 'staff' | 'operator';
  created_at: number;
  applied_at: number | null;
  /** With the detail only. */
  rows?: ImportRow[];
}

/** Still working in the background: asked again every second. */
export const isImportRunning = (status: ImportStatus) => status === 'checking' || status === 'applying';

export const IMPORT_POLL_MS = 1000;

const I = '/jpmall/admin/catalog/imports';
export const IMPORT_TEMPLATE_URL = `${I}/template`;

export const consoleImportsApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Import'] }).injectEndpoints({
  endpoints: (build) => ({
    imports: build.query<ConsoleList<ProductImport>, PageArgs & { token: string; language: Language }>({
      query: ({ page, pagesize }) => ({ url: I, params: { page, pagesize } }),
      providesTags: ['Import'],
    }),
    productImport: build.query<ProductImport, { token: string; language: Language; id: string }>({
      query: ({ id }) => ({ url: `${I}/detail`, params: { id } }),
      providesTags: (_answer, _error, { id }) => [{ type: 'Import', id }],
    }),
    /** Multipart: `file` (the .xlsx) and, when given, `pictures` (a .zip). */
    startImport: build.mutation<ProductImport, { file: File; pictures?: File | null }>({
      query: ({ file, pictures }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        if (pictures) body.append('pictures', pictures, pictures.name);
        return { url: I, method: 'POST', body };
      },
      extraOptions: { silent: true },
      invalidatesTags: ['Import'],
    }),
    confirmImport: build.mutation<ProductImport, { id: string }>({
      query: (body) => ({ url: `${I}/confirm`, method: 'POST', body }),
      invalidatesTags: (_answer, _error, { id }) => ['Import', { type: 'Import', id }],
    }),
  }),
});

export const { useImportsQuery, useProductImportQuery, useStartImportMutation, useConfirmImportMutation } = consoleImportsApi;
