//! A shop's pricing rule: how the price a seller's shop asks follows from what the SKU costs at
//! jpmall, what the listed title adds, and how much stock the shop shows.
//!
//! Everything is integer: the multiplier is kept in basis points and every amount in fen, so the
//! same rule gives the same price on every machine and a price is never a float's rounding away
//! from what the seller set.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::money::Fen;
use crate::text::TextFault;

/// Basis points in one: a multiplier of 1.5 is 15,000.
const BASIS_POINTS: i64 = 10_000;

/// A price multiplier, exact to four decimals (1.5, 1.25, 2.0125).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Multiplier(i64);

impl Multiplier {
    /// Listing at cost: no shop sells below what it pays.
    pub const MIN: Multiplier = Multiplier(BASIS_POINTS);
    /// Ten times cost; anything above is a typo for a fixed amount, not a markup.
    pub const MAX: Multiplier = Multiplier(10 * BASIS_POINTS);
    pub const ONE: Multiplier = Multiplier(BASIS_POINTS);

    pub const fn from_basis_points(basis_points: i64) -> Multiplier {
        Multiplier(basis_points)
    }

    pub const fn basis_points(self) -> i64 {
        self.0
    }

    /// Reads "1.5", "2", "1.25" or "1.0125". No sign, no exponent, at most four decimals: a fifth
    /// would be rounded silently, and the seller would not get the price they typed.
    pub fn parse(text: &str) -> Result<Multiplier, RuleError> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty()
            || !digits(whole)
            || !digits(fraction)
            || fraction.len() > 4
            || (text.contains('.') && fraction.is_empty())
        {
            return Err(RuleError::MultiplierInvalid);
        }
        let mut basis_points: i64 = 0;
        for digit in whole
            .bytes()
            .chain(fraction.bytes().chain(std::iter::repeat(b'0')).take(4))
        {
            basis_points = basis_points
                .checked_mul(10)
                .and_then(|b| b.checked_add(i64::from(digit - b'0')))
                .ok_or(RuleError::MultiplierInvalid)?;
        }
        Ok(Multiplier(basis_points))
    }
}

/// The shortest decimal: "1.5", "2", "1.0125".
impl fmt::Display for Multiplier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        let whole = magnitude / BASIS_POINTS as u64;
        let fraction = magnitude % BASIS_POINTS as u64;
        if fraction == 0 {
            return write!(f, "{sign}{whole}");
        }
        let digits = format!("{fraction:04}");
        write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// Where a listed price ends. Always upwards to the next such ending, so the rounded price is never
/// below the one the rule computed, and never below cost plus the minimum margin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rounding {
    /// The computed price, to the fen.
    #[default]
    #[serde(rename = "none")]
    None,
    /// Nine jiao: 35.90, 54.90.
    #[serde(rename = "ends_90")]
    Ends90,
    /// 35.99, 54.99.
    #[serde(rename = "ends_99")]
    Ends99,
    /// 35.00, 55.00.
    #[serde(rename = "whole_yuan")]
    WholeYuan,
}

impl Rounding {
    pub fn code(self) -> &'static str {
        match self {
            Rounding::None => "none",
            Rounding::Ends90 => "ends_90",
            Rounding::Ends99 => "ends_99",
            Rounding::WholeYuan => "whole_yuan",
        }
    }

    pub fn from_code(code: &str) -> Option<Rounding> {
        match code {
            "none" => Some(Rounding::None),
            "ends_90" => Some(Rounding::Ends90),
            "ends_99" => Some(Rounding::Ends99),
            "whole_yuan" => Some(Rounding::WholeYuan),
            _ => None,
        }
    }

    /// The smallest amount at or above `fen` with this ending; an amount that already has it stays.
    fn round_up(self, fen: i128) -> i128 {
        let within_yuan = fen.rem_euclid(100);
        let target = match self {
            Rounding::None => return fen,
            Rounding::Ends90 => 90,
            Rounding::Ends99 => 99,
            Rounding::WholeYuan => 0,
        };
        let up = (target - within_yuan).rem_euclid(100);
        fen + up
    }
}

/// The longest title prefix or suffix, in characters. A Taobao title holds 30 Chinese characters,
/// so an affix longer than this would leave no room for the product's own title.
pub const MAX_AFFIX_CHARS: usize = 20;

/// How a seller's shop lists jpmall products.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListingRule {
    pub multiplier: Multiplier,
    pub fixed_add: Fen,
    pub rounding: Rounding,
    /// The listed price is at least cost plus this, whatever the multiplier gives.
    pub min_margin: Fen,
    pub title_prefix: String,
    pub title_suffix: String,
    /// The most stock a SKU shows in the shop; `None` shows jpmall's stock as it is. Sellers cap it
    /// so a shop never sells more than they are willing to be short of when stock moves.
    pub stock_cap: Option<i64>,
}

impl Default for ListingRule {
    /// Listing at cost, titles as they are, stock as it is.
    fn default() -> Self {
        ListingRule {
            multiplier: Multiplier::ONE,
            fixed_add: Fen::ZERO,
            rounding: Rounding::None,
            min_margin: Fen::ZERO,
            title_prefix: String::new(),
            title_suffix: String::new(),
            stock_cap: None,
        }
    }
}

/// A SKU's price in the shop and what the seller keeps of it over jpmall's cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListedPrice {
    pub price: Fen,
    pub margin: Fen,
}

impl ListingRule {
    /// The rule with its title affixes trimmed, or why it is refused: a multiplier outside 1 to 10,
    /// a negative amount or cap, an affix with control characters or too long.
    pub fn validate(mut self) -> Result<ListingRule, RuleError> {
        if self.multiplier < Multiplier::MIN || self.multiplier > Multiplier::MAX {
            return Err(RuleError::MultiplierOutOfRange {
                min: Multiplier::MIN,
                max: Multiplier::MAX,
            });
        }
        if self.fixed_add.0 < 0 {
            return Err(RuleError::FixedAddNegative);
        }
        if self.min_margin.0 < 0 {
            return Err(RuleError::MinMarginNegative);
        }
        if self.stock_cap.is_some_and(|cap| cap < 0) {
            return Err(RuleError::StockCapNegative);
        }
        self.title_prefix = checked_affix("title_prefix", &self.title_prefix)?;
        self.title_suffix = checked_affix("title_suffix", &self.title_suffix)?;
        Ok(self)
    }

    /// The price of a SKU that costs `cost`: the larger of cost × multiplier + the fixed amount and
    /// cost + the minimum margin, rounded up to the rule's ending. A fraction of a fen the multiplier
    /// leaves is rounded up too. An amount too large for fen is refused, never wrapped.
    pub fn price(&self, cost: Fen) -> Result<ListedPrice, PriceError> {
        if !cost.is_positive() {
            return Err(PriceError::CostNotPositive { cost });
        }
        let cost_fen = i128::from(cost.0);
        let scaled = ceil_div(cost_fen * i128::from(self.multiplier.0), i128::from(BASIS_POINTS));
        let marked_up = scaled + i128::from(self.fixed_add.0);
        let floor = cost_fen + i128::from(self.min_margin.0);
        let listed = self.rounding.round_up(marked_up.max(floor));
        let price = i64::try_from(listed).map_err(|_| PriceError::Overflow)?;
        let margin = price.checked_sub(cost.0).ok_or(PriceError::Overflow)?;
        Ok(ListedPrice {
            price: Fen(price),
            margin: Fen(margin),
        })
    }

    /// The stock the shop shows for a SKU jpmall has `stock` of: capped by the rule, never negative
    /// (a stock that went below zero is none to sell).
    pub fn listed_stock(&self, stock: i64) -> i64 {
        let stock = stock.max(0);
        match self.stock_cap {
            Some(cap) => stock.min(cap.max(0)),
            None => stock,
        }
    }

    /// The title the shop shows: prefix, the product's title, suffix. Two words of Latin letters or
    /// digits that would run together are kept apart by a space ("NEW Dress"); Chinese needs none.
    pub fn listed_title(&self, title: &str) -> String {
        let mut listed = String::new();
        for part in [self.title_prefix.trim(), title.trim(), self.title_suffix.trim()] {
            if part.is_empty() {
                continue;
            }
            let joins_words = listed.chars().last().is_some_and(|c| c.is_ascii_alphanumeric())
                && part.chars().next().is_some_and(|c| c.is_ascii_alphanumeric());
            if joins_words {
                listed.push(' ');
            }
            listed.push_str(part);
        }
        listed
    }
}

/// `numerator / denominator` rounded towards positive infinity; the denominator is positive.
fn ceil_div(numerator: i128, denominator: i128) -> i128 {
    let quotient = numerator.div_euclid(denominator);
    if numerator.rem_euclid(denominator) == 0 {
        quotient
    } else {
        quotient + 1
    }
}

/// An affix trimmed, passing the rules every client text does (`crate::text`: no control
/// characters) and the listing's own, shorter length limit.
fn checked_affix(field: &'static str, value: &str) -> Result<String, RuleError> {
    let value = value.trim();
    match crate::text::check(field, value) {
        Ok(()) | Err(TextFault::TooLong { .. }) => {}
        Err(TextFault::ControlCharacter) => return Err(RuleError::TextControlCharacter { field }),
    }
    if value.chars().take(MAX_AFFIX_CHARS + 1).count() > MAX_AFFIX_CHARS {
        return Err(RuleError::TextTooLong {
            field,
            max: MAX_AFFIX_CHARS,
        });
    }
    Ok(value.to_string())
}

/// Why a listing rule was refused. People see the message under [`RuleError::key`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the multiplier is not a number with at most four decimals")]
    MultiplierInvalid,
    #[error("the multiplier must be {min} to {max}")]
    MultiplierOutOfRange { min: Multiplier, max: Multiplier },
    #[error("the fixed amount added cannot be negative")]
    FixedAddNegative,
    #[error("the minimum margin cannot be negative")]
    MinMarginNegative,
    #[error("the stock cap cannot be negative")]
    StockCapNegative,
    #[error("{field} is too long: at most {max} characters")]
    TextTooLong { field: &'static str, max: usize },
    #[error("{field} contains control characters")]
    TextControlCharacter { field: &'static str },
}

impl RuleError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            RuleError::MultiplierInvalid => "listing.multiplier_invalid",
            RuleError::MultiplierOutOfRange { .. } => "listing.multiplier_out_of_range",
            RuleError::FixedAddNegative => "listing.fixed_add_negative",
            RuleError::MinMarginNegative => "listing.min_margin_negative",
            RuleError::StockCapNegative => "listing.stock_cap_negative",
            RuleError::TextTooLong { .. } => "request.field_too_long",
            RuleError::TextControlCharacter { .. } => "request.field_control_character",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            RuleError::MultiplierOutOfRange { min, max } => {
                vec![("min", min.to_string()), ("max", max.to_string())]
            }
            RuleError::TextTooLong { field, max } => {
                vec![("max", max.to_string()), ("field", (*field).to_string())]
            }
            RuleError::TextControlCharacter { field } => vec![("field", (*field).to_string())],
            _ => Vec::new(),
        }
    }

    /// The field of the rule's form the refusal is about.
    pub fn field(&self) -> &'static str {
        match self {
            RuleError::MultiplierInvalid | RuleError::MultiplierOutOfRange { .. } => "multiplier",
            RuleError::FixedAddNegative => "fixed_add",
            RuleError::MinMarginNegative => "min_margin",
            RuleError::StockCapNegative => "stock_cap",
            RuleError::TextTooLong { field, .. } | RuleError::TextControlCharacter { field } => field,
        }
    }
}

/// Why a SKU could not be priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    /// A SKU jpmall sells for nothing has no price to mark up.
    #[error("the cost of {cost} is not a price to list from")]
    CostNotPositive { cost: Fen },
    #[error("the listed price is too large")]
    Overflow,
}

impl PriceError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            PriceError::CostNotPositive { .. } => "listing.cost_not_positive",
            PriceError::Overflow => "listing.price_overflow",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ×1.5 + ¥5, the example sellers are shown.
    fn one_and_a_half_plus_five(rounding: Rounding) -> ListingRule {
        ListingRule {
            multiplier: Multiplier::parse("1.5").unwrap(),
            fixed_add: Fen::yuan(5),
            rounding,
            ..ListingRule::default()
        }
    }

    fn priced(rule: &ListingRule, cost: i64) -> (i64, i64) {
        let listed = rule.price(Fen(cost)).unwrap();
        (listed.price.0, listed.margin.0)
    }

    #[test]
    fn multiplier_reads_decimals_exactly() {
        assert_eq!(
            Multiplier::parse("1.5"),
            Ok(Multiplier::from_basis_points(15_000))
        );
        assert_eq!(Multiplier::parse("2"), Ok(Multiplier::from_basis_points(20_000)));
        assert_eq!(
            Multiplier::parse("1.25"),
            Ok(Multiplier::from_basis_points(12_500))
        );
        assert_eq!(
            Multiplier::parse("1.0125"),
            Ok(Multiplier::from_basis_points(10_125))
        );
        assert_eq!(Multiplier::parse("10.0000"), Ok(Multiplier::MAX));
        assert_eq!(Multiplier::parse("0.5"), Ok(Multiplier::from_basis_points(5_000)));
    }

    #[test]
    fn multiplier_refuses_what_is_not_a_plain_decimal() {
        for text in [
            "", ".", "1.", ".5", "-1.5", "+1.5", "1.23456", "1,5", "1.5x", "1e2", " 1.5", "1.5.0",
        ] {
            assert_eq!(
                Multiplier::parse(text),
                Err(RuleError::MultiplierInvalid),
                "{text:?}"
            );
        }
        assert_eq!(
            Multiplier::parse(&"9".repeat(40)),
            Err(RuleError::MultiplierInvalid)
        );
    }

    #[test]
    fn multiplier_prints_its_shortest_decimal() {
        assert_eq!(Multiplier::from_basis_points(15_000).to_string(), "1.5");
        assert_eq!(Multiplier::from_basis_points(20_000).to_string(), "2");
        assert_eq!(Multiplier::from_basis_points(10_125).to_string(), "1.0125");
        assert_eq!(Multiplier::from_basis_points(10_500).to_string(), "1.05");
        assert_eq!(Multiplier::from_basis_points(-5_000).to_string(), "-0.5");
        for text in ["1.5", "2", "1.0125", "1.05", "10"] {
            assert_eq!(Multiplier::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn one_and_a_half_plus_five_yuan_on_twenty_yuan_is_thirty_five() {
        let rule = one_and_a_half_plus_five(Rounding::None);
        assert_eq!(priced(&rule, 2000), (3500, 1500));
    }

    #[test]
    fn one_and_a_half_plus_five_yuan_on_33_30_is_54_95_then_rounded_up() {
        assert_eq!(
            priced(&one_and_a_half_plus_five(Rounding::None), 3330),
            (5495, 2165)
        );
        assert_eq!(
            priced(&one_and_a_half_plus_five(Rounding::Ends90), 3330),
            (5590, 2260)
        );
        assert_eq!(
            priced(&one_and_a_half_plus_five(Rounding::Ends99), 3330),
            (5499, 2169)
        );
        assert_eq!(
            priced(&one_and_a_half_plus_five(Rounding::WholeYuan), 3330),
            (5500, 2170)
        );
    }

    #[test]
    fn an_amount_that_already_has_the_ending_stays() {
        // 20.00 × 1.5 + 5 = 35.00.
        assert_eq!(
            priced(&one_and_a_half_plus_five(Rounding::WholeYuan), 2000).0,
            3500
        );
        let at_cost = |rounding| ListingRule {
            rounding,
            ..ListingRule::default()
        };
        assert_eq!(priced(&at_cost(Rounding::Ends90), 3590).0, 3590);
        assert_eq!(priced(&at_cost(Rounding::Ends99), 3599).0, 3599);
        assert_eq!(priced(&at_cost(Rounding::WholeYuan), 3600).0, 3600);
        assert_eq!(priced(&at_cost(Rounding::None), 3591).0, 3591);
    }

    #[test]
    fn rounding_goes_up_to_the_next_ending_never_down() {
        let at_cost = |rounding| ListingRule {
            rounding,
            ..ListingRule::default()
        };
        // One fen past an ending goes to the next one.
        assert_eq!(priced(&at_cost(Rounding::Ends90), 3591).0, 3690);
        assert_eq!(priced(&at_cost(Rounding::Ends90), 3589).0, 3590);
        assert_eq!(priced(&at_cost(Rounding::Ends90), 3500).0, 3590);
        assert_eq!(priced(&at_cost(Rounding::Ends99), 3600).0, 3699);
        assert_eq!(priced(&at_cost(Rounding::Ends99), 3598).0, 3599);
        assert_eq!(priced(&at_cost(Rounding::WholeYuan), 3601).0, 3700);
        assert_eq!(priced(&at_cost(Rounding::WholeYuan), 3699).0, 3700);
        assert_eq!(priced(&at_cost(Rounding::WholeYuan), 1).0, 100);
        assert_eq!(priced(&at_cost(Rounding::Ends90), 1).0, 90);
        assert_eq!(priced(&at_cost(Rounding::Ends99), 1).0, 99);
        for cost in 1..=1000 {
            for rounding in [
                Rounding::None,
                Rounding::Ends90,
                Rounding::Ends99,
                Rounding::WholeYuan,
            ] {
                let price = priced(&at_cost(rounding), cost).0;
                assert!(
                    price >= cost && price - cost < 100,
                    "{rounding:?} {cost} -> {price}"
                );
            }
        }
    }

    #[test]
    fn a_fraction_of_a_fen_from_the_multiplier_rounds_up() {
        let rule = ListingRule {
            multiplier: Multiplier::parse("1.0001").unwrap(),
            ..ListingRule::default()
        };
        // 1.00 × 1.0001 = 1.0001 yuan: the hundredth of a fen makes a whole one.
        assert_eq!(priced(&rule, 100), (101, 1));
        let rule = ListingRule {
            multiplier: Multiplier::parse("1.3333").unwrap(),
            ..ListingRule::default()
        };
        // 9.99 × 1.3333 = 13.319667 yuan.
        assert_eq!(priced(&rule, 999), (1332, 333));
        assert_eq!(priced(&ListingRule::default(), 999), (999, 0));
    }

    #[test]
    fn the_minimum_margin_lifts_a_price_the_multiplier_leaves_too_low() {
        let rule = ListingRule {
            multiplier: Multiplier::parse("1.1").unwrap(),
            min_margin: Fen::yuan(8),
            ..ListingRule::default()
        };
        // 10.00 × 1.1 = 11.00, below 10.00 + 8.00.
        assert_eq!(priced(&rule, 1000), (1800, 800));
        // 200.00 × 1.1 = 220.00, above 200.00 + 8.00.
        assert_eq!(priced(&rule, 20_000), (22_000, 2000));
        // Exactly at the margin.
        assert_eq!(priced(&rule, 8000), (8800, 800));
        let rounded = ListingRule {
            rounding: Rounding::Ends90,
            ..rule
        };
        // 18.00 rounds up to 18.90: the margin only grows.
        assert_eq!(priced(&rounded, 1000), (1890, 890));
    }

    #[test]
    fn the_fixed_amount_is_added_after_the_multiplier() {
        let rule = ListingRule {
            multiplier: Multiplier::parse("2").unwrap(),
            fixed_add: Fen(150),
            ..ListingRule::default()
        };
        assert_eq!(priced(&rule, 1000), (2150, 1150));
    }

    #[test]
    fn a_cost_of_nothing_or_less_is_refused() {
        let rule = one_and_a_half_plus_five(Rounding::None);
        assert_eq!(
            rule.price(Fen::ZERO),
            Err(PriceError::CostNotPositive { cost: Fen::ZERO })
        );
        assert_eq!(
            rule.price(Fen(-100)),
            Err(PriceError::CostNotPositive { cost: Fen(-100) })
        );
    }

    #[test]
    fn an_overflowing_price_is_refused_not_wrapped() {
        let rule = ListingRule {
            multiplier: Multiplier::MAX,
            ..ListingRule::default()
        };
        assert_eq!(rule.price(Fen(i64::MAX / 2)), Err(PriceError::Overflow));
        let at_cost_plus_margin = ListingRule {
            min_margin: Fen(i64::MAX),
            ..ListingRule::default()
        };
        assert_eq!(at_cost_plus_margin.price(Fen(1)), Err(PriceError::Overflow));
        let added = ListingRule {
            fixed_add: Fen(i64::MAX),
            ..ListingRule::default()
        };
        assert_eq!(added.price(Fen(1)), Err(PriceError::Overflow));
        let rounded = ListingRule {
            rounding: Rounding::WholeYuan,
            ..ListingRule::default()
        };
        assert_eq!(rounded.price(Fen(i64::MAX)), Err(PriceError::Overflow));
        // The largest price that fits is still given.
        assert_eq!(
            ListingRule::default().price(Fen(i64::MAX)),
            Ok(ListedPrice {
                price: Fen(i64::MAX),
                margin: Fen::ZERO
            })
        );
    }

    #[test]
    fn stock_is_capped_and_never_negative() {
        let uncapped = ListingRule::default();
        assert_eq!(uncapped.listed_stock(120), 120);
        assert_eq!(uncapped.listed_stock(0), 0);
        assert_eq!(uncapped.listed_stock(-3), 0);
        let capped = ListingRule {
            stock_cap: Some(50),
            ..ListingRule::default()
        };
        assert_eq!(capped.listed_stock(120), 50);
        assert_eq!(capped.listed_stock(50), 50);
        assert_eq!(capped.listed_stock(7), 7);
        assert_eq!(capped.listed_stock(-3), 0);
        let none = ListingRule {
            stock_cap: Some(0),
            ..ListingRule::default()
        };
        assert_eq!(none.listed_stock(120), 0);
        // A rule that skipped validation still never shows negative stock.
        let unvalidated = ListingRule {
            stock_cap: Some(-5),
            ..ListingRule::default()
        };
        assert_eq!(unvalidated.listed_stock(120), 0);
    }

    #[test]
    fn the_title_takes_prefix_and_suffix() {
        let rule = ListingRule {
            title_prefix: "【现货】".into(),
            title_suffix: "包邮".into(),
            ..ListingRule::default()
        };
        assert_eq!(rule.listed_title(" 夏季连衣裙 "), "【现货】夏季连衣裙包邮");
        assert_eq!(ListingRule::default().listed_title("夏季连衣裙"), "夏季连衣裙");
        let latin = ListingRule {
            title_prefix: "NEW".into(),
            title_suffix: "2024".into(),
            ..ListingRule::default()
        };
        assert_eq!(latin.listed_title("Dress"), "NEW Dress 2024");
        assert_eq!(latin.listed_title("连衣裙"), "NEW连衣裙2024");
        assert_eq!(latin.listed_title(""), "NEW 2024");
    }

    #[test]
    fn a_sound_rule_passes_with_its_affixes_trimmed() {
        let rule = ListingRule {
            title_prefix: "  【现货】 ".into(),
            title_suffix: "\t包邮 ".into(),
            stock_cap: Some(0),
            ..one_and_a_half_plus_five(Rounding::Ends99)
        };
        let valid = rule.clone().validate().unwrap();
        assert_eq!(valid.title_prefix, "【现货】");
        assert_eq!(valid.title_suffix, "包邮");
        assert_eq!(valid.multiplier, rule.multiplier);
        assert_eq!(ListingRule::default().validate(), Ok(ListingRule::default()));
    }

    #[test]
    fn the_multiplier_must_be_one_to_ten() {
        let out_of_range = Err(RuleError::MultiplierOutOfRange {
            min: Multiplier::MIN,
            max: Multiplier::MAX,
        });
        for basis_points in [9_999, 0, -15_000, 100_001, i64::MAX] {
            let rule = ListingRule {
                multiplier: Multiplier::from_basis_points(basis_points),
                ..ListingRule::default()
            };
            assert_eq!(rule.validate(), out_of_range, "{basis_points}");
        }
        for basis_points in [10_000, 100_000] {
            let rule = ListingRule {
                multiplier: Multiplier::from_basis_points(basis_points),
                ..ListingRule::default()
            };
            assert!(rule.validate().is_ok(), "{basis_points}");
        }
    }

    #[test]
    fn negative_amounts_and_caps_are_refused() {
        let negative_add = ListingRule {
            fixed_add: Fen(-1),
            ..ListingRule::default()
        };
        assert_eq!(negative_add.validate(), Err(RuleError::FixedAddNegative));
        let negative_margin = ListingRule {
            min_margin: Fen(-1),
            ..ListingRule::default()
        };
        assert_eq!(negative_margin.validate(), Err(RuleError::MinMarginNegative));
        let negative_cap = ListingRule {
            stock_cap: Some(-1),
            ..ListingRule::default()
        };
        assert_eq!(negative_cap.validate(), Err(RuleError::StockCapNegative));
    }

    #[test]
    fn affixes_with_control_characters_are_refused_naming_the_field() {
        for (prefix, suffix, field) in [
            ("现\n货", "", "title_prefix"),
            ("现\u{0}货", "", "title_prefix"),
            ("", "包\t邮", "title_suffix"),
            ("", "包\u{7f}邮", "title_suffix"),
        ] {
            let rule = ListingRule {
                title_prefix: prefix.into(),
                title_suffix: suffix.into(),
                ..ListingRule::default()
            };
            assert_eq!(rule.validate(), Err(RuleError::TextControlCharacter { field }));
        }
    }

    #[test]
    fn over_long_affixes_are_refused_naming_the_field() {
        let exactly = "卫".repeat(MAX_AFFIX_CHARS);
        let rule = ListingRule {
            title_prefix: exactly.clone(),
            title_suffix: format!("  {exactly}  "),
            ..ListingRule::default()
        };
        assert!(
            rule.validate().is_ok(),
            "characters are counted, not bytes; the trim comes first"
        );
        for (prefix, suffix, field) in [
            ("卫".repeat(MAX_AFFIX_CHARS + 1), String::new(), "title_prefix"),
            (String::new(), "a".repeat(100_000), "title_suffix"),
        ] {
            let rule = ListingRule {
                title_prefix: prefix,
                title_suffix: suffix,
                ..ListingRule::default()
            };
            assert_eq!(
                rule.validate(),
                Err(RuleError::TextTooLong {
                    field,
                    max: MAX_AFFIX_CHARS
                })
            );
        }
    }

    #[test]
    fn refusals_name_their_key_and_field() {
        let too_long = RuleError::TextTooLong {
            field: "title_suffix",
            max: MAX_AFFIX_CHARS,
        };
        assert_eq!(too_long.key(), "request.field_too_long");
        assert_eq!(too_long.field(), "title_suffix");
        assert_eq!(
            too_long.params(),
            vec![("max", "20".to_string()), ("field", "title_suffix".to_string())]
        );
        let range = RuleError::MultiplierOutOfRange {
            min: Multiplier::MIN,
            max: Multiplier::MAX,
        };
        assert_eq!(range.key(), "listing.multiplier_out_of_range");
        assert_eq!(range.field(), "multiplier");
        assert_eq!(
            range.params(),
            vec![("min", "1".to_string()), ("max", "10".to_string())]
        );
        assert_eq!(range.to_string(), "the multiplier must be 1 to 10");
        assert_eq!(RuleError::StockCapNegative.field(), "stock_cap");
        assert_eq!(PriceError::Overflow.key(), "listing.price_overflow");
    }

    #[test]
    fn rounding_codes_round_trip() {
        for rounding in [
            Rounding::None,
            Rounding::Ends90,
            Rounding::Ends99,
            Rounding::WholeYuan,
        ] {
            assert_eq!(Rounding::from_code(rounding.code()), Some(rounding));
            let json = serde_json::to_string(&rounding).unwrap();
            assert_eq!(json, format!("\"{}\"", rounding.code()));
        }
        assert_eq!(Rounding::from_code("ends_9"), None);
    }

    #[test]
    fn a_rule_serializes_with_the_multiplier_in_basis_points() {
        let rule = ListingRule {
            stock_cap: Some(30),
            title_prefix: "【现货】".into(),
            ..one_and_a_half_plus_five(Rounding::Ends90)
        };
        let json = serde_json::to_value(&rule).unwrap();
        assert_eq!(json["multiplier"], 15_000);
        assert_eq!(json["fixed_add"], 500);
        assert_eq!(json["rounding"], "ends_90");
        let back: ListingRule = serde_json::from_value(json).unwrap();
        assert_eq!(back, rule);
    }
}
