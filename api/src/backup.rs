//! `jpmall backup FILE` and `jpmall restore FILE` for the SQLite engine. A backup is `VACUUM INTO`:
//! one read transaction, so the copy is the database at one instant while the server goes on writing.
//! PostgreSQL has its own tools (pg_dump, pg_restore); see docs/deployment.md.

use std::path::{Path, PathBuf};

use anyhow::Context;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

use crate::config::Config;

const POSTGRES: &str =
    "this is a PostgreSQL deployment: back it up with pg_dump --format=custom and restore \
                        with pg_restore (docs/deployment.md, Backups)";

fn is_postgres(config: &Config) -> bool {
    config.database_url().starts_with("postgres")
}

/// What a backup file holds, after SQLite checked every page of it.
pub struct Checked {
    pub events: i64,
    pub migrations: i64,
    pub bytes: u64,
}

/// Opens `file` read-only and checks it is a whole jpmall database.
pub async fn check(file: &Path) -> anyhow::Result<Checked> {
    let options = SqliteConnectOptions::new().filename(file).read_only(true);
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .with_context(|| format!("{} is not a SQLite database", file.display()))?;
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&pool)
        .await
        .with_context(|| format!("{} is not a SQLite database", file.display()))?;
    if integrity != "ok" {
        anyhow::bail!("{} is damaged: {integrity}", file.display());
    }
    let counted = async {
        let events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM events")
            .fetch_one(&pool)
            .await?;
        let migrations: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success = TRUE")
                .fetch_one(&pool)
                .await?;
        anyhow::Ok((events, migrations))
    }
    .await
    .with_context(|| {
        format!(
            "{} is not a jpmall database (no event log or migrations)",
            file.display()
        )
    });
    pool.close().await;
    let (events, migrations) = counted?;
    Ok(Checked {
        events,
        migrations,
        bytes: std::fs::metadata(file)?.len(),
    })
}

pub async fn backup(config: &Config, file: &Path) -> anyhow::Result<()> {
    if is_postgres(config) {
        anyhow::bail!("{POSTGRES}");
    }
    if file.exists() {
        anyhow::bail!("{} exists: a backup never overwrites a file", file.display());
    }
    let source = PathBuf::from(config.database_url());
    if !source.is_file() {
        anyhow::bail!("there is no database at {} to back up", source.display());
    }
    let db = commands::Database::connect(&config.database_url()).await?;
    let target = file.to_str().context("the backup's path is not UTF-8")?;
    let copied = sqlx::query("VACUUM INTO $1").bind(target).execute(&db.pool).await;
    db.close().await;
    copied.with_context(|| format!("cannot write the backup to {}", file.display()))?;
    let checked = check(file).await?;
    println!(
        "backup written to {}: {} events, {} migrations, {:.1} MB, checked",
        file.display(),
        checked.events,
        checked.migrations,
        checked.bytes as f64 / 1_048_576.0
    );
    println!("keep the data folder's uploads/, media/ and secrets with it (docs/deployment.md, Backups)");
    Ok(())
}

/// Held shared by every server on a data folder, and exclusively by a restore.
/// The folder is made first: a first `jpmall serve` takes the lock before anything else is in it.
pub fn serve_lock(data_dir: &Path) -> anyhow::Result<std::fs::File> {
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("cannot create the data folder {}", data_dir.display()))?;
    let path = data_dir.join("serve.lock");
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))
}

pub async fn restore(config: &Config, file: &Path) -> anyhow::Result<()> {
    if is_postgres(config) {
        anyhow::bail!("{POSTGRES}");
    }
    let checked = check(file).await?;
    std::fs::create_dir_all(&config.data_dir)?;
    let lock = serve_lock(&config.data_dir)?;
    if lock.try_lock().is_err() {
        anyhow::bail!(
            "a jpmall server is running on {}: stop it before restoring",
            config.data_dir.display()
        );
    }
    let target = PathBuf::from(config.database_url());
    let at = commands::clock::now();
    let mut kept = None;
    if target.exists() {
        for suffix in ["", "-wal", "-shm"] {
            let from = PathBuf::from(format!("{}{suffix}", target.display()));
            if from.exists() {
                let to = PathBuf::from(format!("{}{suffix}.before-restore-{at}", target.display()));
                std::fs::rename(&from, &to)
                    .with_context(|| format!("cannot move {} aside", from.display()))?;
                if suffix.is_empty() {
                    kept = Some(to);
                }
            }
        }
    }
    let partial = PathBuf::from(format!("{}.restoring", target.display()));
    std::fs::copy(file, &partial).with_context(|| format!("cannot copy {}", file.display()))?;
    std::fs::File::open(&partial)?.sync_all()?;
    std::fs::rename(&partial, &target)?;
    let db = commands::Database::connect(&config.database_url()).await?;
    db.migrate()
        .await
        .context("migrations failed on the restored database")?;
    db.close().await;
    drop(lock);
    println!(
        "restored {} events from {} into {}",
        checked.events,
        file.display(),
        target.display()
    );
    if let Some(kept) = kept {
        println!("the previous database is kept as {}", kept.display());
    }
    println!("check it: jpmall audit wallet --all && jpmall audit refunds");
    Ok(())
}
