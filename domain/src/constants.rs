//! Business constants, each in one place so rules and screens cannot drift apart. "Spec" is
//! `storefront-spec.md`, "architecture" is `ARCHITECTURE.md` §4, "API" is `docs/api.md`.

use crate::money::Fen;

use crate::calendar::DAY_SECONDS;

/// Basic quality inspection, per item: 0.3 yuan (spec §9).
pub const QC_BASIC_PER_ITEM: Fen = Fen(30);

/// Advanced quality inspection, per item: 1.3 yuan (spec §9).
pub const QC_ADVANCED_PER_ITEM: Fen = Fen(130);

/// Returns cannot be requested after 30 days (spec §9).
pub const RETURN_WINDOW_DAYS: i64 = 30;

/// [`RETURN_WINDOW_DAYS`] in seconds, the unit business times are kept in.
pub const RETURN_WINDOW_SECONDS: i64 = RETURN_WINDOW_DAYS * DAY_SECONDS;

/// Deducted from a wrong-item abnormal return: 3 yuan insurance (spec §9).
pub const WRONG_ITEM_INSURANCE: Fen = Fen::yuan(3);

/// Deducted after a successful refund when drop-shipped goods were returned to the wrong station:
/// 1 yuan handling fee (spec §9).
pub const WRONG_STATION_HANDLING_FEE: Fen = Fen::yuan(1);

/// Stall ranking uses 90 days of drop-shipping sales (spec §9).
pub const RANKING_WINDOW_DAYS: i64 = 90;

/// [`RANKING_WINDOW_DAYS`] in seconds.
pub const RANKING_WINDOW_SECONDS: i64 = RANKING_WINDOW_DAYS * DAY_SECONDS;

/// Shortest password, in characters (spec §5 and §9: 6-18).
pub const PASSWORD_MIN_LEN: usize = 6;

/// Longest password, in characters (spec §5 and §9: 6-18).
pub const PASSWORD_MAX_LEN: usize = 18;

/// An SMS code is valid five minutes (API, "Captcha and SMS"; the spec leaves it open).
pub const SMS_CODE_VALIDITY_SECONDS: i64 = 300;

/// A second SMS to the same phone is refused within 60 s (API, "Captcha and SMS").
pub const SMS_COOLDOWN_SECONDS: i64 = 60;

/// An SMS code dies after five wrong tries, so six digits cannot be guessed (API, "Captcha and SMS").
pub const SMS_MAX_WRONG_TRIES: u32 = 5;

/// At most 10 SMS to one phone per day (API, "Captcha and SMS").
pub const SMS_DAILY_CAP: u32 = 10;

/// Sessions last 30 days (API, "Accounts"; the spec leaves it open).
pub const SESSION_LIFETIME_SECONDS: i64 = 30 * DAY_SECONDS;

/// A request taking longer than 100000 ms is answered with 504 (spec §9).
pub const REQUEST_TIMEOUT_MS: u64 = 100_000;

/// Uploaded images are scaled so the longer side is at most 800 px (spec §5 and §9).
pub const IMAGE_MAX_SIDE_PX: u32 = 800;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fees_match_the_spec_in_yuan() {
        assert_eq!(QC_BASIC_PER_ITEM.to_yuan(), "0.30");
        assert_eq!(QC_ADVANCED_PER_ITEM.to_yuan(), "1.30");
        assert_eq!(WRONG_ITEM_INSURANCE.to_yuan(), "3.00");
        assert_eq!(WRONG_STATION_HANDLING_FEE.to_yuan(), "1.00");
    }

    #[test]
    fn windows_in_seconds_match_days() {
        assert_eq!(RETURN_WINDOW_SECONDS, 2_592_000);
        assert_eq!(RANKING_WINDOW_SECONDS, 7_776_000);
        assert_eq!(SESSION_LIFETIME_SECONDS, RETURN_WINDOW_SECONDS);
    }
}
