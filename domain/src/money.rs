//! Money as whole fen. Floating point never touches an amount: the wire shows yuan strings with two
//! decimals, and everything inside counts integer fen (1 yuan = 100 fen).

use std::fmt;

use serde::{Deserialize, Serialize};

/// An amount of money in fen. Signed, because ledger entries record money going out as negative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Fen(pub i64);

/// Why a yuan string was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoneyParseError {
    #[error("the amount is empty")]
    Empty,
    #[error("the amount is not a number of yuan")]
    Invalid,
    #[error("the amount has more than two decimals")]
    TooManyDecimals,
    #[error("the amount is too large")]
    Overflow,
}

impl Fen {
    pub const ZERO: Fen = Fen(0);

    /// Whole yuan, for constants and tests. Panics on overflow, which at compile time is a build error.
    pub const fn yuan(yuan: i64) -> Fen {
        match yuan.checked_mul(100) {
            Some(fen) => Fen(fen),
            None => panic!("yuan amount overflows i64 fen"),
        }
    }

    pub fn checked_add(self, other: Fen) -> Option<Fen> {
        self.0.checked_add(other.0).map(Fen)
    }

    pub fn checked_sub(self, other: Fen) -> Option<Fen> {
        self.0.checked_sub(other.0).map(Fen)
    }

    pub fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// The wire form: yuan with exactly two decimals, "12.30", "-0.05".
    pub fn to_yuan(self) -> String {
        self.to_string()
    }

    /// Reads "12", "12.3", "12.30" or "-0.05". No '+', no spaces, no exponent, no bare "." edges, and
    /// never a third decimal: rounding money silently is how cents go missing.
    pub fn parse_yuan(text: &str) -> Result<Fen, MoneyParseError> {
        if text.is_empty() {
            return Err(MoneyParseError::Empty);
        }
        let (negative, unsigned) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, fraction) = match unsigned.split_once('.') {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (unsigned, None),
        };
        let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(whole) || fraction.is_some_and(|f| !all_digits(f)) {
            return Err(MoneyParseError::Invalid);
        }
        let fraction = fraction.unwrap_or("");
        if fraction.len() > 2 {
            return Err(MoneyParseError::TooManyDecimals);
        }

        // Accumulated in i128 and negated before narrowing, so i64::MIN fen still parses.
        let mut magnitude: i128 = 0;
        for digit in whole.bytes().chain(fraction.bytes()) {
            magnitude = magnitude
                .checked_mul(10)
                .and_then(|m| m.checked_add(i128::from(digit - b'0')))
                .ok_or(MoneyParseError::Overflow)?;
        }
        if fraction.len() < 2 {
            let scale = if fraction.is_empty() { 100 } else { 10 };
            magnitude = magnitude.checked_mul(scale).ok_or(MoneyParseError::Overflow)?;
        }
        let signed = if negative { -magnitude } else { magnitude };
        i64::try_from(signed)
            .map(Fen)
            .map_err(|_| MoneyParseError::Overflow)
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        // unsigned_abs keeps i64::MIN printable.
        let magnitude = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", magnitude / 100, magnitude % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yuan_helper_counts_hundred_fen_per_yuan() {
        assert_eq!(Fen::yuan(12), Fen(1200));
        assert_eq!(Fen::yuan(-3), Fen(-300));
        assert_eq!(Fen::yuan(0), Fen::ZERO);
    }

    #[test]
    #[should_panic(expected = "overflows")]
    fn yuan_helper_panics_on_overflow() {
        let _ = Fen::yuan(i64::MAX / 10);
    }

    #[test]
    fn checked_add_and_sub_refuse_overflow() {
        assert_eq!(Fen(10).checked_add(Fen(5)), Some(Fen(15)));
        assert_eq!(Fen(10).checked_sub(Fen(15)), Some(Fen(-5)));
        assert_eq!(Fen(i64::MAX).checked_add(Fen(1)), None);
        assert_eq!(Fen(i64::MIN).checked_sub(Fen(1)), None);
    }

    #[test]
    fn is_positive_excludes_zero_and_negatives() {
        assert!(Fen(1).is_positive());
        assert!(!Fen(0).is_positive());
        assert!(!Fen(-1).is_positive());
    }

    #[test]
    fn display_shows_two_decimals() {
        assert_eq!(Fen(1230).to_string(), "12.30");
        assert_eq!(Fen(-5).to_string(), "-0.05");
        assert_eq!(Fen(0).to_yuan(), "0.00");
        assert_eq!(Fen(7).to_yuan(), "0.07");
        assert_eq!(Fen(-1230).to_yuan(), "-12.30");
        assert_eq!(Fen(100).to_yuan(), "1.00");
        assert_eq!(Fen(i64::MIN).to_yuan(), "-92233720368547758.08");
        assert_eq!(Fen(i64::MAX).to_yuan(), "92233720368547758.07");
    }

    #[test]
    fn parse_accepts_zero_one_or_two_decimals() {
        assert_eq!(Fen::parse_yuan("12"), Ok(Fen(1200)));
        assert_eq!(Fen::parse_yuan("12.3"), Ok(Fen(1230)));
        assert_eq!(Fen::parse_yuan("12.30"), Ok(Fen(1230)));
        assert_eq!(Fen::parse_yuan("0.05"), Ok(Fen(5)));
        assert_eq!(Fen::parse_yuan("-0.05"), Ok(Fen(-5)));
        assert_eq!(Fen::parse_yuan("-12"), Ok(Fen(-1200)));
        assert_eq!(Fen::parse_yuan("007.10"), Ok(Fen(710)));
        assert_eq!(Fen::parse_yuan("-0"), Ok(Fen(0)));
    }

    #[test]
    fn parse_round_trips_display() {
        for fen in [0, 1, -1, 99, 100, 1230, -1230, i64::MAX, i64::MIN] {
            assert_eq!(Fen::parse_yuan(&Fen(fen).to_yuan()), Ok(Fen(fen)));
        }
    }

    #[test]
    fn parse_refuses_more_than_two_decimals() {
        assert_eq!(Fen::parse_yuan("12.345"), Err(MoneyParseError::TooManyDecimals));
        assert_eq!(Fen::parse_yuan("0.000"), Err(MoneyParseError::TooManyDecimals));
    }

    #[test]
    fn parse_refuses_other_signs_and_garbage() {
        assert_eq!(Fen::parse_yuan(""), Err(MoneyParseError::Empty));
        for bad in [
            "+12", "--1", "1-", "-", ".", "12.", ".5", "-.5", " 12", "12 ", "1,5", "1e3", "abc", "12.3a",
            "1.2.3", "١٢", "¥12",
        ] {
            assert_eq!(Fen::parse_yuan(bad), Err(MoneyParseError::Invalid), "{bad:?}");
        }
    }

    #[test]
    fn parse_refuses_overflow() {
        assert_eq!(
            Fen::parse_yuan("92233720368547758.08"),
            Err(MoneyParseError::Overflow)
        );
        assert_eq!(
            Fen::parse_yuan("-92233720368547758.09"),
            Err(MoneyParseError::Overflow)
        );
        assert_eq!(
            Fen::parse_yuan("99999999999999999999999999999999999999999999999999"),
            Err(MoneyParseError::Overflow)
        );
    }

    #[test]
    fn serializes_as_a_bare_integer() {
        assert_eq!(serde_json::to_string(&Fen(1230)).unwrap(), "1230");
        assert_eq!(serde_json::from_str::<Fen>("-5").unwrap(), Fen(-5));
    }

    #[test]
    fn orders_by_amount() {
        assert!(Fen(-1) < Fen(0));
        assert!(Fen(100) > Fen(99));
        assert_eq!(Fen::default(), Fen::ZERO);
    }
}
