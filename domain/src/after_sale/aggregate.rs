use std::collections::BTreeMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use crate::constants::RETURN_WINDOW_SECONDS;
use crate::money::Fen;
use crate::order::{Claim, Courier};

use super::breakdown::{Breakdown, RefundBasis};
use super::commands::AfterSaleCommand;
use super::errors::AfterSaleError;
use super::events::AfterSaleEvent;
use super::model::{AfterSaleKind, AfterSaleStatus, ClaimedLine, OrderFacts, PerItemFees};

/// At most this many photos go with a request.
pub const MAX_IMAGES: usize = 6;

/// One after-sale request (aggregate id = its serial number): reviewed, returned, received, then
/// refunded or exchanged; or rejected, or cancelled by the seller; intercepted when a refund before
/// shipping meets a parcel already sent.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AfterSale {
    status: AfterSaleStatus,
    order_no: String,
    user_id: String,
    kind: Option<AfterSaleKind>,
    lines: Vec<ClaimedLine>,
    per_item: PerItemFees,
    shipping_saved: Fen,
    /// The goods left the warehouse: fees stay with the order.
    shipped: bool,
    wrong_item: bool,
    wrong_station: bool,
    refunded: Option<Breakdown>,
    /// The operator's decisions so far, so that a repeat of one answers like the first time (see
    /// `docs/architecture.md`, "Operator decisions").
    #[serde(default)]
    approved: bool,
    #[serde(default)]
    interception: Option<bool>,
    #[serde(default)]
    received: Option<(bool, bool)>,
    #[serde(default)]
    replacement: Option<(Courier, String)>,
}

type Decision = Result<Option<AfterSaleEvent>, AfterSaleError>;

/// The application rules (spec §9) against the order as it is now: the kind fits the order's state,
/// returns within 30 days of receipt, items of the order within what is left to claim, a reason, at
/// most [`MAX_IMAGES`] photos. Returns the claimed lines with what the order charged for them, and
/// the coupons' part of those goods as the order splits it now.
pub fn check_application(
    facts: &OrderFacts,
    kind: AfterSaleKind,
    lines: &[Claim],
    reason: &str,
    images: &[String],
    at: i64,
) -> Result<(Vec<ClaimedLine>, Fen), AfterSaleError> {
    if !AfterSaleKind::allowed_for(facts.status).contains(&kind) {
        return Err(AfterSaleError::KindNotAvailable);
    }
    if kind.is_return()
        && facts
            .received_at
            .is_some_and(|received| at > received + RETURN_WINDOW_SECONDS)
    {
        return Err(AfterSaleError::ReturnWindowClosed);
    }
    if lines.is_empty() {
        return Err(AfterSaleError::NoItems);
    }
    let mut merged: BTreeMap<&str, i64> = BTreeMap::new();
    for line in lines {
        if line.quantity < 1 {
            return Err(AfterSaleError::QuantityNotPositive {
                sku_id: line.sku_id.clone(),
            });
        }
        let sum = merged.entry(line.sku_id.as_str()).or_default();
        *sum = sum.checked_add(line.quantity).ok_or(AfterSaleError::Overflow)?;
    }
    let mut claimed = Vec::with_capacity(merged.len());
    let mut coupon_share = 0i64;
    for (sku_id, quantity) in merged {
        let Some(fact) = facts.lines.iter().find(|l| l.sku_id == sku_id) else {
            return Err(AfterSaleError::UnknownItem {
                sku_id: sku_id.to_string(),
            });
        };
        if quantity > fact.available {
            return Err(AfterSaleError::TooMany {
                item_no: fact.item_no.clone(),
                available: fact.available,
            });
        }
        coupon_share = coupon_share.saturating_add(
            crate::order::coupon_for_items(fact.coupon, fact.bought, fact.settled, quantity).0,
        );
        claimed.push(ClaimedLine {
            sku_id: fact.sku_id.clone(),
            item_no: fact.item_no.clone(),
            title: fact.title.clone(),
            color: fact.color.clone(),
            size: fact.size.clone(),
            unit_price: fact.unit_price,
            quantity,
        });
    }
    if reason.trim().is_empty() {
        return Err(AfterSaleError::ReasonRequired);
    }
    if images.len() > MAX_IMAGES {
        return Err(AfterSaleError::TooManyImages { max: MAX_IMAGES });
    }
    Ok((claimed, Fen(coupon_share)))
}

fn wrong_state(action: &'static str, status: AfterSaleStatus) -> AfterSaleError {
    if status == AfterSaleStatus::New {
        AfterSaleError::NotApplied
    } else {
        AfterSaleError::WrongState { action, status }
    }
}

impl AfterSale {
    pub fn status(&self) -> AfterSaleStatus {
        self.status
    }

    pub fn kind(&self) -> Option<AfterSaleKind> {
        self.kind
    }

    pub fn order_no(&self) -> &str {
        &self.order_no
    }

    pub fn user_id(&self) -> &str {
        &self.user_id
    }

    pub fn lines(&self) -> &[ClaimedLine] {
        &self.lines
    }

    /// What was credited, once refunded.
    pub fn refunded(&self) -> Option<Breakdown> {
        self.refunded
    }

    /// The refund as it stands now: `coupon_share` the coupons' part of the goods as the order splits
    /// it now, capped at `cap`, what the order may still give back.
    pub fn breakdown(&self, coupon_share: Fen, cap: Option<Fen>) -> Option<Breakdown> {
        Breakdown::compute(RefundBasis {
            lines: &self.lines,
            per_item: self.per_item,
            coupon_share,
            shipping_saved: self.shipping_saved,
            shipped: self.shipped,
            wrong_item: self.wrong_item,
            wrong_station: self.wrong_station,
            cap,
        })
    }

    fn decide(&self, command: AfterSaleCommand) -> Decision {
        match command {
            AfterSaleCommand::Apply {
                facts,
                kind,
                lines,
                reason,
                description,
                images,
                at,
            } => self.apply_for(facts, kind, lines, reason, description, images, at),
            AfterSaleCommand::Approve { order_shipped, at } => {
                if self.approved {
                    return Ok(None);
                }
                if self.status != AfterSaleStatus::PendingReview {
                    return Err(wrong_state("approve", self.status));
                }
                if self.kind == Some(AfterSaleKind::RefundUnshipped) && order_shipped {
                    return Ok(Some(AfterSaleEvent::InterceptionStarted { at }));
                }
                Ok(Some(AfterSaleEvent::AfterSaleApproved { at }))
            }
            AfterSaleCommand::Reject { reason, at } => {
                match self.status {
                    AfterSaleStatus::PendingReview | AfterSaleStatus::Intercepting => {}
                    AfterSaleStatus::Rejected => return Ok(None),
                    status => return Err(wrong_state("reject", status)),
                }
                let reason = reason.trim();
                if reason.is_empty() {
                    return Err(AfterSaleError::ReasonRequired);
                }
                Ok(Some(AfterSaleEvent::AfterSaleRejected {
                    reason: reason.to_string(),
                    at,
                }))
            }
            AfterSaleCommand::RecordInterception { succeeded, at } => {
                if self.status != AfterSaleStatus::Intercepting && self.interception == Some(succeeded) {
                    return Ok(None);
                }
                if self.status != AfterSaleStatus::Intercepting {
                    return Err(wrong_state("intercept", self.status));
                }
                Ok(Some(if succeeded {
                    AfterSaleEvent::InterceptionSucceeded { at }
                } else {
                    AfterSaleEvent::InterceptionFailed { at }
                }))
            }
            AfterSaleCommand::SubmitReturn {
                courier,
                tracking_no,
                at,
            } => {
                match self.status {
                    AfterSaleStatus::AwaitingReturn | AfterSaleStatus::ReturnInTransit => {}
                    status => return Err(wrong_state("submit_return", status)),
                }
                let tracking_no = tracking_no.trim();
                if tracking_no.is_empty() {
                    return Err(AfterSaleError::TrackingRequired);
                }
                Ok(Some(AfterSaleEvent::ReturnShipped {
                    courier,
                    tracking_no: tracking_no.to_string(),
                    at,
                }))
            }
            AfterSaleCommand::MarkReceived {
                wrong_item,
                wrong_station,
                at,
            } => {
                if self.status != AfterSaleStatus::ReturnInTransit
                    && self.received == Some((wrong_item, wrong_station))
                {
                    return Ok(None);
                }
                if self.status != AfterSaleStatus::ReturnInTransit {
                    return Err(wrong_state("receive", self.status));
                }
                Ok(Some(AfterSaleEvent::ReturnReceived {
                    wrong_item,
                    wrong_station,
                    at,
                }))
            }
            AfterSaleCommand::Refund {
                refund_id,
                coupon_share,
                cap,
                expected,
                at,
            } => self.refund(refund_id, coupon_share, cap, expected, at),
            AfterSaleCommand::ShipReplacement {
                courier,
                tracking_no,
                at,
            } => self.ship_replacement(courier, tracking_no, at),
            AfterSaleCommand::Cancel { at } => match self.status {
                AfterSaleStatus::Cancelled => Ok(None),
                AfterSaleStatus::PendingReview
                | AfterSaleStatus::Approved
                | AfterSaleStatus::AwaitingReturn => Ok(Some(AfterSaleEvent::AfterSaleCancelled { at })),
                status => Err(wrong_state("cancel", status)),
            },
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_for(
        &self,
        facts: OrderFacts,
        kind: AfterSaleKind,
        lines: Vec<Claim>,
        reason: String,
        description: String,
        images: Vec<String>,
        at: i64,
    ) -> Decision {
        if self.status != AfterSaleStatus::New {
            return Err(AfterSaleError::AlreadyApplied);
        }
        let (claimed, coupon_share) = check_application(&facts, kind, &lines, &reason, &images, at)?;
        let items: i64 = claimed.iter().map(|l| l.quantity).sum();
        let shipping_saved = if kind.before_shipping() {
            let left = (facts.unshipped_items - items).max(0);
            Fen(facts.courier.shipping(facts.unshipped_items).0 - facts.courier.shipping(left).0)
        } else {
            Fen::ZERO
        };
        let estimate = if kind.refunds_money() {
            Breakdown::compute(RefundBasis {
                lines: &claimed,
                per_item: facts.per_item,
                coupon_share,
                shipping_saved,
                shipped: !kind.before_shipping(),
                wrong_item: false,
                wrong_station: false,
                cap: None,
            })
            .ok_or(AfterSaleError::Overflow)?
        } else {
            Breakdown::default()
        };
        Ok(Some(AfterSaleEvent::AfterSaleApplied {
            order_no: facts.order_no,
            user_id: facts.user_id,
            kind,
            lines: claimed,
            reason: reason.trim().to_string(),
            description: description.trim().to_string(),
            images,
            per_item: facts.per_item,
            shipping_saved,
            return_deadline: facts
                .received_at
                .filter(|_| kind.is_return())
                .map(|received| received + RETURN_WINDOW_SECONDS),
            estimate,
            at,
        }))
    }

    /// Whether the refund may be paid now: refunds only once approved, returns once received.
    pub fn check_refundable(&self) -> Result<(), AfterSaleError> {
        let ready = match (self.kind, self.status) {
            (Some(kind), AfterSaleStatus::Approved) => {
                matches!(kind, AfterSaleKind::RefundUnshipped | AfterSaleKind::RefundOnly)
            }
            (Some(AfterSaleKind::ReturnRefund), AfterSaleStatus::ReturnReceived) => true,
            (_, AfterSaleStatus::Refunded) => return Err(AfterSaleError::AlreadyRefunded),
            _ => false,
        };
        if ready {
            Ok(())
        } else {
            Err(wrong_state("refund", self.status))
        }
    }

    fn refund(
        &self,
        refund_id: String,
        coupon_share: Fen,
        cap: Fen,
        expected: Option<Fen>,
        at: i64,
    ) -> Decision {
        if self.status == AfterSaleStatus::Refunded {
            return Ok(None);
        }
        self.check_refundable()?;
        let breakdown = self
            .breakdown(coupon_share, Some(cap))
            .ok_or(AfterSaleError::Overflow)?;
        if expected.is_some_and(|shown| shown != breakdown.total) {
            return Err(AfterSaleError::AmountChanged {
                amount: breakdown.total,
            });
        }
        Ok(Some(AfterSaleEvent::AfterSaleRefunded {
            breakdown,
            refund_id,
            at,
        }))
    }

    fn ship_replacement(&self, courier: Courier, tracking_no: String, at: i64) -> Decision {
        let tracking_no = tracking_no.trim();
        if self.replacement.as_ref() == Some(&(courier, tracking_no.to_string())) {
            return Ok(None);
        }
        let ready = matches!(
            (self.kind, self.status),
            (Some(AfterSaleKind::Exchange), AfterSaleStatus::ReturnReceived)
                | (Some(AfterSaleKind::Resend), AfterSaleStatus::Approved)
        );
        if !ready {
            return Err(wrong_state("ship_replacement", self.status));
        }
        if tracking_no.is_empty() {
            return Err(AfterSaleError::TrackingRequired);
        }
        Ok(Some(AfterSaleEvent::ReplacementShipped {
            courier,
            tracking_no: tracking_no.to_string(),
            at,
        }))
    }
}

impl Aggregate for AfterSale {
    // Stored with every event: never change it.
    const TYPE: &'static str = "after_sale";
    type Command = AfterSaleCommand;
    type Event = AfterSaleEvent;
    type Error = AfterSaleError;
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
            AfterSaleEvent::AfterSaleApplied {
                order_no,
                user_id,
                kind,
                lines,
                per_item,
                shipping_saved,
                ..
            } => {
                self.status = AfterSaleStatus::PendingReview;
                self.order_no = order_no;
                self.user_id = user_id;
                self.kind = Some(kind);
                self.lines = lines;
                self.per_item = per_item;
                self.shipping_saved = shipping_saved;
                self.shipped = !kind.before_shipping();
            }
            AfterSaleEvent::AfterSaleApproved { .. } | AfterSaleEvent::InterceptionSucceeded { .. } => {
                self.approved = true;
                if matches!(event, AfterSaleEvent::InterceptionSucceeded { .. }) {
                    self.interception = Some(true);
                }
                self.status = if self.kind.is_some_and(AfterSaleKind::is_return) {
                    AfterSaleStatus::AwaitingReturn
                } else {
                    AfterSaleStatus::Approved
                };
            }
            AfterSaleEvent::AfterSaleRejected { .. } => self.status = AfterSaleStatus::Rejected,
            AfterSaleEvent::InterceptionStarted { .. } => {
                // The goods left the warehouse: their fees are spent whatever the courier manages.
                self.shipped = true;
                self.status = AfterSaleStatus::Intercepting;
            }
            AfterSaleEvent::InterceptionFailed { .. } => {
                self.interception = Some(false);
                self.status = AfterSaleStatus::PendingReview;
            }
            AfterSaleEvent::ReturnShipped { .. } => self.status = AfterSaleStatus::ReturnInTransit,
            AfterSaleEvent::ReturnReceived {
                wrong_item,
                wrong_station,
                ..
            } => {
                self.wrong_item = wrong_item;
                self.wrong_station = wrong_station;
                self.received = Some((wrong_item, wrong_station));
                self.status = AfterSaleStatus::ReturnReceived;
            }
            AfterSaleEvent::AfterSaleRefunded { breakdown, .. } => {
                self.refunded = Some(breakdown);
                self.status = AfterSaleStatus::Refunded;
            }
            AfterSaleEvent::ReplacementShipped {
                courier, tracking_no, ..
            } => {
                self.replacement = Some((courier, tracking_no));
                self.status = AfterSaleStatus::Exchanged;
            }
            AfterSaleEvent::AfterSaleCancelled { .. } => self.status = AfterSaleStatus::Cancelled,
        }
    }
}
