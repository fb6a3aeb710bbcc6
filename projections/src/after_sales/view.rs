//! The after-sale as the API shows it, kept whole in `after_sales.body` and changed by each event.

use domain::after_sale::{AfterSaleEvent, Breakdown};
use domain::constants::{WRONG_ITEM_INSURANCE, WRONG_STATION_HANDLING_FEE};
use domain::money::Fen;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineView {
    pub sku_id: String,
    pub product_id: String,
    pub item_no: String,
    pub title: String,
    pub image: String,
    pub color: String,
    pub size: String,
    pub price: String,
    pub quantity: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreakdownView {
    /// The goods at their list price, less `coupon_share`, the coupons' part of them: `goods_paid`.
    pub goods: String,
    #[serde(default = "zero_yuan")]
    pub coupon_share: String,
    #[serde(default)]
    pub goods_paid: String,
    pub service_back: String,
    pub qc_back: String,
    pub value_added_back: String,
    pub shipping_back: String,
    pub fees_back: String,
    pub wrong_item_insurance: String,
    pub wrong_station_fee: String,
    pub deductions: String,
    pub total: String,
}

impl From<&Breakdown> for BreakdownView {
    fn from(b: &Breakdown) -> Self {
        BreakdownView {
            goods: b.goods.to_yuan(),
            coupon_share: b.coupon_share.to_yuan(),
            goods_paid: b.goods_paid().to_yuan(),
            service_back: b.service_back.to_yuan(),
            qc_back: b.qc_back.to_yuan(),
            value_added_back: b.value_added_back.to_yuan(),
            shipping_back: b.shipping_back.to_yuan(),
            fees_back: b.fees_back().to_yuan(),
            wrong_item_insurance: b.wrong_item_insurance.to_yuan(),
            wrong_station_fee: b.wrong_station_fee.to_yuan(),
            deductions: b.deductions().to_yuan(),
            total: b.total.to_yuan(),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AfterSaleView {
    pub id: String,
    pub order_no: String,
    pub user_id: String,
    pub kind: String,
    pub status: String,
    pub lines: Vec<LineView>,
    pub quantity: i64,
    pub reason: String,
    pub description: String,
    pub images: Vec<String>,
    pub breakdown: BreakdownView,
    pub refund_amount: String,
    pub refunded: bool,
    pub return_courier: String,
    pub return_tracking_no: String,
    pub wrong_item: bool,
    pub wrong_station: bool,
    pub reject_reason: String,
    pub replacement_courier: String,
    pub replacement_tracking_no: String,
    pub applied_at: i64,
    pub updated_at: i64,
    pub refunded_at: Option<i64>,
    pub return_deadline: Option<i64>,
}

impl AfterSaleView {
    /// Folds one later event into the view (the first, `AfterSaleApplied`, makes it).
    pub fn apply(&mut self, event: &AfterSaleEvent) {
        self.updated_at = event.at();
        match event {
            AfterSaleEvent::AfterSaleApplied { .. } => {}
            AfterSaleEvent::AfterSaleApproved { .. } | AfterSaleEvent::InterceptionSucceeded { .. } => {
                self.status = if matches!(self.kind.as_str(), "return_refund" | "exchange") {
                    "awaiting_return"
                } else {
                    "approved"
                }
                .into();
            }
            AfterSaleEvent::AfterSaleRejected { reason, .. } => {
                self.status = "rejected".into();
                self.reject_reason = reason.clone();
            }
            AfterSaleEvent::InterceptionStarted { .. } => {
                self.status = "intercepting".into();
                // The parcel left: its fees stay with the order, so the estimate is the goods only.
                let goods = self.breakdown.goods.clone();
                let coupon_share = self.breakdown.coupon_share.clone();
                let paid = Fen(fen(&goods).0 - fen(&coupon_share).0).to_yuan();
                self.breakdown = BreakdownView {
                    goods,
                    coupon_share,
                    goods_paid: paid.clone(),
                    total: paid.clone(),
                    ..zero_breakdown()
                };
                self.refund_amount = paid;
            }
            AfterSaleEvent::InterceptionFailed { .. } => self.status = "pending_review".into(),
            AfterSaleEvent::ReturnShipped {
                courier, tracking_no, ..
            } => {
                self.status = "return_in_transit".into();
                self.return_courier = courier.code().into();
                self.return_tracking_no = tracking_no.clone();
            }
            AfterSaleEvent::ReturnReceived {
                wrong_item,
                wrong_station,
                ..
            } => {
                self.status = "return_received".into();
                self.wrong_item = *wrong_item;
                self.wrong_station = *wrong_station;
                if self.kind == "return_refund" {
                    self.estimate_deductions();
                }
            }
            AfterSaleEvent::AfterSaleRefunded { breakdown, at, .. } => {
                self.status = "refunded".into();
                self.breakdown = breakdown.into();
                self.refund_amount = breakdown.total.to_yuan();
                self.refunded = true;
                self.refunded_at = Some(*at);
            }
            AfterSaleEvent::ReplacementShipped {
                courier, tracking_no, ..
            } => {
                self.status = "exchanged".into();
                self.replacement_courier = courier.code().into();
                self.replacement_tracking_no = tracking_no.clone();
            }
            AfterSaleEvent::AfterSaleCancelled { .. } => self.status = "cancelled".into(),
        }
    }
}

impl AfterSaleView {
    /// The estimate once the operator has seen the return: its deductions, as the refund will take them.
    fn estimate_deductions(&mut self) {
        let insurance = if self.wrong_item {
            WRONG_ITEM_INSURANCE
        } else {
            Fen::ZERO
        };
        let handling = if self.wrong_station {
            WRONG_STATION_HANDLING_FEE
        } else {
            Fen::ZERO
        };
        let deductions = Fen(insurance.0 + handling.0);
        let gross = fen(&self.breakdown.goods).0 - fen(&self.breakdown.coupon_share).0
            + fen(&self.breakdown.fees_back).0;
        let total = Fen((gross - deductions.0).max(0));
        self.breakdown.wrong_item_insurance = insurance.to_yuan();
        self.breakdown.wrong_station_fee = handling.to_yuan();
        self.breakdown.deductions = deductions.to_yuan();
        self.breakdown.total = total.to_yuan();
        self.refund_amount = total.to_yuan();
    }
}

fn fen(text: &str) -> Fen {
    Fen::parse_yuan(text).unwrap_or(Fen::ZERO)
}

fn zero_yuan() -> String {
    Fen::ZERO.to_yuan()
}

fn zero_breakdown() -> BreakdownView {
    BreakdownView::from(&Breakdown::default())
}
