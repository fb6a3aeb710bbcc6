//! What a refund is made of (spec §9): the goods at what they were paid (their list price less the
//! coupons' part of them, `order::shares`); for goods never shipped, their service, QC and value-added
//! fees per refunded item and the shipping no longer needed; less the wrong-item insurance and the
//! wrong-station handling fee; never below zero and never above what is left of the payment.

use serde::{Deserialize, Serialize};

use crate::constants::{WRONG_ITEM_INSURANCE, WRONG_STATION_HANDLING_FEE};
use crate::money::Fen;

use super::model::{ClaimedLine, PerItemFees};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    /// The goods at their list price.
    pub goods: Fen,
    /// What the coupons took off these goods when the order was placed (zero in refunds made before
    /// it was counted).
    #[serde(default)]
    pub coupon_share: Fen,
    pub service_back: Fen,
    pub qc_back: Fen,
    pub value_added_back: Fen,
    pub shipping_back: Fen,
    pub wrong_item_insurance: Fen,
    pub wrong_station_fee: Fen,
    pub total: Fen,
}

/// Everything a breakdown depends on.
#[derive(Debug, Clone, Copy)]
pub struct RefundBasis<'a> {
    pub lines: &'a [ClaimedLine],
    pub per_item: PerItemFees,
    /// The coupons' part of these goods.
    pub coupon_share: Fen,
    /// Shipping the rest of the order no longer needs, when these goods never leave.
    pub shipping_saved: Fen,
    /// The goods left the warehouse (shipped, or intercepted on the way): no fee comes back.
    pub shipped: bool,
    pub wrong_item: bool,
    pub wrong_station: bool,
    /// What the order may still give back for them; `None` while only estimating.
    pub cap: Option<Fen>,
}

impl Breakdown {
    pub fn fees_back(&self) -> Fen {
        Fen(self.service_back.0 + self.qc_back.0 + self.value_added_back.0 + self.shipping_back.0)
    }

    pub fn deductions(&self) -> Fen {
        Fen(self.wrong_item_insurance.0 + self.wrong_station_fee.0)
    }

    /// The goods at what they were paid.
    pub fn goods_paid(&self) -> Fen {
        Fen(self.goods.0 - self.coupon_share.0)
    }

    /// What the parts add up to before any cap: the goods paid and the fees back, less the
    /// deductions, never below zero.
    pub fn parts_total(&self) -> Fen {
        Fen((self.goods_paid().0 + self.fees_back().0 - self.deductions().0).max(0))
    }

    /// `None` on overflow.
    pub fn compute(basis: RefundBasis<'_>) -> Option<Breakdown> {
        let mut goods = 0i64;
        let mut items = 0i64;
        for line in basis.lines {
            goods = goods.checked_add(line.unit_price.0.checked_mul(line.quantity)?)?;
            items = items.checked_add(line.quantity)?;
        }
        let per_item = |fee: Fen| -> Option<Fen> {
            if basis.shipped {
                Some(Fen::ZERO)
            } else {
                fee.0.checked_mul(items).map(Fen)
            }
        };
        let service_back = per_item(basis.per_item.service)?;
        let qc_back = per_item(basis.per_item.qc)?;
        let value_added_back = per_item(basis.per_item.value_added)?;
        let shipping_back = if basis.shipped {
            Fen::ZERO
        } else {
            basis.shipping_saved
        };
        let wrong_item_insurance = if basis.wrong_item {
            WRONG_ITEM_INSURANCE
        } else {
            Fen::ZERO
        };
        let wrong_station_fee = if basis.wrong_station {
            WRONG_STATION_HANDLING_FEE
        } else {
            Fen::ZERO
        };
        let goods_paid = goods.checked_sub(basis.coupon_share.0)?.max(0);
        let gross = [service_back, qc_back, value_added_back, shipping_back]
            .into_iter()
            .try_fold(goods_paid, |sum, fee| sum.checked_add(fee.0))?;
        let net = (gross - wrong_item_insurance.0 - wrong_station_fee.0).max(0);
        let total = match basis.cap {
            Some(cap) => net.min(cap.0.max(0)),
            None => net,
        };
        Some(Breakdown {
            goods: Fen(goods),
            coupon_share: Fen(goods - goods_paid),
            service_back,
            qc_back,
            value_added_back,
            shipping_back,
            wrong_item_insurance,
            wrong_station_fee,
            total: Fen(total),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(price: i64, quantity: i64) -> ClaimedLine {
        ClaimedLine {
            sku_id: "S1".into(),
            item_no: "A1".into(),
            title: "T".into(),
            color: "red".into(),
            size: "M".into(),
            unit_price: Fen(price),
            quantity,
        }
    }

    const FEES: PerItemFees = PerItemFees {
        service: Fen(100),
        qc: Fen(30),
        value_added: Fen(50),
    };

    fn basis(lines: &[ClaimedLine]) -> RefundBasis<'_> {
        RefundBasis {
            lines,
            per_item: FEES,
            coupon_share: Fen::ZERO,
            shipping_saved: Fen(200),
            shipped: false,
            wrong_item: false,
            wrong_station: false,
            cap: None,
        }
    }

    #[test]
    fn unshipped_goods_get_their_fees_back_per_refunded_item() {
        let lines = [line(4_990, 2)];
        let b = Breakdown::compute(basis(&lines)).unwrap();
        assert_eq!(
            (
                b.goods,
                b.service_back,
                b.qc_back,
                b.value_added_back,
                b.shipping_back
            ),
            (Fen(9_980), Fen(200), Fen(60), Fen(100), Fen(200))
        );
        assert_eq!(b.fees_back(), Fen(560));
        assert_eq!(b.total, Fen(10_540));
    }

    #[test]
    fn shipped_goods_get_only_the_goods_back_less_the_deductions() {
        let lines = [line(4_990, 1)];
        let b = Breakdown::compute(RefundBasis {
            shipped: true,
            wrong_item: true,
            wrong_station: true,
            ..basis(&lines)
        })
        .unwrap();
        assert_eq!(b.fees_back(), Fen::ZERO);
        assert_eq!(
            (b.wrong_item_insurance, b.wrong_station_fee),
            (Fen(300), Fen(100))
        );
        assert_eq!(b.deductions(), Fen(400));
        assert_eq!(b.total, Fen(4_590));
    }

    #[test]
    fn the_total_is_never_negative_nor_above_what_is_left_of_the_payment() {
        let cheap = [line(200, 1)];
        let b = Breakdown::compute(RefundBasis {
            shipped: true,
            wrong_item: true,
            ..basis(&cheap)
        })
        .unwrap();
        assert_eq!(b.total, Fen::ZERO);
        let lines = [line(4_990, 2)];
        let b = Breakdown::compute(RefundBasis {
            cap: Some(Fen(5_000)),
            ..basis(&lines)
        })
        .unwrap();
        assert_eq!(b.total, Fen(5_000));
    }

    #[test]
    fn goods_come_back_at_what_they_were_paid_after_a_coupon() {
        // One of 2 × 62.90 bought with 10.00 off the goods, after shipping: 57.90, and the parts
        // add up to it.
        let lines = [line(6_290, 1)];
        let b = Breakdown::compute(RefundBasis {
            shipped: true,
            coupon_share: Fen(500),
            cap: Some(Fen(12_280)),
            ..basis(&lines)
        })
        .unwrap();
        assert_eq!(
            (b.goods, b.coupon_share, b.goods_paid()),
            (Fen(6_290), Fen(500), Fen(5_790))
        );
        assert_eq!(b.total, Fen(5_790));
        assert_eq!(b.parts_total(), b.total);
    }
}
