import { api } from './api';
import type { ExcelJob } from './excel-api';
import type { Page } from '../lib/api-types';

/**
 * Platform imports (docs/api.md "Platform imports"): a platform's own order export
 * uploaded and previewed, its items linked to jpmall SKUs, labels attached, the batch ordered (an
 * Excel job, polled with `excel/job`). The write-back file is not an envelope and is fetched
 * outside RTK Query (PLATFORM_WRITEBACK_URL). Tags: `PlatformImport` (imports and their
 * previews), `PlatformLink` (the caller's links; a link changes every preview too).
 */

type PlatformCode = 'douyin' | 'tiktok' | 'shopee' | 'lazada';
export type PlatformOrderState = 'ready' | 'ordered' | 'blocked' | 'skipped';
type HiddenField = 'recipient' | 'phone' | 'address';
/** What a link covers: one spec of the platform item (`sku`), or the whole item, each line by its own spec (`product`). */
export type LinkScope = 'sku' | 'product';
/**
 * How a line's SKU was found: `sku` (this spec is linked), `product` (the item is linked, the spec
 * chose the SKU), `sku_code` (the seller SKU code is a jpmall SKU), `item_no` (the seller code is a
 * jpmall item number, the spec chose); '' when unlinked.
 */
export type LinkedBy = 'sku' | 'product' | 'sku_code' | 'item_no' | '';

/** A jpmall SKU as the link screens show it; `price` in fen. */
export interface PlatformSku {
  sku_id: string;
  product_id: string;
  item_no: string;
  title: string;
  color: string;
  size: string;
  price: number;
  stock: number;
  on_shelf: boolean;
  image: string;
}

export interface PlatformLine {
  row: number;
  line_id: string;
  title: string;
  variation: string;
  item_key: string;
  sku_key: string;
  quantity: number;
  /** Minor units of `currency` (fen for CNY), null when the export gave none. */
  platform_price: number | null;
  /** The file's currency (ISO code; '' when the file does not say). */
  currency?: string;
  /** `platform_price` in fen at the seller's rate; null without one. */
  platform_price_cny?: number | null;
  status: string;
  /** The line's spec read as `colour;size`, whatever form the file wrote it in. */
  spec: string;
  /** Fen; null when a price is missing or the currency has no rate. */
  margin: number | null;
  sku: PlatformSku | null;
  linked_by: LinkedBy;
}

export interface PlatformOrder {
  source_order_no: string;
  row: number;
  state: PlatformOrderState;
  order_no: string;
  recipient: string;
  phone: string;
  address: string;
  hidden: HiddenField[];
  label_url: string;
  reason: string;
  reason_key: string;
  /** Minor units of `currency`. */
  platform_amount: number | null;
  currency?: string;
  platform_amount_cny?: number | null;
  jpmall_amount: number;
  margin: number | null;
  lines: PlatformLine[];
}

/** One platform SKU (an item + one spec) no link covers, with the lines it is on. */
export interface UnlinkedItem {
  item_key: string;
  sku_key: string;
  title: string;
  variation: string;
  /** `colour;size`. */
  spec: string;
  quantity: number;
  rows: number[];
}

interface PlatformTotals {
  /** Every order of the file, `skipped` ones included. */
  orders: number;
  ready: number;
  ordered: number;
  blocked: number;
  skipped: number;
  lines: number;
  unlinked: number;
  /** Minor units of the file's currency. */
  platform_amount: number;
  platform_amount_cny?: number | null;
  jpmall_amount: number;
  /** Fen; null when the file's currency has no rate (never subtracted across currencies). */
  margin: number | null;
}

export interface PlatformPreview {
  id: string;
  platform: PlatformCode;
  platform_name: string;
  file_name: string;
  created_at: number;
  /** The file's currency (ISO code; '' when the file does not say). */
  currency?: string;
  /** Yuan for one unit of `currency` ('0.1250'); null when no rate is set. */
  rate?: string | null;
  /** Why margins are not shown (localised) and its key; '' when they are. */
  margin_hint?: string;
  margin_hint_key?: string;
  /** The latest ordering of this import, when there was one. */
  job: ExcelJob | null;
  totals: PlatformTotals;
  orders: PlatformOrder[];
  unlinked: UnlinkedItem[];
}

export interface PlatformImportSummary {
  id: string;
  platform: PlatformCode;
  platform_name: string;
  file_name: string;
  created_at: number;
  lines: number;
  orders: number;
  /** The file's currency (ISO code; '' when the file does not say). */
  currency: string;
}

export interface PlatformLink {
  platform: PlatformCode;
  platform_name: string;
  item_key: string;
  sku_key: string;
  /** `sku`: one spec of the item (`spec`); `product`: the whole item, each line by its spec. */
  scope: LinkScope;
  /** The spec a `sku` link covers (`colour;size`); '' for a `product` link. */
  spec: string;
  title: string;
  variation: string;
  updated_at: number;
  sku: PlatformSku;
}

interface LinkRequest {
  platform: string;
  item_key: string;
  sku_key: string;
  sku_id: string;
  title: string;
  /** The platform's own variation of the line linked from (the spec a `sku` link covers). */
  variation: string;
  scope: LinkScope;
  /** The import the dialog is opened from: the answer counts its lines. */
  id: string;
}

/** What a link did to the import it was made from. */
interface LinkAnswer {
  scope: LinkScope;
  /** The spec a `sku` link covers; '' for `product`. */
  spec: string;
  /** The import's lines the link now orders, and their rows. */
  lines: number;
  rows: number[];
  /** Lines of the item a `product` link could not resolve by their spec (they stay unlinked). */
  unresolved: number;
  /** The above in the request's language. */
  message: string;
}

export interface UnlinkRequest {
  platform: string;
  item_key: string;
  sku_key: string;
  scope: LinkScope;
  /** The spec of a `sku` link; '' for `product`. */
  variation: string;
}

/** Every answer is the caller's own: the token is part of each query's arguments. */
type Session<T> = T & { token: string };

const P = '/jpmall/addons/unishop/order/platform';
export const PLATFORM_WRITEBACK_URL = `${P}/writeback`;

const unlessFailed =
  <T extends string>(...tags: T[]) =>
  (_result: unknown, error: unknown) =>
    error ? [] : tags;

const platformOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Uploads an export (multipart `file`, `platform` empty to recognise it); answers the preview. The screen shows a refusal itself. */
    importPlatformExport: build.mutation<PlatformPreview, { file: File; platform: string }>({
      query: ({ file, platform }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `${P}/import?platform=${encodeURIComponent(platform)}`, method: 'POST', body };
      },
      extraOptions: { silent: true },
      invalidatesTags: unlessFailed('PlatformImport'),
    }),
    platformPreview: build.query<PlatformPreview, Session<{ id: string }>>({
      query: ({ id }) => ({ url: `${P}/preview`, method: 'POST', body: { id } }),
      providesTags: ['PlatformImport'],
    }),
    platformImports: build.query<Page<PlatformImportSummary>, Session<{ page: number; pagesize: number }>>({
      query: ({ token: _token, ...body }) => ({ url: `${P}/imports`, method: 'POST', body }),
      providesTags: ['PlatformImport'],
    }),
    /** SKUs on sale of an item number; a colour matches its Chinese or English name in any language, a size exactly. */
    skuSearch: build.mutation<PlatformSku[], { item_no: string; color: string; size: string }>({
      query: (body) => ({ url: `${P}/sku_search`, method: 'POST', body }),
    }),
    /** Links one spec (or the whole item); the answer's `message` says how many of the import's lines it covers. */
    linkSku: build.mutation<LinkAnswer, LinkRequest>({
      query: (body) => ({ url: `${P}/link`, method: 'POST', body }),
      invalidatesTags: unlessFailed('PlatformImport', 'PlatformLink'),
    }),
    unlinkSku: build.mutation<null, UnlinkRequest>({
      query: (body) => ({ url: `${P}/unlink`, method: 'POST', body }),
      invalidatesTags: unlessFailed('PlatformImport', 'PlatformLink'),
    }),
    platformLinks: build.query<Page<PlatformLink>, Session<{ platform: string; page: number; pagesize: number }>>({
      query: ({ token: _token, ...body }) => ({ url: `${P}/links`, method: 'POST', body }),
      providesTags: ['PlatformLink'],
    }),
    attachLabel: build.mutation<null, { id: string; source_order_no: string; label_file: string }>({
      query: (body) => ({ url: `${P}/label`, method: 'POST', body }),
      invalidatesTags: unlessFailed('PlatformImport'),
    }),
    /** Places the import's orders in a background job (polled with `excel/job`). */
    orderPlatformImport: build.mutation<ExcelJob, { id: string; courier: string }>({
      query: (body) => ({ url: `${P}/order`, method: 'POST', body }),
      invalidatesTags: unlessFailed('ExcelJob'),
    }),
  }),
});

export const {
  useImportPlatformExportMutation,
  usePlatformPreviewQuery,
  usePlatformImportsQuery,
  useSkuSearchMutation,
  useLinkSkuMutation,
  useUnlinkSkuMutation,
  usePlatformLinksQuery,
  useAttachLabelMutation,
  useOrderPlatformImportMutation,
} = platformOrdersApi;
