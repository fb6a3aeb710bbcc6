use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use crate::money::Fen;

use super::commands::CouponCommand;
use super::errors::CouponError;
use super::events::CouponEvent;
use super::model::{CouponKind, CouponTerms, Discount};
use crate::text::TextFault;

/// One issued coupon (aggregate id `CP…`): issued to a seller, redeemed by one order, released when
/// that order is cancelled. Expiry is a matter of time, not an event: redeeming checks the validity.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coupon {
    issued: Option<Issued>,
    redeemed_by: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Issued {
    user_id: String,
    name: String,
    kind: CouponKind,
    discount: Discount,
    valid_from: i64,
    valid_to: i64,
    source: String,
}

type Decision = Result<Option<CouponEvent>, CouponError>;

/// The source of the coupons an operator issues; a claimed coupon's source is its published coupon.
pub const OPERATOR: &str = "operator";

/// A name passes the text rules every client text does (`crate::text`): a length limit and no
/// control characters; `required` refuses an empty one.
fn check_name(field: &'static str, value: &str, required: CouponError) -> Result<(), CouponError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(required);
    }
    match crate::text::check(field, value) {
        Ok(()) => Ok(()),
        Err(TextFault::TooLong { max }) => Err(CouponError::NameTooLong { field, max }),
        Err(TextFault::ControlCharacter) => Err(CouponError::NameControlCharacter { field }),
    }
}

/// The rules every new coupon's terms obey, for callers that check before anything is issued: a
/// Chinese and an English name, and sound terms.
pub fn validate_terms(
    name: &str,
    name_en: &str,
    discount: Discount,
    valid_from: i64,
    valid_to: i64,
) -> Result<(), CouponError> {
    check_name("name", name, CouponError::NameRequired)?;
    check_name("name_en", name_en, CouponError::NameEnRequired)?;
    check_discount(discount, valid_from, valid_to)
}

fn check_discount(discount: Discount, valid_from: i64, valid_to: i64) -> Result<(), CouponError> {
    match discount {
        Discount::FullReduction { threshold, amount } => {
            if !amount.is_positive() {
                return Err(CouponError::AmountNotPositive);
            }
            if threshold.0 < 0 {
                return Err(CouponError::ThresholdNegative);
            }
        }
        Discount::Percentage {
            threshold,
            percent_off,
        } => {
            if !(1..=99).contains(&percent_off) {
                return Err(CouponError::PercentOutOfRange);
            }
            if threshold.0 < 0 {
                return Err(CouponError::ThresholdNegative);
            }
        }
    }
    if valid_to < valid_from {
        return Err(CouponError::EndsBeforeStart);
    }
    Ok(())
}

impl Coupon {
    pub fn user_id(&self) -> Option<&str> {
        self.issued.as_ref().map(|i| i.user_id.as_str())
    }

    pub fn redeemed_by(&self) -> Option<&str> {
        self.redeemed_by.as_deref()
    }

    /// The terms an order carries, once issued.
    pub fn terms(&self, coupon_id: &str) -> Option<CouponTerms> {
        self.issued.as_ref().map(|i| CouponTerms {
            coupon_id: coupon_id.to_string(),
            name: i.name.clone(),
            kind: i.kind,
            discount: i.discount,
        })
    }

    /// Whether `order_no` could redeem it at `at` for a part worth `base` (without redeeming it).
    pub fn check_redeem(&self, order_no: &str, base: Fen, at: i64) -> Result<Fen, CouponError> {
        let issued = self.issued.as_ref().ok_or(CouponError::NotIssued)?;
        match &self.redeemed_by {
            Some(by) if by != order_no => return Err(CouponError::AlreadyUsed),
            _ => {}
        }
        if at < issued.valid_from || at > issued.valid_to {
            return Err(CouponError::NotValidNow);
        }
        issued.discount.off(base).ok_or(CouponError::BelowThreshold {
            threshold: issued.discount.threshold(),
        })
    }

    fn decide(&self, command: CouponCommand) -> Decision {
        match command {
            CouponCommand::Issue {
                user_id,
                name,
                name_en,
                kind,
                discount,
                valid_from,
                valid_to,
                source,
                at,
            } => {
                if let Some(issued) = &self.issued {
                    // A retried claim issues the same coupon again: nothing to do.
                    return if issued.user_id == user_id && issued.source == source {
                        Ok(None)
                    } else {
                        Err(CouponError::AlreadyIssued)
                    };
                }
                check_name("name", &name, CouponError::NameRequired)?;
                // A claim of a coupon published before English names has none to copy.
                if source == OPERATOR || !name_en.trim().is_empty() {
                    check_name("name_en", &name_en, CouponError::NameEnRequired)?;
                }
                check_discount(discount, valid_from, valid_to)?;
                Ok(Some(CouponEvent::CouponIssued {
                    user_id,
                    name: name.trim().to_string(),
                    name_en: name_en.trim().to_string(),
                    kind,
                    discount,
                    valid_from,
                    valid_to,
                    source,
                    at,
                }))
            }
            CouponCommand::Redeem { order_no, base, at } => {
                let discount = self.check_redeem(&order_no, base, at)?;
                if self.redeemed_by.as_deref() == Some(order_no.as_str()) {
                    return Ok(None);
                }
                Ok(Some(CouponEvent::CouponRedeemed {
                    order_no,
                    discount,
                    at,
                }))
            }
            CouponCommand::Release { order_no, at } => {
                if self.issued.is_none() {
                    return Err(CouponError::NotIssued);
                }
                if self.redeemed_by.as_deref() != Some(order_no.as_str()) {
                    return Ok(None);
                }
                Ok(Some(CouponEvent::CouponReleased { order_no, at }))
            }
        }
    }
}

impl Aggregate for Coupon {
    // Stored with every event: never change it.
    const TYPE: &'static str = "coupon";
    type Command = CouponCommand;
    type Event = CouponEvent;
    type Error = CouponError;
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
            CouponEvent::CouponIssued {
                user_id,
                name,
                kind,
                discount,
                valid_from,
                valid_to,
                source,
                ..
            } => {
                self.issued = Some(Issued {
                    user_id,
                    name,
                    kind,
                    discount,
                    valid_from,
                    valid_to,
                    source,
                });
            }
            CouponEvent::CouponRedeemed { order_no, .. } => self.redeemed_by = Some(order_no),
            CouponEvent::CouponReleased { .. } => self.redeemed_by = None,
        }
    }
}
