//! The schema migrations, embedded in the binary (build.rs lists the folders) and handed to sqlx's
//! migrator, which runs them as `sqlx::migrate!` would: same versions, descriptions and checksums,
//! so databases migrated before keep working. Embedded here rather than by that macro because the
//! macro's crate compiles sqlx and SQLite a second time, for the compiler, in every build.

use std::borrow::Cow;

use futures::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateError, Migration, MigrationSource, MigrationType, Migrator};

use crate::db::Engine;

mod files {
    include!(concat!(env!("OUT_DIR"), "/migrations.rs"));
}

/// (file name, SQL) of each migration, in version order.
#[derive(Debug)]
struct Embedded(&'static [(&'static str, &'static str)]);

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move { self.0.iter().map(|(file, sql)| migration(file, sql)).collect() })
    }
}

/// `<version>_<description>.sql`, as sqlx names them.
fn migration(file: &str, sql: &'static str) -> Result<Migration, BoxDynError> {
    let (version, description) = file
        .strip_suffix(".sql")
        .and_then(|stem| stem.split_once('_'))
        .ok_or_else(|| format!("migration {file}: the name is not <version>_<description>.sql"))?;
    let version: i64 = version
        .parse()
        .map_err(|e| format!("migration {file}: version {version}: {e}"))?;
    Ok(Migration::new(
        version,
        Cow::Owned(description.replace('_', " ")),
        MigrationType::Simple,
        Cow::Borrowed(sql),
        sql.starts_with("-- no-transaction"),
    ))
}

fn files_of(engine: Engine) -> &'static [(&'static str, &'static str)] {
    match engine {
        Engine::Sqlite => files::SQLITE,
        Engine::Postgres => files::POSTGRES,
    }
}

/// The migrations of `engine`'s schema.
pub async fn migrator(engine: Engine) -> Result<Migrator, MigrateError> {
    Migrator::new(Embedded(files_of(engine))).await
}

/// How many migrations this binary knows for `engine`, without hashing them as the migrator does
/// (`/readyz` asks on every call).
pub fn known(engine: Engine) -> usize {
    files_of(engine).len()
}

/// The migration that makes an item number one stall's only once.
const ONE_ITEM_NUMBER_PER_STALL: i64 = 32;

/// On SQLite, before migration 0032 runs: the products that hold one stall's item number together,
/// which its unique index would refuse with no names. PostgreSQL's migration names them itself (a DO
/// block); SQLite has no procedural SQL (`RAISE` works only inside a trigger), so the check is here.
/// Answers the refusal to start, with how to merge them, or `None`.
pub(crate) async fn item_numbers_held_twice(pool: &sqlx::SqlitePool) -> Result<Option<String>, sqlx::Error> {
    use sqlx::Row;
    let tables: Vec<String> = sqlx::query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('_sqlx_migrations', 'products')",
    )
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| r.get("name"))
    .collect();
    if tables.len() < 2 {
        return Ok(None);
    }
    let applied = sqlx::query("SELECT 1 FROM _sqlx_migrations WHERE version = ?")
        .bind(ONE_ITEM_NUMBER_PER_STALL)
        .fetch_optional(pool)
        .await?;
    if applied.is_some() {
        return Ok(None);
    }
    let held_twice = sqlx::query(
        "SELECT p.stall_id, p.item_no, p.id FROM products p JOIN \
           (SELECT stall_id, item_no FROM products GROUP BY stall_id, item_no HAVING COUNT(*) > 1) d \
           ON d.stall_id = p.stall_id AND d.item_no = p.item_no \
         ORDER BY p.stall_id, p.item_no, p.id",
    )
    .fetch_all(pool)
    .await?;
    let mut groups: Vec<((String, String), Vec<String>)> = Vec::new();
    for row in &held_twice {
        let (stall, item_no, id): (String, String, String) =
            (row.get("stall_id"), row.get("item_no"), row.get("id"));
        match groups.last_mut() {
            Some((key, ids)) if *key == (stall.clone(), item_no.clone()) => ids.push(id),
            _ => groups.push(((stall, item_no), vec![id])),
        }
    }
    let groups: Vec<String> = groups
        .into_iter()
        .map(|((stall, item_no), ids)| {
            format!(
                "stall {stall}, item number {item_no}: products {}",
                ids.join(", ")
            )
        })
        .collect();
    if groups.is_empty() {
        return Ok(None);
    }
    // The same words as PostgreSQL's 0032.
    Ok(Some(format!(
        "migration 0032: a stall holds an item number more than once ({}). Merge each into one product: \
         keep one and give the others item numbers of their own (in the console of the jpmall version that \
         ran before, or with UPDATE products SET item_no = '<new item number>' WHERE id = '<product id>'), \
         then start again",
        groups.join("; ")
    )))
}
