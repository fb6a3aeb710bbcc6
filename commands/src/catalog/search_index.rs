//! The keyword search index (`search_terms`, migration 0028): written in the transaction of every
//! change that moves what a product is found by (its own edit and shelving, its stall's, category's
//! and market's), so a search sees a change the moment it commits; and rebuilt whole by
//! `jpmall rebuild search`. Only products on the shelf are indexed: what is not for sale is never
//! found. Titles, stall and category names are also indexed as they read in pinyin
//! (`domain::search::reading_terms`), for sellers who type `weiyi` or `wy` for 卫衣.

use std::collections::BTreeMap;
use std::collections::BTreeSet;

use domain::search::{index_terms, normalise, reading_terms, Field, MAX_TERM_CHARS, PINYIN_MARK};
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

/// An index row's columns: the term, where the product holds it, and what the lists filter and
/// sort by (migration 0029), so a search never looks its matches up in `products`.
const COLUMNS: &str =
    "term, rank, popularity, product_id, area_site_id, price, sales, shelf_at, is_hot, is_sea, \
                       stall_id, category_id";

/// What the index is built from: the product with the names of its stall and categories.
const SOURCE: &str =
    "SELECT p.id, p.item_no, p.title_zh, p.title_en, p.colors, p.popularity, p.area_site_id, \
     s.name AS stall_name, c.name_zh AS category_zh, c.name_en AS category_en, \
     COALESCE(pc.name_zh, '') AS parent_zh, COALESCE(pc.name_en, '') AS parent_en, p.on_shelf, \
     p.price, p.sales, p.shelf_at, CASE WHEN p.is_hot THEN 1 ELSE 0 END AS is_hot, \
     CASE WHEN p.is_sea THEN 1 ELSE 0 END AS is_sea, p.stall_id, p.category_id \
     FROM products p JOIN stalls s ON s.id = p.stall_id JOIN categories c ON c.id = p.category_id \
     LEFT JOIN categories pc ON pc.id = c.parent_id";

/// The terms of one product read by [`SOURCE`].
fn product_terms(row: &sqlx::any::AnyRow) -> BTreeMap<String, i64> {
    let colours: Vec<serde_json::Value> =
        serde_json::from_str(&row.get::<String, _>("colors")).unwrap_or_default();
    let names = [
        "stall_name",
        "category_zh",
        "category_en",
        "parent_zh",
        "parent_en",
    ];
    let names: Vec<String> = names.into_iter().map(|column| row.get(column)).collect();
    let mut others = names.clone();
    for colour in &colours {
        for name in ["zh", "en"] {
            if let Some(name) = colour.get(name).and_then(|v| v.as_str()) {
                others.push(name.to_string());
            }
        }
    }
    terms_of(
        &row.get::<String, _>("item_no"),
        [
            &row.get::<String, _>("title_zh"),
            &row.get::<String, _>("title_en"),
        ],
        &others,
        &names,
    )
}

/// Every term of a product and the best rank it holds it at; the pinyin readings of its titles
/// and of its stall's and categories' names (`read`) too, at the rank of what they read, not of
/// colours (`hs` would find every black and red product).
fn terms_of(item_no: &str, titles: [&str; 2], others: &[String], read: &[String]) -> BTreeMap<String, i64> {
    let mut found = BTreeSet::new();
    index_terms(item_no, Field::ItemNo, &mut found);
    for title in titles {
        index_terms(title, Field::Title, &mut found);
        reading_terms(title, Field::Title, &mut found);
    }
    for other in others {
        index_terms(other, Field::Other, &mut found);
    }
    for name in read {
        reading_terms(name, Field::Other, &mut found);
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

/// How [`gather`] reads products on PostgreSQL.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Read {
    /// Share-locked: an edit committing meanwhile waits and then indexes itself, instead of being
    /// overwritten by what was read before it.
    Locked,
    /// Plainly: the caller's lock on the index already orders every edit's re-index after it.
    Plain,
}

/// Reads the products `condition` selects (on the shelf or not; `$1` is `arg`) and gathers the
/// terms of those on the shelf; answers the ids read.
async fn gather(
    conn: &mut AnyConnection,
    condition: &str,
    args: &[&str],
    read: Read,
    rows: &mut Rows,
) -> Result<Vec<String>> {
    let lock = if read == Read::Locked && conn.backend_name() == "PostgreSQL" {
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
        let id: String = row.get("id");
        if row.get::<i64, _>("on_shelf") != 0 {
            let (popularity, site): (i64, String) = (row.get("popularity"), row.get("area_site_id"));
            let numbers: [i64; 5] =
                ["price", "sales", "shelf_at", "is_hot", "is_sea"].map(|column| row.get(column));
            let (stall, category): (String, String) = (row.get("stall_id"), row.get("category_id"));
            for (term, rank) in product_terms(row) {
                rows.push([
                    Cell::Text(term),
                    Cell::Int(rank),
                    Cell::Int(popularity),
                    Cell::Text(id.clone()),
                    Cell::Text(site.clone()),
                    Cell::Int(numbers[0]),
                    Cell::Int(numbers[1]),
                    Cell::Int(numbers[2]),
                    Cell::Int(numbers[3]),
                    Cell::Int(numbers[4]),
                    Cell::Text(stall.clone()),
                    Cell::Text(category.clone()),
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
    let mut rows = Rows::new(&format!("search_terms ({COLUMNS})"), "");
    let ids = gather(tx, &format!("({condition})"), args, Read::Locked, &mut rows).await?;
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

/// The indexes of `table`, as migrations 0028 and 0029 make those of `search_terms`: made after
/// a rebuild fills the table, in one sort each instead of an insert per row. `prefix` begins
/// their names.
fn indexes(engine: Engine, table: &str, prefix: &str) -> Vec<String> {
    match engine {
        // The order is the table's own key (WITHOUT ROWID).
        Engine::Sqlite => vec![format!(
            "CREATE INDEX {prefix}_product ON {table} (product_id, term)"
        )],
        Engine::Postgres => vec![
            format!(
                "CREATE UNIQUE INDEX {prefix}_order ON {table} (term, rank, popularity DESC, product_id DESC) \
                 INCLUDE (area_site_id)"
            ),
            format!("CREATE INDEX {prefix}_product ON {table} (product_id, term) INCLUDE (rank)"),
        ],
    }
}

/// Every row of the staging table into `table`, in the index's key order.
fn insert_in_key_order(table: &str) -> String {
    format!(
        "INSERT INTO {table} ({COLUMNS}) SELECT {COLUMNS} FROM search_terms_staged \
         ORDER BY term, rank, popularity DESC, product_id DESC"
    )
}

/// PostgreSQL's statistics of the terms, as migration 0029 sets them, set again on the table a
/// rebuild swaps in. How many terms there are, as a share of the rows (100,000 seeded products
/// hold 103,000 terms in 6.4 million rows): sampled, it guessed 1,500, so a term of an item number
/// was estimated at 2,500 rows instead of one. And the thousand most common terms, not the
/// hundred: `hoodie`, held by 14,000 products, was not among a hundred, was estimated at 32 rows,
/// and 黑色 hoodie was planned as 14,000 probes instead of one join.
const TERM_STATISTICS: [&str; 2] = [
    "ALTER TABLE search_terms ALTER COLUMN term SET (n_distinct = -0.016)",
    "ALTER TABLE search_terms ALTER COLUMN term SET STATISTICS 1000",
];

/// Rebuilds the whole index from the products in one transaction: the terms are gathered into a
/// staging table, then written in the index's key order, and the indexes made after. Written a
/// product at a time, six million terms in key order random to the B-tree took minutes; in
/// order, the table is appended to. Searches meanwhile read the old index (SQLite's readers,
/// PostgreSQL's MVCC); catalogue writes wait for the end (PostgreSQL: a lock on the index table
/// taken first, so no edit commits between the read of its product and the swap).
///
/// PostgreSQL fills a new table and swaps it in: emptying the old one by `DELETE` left six
/// million dead rows beside the new ones (the table measured 2.4 GB instead of about one) until a
/// vacuum. The swap's `DROP` waits for the searches reading the old table, and then takes a
/// moment. The new table is vacuumed after, so searches read its index alone (the visibility
/// map). SQLite reuses the pages a `DELETE` frees.
///
/// `progress` is told products done of the total. Answers the terms written.
pub async fn rebuild(db: &Database, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<u64> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products")
        .fetch_one(&db.pool)
        .await?;
    let mut tx = db.begin_write().await?;
    let staged = match db.engine {
        Engine::Postgres => {
            sqlx::query("LOCK TABLE search_terms IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await?;
            "CREATE TEMP TABLE search_terms_staged ON COMMIT DROP AS SELECT * FROM search_terms WITH NO DATA"
        }
        Engine::Sqlite => {
            // A pooled connection keeps its temporary tables: one a failed rebuild left is dropped.
            sqlx::query("DROP TABLE IF EXISTS temp.search_terms_staged")
                .execute(&mut *tx)
                .await?;
            "CREATE TEMP TABLE search_terms_staged AS SELECT * FROM search_terms WHERE 0"
        }
    };
    sqlx::query(staged).execute(&mut *tx).await?;
    let (mut done, mut written) = (0u64, 0u64);
    progress(0, total as u64);
    let mut after = String::new();
    loop {
        let mut rows = Rows::new(&format!("search_terms_staged ({COLUMNS})"), "");
        let condition = format!(
            "p.id > $1 AND p.id IN (SELECT id FROM products WHERE id > $1 ORDER BY id LIMIT {REBUILD_BATCH})"
        );
        let ids = gather(&mut tx, &condition, &[&after], Read::Plain, &mut rows).await?;
        let Some(last) = ids.last().cloned() else {
            break;
        };
        written += rows.len() as u64;
        rows.write(&mut tx).await?;
        done += ids.len() as u64;
        progress(done.min(total as u64), total.max(done as i64) as u64);
        after = last;
    }
    let mut statements = Vec::new();
    match db.engine {
        Engine::Sqlite => {
            statements.push("DROP INDEX search_terms_product".to_string());
            statements.push("DELETE FROM search_terms".to_string());
            statements.push(insert_in_key_order("search_terms"));
            statements.extend(indexes(db.engine, "search_terms", "search_terms"));
            statements.push("DROP TABLE temp.search_terms_staged".to_string());
        }
        Engine::Postgres => {
            statements
                .push("CREATE TABLE search_terms_rebuilt (LIKE search_terms INCLUDING DEFAULTS)".to_string());
            statements.push(insert_in_key_order("search_terms_rebuilt"));
            statements.extend(indexes(db.engine, "search_terms_rebuilt", "search_terms_rebuilt"));
            statements.push("DROP TABLE search_terms".to_string());
            statements.push("ALTER TABLE search_terms_rebuilt RENAME TO search_terms".to_string());
            for index in ["order", "product"] {
                statements.push(format!(
                    "ALTER INDEX search_terms_rebuilt_{index} RENAME TO search_terms_{index}"
                ));
            }
            statements.extend(TERM_STATISTICS.map(String::from));
        }
    }
    for statement in statements {
        sqlx::query(&statement).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    if db.engine == Engine::Postgres {
        sqlx::query("VACUUM (ANALYZE) search_terms")
            .execute(&db.pool)
            .await?;
    }
    Ok(written)
}

/// Rebuilds the index when it was written before titles and names were indexed as they read in
/// pinyin (it holds terms, none a reading): run at start-up, so an upgraded market finds `weiyi`
/// without a manual `jpmall rebuild search`. Two index seeks when there is nothing to do.
/// Answers whether it rebuilt.
pub async fn add_readings_if_missing(db: &Database) -> Result<bool> {
    let upper = format!("{}{}", &PINYIN_MARK[..PINYIN_MARK.len() - 1], ';');
    let unread: i64 = sqlx::query_scalar(
        "SELECT CASE WHEN EXISTS (SELECT 1 FROM search_terms) \
         AND NOT EXISTS (SELECT 1 FROM search_terms WHERE term >= $1 AND term < $2) THEN 1 ELSE 0 END",
    )
    .bind(PINYIN_MARK)
    .bind(upper)
    .fetch_one(&db.pool)
    .await?;
    if unread == 0 {
        return Ok(false);
    }
    tracing::info!("the search index predates its pinyin readings: rebuilding it");
    rebuild(db, &|_, _| {}).await?;
    Ok(true)
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
            &["卫衣".to_string()],
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
        assert_eq!(
            terms["py:weiyi"], RANK_TITLE,
            "read as pinyin at the rank of the title"
        );
        assert_eq!(terms["pi:hb"], RANK_TITLE);
        assert!(!terms.contains_key("py:heise"), "colours are not read as pinyin");
    }
}
