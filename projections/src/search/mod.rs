//! Keyword search over the `search_terms` index (migration 0028, written by
//! `commands::catalog::search_index`): which on-shelf products a seller's words find, best match
//! first, and what to suggest as they type.
//!
//! A query is a list of atoms, each an exact term (a Han character or pair) or a prefix (an item
//! number, an English word, digits); a product is found when it holds every atom. One atom drives:
//! its index rows are read in key order, and the others are looked up per product by the
//! product's own index. A one-term query in relevance order is the front of the index itself:
//! its first page reads twenty rows whatever the term's count.

pub mod suggest;

use domain::search::{Needed, Query};
use sqlx::{AnyConnection, AnyPool, Row};

use crate::catalog::{Arg, Conditions, ListTotals, Sort};

/// Greater than every character: a prefix's terms are those from the prefix up to the prefix
/// followed by this (both engines compare the terms byte by byte).
const AFTER_EVERY_CHAR: char = '\u{10FFFF}';

/// Most terms SQLite walks one by one, merged by a `UNION ALL`: each walk cost it 0.1 ms to run
/// (64 walks: 6.5 ms), where PostgreSQL walks them in one lateral join.
const MAX_WALKS: usize = 8;

/// Most index rows a walk to the page's end is expected to read, testing the other words on each
/// product, before the matches are found by one join and sorted instead: 黑色 hoodie, where few
/// of the 14,000 hoodies are black, walked them all, a probe each (a second on PostgreSQL).
const WALK_BUDGET: i64 = 2_000;

/// Most index terms a prefix stands for (`dr` → `dress`, `dresses`, `drop`…); a shorter prefix
/// is read for its most common terms' beginnings only.
const MAX_PREFIX_TERMS: i64 = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Atom {
    Exact(String),
    Prefix(String),
}

/// The atoms a query asks for, each once.
fn atoms(query: &Query) -> Vec<Atom> {
    let mut atoms = Vec::new();
    for needed in &query.needed {
        let asked: Vec<Atom> = match needed {
            Needed::All(terms) => terms.iter().cloned().map(Atom::Exact).collect(),
            Needed::Prefix(word) => vec![Atom::Prefix(word.clone())],
        };
        for atom in asked {
            if !atoms.contains(&atom) {
                atoms.push(atom);
            }
        }
    }
    atoms
}

/// An atom as the index terms it stands for, each with what a match of it adds to the score:
/// 0 for the word itself, 1 for a longer word it begins.
struct Terms(Vec<(String, i64)>);

/// The terms of the index a prefix begins, the word itself first, read one index seek each
/// (a loose index scan), up to [`MAX_PREFIX_TERMS`]. Each seek is an `ORDER BY … LIMIT 1`, not
/// a `MIN`: with a range condition both engines computed the `MIN` by reading the whole range
/// (every row of `cotton`: 4 ms on PostgreSQL).
async fn expand(conn: &mut AnyConnection, atom: &Atom) -> sqlx::Result<Terms> {
    let prefix = match atom {
        Atom::Exact(term) => return Ok(Terms(vec![(term.clone(), 0)])),
        Atom::Prefix(prefix) => prefix,
    };
    let upper = format!("{prefix}{AFTER_EVERY_CHAR}");
    let rows = statement(
        conn,
        &format!(
            "WITH RECURSIVE found(term, n) AS ( \
           SELECT (SELECT term FROM search_terms WHERE term >= $1 AND term < $2 ORDER BY term LIMIT 1) AS term, 1 \
           UNION ALL \
           SELECT (SELECT s.term FROM search_terms s WHERE s.term > found.term AND s.term < $2 \
                   ORDER BY s.term LIMIT 1), n + 1 \
           FROM found WHERE found.term IS NOT NULL AND n < {MAX_PREFIX_TERMS}) \
         SELECT term FROM found WHERE term IS NOT NULL"
        ),
    )
    .bind(prefix.as_str())
    .bind(upper.as_str())
    .fetch_all(&mut *conn)
    .await?;
    Ok(Terms(
        rows.iter()
            .map(|r| {
                let term: String = r.get("term");
                let longer = i64::from(&term != prefix);
                (term, longer)
            })
            .collect(),
    ))
}

/// A search's statement. PostgreSQL plans it for its values each time, as an unnamed statement:
/// a prepared one is planned, after five runs, once for any value, as if every term were held by
/// the average number of products, which walked 14,000 hoodies a probe each for 黑色 hoodie.
fn statement<'q>(
    conn: &AnyConnection,
    sql: &'q str,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    sqlx::query(sql).persistent(conn.backend_name() != "PostgreSQL")
}

/// Numbers parameters after those already in `c`.
fn param(c: &mut Conditions, value: &str) -> String {
    c.args.push(Arg::Text(value.to_string()));
    format!("${}", c.args.len())
}

impl Terms {
    /// `{t}.term = …` for one, or `{t}.term IN (VALUES (…), …)`: PostgreSQL planned an `IN` list
    /// of 64 parameters (an item number's beginning) in 3 ms, estimating each; a `VALUES` list
    /// is one semi-join.
    fn condition(&self, t: &str, c: &mut Conditions) -> String {
        let list: Vec<String> = self
            .0
            .iter()
            .map(|(term, _)| format!("({})", param(c, term)))
            .collect();
        match list.as_slice() {
            [one] => format!("{t}.term = {}", &one[1..one.len() - 1]),
            _ => format!("{t}.term IN (VALUES {})", list.join(", ")),
        }
    }

    /// The product `{id}` holds one of these terms. `Test::Each` keeps PostgreSQL from turning
    /// the test into a join that reads every row of the terms (a hash semi-join: 8 ms for
    /// 卫衣 cotton), where a walk that stops at the page's end tests a few hundred products.
    fn held_by(&self, id: &str, test: Test, c: &mut Conditions) -> String {
        let rows = format!(
            "SELECT 1 FROM search_terms u WHERE u.product_id = {id} AND {}",
            self.condition("u", c)
        );
        match test {
            Test::Any => format!("EXISTS ({rows})"),
            Test::Each => format!("({rows} LIMIT 1) IS NOT NULL"),
        }
    }
}

/// How the other atoms are tested on the driving atom's rows: as the database likes, for a
/// count or sort that reads them all; one product at a time, for a walk that stops early.
#[derive(Clone, Copy)]
enum Test {
    Any,
    Each,
}

/// How many index rows an atom has (of every product on the shelf), kept like a list's total.
async fn rows_of(conn: &mut AnyConnection, totals: &ListTotals, terms: &Terms) -> sqlx::Result<i64> {
    let mut c = Conditions::default();
    let condition = terms.condition("t", &mut c);
    let sql = format!("SELECT COUNT(*) AS index_rows FROM search_terms t WHERE {condition}");
    let key = format!("{sql}{}", c.cache_key());
    if let Some(rows) = totals.get(&key) {
        return Ok(rows);
    }
    let rows = c
        .bind(statement(conn, &sql))
        .fetch_one(&mut *conn)
        .await?
        .get("index_rows");
    totals.put(key, rows);
    Ok(rows)
}

/// What a keyword search is asked besides the keyword: the list's filter as conditions on `t`
/// (the index's rows carry what a filter reads), and the order.
pub(crate) struct Found {
    pub filter: Conditions,
    pub sort: Sort,
}

/// The total of the products `keyword` finds under the filter and the ids of one page of them,
/// in the sort's order (relevance: best match first, then popularity). A keyword with no word
/// in it finds nothing.
///
/// The rarest atom drives: its index rows are read in key order, which for each of its terms is
/// relevance order, with the filter tested on the row itself and the other atoms looked up per
/// product. In relevance order each term's walk stops at the page's end, and the page is merged
/// from the terms' walks; multi-word queries rank by the driving word. A walk expected to read
/// more than [`WALK_BUDGET`] rows gives way to one join whose matches are sorted. Another sort
/// sorts the driving atom's rows by the sort's column they carry: walking the products' own index
/// for the sort instead reads far more than the word's share when the sort and the word are
/// correlated (the cheapest products are not hoodies: 卫衣 by price read 30,000 rows).
///
/// A keyword that finds nothing as typed is read as pinyin ([`Query::pinyin`]: `weiyi`, `wy`,
/// `cgjr`), and finds the products whose titles, stalls or categories read so, titles first: a
/// reading is asked only then, so what the keyword finds as typed (an English word that is also
/// syllables, `long`) is never pushed down or mixed with guesses.
pub(crate) async fn product_ids(
    pool: &AnyPool,
    totals: &ListTotals,
    found: &Found,
    keyword: &str,
    page: (i64, i64),
) -> sqlx::Result<(i64, Vec<String>)> {
    let Some(query) = Query::parse(keyword) else {
        return Ok((0, Vec::new()));
    };
    let mut conn = pool.acquire().await?;
    let conn = &mut *conn;
    let as_typed = ids_of(conn, totals, found, &query, page).await?;
    if as_typed.0 > 0 {
        return Ok(as_typed);
    }
    match Query::pinyin(keyword) {
        Some(read) => ids_of(conn, totals, found, &read, page).await,
        None => Ok(as_typed),
    }
}

/// [`product_ids`] of one reading of the keyword.
async fn ids_of(
    conn: &mut AnyConnection,
    totals: &ListTotals,
    found: &Found,
    query: &Query,
    (page, pagesize): (i64, i64),
) -> sqlx::Result<(i64, Vec<String>)> {
    let postgres = conn.backend_name() == "PostgreSQL";
    let mut expanded = Vec::new();
    for atom in atoms(query) {
        let terms = expand(conn, &atom).await?;
        if terms.0.is_empty() {
            return Ok((0, Vec::new()));
        }
        expanded.push(terms);
    }
    // With one atom, its walks read to the page's end and no further; with more, the rarest
    // drives, and its rows are known.
    let mut driver = (None::<i64>, 0);
    if expanded.len() > 1 {
        for (i, terms) in expanded.iter().enumerate() {
            let rows = rows_of(conn, totals, terms).await?;
            if driver.0.is_none_or(|fewest| rows < fewest) {
                driver = (Some(rows), i);
            }
        }
    }
    let (driver_rows, driver) = driver;
    // A product holds each term once, so only a driver of several terms can list it twice.
    let one_term = expanded[driver].0.len() == 1;
    let offset = (page - 1) * pagesize;

    // The driving atom's rows (those of `term`, an SQL condition on `t`, or else of every term
    // of the atom) under the filter, with the other atoms: `search_terms t WHERE …`.
    let from_driver = |c: &mut Conditions, term: Option<String>, test: Test| {
        let mut clauses = Vec::new();
        let filter = c.sql();
        if let Some(filter) = filter.strip_prefix(" WHERE ") {
            clauses.push(filter.to_string());
        }
        clauses.push(term.unwrap_or_else(|| expanded[driver].condition("t", c)));
        for (_, other) in expanded.iter().enumerate().filter(|(i, _)| *i != driver) {
            clauses.push(other.held_by("t.product_id", test, c));
        }
        format!("search_terms t WHERE {}", clauses.join(" AND "))
    };

    let mut count = found.filter.clone();
    let count_sql = if one_term {
        format!(
            "SELECT COUNT(*) AS total FROM {}",
            from_driver(&mut count, None, Test::Any)
        )
    } else {
        format!(
            "SELECT COUNT(*) AS total FROM (SELECT DISTINCT t.product_id FROM {}) x",
            from_driver(&mut count, None, Test::Any)
        )
    };
    let key = format!("{count_sql}{}", count.cache_key());
    let total = match totals.get(&key) {
        Some(total) => total,
        None => {
            let total: i64 = count
                .bind(statement(conn, &count_sql))
                .fetch_one(&mut *conn)
                .await?
                .get("total");
            totals.put(key, total);
            total
        }
    };
    if offset >= total {
        return Ok((total, Vec::new()));
    }

    let terms = &expanded[driver].0;
    // Rows a walk reads to find a page's end, if matches are spread evenly among the driver's.
    let walk_pays = driver_rows.is_none_or(|rows| (offset + pagesize) * rows <= WALK_BUDGET * total)
        && (postgres || terms.len() <= MAX_WALKS);
    let mut c = found.filter.clone();
    let page_sql = if found.sort == Sort::Relevance && walk_pays {
        // One term's walk to the page's end: `term` and `longer` are SQL.
        let walk = |c: &mut Conditions, term: String, longer: &str| {
            format!(
                "SELECT t.product_id AS id, t.rank * 2 + {longer} AS score, t.popularity AS popularity \
                 FROM {} ORDER BY t.rank, t.popularity DESC, t.product_id DESC LIMIT {}",
                from_driver(c, Some(term), Test::Each),
                offset + pagesize
            )
        };
        let merged = "GROUP BY id ORDER BY MIN(score), MAX(popularity) DESC, id DESC";
        if postgres {
            // One walk in a lateral join over the terms: a `UNION ALL` of 64 walks (an item
            // number's beginning) took PostgreSQL 20 ms to plan.
            let values: Vec<String> = terms
                .iter()
                .map(|(term, longer)| format!("({}, {longer})", param(&mut c, term)))
                .collect();
            let one = walk(&mut c, "t.term = v.term".into(), "v.longer");
            format!(
                "SELECT id FROM (VALUES {}) v(term, longer) CROSS JOIN LATERAL ({one}) w \
                 {merged} LIMIT {pagesize} OFFSET {offset}",
                values.join(", ")
            )
        } else {
            let walks: Vec<String> = terms
                .iter()
                .map(|(term, longer)| {
                    let term = format!("t.term = {}", param(&mut c, term));
                    format!("SELECT * FROM ({}) w", walk(&mut c, term, &longer.to_string()))
                })
                .collect();
            format!(
                "SELECT id FROM ({}) m {merged} LIMIT {pagesize} OFFSET {offset}",
                walks.join(" UNION ALL ")
            )
        }
    } else if found.sort == Sort::Relevance {
        // Every match found by one join and sorted: few matches among many driving rows, or many
        // terms on SQLite (an item number's beginning: `b296-32` stands for 64 item numbers, each
        // held by a few products).
        let exact = match terms.iter().find(|(_, longer)| *longer == 0) {
            Some((word, _)) => format!("t.term = {}", param(&mut c, word)),
            None => "FALSE".to_string(),
        };
        format!(
            "SELECT t.product_id AS id FROM {} GROUP BY t.product_id \
             ORDER BY MIN(t.rank * 2 + CASE WHEN {exact} THEN 0 ELSE 1 END), MAX(t.popularity) DESC, \
             t.product_id DESC LIMIT {pagesize} OFFSET {offset}",
            from_driver(&mut c, None, Test::Any)
        )
    } else if one_term {
        let (column, direction) = found.sort.key();
        format!(
            "SELECT t.product_id AS id FROM {} ORDER BY t.{column} {direction}, t.product_id {direction} \
             LIMIT {pagesize} OFFSET {offset}",
            from_driver(&mut c, None, Test::Any),
        )
    } else {
        // Grouped, not `DISTINCT`: PostgreSQL sorted every row of `shirt` for the `DISTINCT`
        // (45 ms) where it hashes the group and keeps the page's rows of the sort.
        let (column, direction) = found.sort.key();
        format!(
            "SELECT t.product_id AS id FROM {} GROUP BY t.product_id \
             ORDER BY MIN(t.{column}) {direction}, t.product_id {direction} LIMIT {pagesize} OFFSET {offset}",
            from_driver(&mut c, None, Test::Any),
        )
    };
    let ids = c
        .bind(statement(conn, &page_sql))
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|r| r.get("id"))
        .collect();
    Ok((total, ids))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_asks_each_term_once() {
        let query = Query::parse("卫衣 卫衣 a1 连帽卫衣").expect("words");
        assert_eq!(
            atoms(&query),
            vec![
                Atom::Exact("卫衣".into()),
                Atom::Prefix("a1".into()),
                Atom::Exact("帽卫".into()),
                Atom::Exact("连帽".into()),
            ]
        );
    }
}
