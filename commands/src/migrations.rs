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
