//! What an order costs: goods at the prices of the moment it was placed, shipping from the courier fee
//! table, and per-item service, quality-inspection and value-added fees. Computed once, when the order
//! is placed, and stored in the event, so later price or tariff changes never rewrite an order.

use serde::{Deserialize, Serialize};

use crate::constants::{QC_ADVANCED_PER_ITEM, QC_BASIC_PER_ITEM};
use crate::coupon::CouponKind;
use crate::money::Fen;

/// The drop-shipping service fee, per item (the spec names the fee, not its amount).
pub const SERVICE_FEE_PER_ITEM: Fen = Fen(100);

/// Couriers the warehouse ships with. Stored in events: variants are never renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Courier {
    Zto,
    Yto,
    Sto,
    Yunda,
    Jt,
    Sf,
    Ems,
}

impl Courier {
    pub const ALL: [Courier; 7] = [
        Courier::Zto,
        Courier::Yto,
        Courier::Sto,
        Courier::Yunda,
        Courier::Jt,
        Courier::Sf,
        Courier::Ems,
    ];

    /// Stable code for the wire and read tables.
    pub fn code(self) -> &'static str {
        match self {
            Courier::Zto => "zto",
            Courier::Yto => "yto",
            Courier::Sto => "sto",
            Courier::Yunda => "yunda",
            Courier::Jt => "jt",
            Courier::Sf => "sf",
            Courier::Ems => "ems",
        }
    }

    pub fn from_code(code: &str) -> Option<Courier> {
        Courier::ALL.into_iter().find(|c| c.code() == code)
    }

    /// Whether `tracking_no` has the shape of this courier's waybill numbers, as the couriers publish
    /// them (SF: SF and 12–13 digits; J&T: JT and 13 digits; YTO: YT and 12–15 digits; EMS: 13 digits or
    /// the UPU form EA123456789CN; ZTO, STO and Yunda: 12–15 digits).
    pub fn tracking_shape_ok(self, tracking_no: &str) -> bool {
        let digits = |s: &str, range: std::ops::RangeInclusive<usize>| {
            range.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
        };
        let after = |prefix: &str| tracking_no.strip_prefix(prefix);
        match self {
            Courier::Sf => after("SF").is_some_and(|rest| digits(rest, 12..=13)),
            Courier::Jt => after("JT").is_some_and(|rest| digits(rest, 13..=13)),
            Courier::Yto => after("YT").is_some_and(|rest| digits(rest, 12..=15)),
            Courier::Ems => {
                let b = tracking_no.as_bytes();
                digits(tracking_no, 13..=13)
                    || (b.len() == 13
                        && b[..2].iter().all(u8::is_ascii_uppercase)
                        && b[2..11].iter().all(u8::is_ascii_digit)
                        && &b[11..] == b"CN")
            }
            Courier::Zto | Courier::Sto | Courier::Yunda => digits(tracking_no, 12..=15),
        }
    }

    /// The fee table: the first item, then each further item of the same parcel.
    pub fn tariff(self) -> (Fen, Fen) {
        match self {
            Courier::Zto | Courier::Yto => (Fen(400), Fen(100)),
            Courier::Sto | Courier::Yunda => (Fen(380), Fen(100)),
            Courier::Jt => (Fen(350), Fen(100)),
            Courier::Sf => (Fen(1_200), Fen(200)),
            Courier::Ems => (Fen(1_000), Fen(200)),
        }
    }

    /// Shipping for one parcel of `items` pieces.
    pub fn shipping(self, items: i64) -> Fen {
        let (first, further) = self.tariff();
        if items <= 0 {
            return Fen::ZERO;
        }
        Fen(first.0 + further.0 * (items - 1))
    }
}

/// Quality inspection: none, basic 0.30 or advanced 1.30 per item (spec §9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QcLevel {
    #[default]
    None,
    Basic,
    Advanced,
}

impl QcLevel {
    pub fn per_item(self) -> Fen {
        match self {
            QcLevel::None => Fen::ZERO,
            QcLevel::Basic => QC_BASIC_PER_ITEM,
            QcLevel::Advanced => QC_ADVANCED_PER_ITEM,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            QcLevel::None => "none",
            QcLevel::Basic => "basic",
            QcLevel::Advanced => "advanced",
        }
    }

    pub fn from_code(code: &str) -> Option<QcLevel> {
        [QcLevel::None, QcLevel::Basic, QcLevel::Advanced]
            .into_iter()
            .find(|q| q.code() == code)
    }
}

/// Value-added services the warehouse performs on each item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ValueAdded {
    ReplaceTag,
    RemoveTag,
    GiftPackaging,
}

impl ValueAdded {
    pub const ALL: [ValueAdded; 3] = [
        ValueAdded::ReplaceTag,
        ValueAdded::RemoveTag,
        ValueAdded::GiftPackaging,
    ];

    pub fn per_item(self) -> Fen {
        match self {
            ValueAdded::ReplaceTag => Fen(50),
            ValueAdded::RemoveTag => Fen(20),
            ValueAdded::GiftPackaging => Fen(100),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            ValueAdded::ReplaceTag => "replace_tag",
            ValueAdded::RemoveTag => "remove_tag",
            ValueAdded::GiftPackaging => "gift_packaging",
        }
    }

    pub fn from_code(code: &str) -> Option<ValueAdded> {
        ValueAdded::ALL.into_iter().find(|v| v.code() == code)
    }
}

/// The fee breakdown stored with an order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fees {
    pub product_amount: Fen,
    pub shipping: Fen,
    pub service: Fen,
    pub qc: Fen,
    pub value_added: Fen,
    pub coupon_discount: Fen,
    pub total: Fen,
}

impl Fees {
    /// The part of the order a coupon of `kind` discounts.
    pub fn coupon_base(&self, kind: CouponKind) -> Fen {
        match kind {
            CouponKind::Product => self.product_amount,
            CouponKind::Service => Fen(self.service.0 + self.qc.0 + self.value_added.0),
            CouponKind::Shipping => self.shipping,
        }
    }
}

/// Per-item fees other than the goods: what a refunded item gives back besides its price.
pub fn per_item_fees(qc: QcLevel, value_added: &[ValueAdded]) -> Fen {
    let added: i64 = value_added.iter().map(|v| v.per_item().0).sum();
    Fen(SERVICE_FEE_PER_ITEM.0 + qc.per_item().0 + added)
}

impl Fees {
    /// Fees of `items` pieces whose goods cost `product_amount`; `None` on overflow.
    pub fn compute(
        product_amount: Fen,
        items: i64,
        courier: Courier,
        qc: QcLevel,
        value_added: &[ValueAdded],
    ) -> Option<Fees> {
        let shipping = courier.shipping(items);
        let service = Fen(SERVICE_FEE_PER_ITEM.0.checked_mul(items)?);
        let qc_fee = Fen(qc.per_item().0.checked_mul(items)?);
        let added_per_item: i64 = value_added.iter().map(|v| v.per_item().0).sum();
        let value_added = Fen(added_per_item.checked_mul(items)?);
        let total = [shipping, service, qc_fee, value_added]
            .into_iter()
            .try_fold(product_amount, |sum, fee| sum.checked_add(fee))?;
        Some(Fees {
            product_amount,
            shipping,
            service,
            qc: qc_fee,
            value_added,
            coupon_discount: Fen::ZERO,
            total,
        })
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn tracking_numbers_are_checked_for_their_courier_s_shape() {
        assert!(Courier::Sf.tracking_shape_ok("SF1234567890123"));
        assert!(!Courier::Sf.tracking_shape_ok("1234567890123"));
        assert!(Courier::Jt.tracking_shape_ok("JT1234567890123"));
        assert!(!Courier::Jt.tracking_shape_ok("JT12345"));
        assert!(Courier::Yto.tracking_shape_ok("YT1234567890123"));
        assert!(Courier::Ems.tracking_shape_ok("EA123456789CN"));
        assert!(Courier::Ems.tracking_shape_ok("1123456789012"));
        assert!(!Courier::Ems.tracking_shape_ok("EA12345678CN"));
        assert!(Courier::Zto.tracking_shape_ok("731234567890"));
        assert!(!Courier::Zto.tracking_shape_ok("ZT12345678901"));
        assert!(!Courier::Yunda.tracking_shape_ok("12345"));
    }
    use super::*;

    #[test]
    fn shipping_charges_the_first_item_then_each_further_one() {
        assert_eq!(Courier::Zto.shipping(1), Fen(400));
        assert_eq!(Courier::Zto.shipping(3), Fen(600));
        assert_eq!(Courier::Sf.shipping(2), Fen(1_400));
        assert_eq!(Courier::Jt.shipping(0), Fen::ZERO);
    }

    #[test]
    fn fees_add_up_per_item() {
        // 3 items of goods worth 89.70: ZTO 6.00, service 3.00, advanced QC 3.90, gift packaging 3.00.
        let fees = Fees::compute(
            Fen(8_970),
            3,
            Courier::Zto,
            QcLevel::Advanced,
            &[ValueAdded::GiftPackaging],
        )
        .unwrap();
        assert_eq!(
            (fees.shipping, fees.service, fees.qc, fees.value_added, fees.total),
            (Fen(600), Fen(300), Fen(390), Fen(300), Fen(10_560))
        );
        assert_eq!(per_item_fees(QcLevel::Basic, &[ValueAdded::RemoveTag]), Fen(150));
    }

    #[test]
    fn codes_round_trip() {
        for c in Courier::ALL {
            assert_eq!(Courier::from_code(c.code()), Some(c));
        }
        for v in ValueAdded::ALL {
            assert_eq!(ValueAdded::from_code(v.code()), Some(v));
        }
        assert_eq!(QcLevel::from_code("basic"), Some(QcLevel::Basic));
        assert_eq!(Courier::from_code("ups"), None);
    }

    #[test]
    fn an_overflowing_order_has_no_fees() {
        assert_eq!(
            Fees::compute(Fen(i64::MAX), 1, Courier::Zto, QcLevel::None, &[]),
            None
        );
    }
}
