//! The keyword search index (`search_terms`, migration 0028): written in the transaction of every
//! change that moves what a product is found by (its own edit and shelving, its stall's, category's
//! and market's), so a search sees a change the moment it commits; and rebuilt whole by
//! `jpmall rebuild search`. Only products on the shelf are indexed: what is not for sale is never
//! found.

use std::collections::BTreeMap;
use std::collections::BTreeSet;

use domain::search::{index_terms, normalise, Field, MAX_TERM_CHARS};
use sqlx::{Any, AnyConnection, Row, Transaction};
use statements::{Cell, Rows};

use crate::error::Result;
use crate::{Database, Engine};

/// Where a product holds a term, best first: its whole item number, its title (or a part of its
/// item number), its stall, category or colour names.
pub const RANK_ITEM_NO: i64 = 0;
pub const RANK_TITLE: i64 = 1;
pub const RANK_OTHER: i64 = 2;

/// Products read and indexed per statement of a rebuild.
const REBUILD_BATCH: usize = 2_000;

const INTO: &str = "search_terms (term, rank, popularity, product_id, area_site_id)";

/// What the index is built from: the product with the names of its stall and categories.
const SOURCE: &str =
    "SELECT p.id, p.item_no, p.title_zh, p.title_en, p.colors, p.popularity, p.area_site_id, \
     s.name, c.name_zh, c.name_en, COALESCE(pc.name_zh, ''), COALESCE(pc.name_en, ''), p.on_shelf \
     FROM products p JOIN stalls s ON s.id = p.stall_id JOIN categories c ON c.id = p.category_id \
     LEFT JOIN categories pc ON pc.id = c.parent_id";

/// The terms of one product read by [`SOURCE`].
fn product_terms(row: &sqlx::any::AnyRow) -> BTreeMap<String, i64> {
    let colours: Vec<serde_json::Value> = serde_json::from_str(&row.get::<String, _>(4)).unwrap_or_default();
    let mut others: Vec<String> = (7..=11).map(|column| row.get(column)).collect();
    for colour in &colours {
        for name in ["zh", "en"] {
            if let Some(name) = colour.get(name).and_then(|v| v.as_str()) {
                others.push(name.to_string());
            }
        }
    }
    terms_of(
        &row.get::<String, _>(1),
        [&row.get::<String, _>(2), &row.get::<String, _>(3)],
        &others,
    )
}

/// Every term of a product and the best rank it holds it at.
fn terms_of(item_no: &str, titles: [&str; 2], others: &[String]) -> BTreeMap<String, i64> {
    let mut found = BTreeSet::new();
    index_terms(item_no, Field::ItemNo, &mut found);
    for title in titles {
        index_terms(title, Field::Title, &mut found);
    }
    for other in others {
        index_terms(other, Field::Other, &mut found);
    }
    let whole: String = normalise(item_no.trim()).chars().take(MAX_TERM_CHARS).collect();
    let mut terms = BTreeMap::new();
    for (term, field) in found {
        let rank = match field {
            Field::ItemNo if term == whole => RANK_ITEM_NO,
            Field::ItemNo | Field::Title => RANK_TITLE,
            Field::Other => RANK_OTHER,
        };
        let best = terms.entry(term).or_insert(rank);
        *best = (*best).min(rank);
    }
    terms
}

/// Reads the products `condition` selects (on the shelf or not; `$1` is `arg`) and gathers the
/// terms of those on the shelf; answers the ids read. On PostgreSQL the rows are share-locked,
/// so an edit committing meanwhile waits and then indexes itself, instead of being overwritten
/// by what was read before it.
async fn gather(
    conn: &mut AnyConnection,
    condition: &str,
    args: &[&str],
    rows: &mut Rows,
) -> Result<Vec<String>> {
    let lock = if conn.backend_name() == "PostgreSQL" {
        " FOR SHARE OF p"
    } else {
        ""
    };
    let sql = format!("{SOURCE} WHERE {condition} ORDER BY p.id{lock}");
    let mut query = sqlx::query(&sql);
    for arg in args {
        query = query.bind(*arg);
    }
    let found = query.fetch_all(&mut *conn).await?;
    let mut ids = Vec::with_capacity(found.len());
    for row in &found {
        let id: String = row.get(0);
        if row.get::<i64, _>(12) != 0 {
            let (popularity, site): (i64, String) = (row.get(5), row.get(6));
            for (term, rank) in product_terms(row) {
                rows.push([
                    Cell::Text(term),
                    Cell::Int(rank),
                    Cell::Int(popularity),
                    Cell::Text(id.clone()),
                    Cell::Text(site.clone()),
                ]);
            }
        }
        ids.push(id);
    }
    Ok(ids)
}

/// Deletes the terms of these products.
async fn forget(conn: &mut AnyConnection, ids: &[String]) -> Result<()> {
    for chunk in ids.chunks(500) {
        let list: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "DELETE FROM search_terms WHERE product_id IN ({})",
            list.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(id.as_str());
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Re-indexes the products `condition` selects, in the caller's transaction: `condition` is SQL
/// over `p` (the product), `c` (its category) and `s` (its stall), with `$1`… bound to `args`.
pub async fn reindex_where(tx: &mut Transaction<'static, Any>, condition: &str, args: &[&str]) -> Result<()> {
    let mut rows = Rows::new(INTO, "");
    let ids = gather(tx, &format!("({condition})"), args, &mut rows).await?;
    forget(tx, &ids).await?;
    rows.write(tx).await?;
    Ok(())
}

/// Re-indexes one product, in the caller's transaction.
pub async fn reindex_product(tx: &mut Transaction<'static, Any>, id: &str) -> Result<()> {
    reindex_where(tx, "p.id = $1", &[id]).await
}

/// Re-indexes every product of a stall (renamed, moved, closed or opened).
pub async fn reindex_stall(tx: &mut Transaction<'static, Any>, stall_id: &str) -> Result<()> {
    reindex_where(tx, "p.stall_id = $1", &[stall_id]).await
}

/// Re-indexes every product of a category or of its sub-categories (renamed).
pub async fn reindex_category(tx: &mut Transaction<'static, Any>, category_id: &str) -> Result<()> {
    reindex_where(tx, "c.id = $1 OR c.parent_id = $1", &[category_id]).await
}

/// The index of a product's terms, as migration 0028 makes it: dropped while a rebuild fills the
/// table and made again after, in one sort instead of an insert per row.
fn product_index(engine: Engine) -> &'static str {
    match engine {
        Engine::Sqlite => "CREATE INDEX search_terms_product ON search_terms (product_id, term)",
        Engine::Postgres => {
            "CREATE INDEX search_terms_product ON search_terms (product_id, term) INCLUDE (rank)"
        }
    }
}

/// Rebuilds the whole index from the products in one transaction: the terms are gathered into a
/// staging table, then written into the index in its key order and the product index made after.
/// Written a product at a time, six million terms in key order random to the B-tree took
/// minutes; in order, the table is appended to. Searches meanwhile read the old index (SQLite's
/// readers, PostgreSQL's MVCC); catalogue writes wait for the end (PostgreSQL: a lock on the
/// index table taken first, so no edit commits between the read of its product and the swap).
/// `progress` is told products done of the total. Answers the terms written.
pub async fn rebuild(db: &Database, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<u64> {
    let total: i64 = sqlx::query("SELECT COUNT(*) FROM products")
        .fetch_one(&db.pool)
        .await?
        .get(0);
    let mut tx = db.begin_write().await?;
    let staged = match db.engine {
        Engine::Postgres => {
            sqlx::query("LOCK TABLE search_terms IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await?;
            "CREATE TEMP TABLE search_terms_staged (term TEXT COLLATE \"C\", rank BIGINT, popularity BIGINT, \
             product_id TEXT, area_site_id TEXT) ON COMMIT DROP"
        }
        Engine::Sqlite => {
            "CREATE TEMP TABLE search_terms_staged (term TEXT, rank INTEGER, popularity INTEGER, product_id TEXT, \
             area_site_id TEXT)"
        }
    };
    if db.engine == Engine::Sqlite {
        // A pooled connection keeps its temporary tables: one a failed rebuild left is dropped.
        sqlx::query("DROP TABLE IF EXISTS temp.search_terms_staged")
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query(staged).execute(&mut *tx).await?;
    let (mut done, mut written) = (0u64, 0u64);
    progress(0, total as u64);
    let mut after = String::new();
    loop {
        let mut rows = Rows::new(
            "search_terms_staged (term, rank, popularity, product_id, area_site_id)",
            "",
        );
        let condition = format!(
            "p.id > $1 AND p.id IN (SELECT id FROM products WHERE id > $1 ORDER BY id LIMIT {REBUILD_BATCH})"
        );
        let ids = gather(&mut tx, &condition, &[&after], &mut rows).await?;
        let Some(last) = ids.last().cloned() else {
            break;
        };
        written += rows.len() as u64;
        rows.write(&mut tx).await?;
        done += ids.len() as u64;
        progress(done.min(total as u64), total.max(done as i64) as u64);
        after = last;
    }
    for statement in [
        "DROP INDEX search_terms_product",
        "DELETE FROM search_terms",
        "INSERT INTO search_terms (term, rank, popularity, product_id, area_site_id) \
         SELECT term, rank, popularity, product_id, area_site_id FROM search_terms_staged \
         ORDER BY term, rank, popularity DESC, product_id DESC",
        product_index(db.engine),
    ] {
        sqlx::query(statement).execute(&mut *tx).await?;
    }
    if db.engine == Engine::Sqlite {
        sqlx::query("DROP TABLE temp.search_terms_staged")
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    if db.engine == Engine::Postgres {
        sqlx::query("ANALYZE search_terms").execute(&db.pool).await?;
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_is_kept_once_at_the_best_place_the_product_holds_it() {
        let terms = terms_of(
            "A1-2301",
            ["韩版卫衣", "Korean hoodie"],
            &["卫衣".to_string(), "黑色".to_string(), "Black".to_string()],
        );
        assert_eq!(terms["a1-2301"], RANK_ITEM_NO);
        assert_eq!(terms["a1"], RANK_TITLE);
        assert_eq!(terms["2301"], RANK_TITLE);
        assert_eq!(
            terms["卫衣"], RANK_TITLE,
            "in the title and the category: the title counts"
        );
        assert_eq!(terms["hoodie"], RANK_TITLE);
        assert_eq!(terms["黑色"], RANK_OTHER);
        assert_eq!(terms["black"], RANK_OTHER);
        assert!(!terms.contains_key("版卫衣"), "pairs and single characters only");
        assert!(terms.contains_key("韩"));
    }
}
