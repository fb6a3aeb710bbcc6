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
use sqlx::{AnyPool, Row};

use crate::catalog::{Arg, Conditions, ListTotals, Sort};

/// Greater than every character: a prefix's terms are those from the prefix up to the prefix
/// followed by this (both engines compare the terms byte by byte).
const AFTER_EVERY_CHAR: char = '\u{10FFFF}';

/// Index rows read to judge which atom is rarest.
const RARITY_PROBE: i64 = 1_000;

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
/// (a loose index scan), up to [`MAX_PREFIX_TERMS`].
async fn expand(pool: &AnyPool, atom: &Atom) -> sqlx::Result<Terms> {
    let prefix = match atom {
        Atom::Exact(term) => return Ok(Terms(vec![(term.clone(), 0)])),
        Atom::Prefix(prefix) => prefix,
    };
    let upper = format!("{prefix}{AFTER_EVERY_CHAR}");
    let rows = sqlx::query(&format!(
        "WITH RECURSIVE found(term, n) AS ( \
           SELECT (SELECT MIN(term) FROM search_terms WHERE term >= $1 AND term < $2), 1 \
           UNION ALL \
           SELECT (SELECT MIN(s.term) FROM search_terms s WHERE s.term > found.term AND s.term < $2), n + 1 \
           FROM found WHERE found.term IS NOT NULL AND n < {MAX_PREFIX_TERMS}) \
         SELECT term FROM found WHERE term IS NOT NULL"
    ))
    .bind(prefix.as_str())
    .bind(upper.as_str())
    .fetch_all(pool)
    .await?;
    Ok(Terms(
        rows.iter()
            .map(|r| {
                let term: String = r.get(0);
                let longer = i64::from(&term != prefix);
                (term, longer)
            })
            .collect(),
    ))
}

/// Numbers parameters after those already in `c`.
fn param(c: &mut Conditions, value: &str) -> String {
    c.args.push(Arg::Text(value.to_string()));
    format!("${}", c.args.len())
}

impl Terms {
    /// `{t}.term IN (…)`, or `= …` for one.
    fn condition(&self, t: &str, c: &mut Conditions) -> String {
        let list: Vec<String> = self.0.iter().map(|(term, _)| param(c, term)).collect();
        match list.as_slice() {
            [one] => format!("{t}.term = {one}"),
            _ => format!("{t}.term IN ({})", list.join(", ")),
        }
    }

    /// The product `{id}` holds one of these terms.
    fn held_by(&self, id: &str, c: &mut Conditions) -> String {
        format!(
            "EXISTS (SELECT 1 FROM search_terms u WHERE u.product_id = {id} AND {})",
            self.condition("u", c)
        )
    }
}

/// How many index rows an atom has, counted up to [`RARITY_PROBE`].
async fn rows_of(pool: &AnyPool, terms: &Terms) -> sqlx::Result<i64> {
    let mut c = Conditions::default();
    let condition = terms.condition("t", &mut c);
    let sql = format!(
        "SELECT COUNT(*) FROM (SELECT 1 FROM search_terms t WHERE {condition} LIMIT {RARITY_PROBE}) x"
    );
    Ok(c.bind(sqlx::query(&sql)).fetch_one(pool).await?.get(0))
}

/// What a keyword search is asked besides the keyword: the list's filter as conditions on `p`
/// (the product joined to the index), the area site and the order.
pub(crate) struct Found<'a> {
    pub joined: Conditions,
    pub area_site: &'a str,
    pub sort: Sort,
}

/// The total of the products `keyword` finds under the filter and the ids of one page of them,
/// in the sort's order (relevance: best match first, then popularity). A keyword with no word
/// in it finds nothing.
///
/// The rarest atom drives: its index rows are walked in key order, which for each of its terms
/// is relevance order, with the other atoms and the filter tested per product, and each term's
/// walk stops at the page's end; the page is merged from the terms' walks. Multi-word queries
/// rank by the driving word. Another sort sorts the driving atom's products: walking the
/// products' own sort index instead reads far more than the word's share when the sort and the
/// word are correlated (the cheapest products are not hoodies: 卫衣 by price read 30,000 rows).
pub(crate) async fn product_ids(
    pool: &AnyPool,
    totals: &ListTotals,
    found: &Found<'_>,
    keyword: &str,
    (page, pagesize): (i64, i64),
) -> sqlx::Result<(i64, Vec<String>)> {
    let Some(query) = Query::parse(keyword) else {
        return Ok((0, Vec::new()));
    };
    let mut expanded = Vec::new();
    for atom in atoms(&query) {
        let terms = expand(pool, &atom).await?;
        if terms.0.is_empty() {
            return Ok((0, Vec::new()));
        }
        expanded.push(terms);
    }
    let mut driver = (i64::MAX, 0);
    if expanded.len() > 1 {
        for (i, terms) in expanded.iter().enumerate() {
            let rows = rows_of(pool, terms).await?;
            if rows < driver.0 {
                driver = (rows, i);
            }
        }
    }
    let driver = driver.1;
    let filtered = !found.joined.sql().is_empty();
    let offset = (page - 1) * pagesize;

    // The driving atom's products under the filter, with the other atoms: `FROM … WHERE …`.
    let from_driver = |c: &mut Conditions, terms: Option<&Terms>| {
        let mut clauses = Vec::new();
        if filtered {
            clauses.push(c.sql().trim_start_matches(" WHERE ").to_string());
        }
        clauses.push(match terms {
            Some(terms) => terms.condition("t", c),
            None => expanded[driver].condition("t", c),
        });
        if !found.area_site.is_empty() {
            clauses.push(format!("t.area_site_id = {}", param(c, found.area_site)));
        }
        for (_, other) in expanded.iter().enumerate().filter(|(i, _)| *i != driver) {
            clauses.push(other.held_by("t.product_id", c));
        }
        let join = if filtered || found.sort != Sort::Relevance {
            " JOIN products p ON p.id = t.product_id"
        } else {
            ""
        };
        format!("search_terms t{join} WHERE {}", clauses.join(" AND "))
    };

    let mut count = found.joined.clone();
    let count_sql = if expanded[driver].0.len() == 1 {
        format!("SELECT COUNT(*) FROM {}", from_driver(&mut count, None))
    } else {
        format!(
            "SELECT COUNT(*) FROM (SELECT DISTINCT t.product_id FROM {}) x",
            from_driver(&mut count, None)
        )
    };
    let key = format!("{count_sql}{}", count.cache_key());
    let total = match totals.get(&key) {
        Some(total) => total,
        None => {
            let total: i64 = count.bind(sqlx::query(&count_sql)).fetch_one(pool).await?.get(0);
            totals.put(key, total);
            total
        }
    };
    if offset >= total {
        return Ok((total, Vec::new()));
    }

    let mut c = found.joined.clone();
    let page_sql = if found.sort == Sort::Relevance {
        let walks: Vec<String> = expanded[driver]
            .0
            .iter()
            .map(|(term, longer)| {
                let one = Terms(vec![(term.clone(), *longer)]);
                format!(
                    "SELECT * FROM (SELECT t.product_id AS id, t.rank * 2 + {longer} AS score, t.popularity AS popularity \
                     FROM {} ORDER BY t.rank, t.popularity DESC, t.product_id DESC LIMIT {}) w",
                    from_driver(&mut c, Some(&one)),
                    offset + pagesize
                )
            })
            .collect();
        format!(
            "SELECT id FROM ({}) m GROUP BY id ORDER BY MIN(score), MAX(popularity) DESC, id DESC LIMIT {pagesize} OFFSET {offset}",
            walks.join(" UNION ALL ")
        )
    } else {
        format!(
            "SELECT p.id FROM products p WHERE p.id IN (SELECT t.product_id FROM {}) ORDER BY {} LIMIT {pagesize} OFFSET {offset}",
            from_driver(&mut c, None),
            found.sort.order_by().replace("+p.", "p.")
        )
    };
    let ids = c
        .bind(sqlx::query(&page_sql))
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| r.get(0))
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
