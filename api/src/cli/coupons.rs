//! `jpmall ops coupon`: coupons issued to a seller, published for claiming, listed.

use clap::Subcommand;
use commands::coupons::CouponDraft;

use crate::app;
use crate::config::Config;

/// The terms of a coupon, as `ops coupon issue` and `publish` take them.
#[derive(clap::Args)]
pub(super) struct CouponTermsArgs {
    /// The Chinese name.
    #[arg(long)]
    name: String,
    /// The English name sellers reading English see.
    #[arg(long)]
    name_en: String,
    /// product, service or shipping.
    #[arg(long = "type")]
    kind: String,
    /// Yuan the part of the order must reach (0: no threshold).
    #[arg(long, default_value = "0")]
    threshold: String,
    /// Yuan off (a full reduction).
    #[arg(long, conflicts_with = "percent_off")]
    amount: Option<String>,
    /// Per cent off (a discount), 1 to 99.
    #[arg(long)]
    percent_off: Option<u8>,
    /// Valid from now for this many days.
    #[arg(long, default_value_t = 30)]
    days: i64,
}

impl CouponTermsArgs {
    fn draft(self) -> CouponDraft {
        let (discount_type, amount, percent_off) = match (self.amount, self.percent_off) {
            (_, Some(p)) => ("discount", String::new(), p.to_string()),
            (a, None) => ("full_reduction", a.unwrap_or_default(), String::new()),
        };
        CouponDraft {
            name: self.name,
            name_en: self.name_en,
            kind: self.kind,
            discount_type: discount_type.into(),
            threshold: self.threshold,
            amount,
            percent_off,
            valid_from: None,
            valid_to: None,
        }
        .for_days(self.days, commands::clock::now())
    }
}

#[derive(Subcommand)]
pub(super) enum CouponOps {
    /// Issue one coupon to the seller with this phone number.
    Issue {
        #[arg(long)]
        mobile: String,
        #[command(flatten)]
        terms: CouponTermsArgs,
    },
    /// Publish a coupon sellers can claim, one each, while any are left.
    Publish {
        #[arg(long)]
        quantity: i64,
        #[command(flatten)]
        terms: CouponTermsArgs,
    },
    /// Issued coupons newest first.
    List {
        #[arg(long)]
        mobile: Option<String>,
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
}

pub(super) async fn coupon_ops(config: Config, command: CouponOps) -> anyhow::Result<()> {
    use crate::i18n::Language;
    let app = app::open(config).await?;
    let state = &app.state;
    let lang = Language::EnUs;
    let shown = |c: &projections::coupons::CouponView| {
        let discount = if c.discount_type == "discount" {
            format!("{}% off", c.percent_off)
        } else {
            format!("{} off", c.amount)
        };
        println!(
            "{}  {}  {} / {}  {}  from {}  {}  {}  {}",
            c.id, c.user_id, c.name_zh, c.name_en, c.kind, c.threshold, discount, c.status, c.order_no
        );
    };
    let result = match command {
        CouponOps::Issue { mobile, terms } => {
            match crate::actions::coupons::issue(state, &mobile, &terms.draft()).await {
                Ok(id) => projections::coupons::one(&state.db.pool, &id, commands::clock::now())
                    .await?
                    .map(|c| shown(&c))
                    .ok_or_else(|| anyhow::anyhow!("coupon {id} is not in the read table")),
                Err(e) => Err(anyhow::anyhow!(e.message(lang))),
            }
        }
        CouponOps::Publish { quantity, terms } => {
            crate::actions::coupons::publish(state, &terms.draft(), quantity)
                .await
                .map(|p| println!("{}", serde_json::to_string(&p).unwrap_or_default()))
                .map_err(|e| anyhow::anyhow!(e.message(lang)))
        }
        CouponOps::List { mobile, limit } => {
            let user_id = match mobile {
                Some(m) => sqlx::query_scalar::<_, String>("SELECT id FROM users WHERE mobile = $1")
                    .bind(m.trim())
                    .fetch_optional(&state.db.pool)
                    .await?
                    .map(Some)
                    .ok_or_else(|| anyhow::anyhow!("no seller has the phone number {m}"))?,
                None => None,
            };
            let filter = projections::coupons::CouponFilter {
                user_id,
                ..Default::default()
            };
            let found = projections::coupons::list(
                &state.db.pool,
                &filter,
                1,
                limit.clamp(1, 100),
                commands::clock::now(),
            )
            .await?;
            println!("{} coupons", found.total);
            for c in &found.list {
                shown(c);
            }
            Ok(())
        }
    };
    app.state.db.close().await;
    result
}
