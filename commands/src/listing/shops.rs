//! A seller's shops on other platforms, each with the pricing rule its packages use. Plain rows
//! (`listing_shops`): a shop is settings, and what was listed with it is recorded by the listing
//! aggregate with the shop's name and prices of the moment.

use domain::listing::rule::{ListingRule, Multiplier, Rounding, RuleError};
use domain::money::Fen;

use crate::error::{Error, Refusal};
use crate::Database;

/// A shop name, in characters.
pub const MAX_SHOP_NAME: usize = 30;
/// No seller runs more shops than this.
pub const MAX_SHOPS: i64 = 50;
/// The largest fixed amount or minimum margin a rule takes: more is a typo for a price.
pub const MAX_RULE_AMOUNT: Fen = Fen(999_999);
/// The largest stock cap: more is no cap.
pub const MAX_STOCK_CAP: i64 = 99_999;

/// A shop as the seller typed it; `id` empty creates one.
#[derive(Debug, Clone, Default)]
pub struct ShopInput {
    pub id: String,
    pub platform: String,
    pub name: String,
    pub multiplier: String,
    pub fixed_add: String,
    pub rounding: String,
    pub min_margin: String,
    pub title_prefix: String,
    pub title_suffix: String,
    pub stock_cap: Option<i64>,
    /// The shop's currency: required on Shopee, Lazada and TikTok Shop (one of the platform's),
    /// none on Taobao and Douyin.
    pub currency: String,
}

/// A shop's settings as checked: the platform, name, rule and currency (`""` for yuan).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedShop {
    pub platform: String,
    pub name: String,
    pub rule: ListingRule,
    pub currency: String,
}

fn rule_refusal(error: RuleError) -> Refusal {
    let mut refusal = Refusal::new(error.key()).on(error.field());
    refusal.params = error.params();
    refusal
}

fn amount(text: &str, field: &'static str) -> Result<Fen, Refusal> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Fen::ZERO);
    }
    let fen = Fen::parse_yuan(text).map_err(|_| Refusal::new("listing.amount_invalid").on(field))?;
    if fen.0 < 0 || fen > MAX_RULE_AMOUNT {
        return Err(Refusal::new("listing.amount_out_of_range")
            .on(field)
            .with("max", MAX_RULE_AMOUNT.to_yuan()));
    }
    Ok(fen)
}

impl ShopInput {
    /// The platform, name, rule and currency checked, or the first refusal naming its field.
    pub fn checked(&self) -> Result<CheckedShop, Refusal> {
        let platform = self.platform.trim();
        if !super::PLATFORMS.iter().any(|(code, _)| *code == platform) {
            return Err(Refusal::new("listing.platform_invalid").on("platform"));
        }
        let name = self.name.trim();
        if name.is_empty() {
            return Err(Refusal::new("listing.shop_name_required").on("name"));
        }
        if name.chars().count() > MAX_SHOP_NAME {
            return Err(Refusal::new("listing.shop_name_too_long")
                .on("name")
                .with("max", MAX_SHOP_NAME));
        }
        let multiplier = match self.multiplier.trim() {
            "" => Multiplier::ONE,
            text => Multiplier::parse(text).map_err(rule_refusal)?,
        };
        let rounding = match self.rounding.trim() {
            "" => Rounding::None,
            code => Rounding::from_code(code)
                .ok_or_else(|| Refusal::new("listing.rounding_invalid").on("rounding"))?,
        };
        if self.stock_cap.is_some_and(|cap| cap > MAX_STOCK_CAP) {
            return Err(Refusal::new("listing.stock_cap_too_large")
                .on("stock_cap")
                .with("max", MAX_STOCK_CAP));
        }
        let rule = ListingRule {
            multiplier,
            fixed_add: amount(&self.fixed_add, "fixed_add")?,
            rounding,
            min_margin: amount(&self.min_margin, "min_margin")?,
            title_prefix: self.title_prefix.clone(),
            title_suffix: self.title_suffix.clone(),
            stock_cap: self.stock_cap,
        }
        .validate()
        .map_err(rule_refusal)?;
        let currencies = super::currencies_for(platform);
        let currency = self.currency.trim().to_ascii_uppercase();
        let currency = match (currencies.is_empty(), currency.as_str()) {
            (true, "" | "CNY") => String::new(),
            (true, _) => return Err(Refusal::new("listing.currency_not_taken").on("currency")),
            (false, "") => {
                return Err(Refusal::new("listing.currency_required")
                    .on("currency")
                    .with("currencies", currencies.join(", ")))
            }
            (false, code) if !currencies.contains(&code) => {
                return Err(Refusal::new("listing.currency_invalid")
                    .on("currency")
                    .with("currencies", currencies.join(", ")))
            }
            (false, code) => code.to_string(),
        };
        Ok(CheckedShop {
            platform: platform.to_string(),
            name: name.to_string(),
            rule,
            currency,
        })
    }
}

/// Creates or updates one of `user_id`'s shops; answers its id. Another seller's shop id is unknown.
pub async fn save(db: &Database, user_id: &str, input: &ShopInput, now: i64) -> Result<String, Error> {
    let CheckedShop {
        platform,
        name,
        rule,
        currency,
    } = input.checked()?;
    let cap = rule.stock_cap.unwrap_or(-1);
    let id = input.id.trim();
    if id.is_empty() {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM listing_shops WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(&db.pool)
            .await?;
        if count >= MAX_SHOPS {
            return Err(Refusal::new("listing.shops_too_many")
                .with("max", MAX_SHOPS)
                .into());
        }
        let id = format!("SH{}", uuid::Uuid::new_v4().simple());
        sqlx::query(
            "INSERT INTO listing_shops (id, user_id, platform, name, multiplier, fixed_add, rounding, min_margin, \
             title_prefix, title_suffix, stock_cap, currency, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13, $12, $12)",
        )
        .bind(&id)
        .bind(user_id)
        .bind(&platform)
        .bind(&name)
        .bind(rule.multiplier.basis_points())
        .bind(rule.fixed_add.0)
        .bind(rule.rounding.code())
        .bind(rule.min_margin.0)
        .bind(&rule.title_prefix)
        .bind(&rule.title_suffix)
        .bind(cap)
        .bind(now)
        .bind(&currency)
        .execute(&db.pool)
        .await?;
        return Ok(id);
    }
    let updated = sqlx::query(
        "UPDATE listing_shops SET platform = $3, name = $4, multiplier = $5, fixed_add = $6, rounding = $7, \
         min_margin = $8, title_prefix = $9, title_suffix = $10, stock_cap = $11, updated_at = $12, \
         currency = $13, \
         template_file_name = CASE WHEN platform = $3 THEN template_file_name ELSE '' END, \
         template_uploaded_at = CASE WHEN platform = $3 THEN template_uploaded_at ELSE 0 END, \
         template_facts = CASE WHEN platform = $3 THEN template_facts ELSE '' END \
         WHERE id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .bind(&platform)
    .bind(&name)
    .bind(rule.multiplier.basis_points())
    .bind(rule.fixed_add.0)
    .bind(rule.rounding.code())
    .bind(rule.min_margin.0)
    .bind(&rule.title_prefix)
    .bind(&rule.title_suffix)
    .bind(cap)
    .bind(now)
    .bind(&currency)
    .execute(&db.pool)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(Refusal::new("listing.shop_not_found").on("id").into());
    }
    Ok(id.to_string())
}

/// Deletes one of `user_id`'s shops; its listing records stay, under the name it had.
pub async fn delete(db: &Database, user_id: &str, id: &str) -> Result<(), Error> {
    let deleted = sqlx::query("DELETE FROM listing_shops WHERE id = $1 AND user_id = $2")
        .bind(id.trim())
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(Refusal::new("listing.shop_not_found").on("id").into());
    }
    Ok(())
}

/// Records that `user_id`'s shop `id` keeps the template `file_name` (the file itself is the
/// caller's to store first), with what was read from it (`facts`, JSON). Another seller's shop is
/// unknown.
pub async fn set_template(
    db: &Database,
    user_id: &str,
    id: &str,
    file_name: &str,
    facts: &str,
    now: i64,
) -> Result<(), Error> {
    let updated = sqlx::query(
        "UPDATE listing_shops SET template_file_name = $3, template_uploaded_at = $4, template_facts = $5 \
         WHERE id = $1 AND user_id = $2",
    )
    .bind(id.trim())
    .bind(user_id)
    .bind(file_name)
    .bind(now)
    .bind(facts)
    .execute(&db.pool)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(Refusal::new("listing.shop_not_found").on("shop_id").into());
    }
    Ok(())
}

/// Forgets the template of `user_id`'s shop `id`; another seller's shop is unknown.
pub async fn clear_template(db: &Database, user_id: &str, id: &str) -> Result<(), Error> {
    let updated = sqlx::query(
        "UPDATE listing_shops SET template_file_name = '', template_uploaded_at = 0, template_facts = '' \
         WHERE id = $1 AND user_id = $2",
    )
    .bind(id.trim())
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(Refusal::new("listing.shop_not_found").on("shop_id").into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> ShopInput {
        ShopInput {
            platform: "taobao".into(),
            name: "小王的淘宝店".into(),
            multiplier: "1.5".into(),
            fixed_add: "5".into(),
            rounding: "ends_90".into(),
            ..ShopInput::default()
        }
    }

    fn refused_on(change: impl FnOnce(&mut ShopInput)) -> (String, Option<&'static str>) {
        let mut shop = input();
        change(&mut shop);
        let refusal = shop.checked().unwrap_err();
        (refusal.key.to_string(), refusal.field)
    }

    #[test]
    fn a_shop_reads_its_rule() {
        let CheckedShop {
            platform,
            name,
            rule,
            currency,
        } = input().checked().unwrap();
        assert_eq!((platform.as_str(), name.as_str()), ("taobao", "小王的淘宝店"));
        assert_eq!(currency, "");
        assert_eq!(rule.multiplier, Multiplier::from_basis_points(15_000));
        assert_eq!(rule.fixed_add, Fen(500));
        assert_eq!(rule.rounding, Rounding::Ends90);
        let blank = ShopInput {
            platform: "douyin".into(),
            name: "抖店".into(),
            ..ShopInput::default()
        };
        assert_eq!(blank.checked().unwrap().rule, ListingRule::default());
        let shopee = ShopInput {
            platform: "shopee".into(),
            name: "Shopee PH".into(),
            currency: " php".into(),
            ..ShopInput::default()
        };
        assert_eq!(shopee.checked().unwrap().currency, "PHP");
    }

    #[test]
    fn every_field_is_refused_by_name() {
        assert_eq!(refused_on(|s| s.platform = "ebay".into()).1, Some("platform"));
        assert_eq!(refused_on(|s| s.name = "  ".into()).1, Some("name"));
        assert_eq!(refused_on(|s| s.name = "店".repeat(31)).1, Some("name"));
        assert_eq!(refused_on(|s| s.multiplier = "abc".into()).1, Some("multiplier"));
        assert_eq!(refused_on(|s| s.multiplier = "0.5".into()).1, Some("multiplier"));
        assert_eq!(refused_on(|s| s.fixed_add = "-1".into()).1, Some("fixed_add"));
        assert_eq!(refused_on(|s| s.fixed_add = "10000".into()).1, Some("fixed_add"));
        assert_eq!(
            refused_on(|s| s.min_margin = "1.234".into()).1,
            Some("min_margin")
        );
        assert_eq!(refused_on(|s| s.rounding = "up".into()).1, Some("rounding"));
        assert_eq!(refused_on(|s| s.stock_cap = Some(-1)).1, Some("stock_cap"));
        assert_eq!(refused_on(|s| s.stock_cap = Some(100_000)).1, Some("stock_cap"));
        assert_eq!(refused_on(|s| s.currency = "PHP".into()).1, Some("currency"));
        let on_shopee = |currency: &str| ShopInput {
            platform: "shopee".into(),
            currency: currency.into(),
            ..input()
        };
        assert_eq!(
            on_shopee("").checked().unwrap_err().key,
            "listing.currency_required"
        );
        assert_eq!(
            on_shopee("USD").checked().unwrap_err().key,
            "listing.currency_invalid"
        );
        assert_eq!(
            refused_on(|s| s.title_prefix = "新".repeat(21)).1,
            Some("title_prefix")
        );
    }
}
