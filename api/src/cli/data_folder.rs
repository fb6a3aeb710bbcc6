//! `jpmall ops data-folder`: which data folder the servers on this database share.

use clap::Subcommand;
use commands::Database;

use super::describe;
use crate::config::Config;

#[derive(Subcommand)]
pub(super) enum DataFolderOps {
    /// Every data folder recorded, the one the servers share first.
    List,
    /// Make this command's data folder (`--data-dir`) the one the servers share, after moving the
    /// data there on purpose; servers on the folder before then report it on /readyz.
    Claim,
}

pub(super) async fn data_folder_ops(
    config: &Config,
    db: &Database,
    command: DataFolderOps,
) -> anyhow::Result<()> {
    if let DataFolderOps::Claim = command {
        if !config.data_dir.join("rsa_private_key.pem").is_file() {
            anyhow::bail!(
                "{} is not a data folder a server has used (it has no rsa_private_key.pem)",
                config.data_dir.display()
            );
        }
        let folder = crate::data_folder::ThisFolder::load_or_create(&config.data_dir)?;
        commands::data_folders::claim(db, &folder.id, &folder.path, commands::clock::now()).await?;
        println!(
            "the servers on {} are to share {} (id {}) now",
            describe(config),
            folder.path,
            folder.id
        );
    }
    for folder in commands::data_folders::list(db).await? {
        println!(
            "{} {}  {}  first seen {}, last seen {}",
            if folder.chosen { "*" } else { " " },
            folder.id,
            folder.path,
            crate::providers::utc::china_datetime(folder.first_seen_at),
            crate::providers::utc::china_datetime(folder.last_seen_at)
        );
    }
    Ok(())
}
