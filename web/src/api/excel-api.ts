import { api } from './api';
import type { Page } from '../lib/api-types';
import type { Language } from '../lib/languages';

/**
 * Excel export and batch upload (docs/api.md "Excel export and batch upload"). Exports
 * and imports are background jobs: starting one answers the running job at once, `excel/job` is
 * polled for its progress, and `excel/history` lists them (`ExcelJob` tag: starting a job, and a
 * job seen finishing, ask the history again). The file itself (`excel/download`) is not an
 * envelope and is fetched outside RTK Query (widgets/excel-download.ts).
 */

type ExcelKind = 'export' | 'import';
/** `listing_package`: a listing package made in the background (listing/package_job), a zip. */
type ExcelTable = 'orders' | 'ledger' | 'after_sales' | 'platform_orders' | 'listing_package';
/** The tables a list screen can export. */
export type ExportTable = Exclude<ExcelTable, 'platform_orders' | 'listing_package'>;
type ExcelJobStatus = 'running' | 'done' | 'failed';
/** `skipped`: the order was left out on purpose (cancelled or already shipped on the platform), not an error. */
export type ImportOutcome = 'created' | 'failed' | 'duplicate' | 'skipped';

/** One data row of an imported spreadsheet and what became of it. */
export interface ImportReportRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  outcome: ImportOutcome;
  platform: string;
  /** The platform's name in the request's language (what was written, when it is none of ours). */
  platform_name?: string;
  source_order_no: string;
  /** The new order (created) or the existing one (duplicate); '' when failed. */
  order_no: string;
  reason: string;
  /** The template column the reason is about, '' when none. */
  field: string;
}

export interface ImportReport {
  created: number;
  failed: number;
  duplicate: number;
  /** Reports stored before skipped orders were told apart have none. */
  skipped?: number;
  rows: ImportReportRow[];
}

export interface ExcelJob {
  id: string;
  kind: ExcelKind;
  table: ExcelTable;
  /** In the request's language. */
  table_name: string;
  table_type: string;
  status: ExcelJobStatus;
  progress: { done: number; total: number };
  row_count: number;
  file_name: string;
  error: string;
  created_at: number;
  finished_at: number | null;
  /** Imports only, once read. */
  report: ImportReport | null;
}

/** The body of a list call without `page`/`pagesize`. */
export type ExportFilters = Record<string, string | number>;

interface ExportRequest {
  table: ExportTable;
  filters: ExportFilters;
}

export interface HistoryQuery {
  page: number;
  pagesize: number;
  kind?: 'all' | ExcelKind;
}

/**
 * Every answer is the caller's own, and its texts (titles, colours, names) are in the request's
 * language: the token and the language are part of each query's arguments, so a switch asks again.
 */
type Session<T> = T & { token: string; language: Language };

const P = '/jpmall/addons/unishop/excel';
const started = (_result: unknown, error: unknown) => (error ? [] : ['ExcelJob' as const]);

const excelApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Starts an export; the screens show a refusal themselves. */
    startExport: build.mutation<ExcelJob, ExportRequest>({
      query: (body) => ({ url: `${P}/export`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: started,
    }),
    /** Uploads a filled template (multipart field `file`) and starts the import. */
    /** The sheet, and optionally a zip of labels named after their platform orders (`<source order no>.pdf`). */
    startImport: build.mutation<ExcelJob, { file: File; labels?: File | null }>({
      query: ({ file, labels }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        if (labels) body.append('labels', labels, labels.name);
        return { url: `${P}/import`, method: 'POST', body };
      },
      extraOptions: { silent: true },
      invalidatesTags: started,
    }),
    /** One job, polled while it runs. Silent: a failed poll is tried again a second later. */
    excelJob: build.query<ExcelJob, Session<{ id: string }>>({
      query: ({ id }) => ({ url: `${P}/job`, method: 'POST', body: { id } }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    excelHistory: build.query<Page<ExcelJob>, Session<HistoryQuery>>({
      query: ({ token: _token, language: _language, ...body }) => ({ url: `${P}/history`, method: 'POST', body }),
      providesTags: ['ExcelJob'],
    }),
  }),
});

export const { useStartExportMutation, useStartImportMutation, useExcelJobQuery, useExcelHistoryQuery } = excelApi;

export const EXCEL_TEMPLATE_URL = `${P}/template`;
export const EXCEL_DOWNLOAD_URL = `${P}/download`;
