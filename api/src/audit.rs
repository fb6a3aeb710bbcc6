//! `jpmall audit wallet`: each wallet replayed from the event log, its ledger printed, and the read
//! tables compared with it to the fen.

use anyhow::Context;
use commands::Database;
use indicatif::ProgressBar;
use projections::wallet_audit::{audit_wallet, WalletAudit};
use sqlx::Row;

/// China Standard Time, where the sellers and their books are.
const BOOKS_OFFSET_SECONDS: i64 = 8 * 3600;

/// `2026-11-21` (the end of that day), `2026-11-21 15:30[:00]` or `2026-11-21T15:30:00` in UTC+8, or
/// unix seconds.
pub fn parse_as_of(text: &str) -> anyhow::Result<i64> {
    let text = text.trim();
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().context("unix seconds out of range");
    }
    let bad =
        || anyhow::anyhow!("--as-of {text:?}: expected YYYY-MM-DD, 'YYYY-MM-DD HH:MM[:SS]' or unix seconds");
    let (date, time) = match text.split_once([' ', 'T']) {
        Some((d, t)) => (d, Some(t)),
        None => (text, None),
    };
    let parts: Vec<i64> = date
        .split('-')
        .map(|p| p.parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let [year, month, day] = parts[..] else {
        return Err(bad());
    };
    if !(1..=12).contains(&month) || !(1..=days_in_month(year, month)).contains(&day) {
        return Err(bad());
    }
    let seconds = match time {
        None => 24 * 3600 - 1,
        Some(t) => {
            let hms: Vec<i64> = t
                .split(':')
                .map(|p| p.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?;
            let (h, m, s) = match hms[..] {
                [h, m] => (h, m, 0),
                [h, m, s] => (h, m, s),
                _ => return Err(bad()),
            };
            if !(0..24).contains(&h) || !(0..60).contains(&m) || !(0..60).contains(&s) {
                return Err(bad());
            }
            h * 3600 + m * 60 + s
        }
    };
    Ok(days_from_civil(year, month, day) * domain::calendar::DAY_SECONDS + seconds - BOOKS_OFFSET_SECONDS)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The user id of a user id or a phone number.
async fn resolve_user(db: &Database, who: &str) -> anyhow::Result<String> {
    let row = sqlx::query("SELECT id FROM users WHERE id = $1 OR mobile = $1")
        .bind(who)
        .fetch_optional(&db.pool)
        .await?;
    match row {
        Some(r) => Ok(r.get("id")),
        None => {
            // A wallet may exist in the log for an id the users table no longer knows.
            let events: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM events WHERE aggregate_type = $1 AND aggregate_id = $2",
            )
            .bind(<domain::wallet::Wallet as cqrs_es::Aggregate>::TYPE)
            .bind(who)
            .fetch_one(&db.pool)
            .await?;
            anyhow::ensure!(events > 0, "no user or wallet {who:?}");
            Ok(who.to_string())
        }
    }
}

fn print_wallet(audit: &WalletAudit) {
    println!("wallet of user {}", audit.user_id);
    for e in &audit.replayed.entries {
        println!(
            "  #{:<5} {:<11} {:<24} {:>12} balance {:>12} frozen {:>12}  {}",
            e.sequence,
            e.entry.at,
            e.entry.kind,
            e.entry.amount.to_yuan(),
            e.entry.balance_after.to_yuan(),
            e.entry.frozen_after.to_yuan(),
            e.entry.reference
        );
    }
    println!(
        "  balance {} frozen {} ({} money events)",
        audit.replayed.balance.to_yuan(),
        audit.replayed.frozen.to_yuan(),
        audit.replayed.entries.len()
    );
    for difference in &audit.differences {
        println!("  DIFFERENCE {difference}");
    }
}

/// Audits one wallet (`who`: user id or phone number) or all; fails when any difference is found.
pub async fn wallets(db: &Database, who: Option<&str>, all: bool, as_of: Option<&str>) -> anyhow::Result<()> {
    let as_of = as_of.map(parse_as_of).transpose()?;
    let users = match (who, all) {
        (Some(_), true) => anyhow::bail!("give a user or --all, not both"),
        (None, false) => anyhow::bail!("name a user (id or phone number) or give --all"),
        (Some(who), false) => vec![resolve_user(db, who).await?],
        (None, true) => projections::wallet::wallet_ids(&db.pool).await?,
    };
    if let Some(limit) = as_of {
        println!("as of {limit} (unix seconds)");
    }
    let bar = if all {
        ProgressBar::new(users.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    let mut differences = 0;
    for user in &users {
        let audit = audit_wallet(&db.pool, user, as_of).await?;
        bar.suspend(|| print_wallet(&audit));
        differences += audit.differences.len();
        bar.inc(1);
    }
    bar.finish_and_clear();
    println!("{} wallet(s) audited, {differences} difference(s)", users.len());
    anyhow::ensure!(
        differences == 0,
        "the read tables differ from the event log ({differences} difference(s))"
    );
    Ok(())
}

/// `jpmall audit refunds`: replays every order, after-sale and wallet event and fails on any refund
/// paid twice, more than its order was paid, or not matching the wallet credits.
pub async fn refunds(db: &Database) -> anyhow::Result<()> {
    let bar = ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("replaying events {bar:40} {pos}/{len} {per_sec}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let audit = projections::refund_audit::audit_refunds(&db.pool, &|read, total| {
        bar.set_length(total);
        bar.set_position(read);
    })
    .await?;
    bar.finish_and_clear();
    let report = audit.report();
    println!(
        "{} events replayed: {} orders, {} after-sales, {} refunds totalling {}",
        audit.events,
        report.orders,
        report.after_sales,
        report.refunds,
        report.refunded.to_yuan()
    );
    if report.findings.is_empty() {
        println!("refunds: clean");
        return Ok(());
    }
    for finding in &report.findings {
        println!("FINDING  {finding}");
    }
    anyhow::bail!("{} finding(s) in the refunds", report.findings.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_read_in_china_time() {
        // 2026-11-21 00:00:00 UTC is 1795219200; midnight in China is eight hours earlier.
        assert_eq!(parse_as_of("2026-11-21 00:00").unwrap(), 1_795_190_400);
        assert_eq!(parse_as_of("2026-11-21").unwrap(), 1_795_190_400 + 86_399);
        assert_eq!(parse_as_of("2026-11-21T08:00:00").unwrap(), 1_795_219_200);
        assert_eq!(parse_as_of("1795190400").unwrap(), 1_795_190_400);
        assert_eq!(parse_as_of("2024-02-29").unwrap() % 86_400, 86_399 - 8 * 3600);
    }

    #[test]
    fn refuses_what_is_not_a_date() {
        for bad in [
            "",
            "2026-13-01",
            "2026-02-30",
            "2025-02-29",
            "21/11/2026",
            "2026-11-21 25:00",
            "yesterday",
        ] {
            assert!(parse_as_of(bad).is_err(), "{bad}");
        }
    }
}
