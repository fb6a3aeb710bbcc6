//! Rows gathered in memory and written a few hundred (SQLite) or thousand (PostgreSQL) per
//! statement: a replay's pages, the search index's rebuild.

use sqlx::AnyConnection;

use crate::{Cell, Statement, Together, BINDS_PER_STATEMENT};

/// Rows for one `INSERT INTO table (columns) VALUES … tail` statement shape.
pub struct Rows {
    into: String,
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
            into: into.to_string(),
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

    /// Writes every row gathered, and empties the buffer: on PostgreSQL in statements of
    /// [`ROWS_PER_ARRAY_STATEMENT`] rows with a parameter per column, on SQLite in as few `VALUES`
    /// statements as the bind limit allows.
    pub async fn write(&mut self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        if conn.backend_name() == "PostgreSQL" {
            for (sql, columns) in self.take_arrays() {
                let mut query = sqlx::query(&sql);
                for column in columns {
                    query = query.bind(column);
                }
                query.execute(&mut *conn).await?;
            }
            return Ok(());
        }
        // SQLite looks a numbered parameter's name up in a list of every name (quadratic in a
        // statement of thousands); its anonymous `?` are bound by position.
        let anonymous = conn.backend_name() == "SQLite";
        for statement in self.take_statements(anonymous) {
            statement.execute(conn).await?;
        }
        Ok(())
    }

    /// PostgreSQL's statements for the rows gathered, which are taken: each column's values as one
    /// array parameter, written as an array literal and unpacked by `unnest`. A multi-row `VALUES`
    /// list costs the server an expression per value to set up and the client a bind per value;
    /// an array a parse of its text. A column whose values are all NULL is given as `NULL`. The
    /// arrays are unpacked in the select list, where equally long ones go in step row by row: in
    /// `FROM`, `unnest` of several arrays first copies every row into a tuplestore (an insert of
    /// 200,000 rows in psql: 0.55-0.65 s against 0.78-0.88).
    fn take_arrays(&mut self) -> Vec<(String, Vec<String>)> {
        let cells = std::mem::take(&mut self.cells);
        let mut statements = Vec::new();
        for chunk in cells.chunks(ROWS_PER_ARRAY_STATEMENT * self.width) {
            let mut selected = Vec::with_capacity(self.width);
            let mut columns = Vec::new();
            for column in 0..self.width {
                let values = chunk.iter().skip(column).step_by(self.width);
                let kind = values.clone().find_map(|cell| match cell {
                    Cell::Int(_) => Some("int8"),
                    Cell::Text(_) => Some("text"),
                    Cell::Null => None,
                });
                let Some(kind) = kind else {
                    selected.push("NULL".to_string());
                    continue;
                };
                selected.push(format!("unnest(CAST(${} AS {kind}[]))", columns.len() + 1));
                columns.push(array_literal(values));
            }
            let mut sql = format!("INSERT INTO {} SELECT {}", self.into, selected.join(", "));
            if columns.is_empty() {
                // Rows of NULLs only: a select list without `unnest` gives one row.
                let rows = chunk.len() / self.width;
                sql.push_str(&format!(" FROM generate_series(1, {rows})"));
            }
            if !self.tail.is_empty() {
                sql.push(' ');
                sql.push_str(&self.tail);
            }
            statements.push((sql, columns));
        }
        statements
    }

    /// Moves the rows gathered into `together`.
    pub fn push_into(&mut self, together: &mut Together) {
        together.extend(self.take_statements(false));
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
            statements.push(Statement::new(&table, &sql, chunk.to_vec()));
        }
        statements
    }
}

/// Rows per statement of [`Rows::take_arrays`].
const ROWS_PER_ARRAY_STATEMENT: usize = 5_000;

/// `{…}`: PostgreSQL's text form of an array of `values` (of one type, or NULL).
fn array_literal<'a>(values: impl Iterator<Item = &'a Cell>) -> String {
    let mut literal = String::from("{");
    for (i, value) in values.enumerate() {
        if i > 0 {
            literal.push(',');
        }
        match value {
            Cell::Int(value) => literal.push_str(&value.to_string()),
            Cell::Null => literal.push_str("NULL"),
            Cell::Text(text) => {
                literal.push('"');
                // Runs between the characters to escape are copied whole: building a page's
                // literals a character at a time took up to a tenth of the after-sales' replay,
                // mostly their JSON bodies.
                let mut rest = text.as_str();
                while let Some(at) = rest.find(['"', '\\']) {
                    literal.push_str(&rest[..at]);
                    literal.push('\\');
                    literal.push_str(&rest[at..at + 1]);
                    rest = &rest[at + 1..];
                }
                literal.push_str(rest);
                literal.push('"');
            }
        }
    }
    literal.push('}');
    literal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_literals_escape_quotes_and_backslashes_and_keep_the_rest() {
        let cells = [
            Cell::Text(r#"{"title":"商品 \"A\"","path":"C:\\x"}"#.into()),
            Cell::Text(String::new()),
            Cell::Null,
            Cell::Text("\\".into()),
        ];
        assert_eq!(
            array_literal(cells.iter()),
            r#"{"{\"title\":\"商品 \\\"A\\\"\",\"path\":\"C:\\\\x\"}","",NULL,"\\"}"#
        );
        assert_eq!(array_literal([Cell::Int(-3), Cell::Int(7)].iter()), "{-3,7}");
    }
}
