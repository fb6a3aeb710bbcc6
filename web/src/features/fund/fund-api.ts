import type { LedgerRow, Page, PayoutAccount, TopUpPayment, Withdrawal } from '../../lib/api-types';
import { walletApi } from '../../api/wallet-api';
import type { LedgerType, WithdrawalStatus } from './fund-logic';

/** Every fund answer is the caller's own: the token is part of each query's arguments. */
type Session<T> = T & { token: string };

export interface LedgerQuery {
  page: number;
  pagesize: number;
  type?: LedgerType;
  start_time?: number;
  end_time?: number;
}

/** fund/payout_code: the code went to `mobile` (masked); another may be asked after `cooldown` s. */
interface PayoutCodeSent {
  cooldown: number;
  expires_in: number;
  mobile: string;
}

export interface WithdrawalsQuery {
  page: number;
  pagesize: number;
  status?: WithdrawalStatus;
}

const P = '/jpmall/addons/unishop/fund';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * Fund calls (docs/api.md "Funds"), on top of the summary and payment status of
 * api/wallet-api.ts (orders use those too). The summary answers to `Wallet`, the ledger to
 * `Ledger`, the withdrawals to `Withdrawal`: a bound account, a withdrawal and a paid top-up
 * invalidate what they change. Mutations are silent: the screens show the refusal next to the
 * field it names, or as a toast.
 */
export const fundApi = walletApi.injectEndpoints({
  endpoints: (build) => ({
    recharge: build.mutation<TopUpPayment, { amount: string }>({
      query: ({ amount }) => post('/recharge', { amount }),
      extraOptions: { silent: true },
    }),
    /** `code` (fund/payout_code's) is needed to replace a bound account, not to bind the first. */
    bindAccount: build.mutation<{ payout_account: PayoutAccount }, { payee: string; account: string; code?: string }>({
      query: (body) => post('/bind_account', body),
      extraOptions: { silent: true },
      invalidatesTags: (result) => (result ? ['Wallet'] : []),
    }),
    payoutCode: build.mutation<PayoutCodeSent, void>({
      query: () => post('/payout_code'),
      extraOptions: { silent: true },
    }),
    withdraw: build.mutation<{ withdrawal: Withdrawal }, { amount: string; request_id: string }>({
      query: (body) => post('/withdraw', body),
      extraOptions: { silent: true },
      invalidatesTags: (result) => (result ? ['Wallet', 'Ledger', 'Withdrawal'] : []),
    }),
    withdrawals: build.query<Page<Withdrawal>, Session<WithdrawalsQuery>>({
      query: ({ token: _token, ...body }) => post('/withdrawals', body),
      providesTags: ['Withdrawal'],
    }),
    ledger: build.query<Page<LedgerRow>, Session<LedgerQuery>>({
      query: ({ token: _token, ...body }) => post('/ledger', body),
      providesTags: ['Ledger'],
    }),
  }),
});

export const {
  useFundSummaryQuery,
  useRechargeMutation,
  useBindAccountMutation,
  usePayoutCodeMutation,
  useWithdrawMutation,
  useWithdrawalsQuery,
  useLedgerQuery,
} = fundApi;
