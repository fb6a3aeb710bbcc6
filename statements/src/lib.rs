//! Writes to read tables as data (table, SQL, values), so that several can be sent as one statement:
//! the write path's live projections (see [`Together`]) and the replays' multi-row statements.
//! Shared by the command side, which sends a command's writes before its commit, and the
//! projections, which make them.

use sqlx::AnyConnection;

mod rows;
pub use rows::Rows;

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
pub const BINDS_PER_STATEMENT: usize = 4_000;

/// One write: its table, SQL and values; its parameters are `$1` to `$n` for its n values. It reads
/// no table but its own, unless it names the others (see [`Statement::reading`]).
#[derive(Debug, Clone)]
pub struct Statement {
    pub table: String,
    pub sql: String,
    pub cells: Vec<Cell>,
    reads: Vec<String>,
}

impl Statement {
    pub fn new(table: &str, sql: &str, cells: Vec<Cell>) -> Self {
        Self {
            table: table.to_string(),
            sql: sql.to_string(),
            cells,
            reads: Vec::new(),
        }
    }

    /// Says the statement reads `table` too (an `INSERT … SELECT` from it, say), so that it sees
    /// what the writes before it did to that table.
    pub fn reading(mut self, table: &str) -> Self {
        self.reads.push(table.to_string());
        self
    }

    pub async fn execute(&self, conn: &mut AnyConnection) -> sqlx::Result<()> {
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

/// Writes that read nothing another of them writes, sent together: a live command's writes to its
/// read tables, gathered from every projection it feeds and sent before its commit. On PostgreSQL
/// every statement is a round trip, which with the commit is most of a live command's time there,
/// so they go as one statement: all but the last in a data-modifying `WITH`. Those see one
/// snapshot and not each other's changes, hence a write to a table written or read before in the
/// statement, or that reads a table written before, starts another. On SQLite (no such `WITH`, and
/// no round trips) they run one by one.
#[derive(Default)]
pub struct Together {
    statements: Vec<Statement>,
}

impl Together {
    pub fn push(&mut self, statement: Statement) {
        self.statements.push(statement);
    }

    pub fn extend(&mut self, statements: impl IntoIterator<Item = Statement>) {
        self.statements.extend(statements);
    }

    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Sends every write gathered, which are taken: a caller about to read what they write flushes
    /// them first.
    pub async fn flush(&mut self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        let statements = std::mem::take(&mut self.statements);
        if conn.backend_name() != "PostgreSQL" {
            for statement in &statements {
                statement.execute(conn).await?;
            }
            return Ok(());
        }
        let mut group: Vec<&Statement> = Vec::new();
        for statement in &statements {
            if !group.is_empty() && !joins(&group, statement) {
                write_with(conn, &group).await?;
                group.clear();
            }
            group.push(statement);
        }
        write_with(conn, &group).await
    }
}

/// Whether `statement` may go in one statement with `group`: it neither writes a table the group
/// touches nor reads one the group writes, and the binds stay bounded.
fn joins(group: &[&Statement], statement: &Statement) -> bool {
    let touched = |table: &str| {
        group
            .iter()
            .any(|s| s.table == table || s.reads.iter().any(|r| r == table))
    };
    let written = |table: &str| group.iter().any(|s| s.table == table);
    let binds: usize = group.iter().map(|s| s.cells.len()).sum();
    !touched(&statement.table)
        && !statement.reads.iter().any(|table| written(table))
        && binds + statement.cells.len() <= BINDS_PER_STATEMENT
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

#[cfg(test)]
mod tests {
    use super::{joins, shifted, Statement};

    #[test]
    fn parameters_are_renumbered_and_nothing_else_changes() {
        assert_eq!(
            shifted("UPDATE t SET a = $2, b = $10 WHERE k = $1 AND c = '$'", 5),
            "UPDATE t SET a = $7, b = $15 WHERE k = $6 AND c = '$'"
        );
        assert_eq!(shifted("SELECT $1", 0), "SELECT $1");
    }

    #[test]
    fn a_write_that_must_see_another_starts_a_new_statement() {
        let owners = Statement::new("message_owners", "INSERT INTO message_owners VALUES ($1)", vec![]);
        let orders = Statement::new("orders", "UPDATE orders SET a = 1", vec![]);
        let message =
            Statement::new("messages", "INSERT INTO messages SELECT 1", vec![]).reading("message_owners");
        assert!(joins(&[&orders], &owners));
        assert!(!joins(&[&orders], &orders.clone()));
        assert!(!joins(&[&owners], &message));
        assert!(joins(&[&orders], &message));
        let after_message =
            Statement::new("message_owners", "INSERT INTO message_owners VALUES ($1)", vec![]);
        assert!(!joins(&[&orders, &message], &after_message));
    }
}
