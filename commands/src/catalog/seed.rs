//! `jpmall seed`: a deterministic demo market. Product `n` is the same whatever the requested count,
//! every row has a fixed id and is inserted with ON CONFLICT DO NOTHING, so seeding again changes
//! nothing and a larger count only adds the missing products.

use std::f32::consts::PI;

use domain::money::Fen;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use sqlx::Row;

use super::market::{
    Leaf, COLOURS, FAMILIES, FEATURES, FITS, MARKETS, MATERIALS, SEASONS, STALL_NAMES, STYLES,
};
use super::pictures::{hash_source, look_hash, Design, Pattern};
use crate::clock::now;
use crate::error::{Error, Result};
use crate::Database;

pub const DEMO_MOBILE: &str = "13800000000";
pub const DEMO_PASSWORD: &str = "demo1234";
const SEED: u64 = 20_261_121;
use domain::calendar::DAY_SECONDS;
/// Every this many products one copies the design of a product of another stall, slightly changed:
/// the true answers of same-style search.
pub const NEAR_DUPLICATE_EVERY: usize = 25;
const NEAR_DUPLICATE_OFFSET: usize = 13;
const BATCH: usize = 250;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Reference,
    Products,
    Search,
    Rankings,
}

impl Stage {
    pub fn label(self) -> &'static str {
        match self {
            Stage::Reference => "markets and stalls",
            Stage::Products => "products",
            Stage::Search => "search index",
            Stage::Rankings => "rankings",
        }
    }
}

#[derive(Debug, Default)]
pub struct SeedReport {
    pub products_added: u64,
    pub products_total: i64,
    pub stalls_total: i64,
    pub demo_user_added: bool,
}

#[derive(Clone, Copy)]
enum Val<'a> {
    Text(&'a str),
    Int(i64),
    Bool(bool),
    Null,
}

/// Inserts rows with multi-row VALUES (a few round trips instead of one per row); rows whose primary
/// key exists are left alone. Answers how many were inserted.
async fn insert_rows(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    table: &str,
    columns: &[&str],
    rows: &[Vec<Val<'_>>],
) -> Result<u64> {
    let mut inserted = 0;
    // About a thousand parameters a statement: far fewer round trips than one row each, while
    // SQLite still binds numbered parameters quickly.
    let per_statement = (1_000 / columns.len()).max(1);
    for chunk in rows.chunks(per_statement) {
        let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
        let mut n = 0;
        for (i, _) in chunk.iter().enumerate() {
            if i > 0 {
                sql.push_str(", ");
            }
            let params: Vec<String> = (0..columns.len())
                .map(|_| {
                    n += 1;
                    format!("${n}")
                })
                .collect();
            sql.push_str(&format!("({})", params.join(", ")));
        }
        sql.push_str(" ON CONFLICT DO NOTHING");
        let mut query = sqlx::query(&sql);
        for row in chunk {
            for value in row {
                query = match *value {
                    Val::Text(s) => query.bind(s),
                    Val::Int(i) => query.bind(i),
                    Val::Bool(b) => query.bind(b),
                    Val::Null => query.bind(Option::<&str>::None),
                };
            }
        }
        inserted += query.execute(&mut **tx).await?.rows_affected();
    }
    Ok(inserted)
}

fn leaves() -> Vec<(&'static str, &'static Leaf)> {
    FAMILIES
        .iter()
        .flat_map(|f| f.leaves.iter().map(move |l| (f.id, l)))
        .collect()
}

struct Stall {
    id: String,
    market: usize,
    leaf: usize,
    name: String,
    floor: String,
    number: String,
    contact: String,
    wechat: String,
    follow_count: i64,
    created_at: i64,
}

fn stall(i: usize, today: i64) -> Stall {
    let mut rng = StdRng::seed_from_u64(SEED ^ 0x5741_4c4c ^ i as u64);
    let leaf_count = leaves().len();
    let letter = ['A', 'B', 'C', 'D', 'E'][rng.gen_range(0..5)];
    Stall {
        id: format!("s{:02}", i + 1),
        market: i % MARKETS.len(),
        leaf: (i * 7) % leaf_count,
        name: STALL_NAMES[i % STALL_NAMES.len()].to_string(),
        floor: format!("{}F", rng.gen_range(1..=6)),
        number: format!("{letter}{:03}", rng.gen_range(1..=420)),
        contact: format!("13{}{:08}", rng.gen_range(5..=9), rng.gen_range(0..100_000_000)),
        wechat: format!("jp_stall_{:02}", i + 1),
        follow_count: rng.gen_range(30..3_000),
        created_at: today - rng.gen_range(100..900) * DAY_SECONDS,
    }
}

pub fn stall_count() -> usize {
    STALL_NAMES.len()
}

/// The leaf and the design of product `n`, before any near-duplicate copying.
fn base_of(n: usize) -> (usize, Design) {
    let all = leaves();
    let stall = stall(n % stall_count(), 0);
    let mut rng = StdRng::seed_from_u64(SEED ^ 0xD351_6E00 ^ n as u64);
    let leaf = if rng.gen_bool(0.7) {
        stall.leaf
    } else {
        let family = all[stall.leaf].0;
        let siblings: Vec<usize> = (0..all.len()).filter(|&i| all[i].0 == family).collect();
        siblings[rng.gen_range(0..siblings.len())]
    };
    let colour_count = rng.gen_range(2..=5);
    let mut picked: Vec<usize> = Vec::new();
    while picked.len() < colour_count {
        let c = rng.gen_range(0..COLOURS.len());
        if !picked.contains(&c) {
            picked.push(c);
        }
    }
    let accent = loop {
        let c = rng.gen_range(0..COLOURS.len());
        if !picked.contains(&c) {
            break COLOURS[c].2;
        }
    };
    let pattern = [
        Pattern::Solid,
        Pattern::Stripes,
        Pattern::Dots,
        Pattern::Checks,
        Pattern::Gradient,
    ][rng.gen_range(0..5)];
    let design = Design {
        garment: all[leaf].1.garment,
        pattern,
        colors: picked.iter().map(|&c| COLOURS[c].2).collect(),
        accent,
        backdrop: [
            rng.gen_range(200..245),
            rng.gen_range(200..245),
            rng.gen_range(200..245),
        ],
        scale: rng.gen_range(0.7..1.4),
        tilt: rng.gen_range(0.0..PI),
    };
    (leaf, design)
}

/// The product `n` copies the look of, when it is a planted near-duplicate.
pub fn near_duplicate_source(n: usize) -> Option<usize> {
    (n >= NEAR_DUPLICATE_OFFSET && n % NEAR_DUPLICATE_EVERY == NEAR_DUPLICATE_EVERY - 1)
        .then(|| n - NEAR_DUPLICATE_OFFSET)
}

fn nudge(c: [u8; 3], by: i16) -> [u8; 3] {
    c.map(|v| (i16::from(v) + by).clamp(0, 255) as u8)
}

pub fn product_id(n: usize) -> String {
    format!("{}", 10_001 + n)
}

struct Product {
    id: String,
    item_no: String,
    title_zh: String,
    title_en: String,
    category: &'static str,
    stall: String,
    area_site: &'static str,
    price: Fen,
    main_count: i64,
    detail_count: i64,
    colors: String,
    sizes: String,
    design: String,
    phash: String,
    favorite_count: i64,
    views: i64,
    popularity: i64,
    sales: i64,
    shelf_at: i64,
    hot: bool,
    sea: bool,
    skus: Vec<(String, String, String, Fen, i64)>,
}

fn product(n: usize, today: i64) -> (Product, Design) {
    let all = leaves();
    let stall = stall(n % stall_count(), today);
    let (leaf, mut design) = base_of(n);
    let (leaf, design) = match near_duplicate_source(n) {
        Some(source) => {
            let (source_leaf, source_design) = base_of(source);
            design = source_design;
            // The same cut and print, photographed a little brighter on a slightly darker backdrop.
            design.colors = design.colors.iter().map(|&c| nudge(c, 3)).collect();
            design.backdrop = nudge(design.backdrop, -3);
            (source_leaf, design)
        }
        None => (leaf, design),
    };
    let leaf_def = all[leaf].1;
    let mut rng = StdRng::seed_from_u64(SEED ^ 0x9B0D_0C75 ^ n as u64);
    let pick = |rng: &mut StdRng, list: &[(&'static str, &'static str)]| list[rng.gen_range(0..list.len())];
    let (season, style, material, fit) = (
        pick(&mut rng, SEASONS),
        pick(&mut rng, STYLES),
        pick(&mut rng, MATERIALS),
        pick(&mut rng, FITS),
    );
    let feature = pick(&mut rng, FEATURES);
    let title_zh = format!(
        "{}{}{}{}{}{}",
        season.0, style.0, material.0, fit.0, feature.0, leaf_def.zh
    );
    let title_en = format!(
        "{} {} {} {} {} ({})",
        style.1,
        fit.1,
        material.1,
        feature.1,
        leaf_def.en.to_lowercase(),
        season.1
    );
    let title_en = title_en[..1].to_uppercase() + &title_en[1..];

    let base =
        Fen(rng.gen_range(leaf_def.price.0..=leaf_def.price.1) * 100 + [0, 50, 90][rng.gen_range(0..3)]);
    let colour_names: Vec<(&str, &str)> = design
        .colors
        .iter()
        .map(|rgb| {
            let nearest = COLOURS
                .iter()
                .min_by_key(|(_, _, c)| {
                    (0..3)
                        .map(|i| (i32::from(c[i]) - i32::from(rgb[i])).pow(2))
                        .sum::<i32>()
                })
                .expect("colours exist");
            (nearest.0, nearest.1)
        })
        .collect();
    let id = product_id(n);
    let mut skus = Vec::new();
    for (ci, (zh, _)) in colour_names.iter().enumerate() {
        for (si, size) in leaf_def.sizes.iter().enumerate() {
            let uplift = Fen(if si >= 3 { (si as i64 - 2) * 200 } else { 0 });
            let stock = if rng.gen_bool(0.1) {
                0
            } else {
                rng.gen_range(5..600)
            };
            skus.push((
                format!("{id}-{ci}-{si}"),
                zh.to_string(),
                size.to_string(),
                Fen(base.0 + uplift.0),
                stock,
            ));
        }
    }
    let sales = (rng.gen::<f64>().powi(3) * 3_000.0) as i64;
    let views = sales * 8 + rng.gen_range(0..2_000);
    let favorite_count = sales / 10 + rng.gen_range(0..50);
    let area_site = MARKETS[stall.market].1;
    let hash = image_hasher_hash(&design);
    let product = Product {
        item_no: format!("{}-{}", stall.number, 1_000 + n / stall_count()),
        title_zh,
        title_en,
        category: leaf_def.id,
        stall: stall.id.clone(),
        area_site,
        price: base,
        main_count: rng.gen_range(3..=5),
        detail_count: rng.gen_range(2..=4),
        colors: json!(colour_names
            .iter()
            .map(|(zh, en)| json!({"zh": zh, "en": en}))
            .collect::<Vec<_>>())
        .to_string(),
        sizes: json!(leaf_def.sizes).to_string(),
        design: serde_json::to_string(&design).expect("a design serialises"),
        phash: hash,
        favorite_count,
        views,
        popularity: views / 10 + favorite_count * 5 + sales * 2,
        sales,
        shelf_at: today - rng.gen_range(0..120 * DAY_SECONDS),
        hot: sales > 1_500,
        sea: area_site == "sea" || rng.gen_bool(0.1),
        skus,
        id,
    };
    (product, design)
}

fn image_hasher_hash(design: &Design) -> String {
    look_hash(&hash_source(design)).to_hex()
}

/// The three designs a home banner shows.
pub fn banner_designs(n: usize) -> Vec<Design> {
    (0..3).map(|k| base_of(n * 3 + k).1).collect()
}

/// Products `range`, drawn and hashed on every core (the drawing, not the database, is the cost).
fn draw_products(range: std::ops::Range<usize>, today: i64) -> Vec<Product> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(range.len().max(1));
    let chunk = range.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = range
            .clone()
            .step_by(chunk)
            .map(|first| {
                let last = (first + chunk).min(range.end);
                scope.spawn(move || (first..last).map(|n| product(n, today).0).collect::<Vec<_>>())
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|part| part.join().expect("drawing a product does not panic"))
            .collect()
    })
}

/// Seeds the demo market with `count` products; `progress(stage, done, total)` reports as it goes.
pub async fn seed(
    db: &Database,
    count: usize,
    progress: &(dyn Fn(Stage, u64, u64) + Sync),
) -> Result<SeedReport> {
    let today = now();
    let mut report = SeedReport::default();
    progress(Stage::Reference, 0, 1);
    seed_reference(db, today).await?;
    progress(Stage::Reference, 1, 1);

    let existing: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM products")
        .fetch_one(&db.pool)
        .await?;
    // Products are numbered from 0, so a market of at least `count` has them all: skip the drawing.
    let first = if existing as usize >= count { count } else { 0 };
    let mut done = first as u64;
    progress(Stage::Products, done, count as u64);
    for start in (first..count).step_by(BATCH) {
        let end = (start + BATCH).min(count);
        let batch = tokio::task::spawn_blocking(move || draw_products(start..end, today))
            .await
            .map_err(|e| Error::Internal(e.into()))?;
        let mut tx = db.begin_write().await?;
        let rows: Vec<Vec<Val>> = batch
            .iter()
            .map(|p| {
                vec![
                    Val::Text(&p.id),
                    Val::Text(&p.item_no),
                    Val::Text(&p.title_zh),
                    Val::Text(&p.title_en),
                    Val::Text(p.category),
                    Val::Text(&p.stall),
                    Val::Text(p.area_site),
                    Val::Int(p.price.0),
                    Val::Int(p.main_count),
                    Val::Int(p.detail_count),
                    Val::Text(&p.colors),
                    Val::Text(&p.sizes),
                    Val::Text(&p.design),
                    Val::Text(&p.phash),
                    Val::Int(p.favorite_count),
                    Val::Int(p.views),
                    Val::Int(p.popularity),
                    Val::Int(p.sales),
                    Val::Int(p.shelf_at),
                    Val::Bool(p.hot),
                    Val::Bool(p.sea),
                ]
            })
            .collect();
        report.products_added += insert_rows(
            &mut tx,
            "products",
            &[
                "id",
                "item_no",
                "title_zh",
                "title_en",
                "category_id",
                "stall_id",
                "area_site_id",
                "price",
                "main_count",
                "detail_count",
                "colors",
                "sizes",
                "design",
                "phash",
                "favorite_count",
                "views",
                "popularity",
                "sales",
                "shelf_at",
                "is_hot",
                "is_sea",
            ],
            &rows,
        )
        .await?;
        let sku_rows: Vec<Vec<Val>> = batch
            .iter()
            .flat_map(|p| {
                p.skus
                    .iter()
                    .enumerate()
                    .map(move |(i, (id, colour, size, price, stock))| {
                        vec![
                            Val::Text(id),
                            Val::Text(&p.id),
                            Val::Text(colour),
                            Val::Text(size),
                            Val::Int(price.0),
                            Val::Int(*stock),
                            Val::Int(i as i64),
                        ]
                    })
            })
            .collect();
        insert_rows(
            &mut tx,
            "skus",
            &["id", "product_id", "color", "size", "price", "stock", "sort"],
            &sku_rows,
        )
        .await?;
        tx.commit().await?;
        done += batch.len() as u64;
        progress(Stage::Products, done, count as u64);
    }

    // The products added, or a market seeded before the index existed, are indexed in one
    // rebuild: far faster than a batch at a time into an index that grows.
    let unindexed = report.products_added > 0
        || sqlx::query_scalar::<_, i64>(
            "SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM search_terms) \
         AND EXISTS (SELECT 1 FROM products WHERE on_shelf = 1) THEN 1 ELSE 0 END",
        )
        .fetch_one(&db.pool)
        .await?
            == 1;
    if unindexed {
        super::search_index::rebuild(db, &|done, total| progress(Stage::Search, done, total)).await?;
    }

    progress(Stage::Rankings, 0, 1);
    rank_stalls(db).await?;
    progress(Stage::Rankings, 1, 1);
    report.demo_user_added = crate::accounts::ensure_user(db, DEMO_MOBILE, DEMO_PASSWORD).await?;
    report.products_total = sqlx::query_scalar("SELECT COUNT(*) FROM products")
        .fetch_one(&db.pool)
        .await?;
    report.stalls_total = sqlx::query_scalar("SELECT COUNT(*) FROM stalls")
        .fetch_one(&db.pool)
        .await?;
    Ok(report)
}

/// Stall ranking by pieces sold in 90 days (1 = best), recomputed from the products.
async fn rank_stalls(db: &Database) -> Result<()> {
    let rows =
        sqlx::query("SELECT stall_id, CAST(SUM(sales) AS BIGINT) FROM products GROUP BY stall_id ORDER BY 2 DESC, stall_id")
            .fetch_all(&db.pool)
            .await?;
    let mut tx = db.begin_write().await?;
    for (rank, row) in rows.iter().enumerate() {
        sqlx::query("UPDATE stalls SET ranking = $1 WHERE id = $2")
            .bind(rank as i64 + 1)
            .bind(row.get::<String, _>("stall_id"))
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn seed_reference(db: &Database, today: i64) -> Result<()> {
    let mut tx = db.begin_write().await?;
    let markets: Vec<Vec<Val>> = MARKETS
        .iter()
        .enumerate()
        .map(|(i, (id, area, zh, en))| {
            vec![
                Val::Text(id),
                Val::Text(area),
                Val::Text(zh),
                Val::Text(en),
                Val::Int(i as i64),
            ]
        })
        .collect();
    insert_rows(
        &mut tx,
        "markets",
        &["id", "area_site_id", "name_zh", "name_en", "sort"],
        &markets,
    )
    .await?;

    let mut categories: Vec<Vec<Val>> = Vec::new();
    for (i, family) in FAMILIES.iter().enumerate() {
        categories.push(vec![
            Val::Text(family.id),
            Val::Null,
            Val::Text(family.zh),
            Val::Text(family.en),
            Val::Int(i as i64),
        ]);
    }
    insert_rows(
        &mut tx,
        "categories",
        &["id", "parent_id", "name_zh", "name_en", "sort"],
        &categories,
    )
    .await?;
    let children: Vec<Vec<Val>> = FAMILIES
        .iter()
        .flat_map(|f| {
            f.leaves.iter().enumerate().map(move |(i, l)| {
                vec![
                    Val::Text(l.id),
                    Val::Text(f.id),
                    Val::Text(l.zh),
                    Val::Text(l.en),
                    Val::Int(i as i64),
                ]
            })
        })
        .collect();
    insert_rows(
        &mut tx,
        "categories",
        &["id", "parent_id", "name_zh", "name_en", "sort"],
        &children,
    )
    .await?;

    let all = leaves();
    let stalls: Vec<Stall> = (0..stall_count()).map(|i| stall(i, today)).collect();
    let stall_rows: Vec<Vec<Val>> = stalls
        .iter()
        .map(|s| {
            vec![
                Val::Text(&s.id),
                Val::Text(MARKETS[s.market].0),
                Val::Text(&s.name),
                Val::Text(&s.floor),
                Val::Text(&s.number),
                Val::Text(&s.contact),
                Val::Text(&s.wechat),
                Val::Text(all[s.leaf].1.id),
                Val::Int(s.follow_count),
                Val::Int(0),
                Val::Int(s.created_at),
            ]
        })
        .collect();
    insert_rows(
        &mut tx,
        "stalls",
        &[
            "id",
            "market_id",
            "name",
            "floor",
            "number",
            "contact",
            "wechat",
            "category_id",
            "follow_count",
            "ranking",
            "created_at",
        ],
        &stall_rows,
    )
    .await?;

    let banners: Vec<Vec<Val>> = super::content::BANNERS
        .iter()
        .enumerate()
        .map(|(i, (zh, en, link))| {
            vec![
                Val::Text(["b1", "b2", "b3"][i % 3]),
                Val::Text(zh),
                Val::Text(en),
                Val::Text(
                    [
                        "/media/banner/1.jpg",
                        "/media/banner/2.jpg",
                        "/media/banner/3.jpg",
                    ][i % 3],
                ),
                Val::Text(link),
                Val::Int(i as i64),
            ]
        })
        .collect();
    insert_rows(
        &mut tx,
        "banners",
        &["id", "title_zh", "title_en", "image", "link", "sort"],
        &banners,
    )
    .await?;

    let ids: Vec<String> = (1..=super::content::NOTICES.len())
        .map(|i| format!("n{i}"))
        .collect();
    let notices: Vec<Vec<Val>> = super::content::NOTICES
        .iter()
        .enumerate()
        .map(|(i, (tz, te, cz, ce, pinned))| {
            vec![
                Val::Text(&ids[i]),
                Val::Text(tz),
                Val::Text(te),
                Val::Text(cz),
                Val::Text(ce),
                Val::Bool(*pinned),
                Val::Int(today - (i as i64 * 3 + 1) * DAY_SECONDS),
            ]
        })
        .collect();
    insert_rows(
        &mut tx,
        "notices",
        &[
            "id",
            "title_zh",
            "title_en",
            "content_zh",
            "content_en",
            "pinned",
            "published_at",
        ],
        &notices,
    )
    .await?;

    let ids: Vec<String> = (1..=super::content::TUTORIALS.len())
        .map(|i| format!("t{i}"))
        .collect();
    let tutorials: Vec<Vec<Val>> = super::content::TUTORIALS
        .iter()
        .enumerate()
        .map(|(i, (cz, ce, tz, te, bz, be))| {
            vec![
                Val::Text(&ids[i]),
                Val::Text(cz),
                Val::Text(ce),
                Val::Text(tz),
                Val::Text(te),
                Val::Text(bz),
                Val::Text(be),
                Val::Int(i as i64),
                Val::Int(today - 20 * DAY_SECONDS),
            ]
        })
        .collect();
    insert_rows(
        &mut tx,
        "tutorials",
        &[
            "id",
            "category_zh",
            "category_en",
            "title_zh",
            "title_en",
            "content_zh",
            "content_en",
            "sort",
            "updated_at",
        ],
        &tutorials,
    )
    .await?;

    let ids: Vec<String> = (1..=super::content::RESOURCES.len())
        .map(|i| format!("r{i}"))
        .collect();
    let resources: Vec<Vec<Val>> = super::content::RESOURCES
        .iter()
        .enumerate()
        .map(|(i, (cz, ce, tz, te, dz, de, url))| {
            vec![
                Val::Text(&ids[i]),
                Val::Text(cz),
                Val::Text(ce),
                Val::Text(tz),
                Val::Text(te),
                Val::Text(dz),
                Val::Text(de),
                Val::Text(url),
                Val::Int(i as i64),
            ]
        })
        .collect();
    insert_rows(
        &mut tx,
        "resources",
        &[
            "id",
            "category_zh",
            "category_en",
            "title_zh",
            "title_en",
            "description_zh",
            "description_en",
            "url",
            "sort",
        ],
        &resources,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::pictures::LookHash;

    #[test]
    fn products_are_the_same_whatever_the_count() {
        let (a, _) = product(37, 1_800_000_000);
        let (b, _) = product(37, 1_800_000_000);
        assert_eq!(
            (a.id, a.title_zh, a.phash, a.price),
            (b.id, b.title_zh, b.phash, b.price)
        );
    }

    #[test]
    fn planted_near_duplicates_look_alike_and_come_from_another_stall() {
        let n = NEAR_DUPLICATE_EVERY * 3 - 1;
        let source = near_duplicate_source(n).unwrap();
        let (copy, _) = product(n, 0);
        let (original, _) = product(source, 0);
        assert_ne!(copy.stall, original.stall);
        let distance = |a: &str, b: &str| {
            LookHash::from_hex(a)
                .unwrap()
                .distance(&LookHash::from_hex(b).unwrap())
        };
        assert!(
            distance(&copy.phash, &original.phash) <= 12,
            "{} vs {}",
            copy.phash,
            original.phash
        );
        let (unrelated, _) = product(n - 1, 0);
        assert!(distance(&copy.phash, &unrelated.phash) > distance(&copy.phash, &original.phash));
    }

    #[test]
    fn titles_read_like_a_clothing_market() {
        let (p, _) = product(5, 0);
        assert!(p.title_zh.starts_with("2026"), "{}", p.title_zh);
        assert!(p.title_en.contains("(2026"), "{}", p.title_en);
        assert!(!p.skus.is_empty());
        assert!(p.skus.iter().all(|s| s.3 >= p.price));
    }
}
