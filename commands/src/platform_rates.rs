//! A seller's rates for the currencies of their platform shops: yuan for one unit of
//! each platform's currency, so a platform import's margin can be shown in yuan. Saved as a whole set;
//! `projections::platform_rates` reads them.

use domain::order::Platform;
use domain::platform_export::rates::{currency_code, parse_rate, MAX_RATE_CNY};

use crate::error::{Error, Refusal};
use crate::Database;

/// No seller sells on more platform + currency pairs than this.
pub const MAX_RATES: usize = 40;

/// A rate as the seller typed it: the platform's code, the currency's ISO code and the yuan for one
/// unit (`0.125`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateInput {
    pub platform: String,
    pub currency: String,
    pub rate: String,
}

/// The rates of `inputs` checked: (platform, currency, micro-yuan), or the first refusal, naming its
/// row (`rates.{index}`) and field. A platform + currency given twice keeps the last.
pub fn checked(inputs: &[RateInput]) -> Result<Vec<(Platform, String, i64)>, Refusal> {
    if inputs.len() > MAX_RATES {
        return Err(Refusal::new("forward.rates_too_many")
            .on("rates")
            .with("max", MAX_RATES));
    }
    let mut rates: Vec<(Platform, String, i64)> = Vec::new();
    for (index, input) in inputs.iter().enumerate() {
        let platform = Platform::from_code(input.platform.trim()).ok_or_else(|| {
            Refusal::new("forward.rate_platform_invalid")
                .on("platform")
                .with("index", index)
        })?;
        let currency = currency_code(&input.currency).ok_or_else(|| {
            Refusal::new("forward.rate_currency_invalid")
                .on("currency")
                .with("index", index)
                .with("value", input.currency.chars().take(20).collect::<String>())
        })?;
        let micro = parse_rate(&input.rate).ok_or_else(|| {
            Refusal::new("forward.rate_invalid")
                .on("rate")
                .with("index", index)
                .with("max", MAX_RATE_CNY)
                .with("currency", &currency)
        })?;
        rates.retain(|(p, c, _)| !(*p == platform && *c == currency));
        rates.push((platform, currency, micro));
    }
    Ok(rates)
}

/// Replaces `user_id`'s rates with `inputs`; nothing changes when any is refused.
pub async fn save(db: &Database, user_id: &str, inputs: &[RateInput], now: i64) -> Result<(), Error> {
    let rates = checked(inputs)?;
    let mut tx = db.pool.begin().await?;
    sqlx::query("DELETE FROM platform_rates WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    for (platform, currency, micro) in &rates {
        sqlx::query(
            "INSERT INTO platform_rates (user_id, platform, currency, micro_cny, updated_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(user_id)
        .bind(platform.code())
        .bind(currency)
        .bind(*micro)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(platform: &str, currency: &str, rate: &str) -> RateInput {
        RateInput {
            platform: platform.into(),
            currency: currency.into(),
            rate: rate.into(),
        }
    }

    #[test]
    fn rates_are_checked_and_a_pair_given_twice_keeps_the_last() {
        let rates = checked(&[input("shopee", "php", "0.12"), input("shopee", "PHP", "0.125")]).unwrap();
        assert_eq!(rates, vec![(Platform::Shopee, "PHP".to_string(), 125_000)]);
        let refused = checked(&[input("shopee", "PHP", "0.125"), input("shopee", "PHP", "0")]).unwrap_err();
        assert_eq!(
            (refused.key, refused.field),
            ("forward.rate_invalid", Some("rate"))
        );
        assert_eq!(
            checked(&[input("ebay", "PHP", "1")]).unwrap_err().key,
            "forward.rate_platform_invalid"
        );
        assert_eq!(
            checked(&[input("lazada", "RM", "1")]).unwrap_err().key,
            "forward.rate_currency_invalid"
        );
        let many: Vec<RateInput> = (0..=MAX_RATES).map(|_| input("lazada", "MYR", "1.5")).collect();
        assert_eq!(checked(&many).unwrap_err().key, "forward.rates_too_many");
    }
}
