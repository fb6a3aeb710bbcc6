//! A seller's rate for a platform's currency: yuan for one unit, kept in whole micro-yuan (PHP at
//! 0.1250 CNY is 125000), and amounts in the file's minor units converted to fen at it.

/// The largest rate a seller can set, in yuan for one unit (no currency is worth more).
pub const MAX_RATE_CNY: i64 = 1000;

/// A rate as the seller types it (`0.125`, `0.1250`, `7`): above 0, at most [`MAX_RATE_CNY`], at most
/// four decimals; in micro-yuan.
pub fn parse_rate(text: &str) -> Option<i64> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) || fraction.len() > 4
    {
        return None;
    }
    if whole.len() > 6 {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let fraction: i64 = format!("{fraction:0<4}").parse().ok()?;
    let micro = whole * 1_000_000 + fraction * 100;
    (micro > 0 && micro <= MAX_RATE_CNY * 1_000_000).then_some(micro)
}

/// A rate in micro-yuan as the seller typed it, with its four decimals (`0.1250`).
pub fn rate_text(micro: i64) -> String {
    format!("{}.{:04}", micro / 1_000_000, (micro % 1_000_000) / 100)
}

/// An ISO 4217 code (`PHP`, `myr`), upper-cased.
pub fn currency_code(text: &str) -> Option<String> {
    let text = text.trim();
    (text.len() == 3 && text.chars().all(|c| c.is_ascii_alphabetic())).then(|| text.to_ascii_uppercase())
}

/// `minor` units of a currency (its cents) in fen at `micro` micro-yuan per unit, half up.
pub fn to_fen(minor: i64, micro: i64) -> i64 {
    let exact = minor as i128 * micro as i128;
    let fen = if exact >= 0 {
        (exact + 500_000) / 1_000_000
    } else {
        -((-exact + 500_000) / 1_000_000)
    };
    fen as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_is_positive_bounded_and_has_at_most_four_decimals() {
        assert_eq!(parse_rate("0.125"), Some(125_000));
        assert_eq!(parse_rate(" 0.1250 "), Some(125_000));
        assert_eq!(parse_rate("7"), Some(7_000_000));
        assert_eq!(parse_rate(".5"), Some(500_000));
        assert_eq!(parse_rate("1000"), Some(1_000_000_000));
        for bad in [
            "",
            ".",
            "0",
            "0.0000",
            "-0.1",
            "0.12345",
            "1000.0001",
            "1e3",
            "0,125",
            "abc",
            "1.2.3",
        ] {
            assert_eq!(parse_rate(bad), None, "{bad}");
        }
        assert_eq!(rate_text(125_000), "0.1250");
        assert_eq!(rate_text(7_000_000), "7.0000");
    }

    #[test]
    fn amounts_are_converted_to_fen_half_up() {
        // ₱299.00 at 0.125 = ¥37.375 → 3738 fen (half up).
        assert_eq!(to_fen(29_900, 125_000), 3738);
        assert_eq!(to_fen(28_900, 125_000), 3613);
        assert_eq!(to_fen(100, 1_000_000), 100);
        assert_eq!(to_fen(0, 125_000), 0);
        assert_eq!(currency_code(" php"), Some("PHP".into()));
        assert_eq!(currency_code("PH"), None);
        assert_eq!(currency_code("P1P"), None);
    }
}
