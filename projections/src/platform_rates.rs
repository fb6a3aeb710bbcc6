//! A seller's rates for the currencies of their platform shops (`commands::platform_rates` saves
//! them): yuan for one unit, in micro-yuan.

use sqlx::{AnyPool, Row};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rate {
    pub platform: String,
    pub currency: String,
    pub micro_cny: i64,
}

/// Every rate `user_id` set, by platform and currency.
pub async fn rates_of(pool: &AnyPool, user_id: &str) -> sqlx::Result<Vec<Rate>> {
    let rows = sqlx::query(
        "SELECT platform, currency, micro_cny FROM platform_rates WHERE user_id = $1 \
         ORDER BY platform, currency",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| Rate {
            platform: r.get("platform"),
            currency: r.get("currency"),
            micro_cny: r.get("micro_cny"),
        })
        .collect())
}

/// `user_id`'s rate for `currency` on `platform`, when set.
pub async fn rate_of(
    pool: &AnyPool,
    user_id: &str,
    platform: &str,
    currency: &str,
) -> sqlx::Result<Option<i64>> {
    let row = sqlx::query(
        "SELECT micro_cny FROM platform_rates WHERE user_id = $1 AND platform = $2 AND currency = $3",
    )
    .bind(user_id)
    .bind(platform)
    .bind(currency)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| r.get("micro_cny")))
}
