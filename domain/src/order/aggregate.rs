use std::collections::{BTreeMap, BTreeSet};

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use crate::after_sale::{FactLine, OrderFacts, PerItemFees};
use crate::coupon::{AppliedCoupon, CouponTerms};
use crate::money::Fen;
use crate::order::commands::{OrderCommand, PlaceOrder};
use crate::order::errors::OrderError;
use crate::order::events::OrderEvent;
use crate::order::fees::{per_item_fees, Courier, Fees, QcLevel, ValueAdded, SERVICE_FEE_PER_ITEM};
use crate::order::model::{Claim, Destination, OrderLine, OrderStatus, PaymentMethod, Shortage, StockState};
use crate::order::shares::{coupon_for_items, shares_of};

use crate::calendar::DAY_SECONDS;

/// One order (aggregate id = order number): `PendingPayment → ToBeShipped → Shipped → Completed`, or
/// `Cancelled`; the stock state beside `ToBeShipped`; an abnormal flag; a review after completion.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    status: OrderStatus,
    order_no: String,
    user_id: String,
    lines: Vec<OrderLine>,
    courier: Option<Courier>,
    qc: QcLevel,
    value_added: Vec<ValueAdded>,
    fees: Fees,
    paid: Option<(String, Fen)>,
    refunded: Fen,
    /// Units short per SKU so far.
    short: BTreeMap<String, i64>,
    shortage_refunds: u32,
    stock: StockState,
    abnormal: bool,
    shipped_at: Option<i64>,
    received_at: Option<i64>,
    reviewed: bool,
    /// Items set aside per after-sale id, until it is rejected or cancelled.
    claims: BTreeMap<String, Vec<Claim>>,
    /// What each refunded after-sale took from the payment.
    after_sale_refunds: BTreeMap<String, Fen>,
    /// Coupons the order redeemed; released when it is cancelled.
    coupons: Vec<String>,
    /// The operator's last decisions, so that a repeat of one answers like the first time.
    #[serde(default)]
    abnormal_reason: Option<String>,
    #[serde(default)]
    last_resolution: Option<String>,
    #[serde(default)]
    shipment: Option<(Courier, String)>,
    /// Shortage reports by the caller's report id, merged per SKU.
    #[serde(default)]
    shortage_reports: BTreeMap<String, Vec<Shortage>>,
    /// Each line's part of the goods coupons, by SKU (`shares`).
    #[serde(default)]
    line_coupons: BTreeMap<String, Fen>,
    /// Pieces per SKU whose goods were refunded (short, or by an after-sale): a later refund of the
    /// line splits its coupon part from there (`shares::coupon_for_items`).
    #[serde(default)]
    settled: BTreeMap<String, i64>,
    /// After-sales that claimed goods already shipped: their refund is at most what those goods paid.
    #[serde(default)]
    claimed_after_shipping: BTreeSet<String>,
    /// The coupons' part of each refunded after-sale's goods, as recorded with its refund.
    #[serde(default)]
    after_sale_coupons: BTreeMap<String, Fen>,
}

/// A report's shortages added up per SKU, in SKU order: how a report is recorded and compared.
fn merge_shortages(shortages: &[Shortage]) -> Result<Vec<Shortage>, OrderError> {
    let mut merged: BTreeMap<String, i64> = BTreeMap::new();
    for s in shortages {
        if s.quantity < 1 {
            return Err(OrderError::QuantityNotPositive {
                sku_id: s.sku_id.clone(),
            });
        }
        *merged.entry(s.sku_id.clone()).or_default() += s.quantity;
    }
    Ok(merged
        .into_iter()
        .map(|(sku_id, quantity)| Shortage { sku_id, quantity })
        .collect())
}

type Decision = Result<Option<OrderEvent>, OrderError>;

fn wrong_state(action: &'static str, status: OrderStatus) -> OrderError {
    if status == OrderStatus::New {
        OrderError::NotPlaced
    } else {
        OrderError::WrongState { action, status }
    }
}

/// The destination rules of placing, for callers that check before doing anything costly.
pub fn validate_destination(destination: &Destination) -> Result<(), OrderError> {
    match destination {
        Destination::Domestic { address } => validate_address(address),
        Destination::Platform {
            source_order_no,
            label_file,
            ship_to,
            ..
        } => {
            if source_order_no.trim().is_empty() {
                return Err(OrderError::SourceOrderNoRequired);
            }
            match ship_to {
                Some(address) => validate_address(address),
                None if label_file.trim().is_empty() => Err(OrderError::LabelRequired),
                None => Ok(()),
            }
        }
    }
}

fn validate_address(address: &crate::order::Address) -> Result<(), OrderError> {
    if address.recipient.trim().is_empty() {
        return Err(OrderError::RecipientRequired);
    }
    if address.phone.trim().is_empty() {
        return Err(OrderError::PhoneRequired);
    }
    if [&address.province, &address.city, &address.district]
        .iter()
        .any(|part| part.trim().is_empty())
    {
        return Err(OrderError::RegionRequired);
    }
    if address.detail.trim().is_empty() {
        return Err(OrderError::DetailRequired);
    }
    Ok(())
}

/// Takes each coupon's discount off its own part of the fees (at most one coupon per kind).
pub fn apply_coupons(fees: &mut Fees, coupons: Vec<CouponTerms>) -> Result<Vec<AppliedCoupon>, OrderError> {
    let mut applied: Vec<AppliedCoupon> = Vec::with_capacity(coupons.len());
    for terms in coupons {
        if applied.iter().any(|a| a.kind == terms.kind) {
            return Err(OrderError::CouponKindTwice);
        }
        let discount =
            terms
                .discount
                .off(fees.coupon_base(terms.kind))
                .ok_or(OrderError::CouponBelowThreshold {
                    threshold: terms.discount.threshold(),
                })?;
        applied.push(AppliedCoupon {
            coupon_id: terms.coupon_id,
            name: terms.name,
            kind: terms.kind,
            discount,
        });
    }
    let off: i64 = applied.iter().map(|a| a.discount.0).sum();
    fees.coupon_discount = Fen(off);
    fees.total = Fen(fees.total.0 - off);
    Ok(applied)
}

impl Order {
    pub fn status(&self) -> OrderStatus {
        self.status
    }

    pub fn stock(&self) -> StockState {
        self.stock
    }

    pub fn fees(&self) -> Fees {
        self.fees
    }

    pub fn user_id(&self) -> &str {
        &self.user_id
    }

    pub fn is_abnormal(&self) -> bool {
        self.abnormal
    }

    /// The reference the order was paid under, if it was.
    pub fn paid_reference(&self) -> Option<&str> {
        self.paid.as_ref().map(|(reference, _)| reference.as_str())
    }

    /// Units reported short so far, per SKU.
    pub fn shortages(&self) -> Vec<(String, i64)> {
        self.short.iter().map(|(sku, q)| (sku.clone(), *q)).collect()
    }

    /// Paid and not yet refunded.
    pub fn refundable(&self) -> Fen {
        self.paid
            .as_ref()
            .map(|(_, paid)| Fen(paid.0 - self.refunded.0))
            .unwrap_or(Fen::ZERO)
    }

    /// Units of the line neither short nor claimed by an after-sale.
    fn remaining(&self, line: &OrderLine) -> i64 {
        line.quantity - self.short.get(&line.sku_id).copied().unwrap_or(0) - self.claimed(&line.sku_id)
    }

    /// An after-sale holding items of this order and not refunded yet.
    fn open_claim(&self) -> Option<&str> {
        self.claims
            .keys()
            .find(|id| !self.after_sale_refunds.contains_key(*id))
            .map(String::as_str)
    }

    fn claimed(&self, sku_id: &str) -> i64 {
        self.claims
            .values()
            .flatten()
            .filter(|c| c.sku_id == sku_id)
            .map(|c| c.quantity)
            .sum()
    }

    /// The coupons the order redeemed.
    pub fn coupon_ids(&self) -> &[String] {
        &self.coupons
    }

    /// The coupons' part of a refunded after-sale's goods, as recorded with its refund.
    pub fn after_sale_refund_coupon(&self, after_sale_id: &str) -> Option<Fen> {
        self.after_sale_coupons.get(after_sale_id).copied()
    }

    /// The amount recorded for a refunded after-sale of this order.
    pub fn after_sale_refund(&self, after_sale_id: &str) -> Option<Fen> {
        self.after_sale_refunds.get(after_sale_id).copied()
    }

    /// Whether an after-sale still holds items of this order.
    pub fn holds_claim(&self, after_sale_id: &str) -> bool {
        self.claims.contains_key(after_sale_id)
    }

    /// The coupons' part of these pieces' goods were they refunded now: each line's share split per
    /// piece after the pieces of it already refunded (`shares::coupon_for_items`).
    pub fn coupon_share(&self, pieces: &[Claim]) -> Fen {
        let mut settled = self.settled.clone();
        let mut share = 0i64;
        for piece in pieces {
            let Some(line) = self.lines.iter().find(|l| l.sku_id == piece.sku_id) else {
                continue;
            };
            let coupon = self.line_coupons.get(&line.sku_id).copied().unwrap_or(Fen::ZERO);
            let before = settled.entry(line.sku_id.clone()).or_default();
            share = share.saturating_add(coupon_for_items(coupon, line.quantity, *before, piece.quantity).0);
            *before += piece.quantity;
        }
        Fen(share)
    }

    /// What was paid for the goods of these pieces were they refunded now: list price less the
    /// coupons' part; `None` on overflow.
    pub fn goods_paid(&self, pieces: &[Claim]) -> Option<Fen> {
        let mut list = Fen::ZERO;
        for piece in pieces {
            if let Some(line) = self.lines.iter().find(|l| l.sku_id == piece.sku_id) {
                list = list.checked_add(Fen(line.unit_price.0.checked_mul(piece.quantity)?))?;
            }
        }
        list.checked_sub(self.coupon_share(pieces))
    }

    /// The coupons' part of the goods an after-sale claims, were it refunded now.
    pub fn after_sale_coupon_share(&self, after_sale_id: &str) -> Option<Fen> {
        self.claims
            .get(after_sale_id)
            .map(|pieces| self.coupon_share(pieces))
    }

    /// The order as an after-sale application needs it.
    pub fn after_sale_facts(&self) -> OrderFacts {
        let lines: Vec<FactLine> = self
            .lines
            .iter()
            .map(|line| FactLine {
                sku_id: line.sku_id.clone(),
                item_no: line.item_no.clone(),
                title: line.title.clone(),
                color: line.color.clone(),
                size: line.size.clone(),
                unit_price: line.unit_price,
                bought: line.quantity,
                available: self.remaining(line).max(0),
                coupon: self.line_coupons.get(&line.sku_id).copied().unwrap_or(Fen::ZERO),
                settled: self.settled.get(&line.sku_id).copied().unwrap_or(0),
            })
            .collect();
        let unshipped_items = if self.status == OrderStatus::ToBeShipped {
            lines.iter().map(|l| l.available).sum()
        } else {
            0
        };
        OrderFacts {
            order_no: self.order_no.clone(),
            user_id: self.user_id.clone(),
            status: self.status,
            received_at: self.received_at,
            lines,
            per_item: PerItemFees {
                service: SERVICE_FEE_PER_ITEM,
                qc: self.qc.per_item(),
                value_added: Fen(self.value_added.iter().map(|v| v.per_item().0).sum()),
            },
            courier: self.courier.unwrap_or(Courier::Zto),
            unshipped_items,
        }
    }

    fn decide(&self, command: OrderCommand) -> Decision {
        match command {
            OrderCommand::Place(order) => self.place(order),
            OrderCommand::MarkPaid {
                method,
                reference,
                amount,
                at,
            } => self.mark_paid(method, reference, amount, at),
            OrderCommand::Cancel { reason, at } => self.cancel(reason, at),
            OrderCommand::PrepareStock { at } => self.prepare_stock(at),
            OrderCommand::MarkOutOfStock {
                shortages,
                at,
                report_id,
            } => self.mark_out_of_stock(shortages, report_id, at),
            OrderCommand::FlagAbnormal { reason, at } => self.flag_abnormal(reason, at),
            OrderCommand::ResolveAbnormal { resolution, at } => self.resolve_abnormal(resolution, at),
            OrderCommand::Ship {
                courier,
                tracking_no,
                at,
            } => self.ship(courier, tracking_no, at),
            OrderCommand::ConfirmReceipt { at } => self.complete(false, at),
            OrderCommand::CompleteAutomatically { days, at } => {
                if self.status == OrderStatus::Shipped
                    && self
                        .shipped_at
                        .is_some_and(|shipped| at < shipped + days * DAY_SECONDS)
                {
                    return Err(OrderError::TooEarlyToComplete { days });
                }
                self.complete(true, at)
            }
            OrderCommand::Review { rating, content, at } => self.review(rating, content, at),
            OrderCommand::ClaimForAfterSale {
                after_sale_id,
                lines,
                before_shipping,
                at,
            } => self.claim(after_sale_id, lines, before_shipping, at),
            OrderCommand::ReleaseAfterSaleClaim { after_sale_id, at } => {
                let refunded = self.after_sale_refunds.contains_key(&after_sale_id);
                if !self.claims.contains_key(&after_sale_id) || refunded {
                    return Ok(None);
                }
                Ok(Some(OrderEvent::AfterSaleClaimReleased { after_sale_id, at }))
            }
            OrderCommand::RecordAfterSaleRefund {
                after_sale_id,
                amount,
                at,
            } => self.record_after_sale_refund(after_sale_id, amount, at),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn place(
        &self,
        PlaceOrder {
            order_no,
            user_id,
            lines,
            destination,
            courier,
            qc,
            mut value_added,
            coupons,
            remark,
            priority,
            at,
        }: PlaceOrder,
    ) -> Decision {
        if self.status != OrderStatus::New {
            return Err(OrderError::AlreadyPlaced);
        }
        if lines.is_empty() {
            return Err(OrderError::NoItems);
        }
        for line in &lines {
            if line.quantity < 1 {
                return Err(OrderError::QuantityNotPositive {
                    sku_id: line.sku_id.clone(),
                });
            }
            if !line.unit_price.is_positive() {
                return Err(OrderError::PriceNotPositive {
                    sku_id: line.sku_id.clone(),
                });
            }
        }
        validate_destination(&destination)?;
        value_added.sort();
        value_added.dedup();
        let mut product_amount = Fen::ZERO;
        let mut items = 0i64;
        for line in &lines {
            let amount = line
                .unit_price
                .0
                .checked_mul(line.quantity)
                .ok_or(OrderError::Overflow)?;
            product_amount = product_amount
                .checked_add(Fen(amount))
                .ok_or(OrderError::Overflow)?;
            items = items.checked_add(line.quantity).ok_or(OrderError::Overflow)?;
        }
        let mut fees =
            Fees::compute(product_amount, items, courier, qc, &value_added).ok_or(OrderError::Overflow)?;
        let coupons = apply_coupons(&mut fees, coupons)?;
        let line_shares = crate::order::shares::allocate(&lines, &coupons);
        Ok(Some(OrderEvent::OrderPlaced {
            order_no,
            user_id,
            lines,
            destination,
            courier,
            qc,
            value_added,
            fees,
            coupons,
            line_shares,
            remark: remark.trim().to_string(),
            priority,
            at,
        }))
    }

    fn mark_paid(&self, method: PaymentMethod, reference: String, amount: Fen, at: i64) -> Decision {
        if let Some((paid_reference, paid_amount)) = &self.paid {
            return if *paid_reference == reference && *paid_amount == amount {
                Ok(None)
            } else {
                Err(OrderError::PaidUnderOtherReference {
                    reference: paid_reference.clone(),
                })
            };
        }
        if self.status != OrderStatus::PendingPayment {
            return Err(wrong_state("pay", self.status));
        }
        if amount != self.fees.total {
            return Err(OrderError::AmountMismatch {
                total: self.fees.total,
                paid: amount,
            });
        }
        Ok(Some(OrderEvent::OrderPaid {
            method,
            reference,
            amount,
            at,
        }))
    }

    fn cancel(&self, reason: String, at: i64) -> Decision {
        match self.status {
            OrderStatus::Cancelled => return Ok(None),
            OrderStatus::PendingPayment | OrderStatus::ToBeShipped => {}
            status => return Err(wrong_state("cancel", status)),
        }
        // Cancelling refunds everything left, which would strand an after-sale still waiting for its
        // own refund; the seller withdraws it first, or the operator settles it.
        if let Some(open) = self.open_claim() {
            return Err(OrderError::AfterSaleOpen {
                after_sale_id: open.to_string(),
            });
        }
        Ok(Some(OrderEvent::OrderCancelled {
            reason: reason.trim().to_string(),
            refund: self.refundable(),
            refund_id: format!("{}-cancel", self.order_no),
            at,
        }))
    }

    fn prepare_stock(&self, at: i64) -> Decision {
        if self.status != OrderStatus::ToBeShipped {
            return Err(wrong_state("prepare_stock", self.status));
        }
        match self.stock {
            StockState::StockPrepared => Ok(None),
            StockState::OutOfStock => Err(OrderError::StockSettled {
                action: "prepare_stock",
            }),
            StockState::PendingStock => Ok(Some(OrderEvent::StockPrepared { at })),
        }
    }

    fn mark_out_of_stock(&self, shortages: Vec<Shortage>, report_id: Option<String>, at: i64) -> Decision {
        if let Some(reported) = report_id.as_ref().and_then(|id| self.shortage_reports.get(id)) {
            return if merge_shortages(&shortages).as_ref() == Ok(reported) {
                Ok(None)
            } else {
                Err(OrderError::ShortageReportReused {
                    report_id: report_id.unwrap_or_default(),
                })
            };
        }
        if self.status != OrderStatus::ToBeShipped {
            return Err(wrong_state("mark_out_of_stock", self.status));
        }
        if self.stock != StockState::PendingStock {
            return Err(OrderError::StockSettled {
                action: "mark_out_of_stock",
            });
        }
        if shortages.is_empty() {
            return Err(OrderError::NoItems);
        }
        let per_item = per_item_fees(self.qc, &self.value_added);
        let mut merged: BTreeMap<String, i64> = BTreeMap::new();
        for s in &shortages {
            if s.quantity < 1 {
                return Err(OrderError::QuantityNotPositive {
                    sku_id: s.sku_id.clone(),
                });
            }
            *merged.entry(s.sku_id.clone()).or_default() += s.quantity;
        }
        let mut refund = Fen::ZERO;
        let mut left_after = 0;
        for line in &self.lines {
            let remaining = self.remaining(line);
            let short = merged.get(&line.sku_id).copied().unwrap_or(0);
            if short > remaining {
                return Err(OrderError::ShortageTooLarge {
                    sku_id: line.sku_id.clone(),
                    available: remaining,
                });
            }
            left_after += remaining - short;
            let each = line
                .unit_price
                .checked_add(per_item)
                .ok_or(OrderError::Overflow)?;
            let amount = each.0.checked_mul(short).ok_or(OrderError::Overflow)?;
            // The goods at what they were paid: less the coupons' part of these pieces.
            let coupon = self.coupon_share(&[Claim {
                sku_id: line.sku_id.clone(),
                quantity: short,
            }]);
            refund = refund
                .checked_add(Fen(amount - coupon.0))
                .ok_or(OrderError::Overflow)?;
        }
        if let Some(unknown) = merged
            .keys()
            .find(|sku| !self.lines.iter().any(|l| &l.sku_id == *sku))
        {
            return Err(OrderError::UnknownItem {
                sku_id: unknown.clone(),
            });
        }
        let all = left_after == 0;
        // Nothing left to send: shipping and every other fee go back too.
        let refund = if all {
            self.refundable()
        } else {
            refund.min(self.refundable())
        };
        Ok(Some(OrderEvent::StockShortage {
            shortages: merged
                .into_iter()
                .map(|(sku_id, quantity)| Shortage { sku_id, quantity })
                .collect(),
            refund,
            refund_id: format!("{}-short-{}", self.order_no, self.shortage_refunds + 1),
            all,
            report_id,
            at,
        }))
    }

    fn flag_abnormal(&self, reason: String, at: i64) -> Decision {
        match self.status {
            OrderStatus::PendingPayment | OrderStatus::ToBeShipped | OrderStatus::Shipped => {}
            status => return Err(wrong_state("flag_abnormal", status)),
        }
        let reason = reason.trim();
        if self.abnormal {
            return if self.abnormal_reason.as_deref() == Some(reason) {
                Ok(None)
            } else {
                Err(OrderError::AlreadyAbnormal)
            };
        }
        if reason.is_empty() {
            return Err(OrderError::ReasonRequired);
        }
        Ok(Some(OrderEvent::OrderFlaggedAbnormal {
            reason: reason.to_string(),
            at,
        }))
    }

    fn resolve_abnormal(&self, resolution: String, at: i64) -> Decision {
        if self.status == OrderStatus::New {
            return Err(OrderError::NotPlaced);
        }
        let resolution = resolution.trim();
        if !self.abnormal {
            return if self.last_resolution.as_deref() == Some(resolution) {
                Ok(None)
            } else {
                Err(OrderError::NotAbnormal)
            };
        }
        if resolution.is_empty() {
            return Err(OrderError::ReasonRequired);
        }
        Ok(Some(OrderEvent::AbnormalResolved {
            resolution: resolution.to_string(),
            at,
        }))
    }

    fn ship(&self, courier: Courier, tracking_no: String, at: i64) -> Decision {
        let tracking_no = tracking_no.trim();
        if self.shipment.as_ref() == Some(&(courier, tracking_no.to_string())) {
            return Ok(None);
        }
        if self.status != OrderStatus::ToBeShipped {
            return Err(wrong_state("ship", self.status));
        }
        if self.abnormal {
            return Err(OrderError::AbnormalBlocksShipping);
        }
        if self.stock != StockState::StockPrepared {
            return Err(OrderError::StockNotPrepared);
        }
        if tracking_no.is_empty() {
            return Err(OrderError::TrackingRequired);
        }
        Ok(Some(OrderEvent::OrderShipped {
            courier,
            tracking_no: tracking_no.to_string(),
            at,
        }))
    }

    fn claim(&self, after_sale_id: String, lines: Vec<Claim>, before_shipping: bool, at: i64) -> Decision {
        if self.claims.contains_key(&after_sale_id) {
            return Ok(None);
        }
        let fits = match self.status {
            OrderStatus::New => return Err(OrderError::NotPlaced),
            OrderStatus::ToBeShipped => before_shipping,
            OrderStatus::Shipped | OrderStatus::Completed => !before_shipping,
            _ => false,
        };
        if !fits {
            return Err(OrderError::ClaimWrongState { status: self.status });
        }
        if lines.is_empty() {
            return Err(OrderError::NoItems);
        }
        let mut merged: BTreeMap<&str, i64> = BTreeMap::new();
        for c in &lines {
            if c.quantity < 1 {
                return Err(OrderError::QuantityNotPositive {
                    sku_id: c.sku_id.clone(),
                });
            }
            *merged.entry(c.sku_id.as_str()).or_default() += c.quantity;
        }
        for (sku_id, quantity) in merged {
            let Some(line) = self.lines.iter().find(|l| l.sku_id == sku_id) else {
                return Err(OrderError::UnknownItem {
                    sku_id: sku_id.to_string(),
                });
            };
            let available = self.remaining(line).max(0);
            if quantity > available {
                return Err(OrderError::ClaimTooLarge {
                    item_no: line.item_no.clone(),
                    available,
                });
            }
        }
        Ok(Some(OrderEvent::AfterSaleClaimed {
            after_sale_id,
            lines,
            at,
        }))
    }

    fn record_after_sale_refund(&self, after_sale_id: String, amount: Fen, at: i64) -> Decision {
        if let Some(recorded) = self.after_sale_refunds.get(&after_sale_id) {
            return if *recorded == amount {
                Ok(None)
            } else {
                Err(OrderError::AfterSaleAlreadyRefunded {
                    after_sale_id,
                    amount: *recorded,
                })
            };
        }
        if !self.claims.contains_key(&after_sale_id) {
            return Err(OrderError::UnknownClaim { after_sale_id });
        }
        let refundable = self.refundable();
        if amount.0 < 0 || amount.0 > refundable.0 {
            return Err(OrderError::RefundExceedsPaid { amount, refundable });
        }
        // Shipped goods keep their fees: at most what the goods themselves were paid.
        if self.claimed_after_shipping.contains(&after_sale_id) {
            let pieces = self
                .claims
                .get(&after_sale_id)
                .map(Vec::as_slice)
                .unwrap_or_default();
            let goods = self.goods_paid(pieces).ok_or(OrderError::Overflow)?;
            if amount.0 > goods.0 {
                return Err(OrderError::RefundExceedsGoodsPaid { amount, goods });
            }
        }
        let coupon_share = self.after_sale_coupon_share(&after_sale_id).unwrap_or(Fen::ZERO);
        Ok(Some(OrderEvent::AfterSaleRefundRecorded {
            after_sale_id,
            amount,
            coupon_share,
            at,
        }))
    }

    fn complete(&self, automatic: bool, at: i64) -> Decision {
        match self.status {
            OrderStatus::Completed => Ok(None),
            OrderStatus::Shipped => Ok(Some(OrderEvent::OrderCompleted { automatic, at })),
            status => Err(wrong_state("confirm_receipt", status)),
        }
    }

    fn review(&self, rating: u8, content: String, at: i64) -> Decision {
        if self.status != OrderStatus::Completed {
            return Err(wrong_state("review", self.status));
        }
        if self.reviewed {
            return Err(OrderError::AlreadyReviewed);
        }
        if !(1..=5).contains(&rating) {
            return Err(OrderError::RatingOutOfRange);
        }
        Ok(Some(OrderEvent::OrderReviewed {
            rating,
            content: content.trim().to_string(),
            at,
        }))
    }
}

impl Aggregate for Order {
    // Stored with every event: never change it.
    const TYPE: &'static str = "order";
    type Command = OrderCommand;
    type Event = OrderEvent;
    type Error = OrderError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        if let Some(event) = self.decide(command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            OrderEvent::OrderPlaced {
                order_no,
                user_id,
                lines,
                courier,
                qc,
                value_added,
                fees,
                coupons,
                line_shares,
                ..
            } => {
                self.line_coupons = shares_of(&lines, &coupons, &line_shares)
                    .into_iter()
                    .map(|share| (share.sku_id, share.coupon))
                    .collect();
                self.coupons = coupons.into_iter().map(|c| c.coupon_id).collect();
                self.status = OrderStatus::PendingPayment;
                self.order_no = order_no;
                self.user_id = user_id;
                self.lines = lines;
                self.courier = Some(courier);
                self.qc = qc;
                self.value_added = value_added;
                self.fees = fees;
            }
            OrderEvent::OrderPaid {
                reference, amount, ..
            } => {
                self.paid = Some((reference, amount));
                self.status = OrderStatus::ToBeShipped;
                self.stock = StockState::PendingStock;
            }
            OrderEvent::OrderCancelled { refund, .. } => {
                self.refunded = Fen(self.refunded.0 + refund.0);
                self.status = OrderStatus::Cancelled;
            }
            OrderEvent::StockPrepared { .. } => self.stock = StockState::StockPrepared,
            OrderEvent::StockShortage {
                shortages,
                refund,
                all,
                report_id,
                ..
            } => {
                if let Some(id) = report_id {
                    self.shortage_reports.insert(id, shortages.clone());
                }
                for s in shortages {
                    *self.settled.entry(s.sku_id.clone()).or_default() += s.quantity;
                    *self.short.entry(s.sku_id).or_default() += s.quantity;
                }
                self.refunded = Fen(self.refunded.0 + refund.0);
                self.shortage_refunds += 1;
                if all {
                    self.stock = StockState::OutOfStock;
                    self.status = OrderStatus::Cancelled;
                }
            }
            OrderEvent::OrderFlaggedAbnormal { reason, .. } => {
                self.abnormal = true;
                self.abnormal_reason = Some(reason);
            }
            OrderEvent::AbnormalResolved { resolution, .. } => {
                self.abnormal = false;
                self.last_resolution = Some(resolution);
            }
            OrderEvent::OrderShipped {
                courier,
                tracking_no,
                at,
            } => {
                self.shipment = Some((courier, tracking_no));
                self.courier = Some(courier);
                self.shipped_at = Some(at);
                self.status = OrderStatus::Shipped;
            }
            OrderEvent::OrderCompleted { at, .. } => {
                self.received_at = Some(at);
                self.status = OrderStatus::Completed;
            }
            OrderEvent::OrderReviewed { .. } => self.reviewed = true,
            OrderEvent::AfterSaleClaimed {
                after_sale_id, lines, ..
            } => {
                if matches!(self.status, OrderStatus::Shipped | OrderStatus::Completed) {
                    self.claimed_after_shipping.insert(after_sale_id.clone());
                }
                self.claims.insert(after_sale_id, lines);
            }
            OrderEvent::AfterSaleClaimReleased { after_sale_id, .. } => {
                self.claimed_after_shipping.remove(&after_sale_id);
                self.claims.remove(&after_sale_id);
            }
            OrderEvent::AfterSaleRefundRecorded {
                after_sale_id,
                amount,
                coupon_share,
                ..
            } => {
                self.after_sale_coupons
                    .insert(after_sale_id.clone(), coupon_share);
                self.refunded = Fen(self.refunded.0 + amount.0);
                for piece in self.claims.get(&after_sale_id).into_iter().flatten() {
                    *self.settled.entry(piece.sku_id.clone()).or_default() += piece.quantity;
                }
                self.after_sale_refunds.insert(after_sale_id, amount);
            }
        }
    }
}
