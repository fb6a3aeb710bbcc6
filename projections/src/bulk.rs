//! Multi-row statements: rows gathered in memory and written a few hundred per statement. A replay
//! is bound by statements, not by rows, so each projection's replay folds a page of events into rows
//! and writes them through this.

use sqlx::AnyConnection;

/// One bound value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    Int(i64),
    Text(String),
    Null,
}

impl From<i64> for Cell {
    fn from(value: i64) -> Self {
        Cell::Int(value)
    }
}

impl From<String> for Cell {
    fn from(value: String) -> Self {
        Cell::Text(value)
    }
}

impl From<&str> for Cell {
    fn from(value: &str) -> Self {
        Cell::Text(value.to_string())
    }
}

impl From<&String> for Cell {
    fn from(value: &String) -> Self {
        Cell::Text(value.clone())
    }
}

impl From<Option<i64>> for Cell {
    fn from(value: Option<i64>) -> Self {
        value.map_or(Cell::Null, Cell::Int)
    }
}

impl From<bool> for Cell {
    fn from(value: bool) -> Self {
        Cell::Int(value as i64)
    }
}

/// Binds per statement: well under SQLite's 32,766 and PostgreSQL's 65,535, and large enough that
/// the statement's round trip is shared by hundreds of rows.
const BINDS_PER_STATEMENT: usize = 4_000;

/// Rows for one `INSERT INTO table (columns) VALUES … tail` statement shape.
pub struct Rows {
    head: String,
    tail: String,
    width: usize,
    cells: Vec<Cell>,
}

impl Rows {
    /// `into` is `table (column, …)`; `tail` follows the values (an `ON CONFLICT` clause, or empty).
    pub fn new(into: &str, tail: &str) -> Self {
        let width = into
            .split_once('(')
            .map(|(_, columns)| columns.split(',').count())
            .unwrap_or(1);
        Self {
            head: format!("INSERT INTO {into} VALUES "),
            tail: tail.to_string(),
            width,
            cells: Vec::new(),
        }
    }

    /// Adds a row; it must have as many cells as the statement has columns.
    pub fn push<const N: usize>(&mut self, row: [Cell; N]) {
        debug_assert_eq!(N, self.width, "{}", self.head);
        self.cells.extend(row);
    }

    pub fn len(&self) -> usize {
        self.cells.len() / self.width
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Writes every row gathered, in as few statements as the bind limit allows, and empties the
    /// buffer.
    pub async fn write(&mut self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        // SQLite looks a numbered parameter's name up in a list of every name (quadratic in a
        // statement of thousands); its anonymous `?` are bound by position.
        let anonymous = conn.backend_name() == "SQLite";
        for statement in self.take_statements(anonymous) {
            statement.execute(conn).await?;
        }
        Ok(())
    }

    /// The statements that write the rows gathered, which are taken.
    fn take_statements(&mut self, anonymous: bool) -> Vec<Statement> {
        let per_statement = (BINDS_PER_STATEMENT / self.width).max(1);
        let cells = std::mem::take(&mut self.cells);
        let table = self.head["INSERT INTO ".len()..]
            .split([' ', '('])
            .next()
            .unwrap_or_default()
            .to_string();
        let mut statements = Vec::new();
        for chunk in cells.chunks(per_statement * self.width) {
            let rows = chunk.len() / self.width;
            let mut sql = String::with_capacity(self.head.len() + rows * self.width * 6 + self.tail.len());
            sql.push_str(&self.head);
            for row in 0..rows {
                sql.push_str(if row == 0 { "(" } else { ", (" });
                for column in 0..self.width {
                    if column > 0 {
                        sql.push_str(", ");
                    }
                    if anonymous {
                        sql.push('?');
                    } else {
                        sql.push('$');
                        sql.push_str(&(row * self.width + column + 1).to_string());
                    }
                }
                sql.push(')');
            }
            if !self.tail.is_empty() {
                sql.push(' ');
                sql.push_str(&self.tail);
            }
            statements.push(Statement {
                table: table.clone(),
                sql,
                cells: chunk.to_vec(),
            });
        }
        statements
    }
}

/// One statement that reads nothing back: its table, SQL and values; its parameters are `$1` to
/// `$n` for its n values.
#[derive(Debug, Clone)]
pub struct Statement {
    pub table: String,
    pub sql: String,
    pub cells: Vec<Cell>,
}

impl Statement {
    pub fn new(table: &str, sql: &str, cells: Vec<Cell>) -> Self {
        Self {
            table: table.to_string(),
            sql: sql.to_string(),
            cells,
        }
    }

    async fn execute(&self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        bind(sqlx::query(&self.sql), &self.cells).execute(conn).await?;
        Ok(())
    }
}

fn bind<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    cells: &'q [Cell],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for cell in cells {
        query = match cell {
            Cell::Int(value) => query.bind(*value),
            Cell::Text(value) => query.bind(value.as_str()),
            Cell::Null => query.bind(None::<i64>),
        };
    }
    query
}

/// Writes of a live command to different tables, none reading what another writes, sent together.
/// On PostgreSQL every statement is a round trip, which with the commit is most of a live
/// command's time there, so they go as one statement: all but the last in a data-modifying
/// `WITH`. Those see one snapshot and not each other's changes, hence a second write to a table
/// starts another statement. On SQLite (no such `WITH`, and no round trips) they run one by one.
#[derive(Default)]
pub struct Together {
    statements: Vec<Statement>,
}

impl Together {
    pub fn push(&mut self, statement: Statement) {
        self.statements.push(statement);
    }

    /// Takes the rows gathered.
    pub fn push_rows(&mut self, rows: &mut Rows) {
        self.statements.extend(rows.take_statements(false));
    }

    pub async fn write(self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        if conn.backend_name() != "PostgreSQL" {
            for statement in &self.statements {
                statement.execute(conn).await?;
            }
            return Ok(());
        }
        let mut group: Vec<&Statement> = Vec::new();
        for statement in &self.statements {
            if group.iter().any(|s| s.table == statement.table)
                || group.iter().map(|s| s.cells.len()).sum::<usize>() + statement.cells.len()
                    > BINDS_PER_STATEMENT
            {
                write_with(conn, &group).await?;
                group.clear();
            }
            group.push(statement);
        }
        write_with(conn, &group).await
    }
}

/// `statements` as one PostgreSQL statement.
async fn write_with(conn: &mut AnyConnection, statements: &[&Statement]) -> sqlx::Result<()> {
    let Some((last, before)) = statements.split_last() else {
        return Ok(());
    };
    if before.is_empty() {
        return last.execute(conn).await;
    }
    let mut sql = String::from("WITH ");
    let mut shift = 0;
    for (n, statement) in before.iter().enumerate() {
        if n > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!("w{n} AS ("));
        sql.push_str(&shifted(&statement.sql, shift));
        sql.push(')');
        shift += statement.cells.len();
    }
    sql.push(' ');
    sql.push_str(&shifted(&last.sql, shift));
    let mut query = sqlx::query(&sql);
    for statement in statements {
        query = bind(query, &statement.cells);
    }
    query.execute(conn).await?;
    Ok(())
}

/// `sql` with every parameter `$n` renumbered `$(n + by)`. Our statements hold no `$` but in
/// parameters (no dollar-quoted strings).
fn shifted(sql: &str, by: usize) -> String {
    if by == 0 {
        return sql.to_string();
    }
    let mut out = String::with_capacity(sql.len() + 16);
    let mut chars = sql.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        out.push(c);
        if c != '$' {
            continue;
        }
        let mut digits = String::new();
        while let Some(&(_, d)) = chars.peek() {
            if !d.is_ascii_digit() {
                break;
            }
            digits.push(d);
            chars.next();
        }
        match digits.parse::<usize>() {
            Ok(n) => out.push_str(&(n + by).to_string()),
            Err(_) => out.push_str(&digits),
        }
    }
    out
}

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

#[cfg(test)]
mod tests {
    use super::shifted;

    #[test]
    fn parameters_are_renumbered_and_nothing_else_changes() {
        assert_eq!(
            shifted("UPDATE t SET a = $2, b = $10 WHERE k = $1 AND c = '$'", 5),
            "UPDATE t SET a = $7, b = $15 WHERE k = $6 AND c = '$'"
        );
        assert_eq!(shifted("SELECT $1", 0), "SELECT $1");
    }
}
