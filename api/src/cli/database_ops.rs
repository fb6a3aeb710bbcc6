//! The operator commands that need only the database, not the whole application: the SMS outbox, logging a seller out everywhere, notices, staff and data folders.

use anyhow::Context;
use commands::Database;

use super::data_folder::data_folder_ops;
use super::notices::notice_ops;
use super::staff::staff_ops;
use super::{open_database, Ops};
use crate::config::Config;

pub(super) async fn ops(config: Config, command: Ops) -> anyhow::Result<()> {
    let db = open_database(&config).await?;
    let result = match command {
        Ops::Outbox { mobile, json } => print_outbox(&config, &db, mobile.as_deref(), json).await,
        Ops::Notice { command } => notice_ops(&db, command).await,
        Ops::Staff { command } => staff_ops(&db, command).await,
        Ops::DataFolder { command } => data_folder_ops(&config, &db, command).await,
        Ops::Withdrawal { .. }
        | Ops::Order { .. }
        | Ops::Wave { .. }
        | Ops::Aftersale { .. }
        | Ops::Coupon { .. } => {
            unreachable!("withdrawal and order commands open the whole application")
        }
        Ops::Logout { mobile } => {
            let ended = commands::accounts::logout_everywhere(&db, &mobile)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))
                .with_context(|| format!("cannot end the sessions of {mobile}"))?;
            println!("ended {ended} session(s) of {mobile}");
            Ok(())
        }
    };
    db.close().await;
    result
}

pub(super) async fn print_outbox(
    config: &Config,
    db: &Database,
    mobile: Option<&str>,
    json: bool,
) -> anyhow::Result<()> {
    if config.production || config.sms.provider != crate::providers::sms::SmsChoice::Outbox {
        anyhow::bail!(
            "there is no SMS outbox: codes go out through the {:?} SMS provider",
            config.sms.provider
        );
    }
    let (sms, captchas) = commands::sms::outbox(db, mobile)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    if json {
        println!("{}", serde_json::json!({ "sms": sms, "captchas": captchas }));
        return Ok(());
    }
    println!("SMS (newest first)");
    for m in &sms {
        println!(
            "  {}  {:<12}  {:<13}  code {}  {}",
            m.sent_at, m.mobile, m.event, m.code, m.text
        );
    }
    println!("Captchas not yet used (newest first)");
    for c in &captchas {
        println!("  {}  {}  answer {}", c.created_at, c.captcha_key, c.answer);
    }
    Ok(())
}
