//! Days as the business counts them: the books and the rankings run on China time (UTC+8).

pub const DAY_SECONDS: i64 = 86_400;

/// China time is UTC+8 all year.
pub const CHINA_OFFSET_SECONDS: i64 = 8 * 3600;

/// The day number (days since 1970-01-01 in China time) that unix time `at` falls on.
pub fn china_day(at: i64) -> i64 {
    (at + CHINA_OFFSET_SECONDS).div_euclid(DAY_SECONDS)
}

/// The unix time at which China-time day `day` starts.
pub fn china_day_start(day: i64) -> i64 {
    day * DAY_SECONDS - CHINA_OFFSET_SECONDS
}

/// Year, month and day of a day number (proleptic Gregorian; H. Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `YYYYMMDDhhmmss` of unix time `at` in China time, as order numbers begin.
pub fn china_stamp(at: i64) -> String {
    let day = china_day(at);
    let (year, month, dom) = civil_from_days(day);
    let seconds = at + CHINA_OFFSET_SECONDS - day * DAY_SECONDS;
    format!(
        "{year:04}{month:02}{dom:02}{:02}{:02}{:02}",
        seconds / 3600,
        seconds % 3600 / 60,
        seconds % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_turn_at_midnight_china_time() {
        // 2026-11-21 00:00:00 +08:00 is 2026-11-20 16:00:00 UTC = 1795190400.
        assert_eq!(china_stamp(1_795_190_400), "20261121000000");
        assert_eq!(china_day(1_795_190_400), china_day(1_795_190_399) + 1);
        assert_eq!(china_day_start(china_day(1_795_200_000)), 1_795_190_400);
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
