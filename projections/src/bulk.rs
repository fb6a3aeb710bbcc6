//! Multi-row statements: rows gathered in memory and written a few hundred per statement. A replay
//! is bound by statements, not by rows, so each projection's replay folds a page of events into rows
//! and writes them through this.

use sqlx::AnyConnection;
pub use statements::{Cell, Rows, Statement, Together};

/// `UPDATE table SET … FROM` rows given as one JSON array of objects, one object per row to
/// change, keyed by `key`: a page's changes to rows written earlier, in one statement per few
/// thousand rows instead of one each. `columns` are the objects' fields with their PostgreSQL
/// types; a field left out of an object is NULL, so `set` can keep the old value with `COALESCE`.
/// In `set`, `p.column` is the object's value and `{table}.column` the row's.
pub struct JsonUpdate {
    postgres: String,
    sqlite: String,
}

impl JsonUpdate {
    pub fn new(table: &str, key: &str, columns: &[(&str, &str)], set: &[String]) -> Self {
        let typed: Vec<String> = columns
            .iter()
            .map(|(column, kind)| format!("{column} {kind}"))
            .collect();
        let extracted: Vec<String> = columns
            .iter()
            .map(|(column, _)| format!("json_extract(value, '$.{column}') AS {column}"))
            .collect();
        let update = |source: String| {
            format!(
                "UPDATE {table} SET {} FROM {source} WHERE {table}.{key} = p.{key}",
                set.join(", ")
            )
        };
        Self {
            postgres: update(format!(
                "json_to_recordset(CAST($1 AS json)) AS p({})",
                typed.join(", ")
            )),
            sqlite: update(format!(
                "(SELECT {} FROM json_each(?)) AS p",
                extracted.join(", ")
            )),
        }
    }

    /// Writes `rows` (serialised as JSON objects), a few thousand per statement.
    pub async fn write<T: serde::Serialize>(&self, conn: &mut AnyConnection, rows: &[T]) -> sqlx::Result<()> {
        let sql = if conn.backend_name() == "PostgreSQL" {
            &self.postgres
        } else {
            &self.sqlite
        };
        for chunk in rows.chunks(JSON_ROWS_PER_STATEMENT) {
            let json = serde_json::to_string(chunk).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
            sqlx::query(sql).bind(json).execute(&mut *conn).await?;
        }
        Ok(())
    }
}

/// Rows per `JsonUpdate` statement: a parameter of a megabyte or so.
const JSON_ROWS_PER_STATEMENT: usize = 5_000;
