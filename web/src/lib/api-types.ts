/** Shapes of docs/api.md. */

/** Every answer: code 1 is success, 0 a refused request, 401 no or expired session. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export interface User {
  id: string;
  username: string;
  nickname: string;
  avatar: string;
  mobile: string;
  qq: string;
  email: string;
}

/** The stored user record carries its token (spec section 3). */
export type SessionUser = User & { token: string };

export interface SiteInfo {
  site: string;
  name: string;
  logo: string;
  default_language: string;
  service: { qq: string; wechat: string; phone: string; hours: string };
  rsa_public_key: string;
}

export interface AreaSite {
  id: string;
  name: string;
}

export interface AccountInfo {
  user: User;
  registered_at: number;
  last_login_at: number;
}

export interface UploadedFile {
  url: string;
  name: string;
  width: number;
  height: number;
  size: number;
}

/** A shipping label as `order/label` stored it (docs/api.md "Labels"). */
export interface UploadedLabel {
  /** `/jpmall/addons/unishop/order/label/<32 hex>`: answers only with the owner's token. */
  url: string;
  name: string;
  content_type: string;
  size: number;
}

export interface Agreement {
  title: string;
  content: string;
}

/** Catalogue shapes (docs/api.md "Catalog"). Ids are strings; money is a yuan string. */
export type Id = string;

/** A page of a list call. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pagesize: number;
}

interface Named {
  id: Id;
  name: string;
}

export interface ProductCard {
  id: Id;
  item_no: string;
  title: string;
  price: string;
  image: string;
  stall: Named;
  favorite_count: number;
  views: number;
  popularity: number;
  sales: number;
  shelf_at: number;
  hot: boolean;
  new: boolean;
  sea: boolean;
}

export interface Stall {
  id: Id;
  name: string;
  market: Named;
  floor: string;
  number: string;
  contact: string;
  wechat: string;
  category: Named;
  follow_count: number;
  ranking: number;
  product_count: number;
  logo: string;
  followed: boolean;
}

export interface Sku {
  id: Id;
  color: string;
  size: string;
  price: string;
  stock: number;
}

export interface ProductDetail extends Omit<ProductCard, 'stall'> {
  category: Named;
  images: string[];
  details: string[];
  colors: { name: string; image: string }[];
  sizes: string[];
  skus: Sku[];
  favorited: boolean;
  stall: Stall;
}

export interface Notice {
  id: Id;
  title: string;
  summary: string;
  published_at: number;
  pinned: boolean;
}

/** Fund shapes (docs/api.md "Funds"). Money is a yuan string; times are unix seconds. */
export interface PayoutAccount {
  /** Masked by the server ('张*'). */
  payee: string;
  /** Masked by the server ('138****1111'). */
  account: string;
}

export interface FundSummary {
  balance: string;
  frozen: string;
  total_in: string;
  total_out: string;
  payout_account: PayoutAccount | null;
  max_top_up: string;
  max_withdrawal: string;
}

export interface TopUpPayment {
  payment_id: string;
  amount: string;
  status: 'pending' | 'paid' | 'expired';
  expires_at: number;
  pay_url: string;
  /** A data URL of the QR picture that encodes pay_url. */
  qr: string;
}

export interface PaymentState {
  payment_id: string;
  amount: string;
  status: 'pending' | 'paid' | 'expired';
  expires_at: number;
  paid_at: number | null;
}

export interface Withdrawal {
  id: string;
  amount: string;
  status: string;
  payee: string;
  account: string;
  reason: string;
  requested_at: number;
  decided_at: number | null;
}

export interface LedgerRow {
  id: number;
  type: string;
  /** Signed: positive into the available balance, negative out. */
  amount: string;
  balance_after: string;
  frozen_after: string;
  reference: string;
  at: number;
}

/** Address book shapes (docs/api.md "Addresses"). Times are unix seconds. */
export interface Address {
  id: string;
  recipient: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: boolean;
  is_favorite: boolean;
  created_at: number;
  updated_at: number;
}

/** A division of address/area: province, city or district, by its code. */
export interface Area {
  id: string;
  name: string;
}

/** Drop-shipping cart shapes (docs/api.md "Drop-shipping cart"). Money is a yuan string. */
export interface CartItem {
  sku_id: string;
  product_id: string;
  item_no: string;
  title: string;
  image: string;
  color: string;
  size: string;
  /** Today's price of one piece. */
  price: string;
  /** The price when the line was added or its price last confirmed (`cart/accept_prices`). */
  price_added: string;
  /** How `price` moved from `price_added`: a rise waits for the seller's confirmation at checkout. */
  price_change: CartPriceChange;
  quantity: number;
  stock: number;
  selected: boolean;
  /** price × quantity, worked out by the server. */
  amount: string;
}

/** A cart line's price today against when it was added: `''` when it has not moved. */
export type CartPriceChange = 'up' | 'down' | '';

export interface CartGroup {
  stall: Named;
  items: CartItem[];
}

/** The whole cart: what cart/lists and every change answer. */
export interface Cart {
  groups: CartGroup[];
  total_quantity: number;
  selected_quantity: number;
  selected_amount: string;
}

// Drop-shipping settings (docs/api.md "Drop-shipping settings").

/** The six fields forward/save takes. */
export interface ForwardSettingsBody {
  sender_name: string;
  sender_phone: string;
  courier: string;
  qc_level: string;
  shipping_priority: string;
  remark_template: string;
}

/** forward/settings: the caller's settings (defaults until saved) and the fee tables to choose from. */
export interface ForwardSettings extends ForwardSettingsBody {
  /** Shipping of one parcel: `first` for the first item, `extra` for each further one. */
  couriers: { code: string; first: string; extra: string }[];
  /** Quality inspection fee per item. */
  qc_levels: { code: string; per_item: string }[];
}

/** Coupon shapes (docs/api.md "Coupons"). Money is a yuan string; times are unix seconds. */
export type CouponType = 'product' | 'service' | 'shipping';

export type CouponDiscountType = 'full_reduction' | 'discount';

/** `expired` is not stored: an unused coupon past `valid_to` reads as expired. */
type CouponStatus = 'unused' | 'used' | 'expired';

/** What a coupon takes off and when: shared by issued and claimable coupons. */
export interface CouponTerms {
  /** In the request's language (for English, one built from the terms when it was issued without an English name). */
  name: string;
  /** Which part of an order it discounts: the goods, the service fees (service, QC, value-added) or the shipping. */
  type: CouponType;
  discount_type: CouponDiscountType;
  /** '0.00': no threshold. */
  threshold: string;
  /** `full_reduction`: what is taken off. */
  amount: string;
  /** `discount`: per cent off (10 is 10% off, 9折). */
  percent_off: number;
  valid_from: number;
  valid_to: number;
}

/** One coupon issued to the caller. */
export interface Coupon extends CouponTerms {
  id: string;
  /** The names as issued; `name_en` is '' for coupons issued before English names. */
  name_zh: string;
  name_en: string;
  status: CouponStatus;
  /** The order that used it ('' while unused). */
  order_no: string;
  issued_at: number;
  used_at: number | null;
}

/** A coupon applied to an order (order/preview `coupons.applied`, an order's `coupons`). */
export interface AppliedCoupon {
  id: string;
  type: CouponType;
  name: string;
  discount: string;
}

export type OrderType = 'domestic' | 'platform';

export type OrderStatus = 'pending_payment' | 'to_be_shipped' | 'shipped' | 'completed' | 'cancelled';

export type StockStatus = 'pending_stock' | 'stock_prepared' | 'out_of_stock';

export type PayMethod = 'wallet' | 'qr';

/** A typed destination address (no id: not in the address book). */
export interface OrderAddress {
  recipient: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

export interface OrderFees {
  product_amount: string;
  shipping: string;
  service: string;
  qc: string;
  value_added: string;
  coupon_discount: string;
  total: string;
}

export interface OrderItem {
  sku_id: string;
  product_id: string;
  item_no: string;
  title: string;
  image: string;
  color: string;
  size: string;
  price: string;
  quantity: number;
  /** Pieces the warehouse could not supply (refunded). */
  short_quantity: number;
  amount: string;
}

export interface Order {
  order_no: string;
  type: OrderType;
  platform: string;
  source_order_no: string;
  status: OrderStatus;
  stock_status: StockStatus;
  abnormal: boolean;
  reviewed: boolean;
  items: OrderItem[];
  item_count: number;
  fees: OrderFees;
  paid_amount: string;
  refunded: string;
  payment_method: PayMethod | '';
  courier: string;
  qc_level: string;
  value_added: string[];
  address: OrderAddress | null;
  label_file: string;
  ship_courier: string;
  tracking_no: string;
  remark: string;
  placed_at: number;
  paid_at: number | null;
  shipped_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  /** The coupons the order redeemed, each with what it took off. */
  coupons: AppliedCoupon[];
}

export interface OutStockNotice {
  order_no: string;
  /** Nothing was left: the whole order was refunded. */
  all: boolean;
  refund: string;
  /** `image`: the colour's picture, as on order lines (shown when the server sends it). */
  items: { sku_id: string; item_no: string; title: string; color: string; size: string; quantity: number; image?: string }[];
  at: number;
}

/** After-sale shapes (docs/api.md "After-sales"). Money is a yuan string; times are unix seconds. */
type AfterSaleKind = 'refund_unshipped' | 'refund_only' | 'return_refund' | 'exchange' | 'resend';

type AfterSaleStatus =
  | 'pending_review'
  | 'approved'
  | 'intercepting'
  | 'awaiting_return'
  | 'return_in_transit'
  | 'return_received'
  | 'refunded'
  | 'exchanged'
  | 'rejected'
  | 'cancelled';

/** One claimed SKU of an after-sale, priced as it was bought. */
export interface AfterSaleLine {
  sku_id: string;
  item_no: string;
  title: string;
  image: string;
  color: string;
  size: string;
  price: string;
  quantity: number;
}

/** What is refunded: an estimate until `refunded`, then what was credited. */
export interface AfterSaleBreakdown {
  /** The goods at their list price. */
  goods: string;
  /** What the order's goods coupon took off these goods (分摊); absent from answers before it was counted. */
  coupon_share?: string;
  /** The goods at what they were paid: `goods` less `coupon_share`. */
  goods_paid?: string;
  service_back: string;
  qc_back: string;
  value_added_back: string;
  shipping_back: string;
  fees_back: string;
  wrong_item_insurance: string;
  wrong_station_fee: string;
  deductions: string;
  total: string;
}

export interface AfterSale {
  /** The serial number: SH<yyyymmddhhmmss China time><6 digits>. */
  id: string;
  order_no: string;
  kind: AfterSaleKind;
  status: AfterSaleStatus;
  lines: AfterSaleLine[];
  quantity: number;
  reason: string;
  description: string;
  images: string[];
  breakdown: AfterSaleBreakdown;
  refund_amount: string;
  refunded: boolean;
  return_courier: string;
  return_tracking_no: string;
  wrong_item: boolean;
  wrong_station: boolean;
  reject_reason: string;
  replacement_courier: string;
  replacement_tracking_no: string;
  applied_at: number;
  updated_at: number;
  refunded_at: number | null;
  return_deadline: number | null;
}

/** The platform's return address (home/refund_address; an after-sale's `return_address`). */
export interface ReturnAddress {
  recipient: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** One event of an after-sale, oldest first; `detail` holds the event's own fields. */
export interface AfterSaleTimelineEntry {
  type: string;
  at: number;
  detail: Record<string, unknown> | null;
}

/** An item of an order as aftersale/options answers it: how many were bought and may still be claimed. */
export interface AfterSaleOptionItem {
  sku_id: string;
  item_no: string;
  title: string;
  image: string;
  color: string;
  size: string;
  price: string;
  bought: number;
  available: number;
}

/** aftersale/options: what the seller may apply for on an order now. */
export interface AfterSaleOptions {
  order_no: string;
  status: OrderStatus;
  kinds: AfterSaleKind[];
  return_deadline: number | null;
  items: AfterSaleOptionItem[];
}

/** The body of aftersale/apply. */
export interface AfterSaleApplyBody {
  order_no: string;
  kind: AfterSaleKind;
  lines: { sku_id: string; quantity: number }[];
  reason: string;
  description?: string;
  images?: string[];
  request_id?: string;
}

/**
 * "List it in my shop" (一键铺货): the seller's own shops on other platforms, each with the rule
 * that prices jpmall products for it, and the preview of what a package would list. Read by the
 * listing dialog the catalogue screens open (widgets/) and by the shops screen (features/listing).
 */
export type ListingPlatform = 'taobao' | 'shopee' | 'lazada' | 'tiktok' | 'douyin';

/** Where a listed price ends, always rounding up: .90, .99 or a whole yuan ('none': to the fen). */
export type ListingRounding = 'none' | 'ends_90' | 'ends_99' | 'whole_yuan';

/** A shop's pricing rule; amounts are yuan strings. */
export interface ListingRule {
  /** Two decimals, 1.00–10.00 ('1.50'). */
  multiplier: string;
  fixed_add: string;
  rounding: ListingRounding;
  /** The listed price is at least cost plus this. */
  min_margin: string;
  title_prefix: string;
  title_suffix: string;
  /** The most stock a SKU shows in the shop; null: jpmall's stock as it is. */
  stock_cap: number | null;
}

/** A column of a shop's template jpmall cannot fill: the seller fills it in the file (`label` in the reader's language). */
export interface ListingTemplateField {
  field: string;
  label: string;
}

/**
 * The blank category template a Shopee, Lazada or TikTok Shop seller downloaded from their seller
 * centre and uploaded for the shop (listing/shop_template): the package fills it in.
 */
export interface ListingTemplate {
  /** As uploaded. */
  file_name: string;
  uploaded_at: number;
  /** The sheet the products go in, and its first data row. */
  sheet: string;
  data_row: number;
  /** The language of the template's headers. */
  language: 'en' | 'zh';
  /** The columns it requires that jpmall cannot fill. */
  unfilled: ListingTemplateField[];
}

export interface ListingShop {
  id: Id;
  platform: ListingPlatform;
  /** As the seller typed it. */
  name: string;
  rule: ListingRule;
  /** The shop's currency (ISO code) for Shopee, Lazada and TikTok Shop; '' or 'CNY' for Taobao and Douyin. */
  currency: string;
  /** Shopee, Lazada and TikTok Shop only: null until the seller uploads one (no package without it). */
  template: ListingTemplate | null;
  created_at: number;
  updated_at: number;
}

/** A platform a shop can be on: whether its package can be built, and the currencies its shops can sell in (none for Taobao and Douyin). */
interface ListingPlatformInfo {
  code: ListingPlatform;
  packages: boolean;
  currencies: string[];
}

/** listing/shops: the caller's shops, and every platform. */
export interface ListingShops {
  list: ListingShop[];
  platforms: ListingPlatformInfo[];
}

/** listing/shop_save: no `id` (or '') creates; `currency` one of the platform's (Shopee, Lazada, TikTok Shop), else ''. */
export interface ListingShopBody {
  id?: Id;
  platform: ListingPlatform;
  name: string;
  rule: ListingRule;
  currency: string;
}

export interface ListingPreviewSku {
  sku_id: Id;
  color: string;
  size: string;
  /** What jpmall charges today. */
  cost: string;
  /** The price the shop's rule gives. */
  listed: string;
  /** A shop in another currency: `listed` in it at the seller's rate ('12.34'); null while the seller has set no rate. */
  listed_foreign?: string | null;
  margin: string;
  /** jpmall's stock, and what the shop will show (capped by the rule). */
  stock: number;
  listed_stock: number;
}

export interface ListingPreviewProduct {
  product_id: Id;
  item_no: string;
  /** As it will be listed: the rule's prefix and suffix around the product's title. */
  title: string;
  stall_name: string;
  image: string;
  skus: ListingPreviewSku[];
}

/** A product listing/preview and listing/package leave out, and why (the server's text, in the request's language). */
export interface ListingSkipped {
  product_id: Id;
  /** '' for a product that does not exist. */
  item_no: string;
  reason: string;
}

/** listing/preview: what a package for `shop` would list, and the products it leaves out. */
export interface ListingPreview {
  shop: ListingShop;
  products: ListingPreviewProduct[];
  skipped: ListingSkipped[];
  /** A shop in another currency (Shopee, Lazada, TikTok Shop): its ISO code, which `listed_foreign` is in. */
  currency?: string;
  /** The columns of the shop's template the seller fills in the file. */
  unfilled?: ListingTemplateField[];
}
