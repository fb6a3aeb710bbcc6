import { EXCEL_TEMPLATE_URL, type HistoryQuery, type ImportOutcome, type ImportReport, type ImportReportRow } from '../../api/excel-api';
import type { Language } from '../../lib/languages';

/**
 * Rules of the export records screen (`/exportExcelHistory`) and the batch upload: the kind tab
 * and page in the address, the upload's own checks before anything is sent, the template link and
 * the words of an import report.
 */

export const HISTORY_KINDS = ['all', 'export', 'import'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const HISTORY_PAGE_SIZES = [10, 20, 50] as const;
const HISTORY_DEFAULT_PAGE_SIZE = 10;

export interface HistoryFilters {
  kind: HistoryKind;
  page: number;
  pagesize: number;
}

/** The address's `kind`, `page` and `size` (anything unknown falls back to all, 1, 10). */
export function historyFromSearch(params: URLSearchParams): HistoryFilters {
  const kind = params.get('kind') ?? '';
  const page = Number(params.get('page') ?? '1');
  const size = Number(params.get('size') ?? String(HISTORY_DEFAULT_PAGE_SIZE));
  return {
    kind: (HISTORY_KINDS as readonly string[]).includes(kind) ? (kind as HistoryKind) : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pagesize: Number.isInteger(size) && size >= 1 && size <= 100 ? size : HISTORY_DEFAULT_PAGE_SIZE,
  };
}

/** The query string of the filters, defaults left out. */
export function historySearch(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  if (filters.kind !== 'all') params.set('kind', filters.kind);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.pagesize !== HISTORY_DEFAULT_PAGE_SIZE) params.set('size', String(filters.pagesize));
  return params.toString();
}

export function historyBody(filters: HistoryFilters): HistoryQuery {
  return { page: filters.page, pagesize: filters.pagesize, kind: filters.kind };
}

/** Uploads are refused above 10 MiB (docs/api.md): said before sending. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What is wrong with the chosen file before it is sent (catalogue key), or null. */
export function checkImportFile(file: File | null | undefined): string | null {
  if (!file) return 'excel.import.chooseFile';
  if (!/\.xlsx$/i.test(file.name)) return 'excel.import.notXlsx';
  if (file.size > IMPORT_MAX_BYTES) return 'excel.import.tooLarge';
  return null;
}

/** The platform-order template in the interface language (a plain link: no token needed). */
export function templateUrl(language: Language): string {
  return `${EXCEL_TEMPLATE_URL}?language=${encodeURIComponent(language)}`;
}

const IMPORT_OUTCOMES = ['created', 'duplicate', 'failed', 'skipped'] as const satisfies readonly ImportOutcome[];
export type ReportFilter = 'all' | ImportOutcome;

/** The rows of a report the filter keeps, in spreadsheet order. */
export function reportRows(report: ImportReport, filter: ReportFilter): ImportReportRow[] {
  const rows = filter === 'all' ? report.rows : report.rows.filter((row) => row.outcome === filter);
  return [...rows].sort((a, b) => a.row - b.row);
}

/** How many rows a filter keeps: the report's own counts, 'all' their total rows (an older report has no skipped count: 0). */
export function reportCount(report: ImportReport, filter: ReportFilter): number {
  return filter === 'all' ? report.rows.length : (report[filter] ?? 0);
}

/** The outcomes a report's filter offers: skipped only when some were. */
export const reportFilters = (report: ImportReport): ReportFilter[] => ['all', ...IMPORT_OUTCOMES.filter((o) => o !== 'skipped' || reportCount(report, o) > 0)];

/** A row's platform as the server named it in the request's language, else the catalogue's name, else as written. */
export function platformNameOf(row: Pick<ImportReportRow, 'platform' | 'platform_name'>, text: (id: string) => string): string {
  if (row.platform_name) return row.platform_name;
  const key = platformKey(row.platform);
  return key ? text(key) : row.platform;
}

const TEMPLATE_FIELDS = ['platform', 'source_order_no', 'item_no', 'color_size', 'quantity', 'recipient', 'phone', 'address', 'courier', 'remark'];
const PLATFORMS = ['douyin', 'tiktok', 'shopee', 'lazada'];

/** Catalogue key of the template column a reason is about, or null for none / one this build does not know. */
export function fieldKey(field: string): string | null {
  return TEMPLATE_FIELDS.includes(field) ? `excel.field.${field}` : null;
}

/** Catalogue key of a platform code (the order screens' names), or null: then the cell shows what was written. */
function platformKey(platform: string): string | null {
  const code = platform.trim().toLowerCase();
  return PLATFORMS.includes(code) ? `order.platform.${code}` : null;
}

export const outcomeKey = (outcome: string): string =>
  (IMPORT_OUTCOMES as readonly string[]).includes(outcome) ? `excel.outcome.${outcome}` : 'error.unknownStatus';
