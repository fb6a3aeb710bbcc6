import { api } from './api';
import type { FundSummary, PaymentState } from '../lib/api-types';

const P = '/jpmall/addons/unishop/fund';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * The wallet calls more than the fund screens read (docs/api.md "Funds"): the summary
 * (`Wallet` tag; the order payment screen shows the balance) and a payment's status (polled by the
 * top-up dialog and by an order's QR payment). The token is part of each query's arguments, so
 * another session asks again.
 */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    fundSummary: build.query<FundSummary, { token: string }>({
      query: () => post('/index'),
      providesTags: ['Wallet'],
    }),
    /** Polled every 2 s while a QR is shown; errors while polling are not toasted every time. */
    paymentStatus: build.query<PaymentState, { token: string; payment_id: string }>({
      query: ({ payment_id }) => post('/payment_status', { payment_id }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useFundSummaryQuery, usePaymentStatusQuery } = walletApi;
