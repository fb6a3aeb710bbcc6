import type { Order, OrderStatus, OutStockNotice, StockStatus } from '../../lib/api-types';
import type { Language } from '../../lib/languages';
import { consoleApi, type ConsoleList, type PageArgs } from '../../api/console-api';
import type { FileAnswer } from '../../api/console-file';

/**
 * The warehouse's staff calls (docs/api.md "Warehouse: pick waves", "Warehouse: shipping",
 * "Warehouse: abnormal orders and shortages" and "Operator: orders"): pick waves and their pick
 * lists, the to-ship queue, shipping one by one, in batches or from an Excel file, labels of
 * platform orders, abnormal orders and shortages. Reading takes orders.read, every change
 * orders.write. Money is yuan strings, times unix seconds.
 */

type WaveStatus = 'open' | 'closing' | 'closed';

export type WaveOutcome = 'pending' | 'prepared' | 'short' | 'cancelled' | 'skipped';

/** One order's part of a pick line. */
interface WaveLineOrder {
  order_no: string;
  quantity: number;
  missed: number;
}

/** One SKU to buy at its stall: how many, for which orders, and (once marked) how many were missed. */
export interface WaveLine {
  sku_id: string;
  market_name: string;
  floor: string;
  stall_id: string;
  stall_name: string;
  stall_number: string;
  item_no: string;
  title: string;
  color: string;
  size: string;
  image: string;
  quantity: number;
  /** null while unmarked; 0 got all; up to `quantity`. */
  missed: number | null;
  orders: WaveLineOrder[];
}

/** An order of the wave and what closing did to it. */
export interface WaveOrder {
  order_no: string;
  user_id: string;
  paid_at: number | null;
  outcome: WaveOutcome;
  status: OrderStatus;
  stock_status: StockStatus;
}

/** A pick wave; the list leaves out `lines` and `orders`. */
export interface Wave {
  id: string;
  /** `closing`: closed, its orders still being settled. */
  status: WaveStatus;
  /** The filters it was made with; names are "" when none. */
  market_id: string | null;
  market_name: string;
  stall_id: string | null;
  stall_name: string;
  order_count: number;
  line_count: number;
  quantity: number;
  missed: number;
  created_at: number;
  /** A staff name, or "operator". */
  created_by: string;
  closed_at: number | null;
  closed_by: string | null;
  lines?: WaveLine[];
  orders?: WaveOrder[];
}

/** A batch's answer: the wave, how many lines it marked got, how many marked missed it left as they were. */
export interface MarkAllAnswer {
  wave: Wave;
  marked: number;
  kept_missed: number;
}

export interface NewWaveBody {
  market_id?: string;
  stall_id?: string;
}

export interface WaveFilter {
  status?: 'open' | 'closed';
}

/** Still being settled: the detail is asked again every second. */
export const WAVE_POLL_MS = 1000;

/** An order of the to-ship queue. */
/** `shipping_priority`: the seller's multi-item shipping priority when the order was placed. */
export type ToShipOrder = Order & { user_id: string; mobile: string; shipping_priority: 'together' | 'split' };

export interface ToShipFilter {
  courier?: string;
  platform?: string;
  kind?: 'domestic' | 'platform';
  qc_level?: string;
  priority?: 'together' | 'split';
  min_age_hours?: number;
  order_no?: string;
}

export interface Shipment {
  order_no: string;
  courier: string;
  tracking_no: string;
}

export interface ShipResult {
  order_no: string;
  ok: boolean;
  /** The localised refusal; "" when shipped. */
  message: string;
}

export interface ShipBatchAnswer {
  shipped: number;
  failed: number;
  results: ShipResult[];
}

export type ShipImportAction = 'ship' | 'unchanged' | 'refused' | 'shipped' | 'failed';

export interface ShipImportRow {
  /** The sheet's row number. */
  row: number;
  order_no: string;
  courier: string;
  tracking_no: string;
  action: ShipImportAction;
  /** Why, for refused and failed rows; '' otherwise. */
  reason: string;
}

export interface ShipImportAnswer {
  applied: boolean;
  counts: Record<ShipImportAction, number>;
  rows: ShipImportRow[];
}

export interface AbnormalEntry {
  order_no: string;
  user_id: string;
  mobile: string;
  reason: string;
  flagged_at: number;
  resolution: string;
  resolved_at: number | null;
  status: 'open' | 'resolved';
  order_status: OrderStatus;
}

export type ShortageNotice = OutStockNotice & { user_id: string; mobile: string };

const A = '/jpmall/admin';
const W = `${A}/waves`;
const O = `${A}/orders`;

export const WAVE_XLSX_URL = (id: string) => `${W}/xlsx?${new URLSearchParams({ id }).toString()}`;
export const SHIP_IMPORT_TEMPLATE_URL = `${O}/ship_import/template`;
export const LABEL_URL = (orderNo: string) => `${O}/label?${new URLSearchParams({ order_no: orderNo }).toString()}`;
export const LABELS_URL = `${O}/labels`;

/** Leaves out empty filters. */
const given = (args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== null && value !== ''));

type Session = { token: string; language: Language };

export const consoleWarehouseApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Wave', 'ToShip', 'Abnormal', 'Shortage'] }).injectEndpoints({
  endpoints: (build) => ({
    waves: build.query<ConsoleList<Wave>, WaveFilter & PageArgs & Session>({
      query: ({ token: _token, language: _language, ...args }) => ({ url: W, params: given({ ...args }) }),
      providesTags: [{ type: 'Wave', id: 'LIST' }],
    }),
    wave: build.query<Wave, Session & { id: string }>({
      query: ({ id }) => ({ url: `${W}/detail`, params: { id } }),
      providesTags: (_answer, _error, { id }) => [{ type: 'Wave', id }],
    }),
    /** Refused (`wave.empty`, 422) when no paid order waits for stock there: the caller shows the msg. */
    createWave: build.mutation<Wave, NewWaveBody>({
      query: (body) => ({ url: `${W}/create`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Wave', 'Dashboard', 'Audit'],
    }),
    /**
     * `missed` 0 (got all) to the line's quantity; the answer is the whole wave, written into the
     * cache. A line marked missed is not cleared this way (`wave.miss_marked`): see `clearMiss`.
     */
    markWave: build.mutation<Wave, { id: string; sku_id: string; missed: number }>({
      query: (body) => ({ url: `${W}/mark`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) keepWave(dispatch, getState, id, data);
      },
      invalidatesTags: ['Audit'],
    }),
    /**
     * Every unmarked line of the stall `stall_id` (without it: of the whole wave) got all, in one
     * call; lines marked already stay as they are. `wave.nothing_to_mark` (422) when none is left.
     */
    markAllGot: build.mutation<MarkAllAnswer, { id: string; stall_id?: string }>({
      query: (body) => ({ url: `${W}/mark_all`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) keepWave(dispatch, getState, id, data.wave);
      },
      invalidatesTags: ['Audit'],
    }),
    /** A line marked missed corrected to got all (`/mark` refuses to clear a miss). */
    clearMiss: build.mutation<Wave, { id: string; sku_id: string }>({
      query: (body) => ({ url: `${W}/clear_miss`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) keepWave(dispatch, getState, id, data);
      },
      invalidatesTags: ['Audit'],
    }),
    /** Lines left unmarked count as got. The answer may still be `closing` (follow it with the detail). */
    closeWave: build.mutation<Wave, { id: string; missed?: { sku_id: string; quantity: number }[] }>({
      query: (body) => ({ url: `${W}/close`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) keepWave(dispatch, getState, id, data);
      },
      // the list's status and counts, the queues the orders moved to
      invalidatesTags: [{ type: 'Wave', id: 'LIST' }, 'ToShip', 'Shortage', 'Dashboard', 'Audit'],
    }),
    toShip: build.query<ConsoleList<ToShipOrder>, ToShipFilter & PageArgs & Session>({
      query: ({ token: _token, language: _language, ...args }) => ({ url: `${O}/to_ship`, params: given({ ...args }) }),
      providesTags: ['ToShip'],
    }),
    /** Each order ships on its own; refusals come back per order, in the order given. */
    shipBatch: build.mutation<ShipBatchAnswer, { shipments: Shipment[] }>({
      query: (body) => ({ url: `${O}/ship_batch`, method: 'POST', body }),
      invalidatesTags: ['ToShip', 'Dashboard', 'Audit'],
    }),
    /** Multipart `file` (.xlsx); `apply: true` ships, else a preview that writes nothing. */
    shipImport: build.mutation<ShipImportAnswer, { file: File; apply: boolean }>({
      query: ({ file, apply }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        if (apply) body.append('apply', '1');
        return { url: `${O}/ship_import`, method: 'POST', body };
      },
      extraOptions: { silent: true },
      invalidatesTags: (_answer, _error, { apply }) => (apply ? ['ToShip', 'Dashboard', 'Audit'] : []),
    }),
    abnormalOrders: build.query<ConsoleList<AbnormalEntry>, { status: 'open' | 'resolved' } & PageArgs & Session>({
      query: ({ status, page, pagesize }) => ({ url: `${O}/abnormal`, params: { status, page, pagesize } }),
      providesTags: ['Abnormal'],
    }),
    flagAbnormal: build.mutation<Order, { order_no: string; reason: string }>({
      query: (body) => ({ url: `${O}/flag_abnormal`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Abnormal', 'ToShip', 'Dashboard', 'Audit'],
    }),
    resolveAbnormal: build.mutation<Order, { order_no: string; resolution: string }>({
      query: (body) => ({ url: `${O}/resolve_abnormal`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Abnormal', 'ToShip', 'Dashboard', 'Audit'],
    }),
    shortages: build.query<ConsoleList<ShortageNotice>, PageArgs & Session>({
      query: ({ page, pagesize }) => ({ url: `${O}/shortages`, params: { page, pagesize } }),
      providesTags: ['Shortage'],
    }),
  }),
});

/**
 * A wave some call answered whole: written into every cached detail of it (whatever session or
 * language asked), and the list asked again.
 */
function keepWave(
  dispatch: (action: unknown) => unknown,
  getState: () => unknown,
  id: string,
  wave: Wave,
): void {
  const state = getState() as Parameters<typeof consoleWarehouseApi.util.selectCachedArgsForQuery>[0];
  for (const args of consoleWarehouseApi.util.selectCachedArgsForQuery(state, 'wave')) {
    if (args.id === id) dispatch(consoleWarehouseApi.util.upsertQueryData('wave', args, wave));
  }
  dispatch(consoleWarehouseApi.util.invalidateTags([{ type: 'Wave', id: 'LIST' }]));
}

export const {
  useWavesQuery,
  useWaveQuery,
  useCreateWaveMutation,
  useMarkWaveMutation,
  useMarkAllGotMutation,
  useClearMissMutation,
  useCloseWaveMutation,
  useToShipQuery,
  useShipBatchMutation,
  useShipImportMutation,
  useAbnormalOrdersQuery,
  useFlagAbnormalMutation,
  useResolveAbnormalMutation,
  useShortagesQuery,
} = consoleWarehouseApi;

/**
 * A file the warehouse downloads (a pick list, a label, a zip of labels, the import template):
 * fetched with the admin token, since a link cannot send the header; `body` makes it a JSON POST.
 * Refusals are envelopes; never throws, `msg` is the server's or ''.
 */
export async function fetchWarehouseFile(url: string, token: string, language: Language, body?: unknown, fetchFn: typeof fetch = fetch): Promise<FileAnswer> {
  const headers: Record<string, string> = { 'admin-token': token, 'content-language': language };
  const init: RequestInit = body === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  let response: Response;
  try {
    response = await fetchFn(new Request(url, init));
  } catch {
    return { ok: false, status: null, msg: '' };
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('json')) {
    try {
      return { ok: true, blob: await response.blob(), disposition: response.headers.get('content-disposition') };
    } catch {
      return { ok: false, status: response.status, msg: '' };
    }
  }
  try {
    const answer = (await response.json()) as { code?: unknown; msg?: unknown };
    return { ok: false, status: response.status, msg: answer.code !== 1 && typeof answer.msg === 'string' ? answer.msg : '' };
  } catch {
    return { ok: false, status: response.status, msg: '' };
  }
}
