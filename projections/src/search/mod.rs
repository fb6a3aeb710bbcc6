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

/// Index rows read to judge which atom is rarest: enough to tell a rare term from a common one.
const RARITY_PROBE: i64 = 1_000;

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

/// Numbers parameters after those of the filter's conditions.
struct Params<'a> {
    c: &'a mut Conditions,
}

impl Params<'_> {
    fn text(&mut self, value: &str) -> String {
        self.c.args.push(Arg::Text(value.to_string()));
        format!("${}", self.c.args.len())
    }
}

impl Atom {
    /// The condition on index rows `t` that hold this atom.
    fn condition(&self, t: &str, params: &mut Params) -> String {
        match self {
            Atom::Exact(term) => format!("{t}.term = {}", params.text(term)),
            Atom::Prefix(prefix) => {
                let from = params.text(prefix);
                let to = params.text(&format!("{prefix}{AFTER_EVERY_CHAR}"));
                format!("{t}.term >= {from} AND {t}.term < {to}")
            }
        }
    }

    /// How well a row `t` holding this atom matches, lower better: where the product holds the
    /// term (item number, title, the rest), and for a prefix whether the term is the whole word.
    fn score(&self, t: &str, params: &mut Params) -> String {
        match self {
            Atom::Exact(_) => format!("{t}.rank * 2"),
            Atom::Prefix(prefix) => format!(
                "{t}.rank * 2 + CASE WHEN {t}.term = {} THEN 0 ELSE 1 END",
                params.text(prefix)
            ),
        }
    }
}

/// The rarest atom, judged by counting up to [`RARITY_PROBE`] of each one's rows.
async fn rarest(pool: &AnyPool, atoms: &[Atom], area_site: &str) -> sqlx::Result<usize> {
    if atoms.len() == 1 {
        return Ok(0);
    }
    let mut best = (i64::MAX, 0);
    for (i, atom) in atoms.iter().enumerate() {
        let mut c = Conditions::default();
        let mut params = Params { c: &mut c };
        let mut condition = atom.condition("t", &mut params);
        if !area_site.is_empty() {
            condition.push_str(&format!(" AND t.area_site_id = {}", params.text(area_site)));
        }
        let sql = format!(
            "SELECT COUNT(*) FROM (SELECT 1 FROM search_terms t WHERE {condition} LIMIT {RARITY_PROBE}) x"
        );
        let count: i64 = c.bind(sqlx::query(&sql)).fetch_one(pool).await?.get(0);
        if count < best.0 {
            best = (count, i);
        }
        if count == 0 {
            break;
        }
    }
    Ok(best.1)
}

/// The total of the products `keyword` finds under the filter `c` (conditions on `p`, the
/// product) and the ids of one page of them, in `sort`'s order (relevance: best match first,
/// then popularity). A keyword with no word in it finds nothing.
pub(crate) async fn product_ids(
    pool: &AnyPool,
    totals: &ListTotals,
    mut c: Conditions,
    area_site: &str,
    keyword: &str,
    sort: Sort,
    (page, pagesize): (i64, i64),
) -> sqlx::Result<(i64, Vec<String>)> {
    let Some(query) = Query::parse(keyword) else {
        return Ok((0, Vec::new()));
    };
    let atoms = atoms(&query);
    let driver = rarest(pool, &atoms, area_site).await?;
    let filtered = !c.sql().is_empty();
    let filter_sql = c.sql();
    let filter_sql = filter_sql.strip_prefix(" WHERE ").unwrap_or_default().to_string();
    let mut params = Params { c: &mut c };
    let mut driving = atoms[driver].condition("t", &mut params);
    if !area_site.is_empty() {
        driving.push_str(&format!(" AND t.area_site_id = {}", params.text(area_site)));
    }
    let offset = (page - 1) * pagesize;
    let (count_sql, page_sql) = if atoms.len() == 1 && matches!(atoms[0], Atom::Exact(_)) {
        // One exact term: a product holds it once, and its rows are in relevance order already.
        let from = if filtered {
            format!("search_terms t JOIN products p ON p.id = t.product_id WHERE {driving} AND {filter_sql}")
        } else {
            format!("search_terms t WHERE {driving}")
        };
        let order = if sort == Sort::Relevance {
            "t.rank, t.popularity DESC, t.product_id DESC".to_string()
        } else {
            sort.order_by().to_string()
        };
        let from = if sort != Sort::Relevance && !filtered {
            format!("search_terms t JOIN products p ON p.id = t.product_id WHERE {driving}")
        } else {
            from
        };
        (
            format!("SELECT COUNT(*) FROM {from}"),
            format!("SELECT t.product_id FROM {from} ORDER BY {order} LIMIT {pagesize} OFFSET {offset}"),
        )
    } else {
        // Several terms, or a prefix (which a product may hold as several terms): the driving
        // atom's products, each once, with its best score and each other atom's.
        let mut scores = vec![format!("MIN({})", atoms[driver].score("t", &mut params))];
        let mut columns = Vec::new();
        for (i, atom) in atoms.iter().enumerate().filter(|(i, _)| *i != driver) {
            let held = atom.condition("u", &mut params);
            let score = atom.score("u", &mut params);
            columns.push(format!(
                ", (SELECT MIN({score}) FROM search_terms u WHERE u.product_id = t.product_id AND {held}) AS s{i}"
            ));
            scores.push(format!("m.s{i}"));
        }
        let found: Vec<String> = atoms
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != driver)
            .map(|(i, _)| format!("m.s{i} IS NOT NULL"))
            .collect();
        let matched = format!(
            "(SELECT t.product_id AS id, {} AS s, MAX(t.popularity) AS popularity{} \
             FROM search_terms t WHERE {driving} GROUP BY t.product_id) m",
            scores[0],
            columns.join("")
        );
        let mut conditions = found;
        let join = if filtered || sort != Sort::Relevance {
            if filtered {
                conditions.push(filter_sql.clone());
            }
            " JOIN products p ON p.id = m.id"
        } else {
            ""
        };
        let mut relevance = vec!["m.s".to_string()];
        relevance.extend(scores.iter().skip(1).cloned());
        let where_sql = if conditions.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", conditions.join(" AND "))
        };
        let order = if sort == Sort::Relevance {
            format!("{}, m.popularity DESC, m.id DESC", relevance.join(" + "))
        } else {
            sort.order_by().to_string()
        };
        (
            format!("SELECT COUNT(*) FROM {matched}{join}{where_sql}"),
            format!("SELECT m.id FROM {matched}{join}{where_sql} ORDER BY {order} LIMIT {pagesize} OFFSET {offset}"),
        )
    };
    let key = format!("{count_sql}{}", c.cache_key());
    let total = match totals.get(&key) {
        Some(total) => total,
        None => {
            let total: i64 = c.bind(sqlx::query(&count_sql)).fetch_one(pool).await?.get(0);
            totals.put(key, total);
            total
        }
    };
    let ids = if offset >= total {
        Vec::new()
    } else {
        c.bind(sqlx::query(&page_sql))
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect()
    };
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
