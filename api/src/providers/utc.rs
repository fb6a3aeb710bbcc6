//! Timestamps as the providers' protocols write them (UTC and China time), from unix seconds.

use domain::calendar::{civil_from_days, CHINA_OFFSET_SECONDS, DAY_SECONDS};

fn parts(at: i64) -> (i64, u32, u32, i64, i64, i64) {
    let day = at.div_euclid(DAY_SECONDS);
    let (year, month, dom) = civil_from_days(day);
    let seconds = at - day * DAY_SECONDS;
    (
        year,
        month,
        dom,
        seconds / 3600,
        seconds % 3600 / 60,
        seconds % 60,
    )
}

/// `2017-07-12T02:42:19Z`
pub fn iso8601(at: i64) -> String {
    let (y, mo, d, h, mi, s) = parts(at);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

/// `2019-02-25`, the UTC date of `at`.
pub fn date(at: i64) -> String {
    let (y, mo, d, ..) = parts(at);
    format!("{y:04}-{mo:02}-{d:02}")
}

/// `2026-11-24 10:00:00` in China time, as Alipay's parameters write times.
pub fn china_datetime(at: i64) -> String {
    let (y, mo, d, h, mi, s) = parts(at + CHINA_OFFSET_SECONDS);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
}

/// `2026-11-24T10:00:00+08:00`, RFC 3339 in China time, as WeChat Pay writes times.
pub fn china_rfc3339(at: i64) -> String {
    let (y, mo, d, h, mi, s) = parts(at + CHINA_OFFSET_SECONDS);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}+08:00")
}

fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn number(text: &str, range: std::ops::RangeInclusive<i64>) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| range.contains(n))
}

/// Reads `YYYY-MM-DD?hh:mm:ss` (any one separator) as a wall-clock time `offset` seconds east of UTC.
fn wall_clock(text: &str, offset: i64) -> Option<i64> {
    let b = text.as_bytes();
    if !text.is_ascii() || b.len() != 19 || b[4] != b'-' || b[7] != b'-' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let year = number(&text[0..4], 1970..=9999)?;
    let month = number(&text[5..7], 1..=12)?;
    let day = number(&text[8..10], 1..=31)?;
    let hour = number(&text[11..13], 0..=23)?;
    let minute = number(&text[14..16], 0..=59)?;
    let second = number(&text[17..19], 0..=60)?;
    Some(days_from_civil(year, month, day) * DAY_SECONDS + hour * 3600 + minute * 60 + second - offset)
}

/// Alipay's `gmt_payment`: `2026-11-24 10:00:00`, China time.
pub fn parse_china_datetime(text: &str) -> Option<i64> {
    wall_clock(text, CHINA_OFFSET_SECONDS)
}

/// RFC 3339 with a numeric offset or `Z`, as WeChat Pay's `success_time`.
pub fn parse_rfc3339(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Some(utc) = text.strip_suffix('Z') {
        return wall_clock(utc, 0);
    }
    if text.len() != 25 {
        return None;
    }
    let (clock, zone) = text.split_at(19);
    let sign = match zone.as_bytes()[0] {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    if zone.as_bytes()[3] != b':' {
        return None;
    }
    let offset = number(&zone[1..3], 0..=23)? * 3600 + number(&zone[4..6], 0..=59)? * 60;
    wall_clock(clock, sign * offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_reads_back() {
        // 2017-07-12T02:42:19Z, the Aliyun signature example's timestamp.
        let at = 1_499_827_339;
        assert_eq!(iso8601(at), "2017-07-12T02:42:19Z");
        assert_eq!(date(1_551_113_065), "2019-02-25");
        assert_eq!(china_datetime(at), "2017-07-12 10:42:19");
        assert_eq!(china_rfc3339(at), "2017-07-12T10:42:19+08:00");
        assert_eq!(parse_china_datetime("2017-07-12 10:42:19"), Some(at));
        assert_eq!(parse_rfc3339("2017-07-12T10:42:19+08:00"), Some(at));
        assert_eq!(parse_rfc3339("2017-07-12T02:42:19Z"), Some(at));
        assert_eq!(parse_rfc3339("2017-07-11T21:42:19-05:00"), Some(at));
        for bad in [
            "",
            "2017-07-12",
            "2017-13-12 10:42:19",
            "2017-07-12 1a:42:19",
            "２017-07-12 10:42:19",
        ] {
            assert_eq!(parse_china_datetime(bad), None, "{bad}");
        }
        assert_eq!(parse_rfc3339("2017-07-12T10:42:19+0800"), None);
    }
}
