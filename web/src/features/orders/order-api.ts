import { api } from '../../api/api';
import type { AbnormalOrder, ItemLookup, OrderDetail, OrderPage, OrderPreview, OrderRequest } from './types';
import type { Order, OutStockNotice, Page, PayMethod, TopUpPayment } from '../../lib/api-types';
import type { Language } from '../../lib/languages';
import type { OrderListBody } from './order-logic';

/**
 * Every answer is the caller's own, and its texts (titles, colours, names) are in the request's
 * language: the token and the language are part of each query's arguments, so a switch asks again.
 */
type Session<T> = T & { token: string; language: Language };

const P = '/jpmall/addons/unishop/order';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** A change to an order: the lists, the detail and (money may have moved) the wallet are asked again. */
const ORDER_CHANGED = ['Order', 'Wallet', 'Ledger'] as const;
const onSuccess =
  <T extends readonly string[]>(tags: T) =>
  (_result: unknown, error: unknown) =>
    error ? [] : [...tags];

export interface PreviewArgs {
  token: string;
  /** Titles come in the request language: a switch asks again. */
  language: Language;
  request: OrderRequest;
}

/** An order/pay answer: the paid order (wallet) or the QR payment to show (qr). */
export type PayAnswer = { order: Order } | { payment: TopUpPayment };

/** The orders a batch payment is about: the ones chosen, or every one awaiting payment (of one platform import). */
export type PayBatchRequest = { order_nos: string[] } | { all: true; import_id?: string };

/** What paying the orders together takes (`order/pay_quote`); amounts in fen. */
export interface PayQuote {
  orders: { order_no: string; total: number }[];
  count: number;
  total: number;
  /** The wallet's spendable balance now. */
  balance: number;
  /** Whether the balance covers `total`. */
  enough: boolean;
  /** What confirming does, in the request's language. */
  message: string;
}

/** What `order/pay_batch` paid; `balance` in fen. */
export interface PayBatchAnswer {
  paid: string[];
  count: number;
  balance: number;
  message: string;
}

/**
 * Order calls (docs/api.md "Orders"). Lists, details and the two after-sales lists
 * answer to `Order`; every change invalidates it (and `Wallet`/`Ledger`, as paying, cancelling
 * and refunds move money). Placing an order also invalidates `Cart` (a cart order's lines leave
 * the cart); placing and cancelling invalidate `Coupon` (its coupons are redeemed and released).
 * The preview, submit, pay and look-up are silent: the screens show a refusal next to the field
 * it names, or above the lines; the list actions let the base query toast a refusal.
 */
export const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Today's prices and fees for the lines and options; asked again whenever they change. */
    orderPreview: build.query<OrderPreview, PreviewArgs>({
      query: ({ request }) => post('/preview', request),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    submitOrder: build.mutation<{ order: Order }, OrderRequest>({
      query: (request) => post('/submit', request),
      extraOptions: { silent: true },
      // the order's coupons are redeemed
      invalidatesTags: onSuccess(['Order', 'Cart', 'Coupon'] as const),
    }),
    lookupItem: build.mutation<ItemLookup, { item_no: string }>({
      query: (body) => post('/item', body),
      extraOptions: { silent: true },
    }),
    orders: build.query<OrderPage, Session<OrderListBody>>({
      query: ({ token: _token, language: _language, ...body }) => post('/lists', body),
      providesTags: ['Order'],
    }),
    orderDetail: build.query<OrderDetail, Session<{ order_no: string }>>({
      query: ({ order_no }) => post('/detail', { order_no }),
      providesTags: ['Order'],
    }),
    payOrder: build.mutation<PayAnswer, { order_no: string; method: PayMethod }>({
      query: (body) => post('/pay', body),
      extraOptions: { silent: true },
      // a QR payment changes nothing until it is paid (the dialog then asks again)
      invalidatesTags: (result, error) => (error || !result || !('order' in result) ? [] : [...ORDER_CHANGED]),
    }),
    /** What paying several orders from the wallet takes; silent: the dialog shows a refusal. Never cached. */
    payQuote: build.query<PayQuote, Session<{ request: PayBatchRequest }>>({
      query: ({ request }) => post('/pay_quote', request),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
    /** Pays them all (or none) for the `total` the seller confirmed; silent: the dialog shows a refusal. */
    payBatch: build.mutation<PayBatchAnswer, PayBatchRequest & { total: number }>({
      query: (body) => post('/pay_batch', body),
      extraOptions: { silent: true },
      invalidatesTags: onSuccess(ORDER_CHANGED),
    }),
    cancelOrder: build.mutation<{ order: Order }, { order_no: string; reason?: string }>({
      query: (body) => post('/cancel', body),
      // cancelling releases the order's coupons
      invalidatesTags: onSuccess([...ORDER_CHANGED, 'Coupon'] as const),
    }),
    confirmOrder: build.mutation<unknown, { order_no: string }>({
      query: (body) => post('/confirm', body),
      invalidatesTags: onSuccess(['Order'] as const),
    }),
    reviewOrder: build.mutation<unknown, { order_no: string; rating: number; content: string }>({
      query: (body) => post('/review', body),
      extraOptions: { silent: true },
      invalidatesTags: onSuccess(['Order'] as const),
    }),
    outStockNotices: build.query<Page<OutStockNotice>, Session<{ page: number; pagesize: number }>>({
      query: ({ token: _token, language: _language, ...body }) => post('/out_stock', body),
      providesTags: ['Order'],
    }),
    abnormalOrders: build.query<Page<AbnormalOrder>, Session<{ page: number; pagesize: number; status?: 'open' | 'resolved' }>>({
      query: ({ token: _token, language: _language, ...body }) => post('/abnormal', body),
      providesTags: ['Order'],
    }),
  }),
});

export const {
  useOrderPreviewQuery,
  useSubmitOrderMutation,
  useLookupItemMutation,
  useOrdersQuery,
  useOrderDetailQuery,
  usePayOrderMutation,
  usePayQuoteQuery,
  usePayBatchMutation,
  useCancelOrderMutation,
  useConfirmOrderMutation,
  useReviewOrderMutation,
  useOutStockNoticesQuery,
  useAbnormalOrdersQuery,
} = orderApi;
