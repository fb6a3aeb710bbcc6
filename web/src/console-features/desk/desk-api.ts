import type { AfterSale, AfterSaleBreakdown, AfterSaleTimelineEntry, Coupon, CouponDiscountType, CouponType, LedgerRow, Withdrawal } from '../../lib/api-types';
import type { Language } from '../../lib/languages';
import { consoleApi, type ConsoleList, type Dashboard, type PageArgs } from '../../api/console-api';

/**
 * The service desk, finance and marketing calls of the staff console (docs/api.md "Service desk,
 * finance, marketing", "Home figures", "Operator: after-sales", "Operator: withdrawals",
 * "Operator: coupons", "Announcements"). Decisions answer the changed object; a refused one (422)
 * names the state it is in. Refusals of the after-sale and withdrawal steps toast the server's
 * `msg`; the forms' calls are silent so the screen can put the message under the field
 * (`data.field`). Every step, refused or not, asks the lists again (the object may have moved on).
 */

const A = '/jpmall/admin';

/** Filters left empty are not sent. */
const present = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/** Whose a staff list's row is: the seller's phone masked as lists show it, and their name. */
export interface SellerBrief {
  mobile: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// After-sales [aftersales.read / aftersales.write]

/** An after-sale as the console lists it: the seller's with whose it is. */
export interface StaffAfterSale extends AfterSale {
  user_id: string;
  /** The seller's phone number (the detail has it). */
  mobile?: string;
  /** The seller, phone masked (the list has it). */
  seller?: SellerBrief;
}

/**
 * The after-sale's own order as far as the desk needs it: its status and the parcel it left in
 * (courier code and tracking number '' before it shipped). The desk reads orders only this way.
 */
interface AfterSaleOrderParcel {
  status: string;
  courier: string;
  tracking_no: string;
  shipped_at: number;
}

/** `aftersales/detail`: the after-sale with its history, oldest first, and its order's parcel. */
export interface StaffAfterSaleDetail extends StaffAfterSale {
  timeline: AfterSaleTimelineEntry[];
  /** The refund as it would be paid now, while the after-sale can be refunded: what the refund dialog shows and confirms. */
  refund_quote?: AfterSaleBreakdown | null;
  order?: AfterSaleOrderParcel | null;
}

interface AfterSaleListArgs extends PageArgs {
  token: string;
  language: Language;
  /** Digits of the seller's phone; '' for every seller. */
  mobile: string;
  /** One status code; '' for every status. */
  status: string;
}

/** The steps' bodies (each with the after-sale's `id`). */
interface RejectBody {
  id: string;
  reason: string;
}
interface InterceptBody {
  id: string;
  succeeded: boolean;
}
interface ReceiveBody {
  id: string;
  wrong_item: boolean;
  wrong_station: boolean;
}
/** `amount`: the total the dialog showed; the server refuses the refund if it would now pay anything else. */
interface RefundBody {
  id: string;
  amount: string;
}
interface ShipBody {
  id: string;
  courier: string;
  tracking_no: string;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals and ledgers [withdrawals.read / withdrawals.write / ledgers.read]

/** A withdrawal with whose it is (payee and account masked as the seller sees them). */
export interface StaffWithdrawal extends Withdrawal {
  user_id: string;
  mobile: string;
}

interface WithdrawalListArgs extends PageArgs {
  token: string;
  /** pending, paid or rejected; '' for all. */
  status: string;
}

/** `ledger?user_id`: one seller's wallet and a page of its ledger, newest first. */
export interface SellerLedger {
  balance: string;
  frozen: string;
  mobile: string;
  list: LedgerRow[];
  total: number;
}

/** The day's payout list (`.xlsx`, China time): fetched with the admin token and saved. */
export const payoutsUrl = (date: string) => `${A}/withdrawals/payouts?date=${encodeURIComponent(date)}`;

/** The withdrawals waiting to be paid (`.xlsx`, oldest first, payees in full; the look is audited). */
export const payoutsToPayUrl = `${A}/withdrawals/payouts/to_pay`;

/** `withdrawals/reveal` [payees.read]: one withdrawal's payee and account in full (the look is audited). */
export interface RevealedPayee {
  id: string;
  payee: string;
  account: string;
}

// ---------------------------------------------------------------------------------------------
// Coupons [coupons.read / coupons.write]

/** A published (claimable) coupon with how many were claimed and used. */
export interface CouponTemplate {
  template_id: string;
  /** Chinese. */
  name: string;
  /** '' for coupons published before English names. */
  name_en: string;
  type: CouponType;
  discount_type: CouponDiscountType;
  threshold: string;
  amount: string;
  percent_off: number;
  valid_from: number;
  valid_to: number;
  quantity: number;
  claimed: number;
  used: number;
  created_at: number;
}

/** An issued coupon: redeemed ones are `used` with their `order_no`. */
export interface IssuedCoupon extends Coupon {
  user_id: string;
  mobile?: string;
  /** The seller, phone masked. */
  seller?: SellerBrief;
}

/** The terms of a coupon to issue or publish; money in yuan, times unix seconds. */
export interface CouponBody {
  name: string;
  name_en: string;
  type: CouponType;
  discount_type: CouponDiscountType;
  threshold?: string;
  amount?: string;
  percent_off?: number;
  valid_from?: number;
  valid_to: number;
}

interface IssueCouponBody extends CouponBody {
  mobile: string;
}

interface PublishCouponBody extends CouponBody {
  quantity: number;
}

// ---------------------------------------------------------------------------------------------
// Announcements [notices.write]

export interface StaffNotice {
  id: string;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  pinned: boolean;
  published_at: number;
}

interface PublishNoticeBody {
  title: string;
  content: string;
  title_en?: string;
  content_en?: string;
  pinned: boolean;
}

// ---------------------------------------------------------------------------------------------
// Home figures

/** The dashboard with today's figures (for a role that reads orders; absent otherwise). */
export interface DashboardFigures extends Dashboard {
  orders_today?: number;
  /** Yuan string. */
  paid_today?: string;
  shipped_today?: number;
}

/** One China day of the trend: orders placed, paid yuan, refunds made and refunded yuan. */
export interface TrendDay {
  /** YYYY-MM-DD. */
  day: string;
  orders: number;
  paid: string;
  refunds: number;
  refunded: string;
}

const consoleDeskApi = consoleApi
  .enhanceEndpoints({ addTagTypes: ['AfterSale', 'Withdrawal', 'Ledger', 'Coupon', 'CouponTemplate', 'Notice', 'Trend'] })
  .injectEndpoints({
    endpoints: (build) => {
      /** A step of an after-sale: it, the lists, the waiting counts and the trail change. */
      const afterSaleStep = <Body extends { id: string }>(path: string, silent = false) =>
        build.mutation<StaffAfterSale, Body>({
          query: (body) => ({ url: `${A}/aftersales/${path}`, method: 'POST', body }),
          ...(silent ? { extraOptions: { silent: true } } : {}),
          invalidatesTags: (_answer, _error, { id }) => [{ type: 'AfterSale', id }, { type: 'AfterSale', id: 'LIST' }, 'Dashboard', 'Trend', 'Audit'],
        });
      const withdrawalStep = <Body extends { id: string }>(path: string, silent = false) =>
        build.mutation<StaffWithdrawal, Body>({
          query: (body) => ({ url: `${A}/withdrawals/${path}`, method: 'POST', body }),
          ...(silent ? { extraOptions: { silent: true } } : {}),
          invalidatesTags: ['Withdrawal', 'Ledger', 'Dashboard', 'Audit'],
        });
      return {
        staffAfterSales: build.query<ConsoleList<StaffAfterSale>, AfterSaleListArgs>({
          query: ({ status, mobile, page, pagesize }) => ({ url: `${A}/aftersales`, params: present({ status, mobile, page, pagesize }) }),
          providesTags: [{ type: 'AfterSale', id: 'LIST' }],
        }),
        staffAfterSale: build.query<StaffAfterSaleDetail, { token: string; language: Language; id: string }>({
          query: ({ id }) => ({ url: `${A}/aftersales/detail`, params: { id } }),
          providesTags: (_answer, _error, { id }) => [{ type: 'AfterSale', id }],
        }),
        approveAfterSale: afterSaleStep<{ id: string }>('approve'),
        rejectAfterSale: afterSaleStep<RejectBody>('reject', true),
        interceptAfterSale: afterSaleStep<InterceptBody>('intercept'),
        receiveAfterSale: afterSaleStep<ReceiveBody>('receive'),
        refundAfterSale: afterSaleStep<RefundBody>('refund'),
        shipAfterSale: afterSaleStep<ShipBody>('ship', true),

        staffWithdrawals: build.query<ConsoleList<StaffWithdrawal>, WithdrawalListArgs>({
          query: ({ status, page, pagesize }) => ({ url: `${A}/withdrawals`, params: present({ status, page, pagesize }) }),
          providesTags: ['Withdrawal'],
        }),
        approveWithdrawal: withdrawalStep<{ id: string }>('approve'),
        rejectWithdrawal: withdrawalStep<RejectBody>('reject', true),
        revealPayee: build.mutation<RevealedPayee, { id: string }>({
          query: (body) => ({ url: `${A}/withdrawals/reveal`, method: 'POST', body }),
          invalidatesTags: ['Audit'],
        }),
        sellerLedger: build.query<SellerLedger, PageArgs & { token: string; user_id: string }>({
          query: ({ user_id, page, pagesize }) => ({ url: `${A}/ledger`, params: { user_id, page, pagesize } }),
          providesTags: ['Ledger'],
        }),

        couponTemplates: build.query<ConsoleList<CouponTemplate>, PageArgs & { token: string }>({
          query: ({ page, pagesize }) => ({ url: `${A}/coupons/templates`, params: { page, pagesize } }),
          providesTags: ['CouponTemplate'],
        }),
        issuedCoupons: build.query<ConsoleList<IssuedCoupon>, PageArgs & { token: string; mobile: string }>({
          query: ({ mobile, page, pagesize }) => ({ url: `${A}/coupons`, params: present({ mobile, page, pagesize }) }),
          providesTags: ['Coupon'],
        }),
        issueCoupon: build.mutation<IssuedCoupon, IssueCouponBody>({
          query: (body) => ({ url: `${A}/coupons/issue`, method: 'POST', body }),
          extraOptions: { silent: true },
          invalidatesTags: ['Coupon', 'Audit'],
        }),
        publishCoupon: build.mutation<CouponTemplate, PublishCouponBody>({
          query: (body) => ({ url: `${A}/coupons/publish`, method: 'POST', body }),
          extraOptions: { silent: true },
          invalidatesTags: ['CouponTemplate', 'Audit'],
        }),

        staffNotices: build.query<ConsoleList<StaffNotice>, PageArgs & { token: string }>({
          query: ({ page, pagesize }) => ({ url: `${A}/notices`, params: { page, pagesize } }),
          providesTags: ['Notice'],
        }),
        publishNotice: build.mutation<StaffNotice, PublishNoticeBody>({
          query: (body) => ({ url: `${A}/notices/publish`, method: 'POST', body }),
          extraOptions: { silent: true },
          invalidatesTags: ['Notice', 'Audit'],
        }),
        withdrawNotice: build.mutation<unknown, { id: string }>({
          query: (body) => ({ url: `${A}/notices/withdraw`, method: 'POST', body }),
          invalidatesTags: ['Notice', 'Audit'],
        }),

        /** The last 30 China days, oldest first; silent: the home screen shows its own note. */
        dashboardTrend: build.query<{ days: TrendDay[] }, { token: string }>({
          query: () => `${A}/dashboard/trend`,
          extraOptions: { silent: true },
          providesTags: ['Trend'],
        }),
      };
    },
  });

export const {
  useStaffAfterSalesQuery,
  useStaffAfterSaleQuery,
  useApproveAfterSaleMutation,
  useRejectAfterSaleMutation,
  useInterceptAfterSaleMutation,
  useReceiveAfterSaleMutation,
  useRefundAfterSaleMutation,
  useShipAfterSaleMutation,
  useStaffWithdrawalsQuery,
  useApproveWithdrawalMutation,
  useRejectWithdrawalMutation,
  useRevealPayeeMutation,
  useSellerLedgerQuery,
  useCouponTemplatesQuery,
  useIssuedCouponsQuery,
  useIssueCouponMutation,
  usePublishCouponMutation,
  useStaffNoticesQuery,
  usePublishNoticeMutation,
  useWithdrawNoticeMutation,
  useDashboardTrendQuery,
} = consoleDeskApi;
