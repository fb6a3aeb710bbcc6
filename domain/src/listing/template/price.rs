//! A listed price in the shop's currency: the rule's price in fen at the seller's rate (micro-yuan
//! for one unit, `platform_export::rates`), rounded up to the currency's smallest unit, so the shop
//! never asks less than the rule's price. Integer arithmetic only.

use crate::money::Fen;

/// Digits after the point a currency's prices have: none for the dong and the rupiah.
pub fn minor_digits(currency: &str) -> u32 {
    match currency {
        "VND" | "IDR" => 0,
        _ => 2,
    }
}

/// An amount in a currency's smallest listed unit (cents, or whole dong).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    pub minor: i64,
    pub digits: u32,
}

/// `price` (fen) at `micro_cny` micro-yuan per unit of the currency, in its smallest unit rounded
/// up: units = fen / 100 / (micro / 1e6) = fen × 10⁴ / micro. None for a rate of 0 or below, or an
/// amount too large.
pub fn listed_foreign(price: Fen, micro_cny: i64, currency: &str) -> Option<Amount> {
    if micro_cny <= 0 || price.0 < 0 {
        return None;
    }
    let digits = minor_digits(currency);
    let numerator = price.0 as i128 * 10_i128.pow(4 + digits);
    let micro = micro_cny as i128;
    let minor = (numerator + micro - 1) / micro;
    Some(Amount {
        minor: i64::try_from(minor).ok()?,
        digits,
    })
}

/// The amount as a decimal number (`299.04`, `125000`): how it is written into the sheet and shown.
pub fn money_text(amount: Amount) -> String {
    if amount.digits == 0 {
        return amount.minor.to_string();
    }
    let scale = 10_i64.pow(amount.digits);
    format!(
        "{}.{:0width$}",
        amount.minor / scale,
        amount.minor % scale,
        width = amount.digits as usize
    )
}
