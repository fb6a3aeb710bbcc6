//! `jpmall ops notice`: announcements on the home page and in the notice list.

use clap::Subcommand;

#[derive(Subcommand)]
pub(super) enum NoticeOps {
    /// Publish an announcement now.
    Publish {
        #[arg(long)]
        title: String,
        #[arg(long)]
        content: String,
        /// Shown to English readers; the Chinese title when left out.
        #[arg(long, default_value = "")]
        title_en: String,
        #[arg(long, default_value = "")]
        content_en: String,
        /// Listed before the others.
        #[arg(long)]
        pinned: bool,
    },
    /// Announcements, pinned first then newest.
    List {
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Take an announcement down.
    Withdraw { id: String },
}

pub(super) async fn notice_ops(db: &commands::Database, command: NoticeOps) -> anyhow::Result<()> {
    use commands::catalog::notices::{publish, withdraw, NewNotice};
    let explain = |e: commands::Error| match e {
        commands::Error::Invalid(r) => anyhow::anyhow!(crate::i18n::message(
            crate::i18n::Language::EnUs,
            r.key,
            &r.params
        )),
        other => anyhow::anyhow!(other),
    };
    match command {
        NoticeOps::Publish {
            title,
            content,
            title_en,
            content_en,
            pinned,
        } => {
            let notice = NewNotice {
                title,
                content,
                title_en,
                content_en,
                pinned,
            };
            let id = publish(db, notice, commands::clock::now())
                .await
                .map_err(explain)?;
            println!("published {id}");
        }
        NoticeOps::List { limit } => {
            let page =
                projections::catalog::notices(&db.pool, 1, limit.clamp(1, 100), crate::i18n::Language::ZhCn)
                    .await?;
            println!("{} notices", page.total);
            for n in &page.list {
                let pin = if n.pinned { "pinned" } else { "" };
                println!("{}  {}  {}  {}", n.id, n.published_at, pin, n.title);
            }
        }
        NoticeOps::Withdraw { id } => {
            if !withdraw(db, &id).await.map_err(explain)? {
                anyhow::bail!("no announcement has the id {id}");
            }
            println!("withdrew {id}");
        }
    }
    Ok(())
}
