//! The staff's Excel import of products: the template, reading an uploaded sheet (headers in either
//! language, in any order) and the pictures zip beside it, both bounded before they are decoded, and
//! the background work that checks an upload into a preview and applies a confirmed one
//! (`commands::catalog::import`).

use std::collections::{HashMap, HashSet};
use std::io::{Cursor, Read};

use commands::catalog::import::{self, picture_key, picture_names, PictureLookup, Plan, RowReport, SheetRow};
use commands::catalog::import_record;
use commands::catalog::products::{store_picture, PictureDirs};
use commands::clock::now;
use commands::Refusal;
use domain::category_path::{self, Category};
use projections::product_imports::ImportRecord;
use rust_xlsxwriter::XlsxError;
use serde::Serialize;

use crate::excel::headed::{headed_rows, Table};
use crate::excel::sheet::{Book, Cell};
use crate::i18n::{message, Language};
use crate::state::AppState;

/// A sheet holds at most this many data rows (one per SKU).
pub const MAX_ROWS: usize = 5_000;
/// The pictures zip: its size, how many files it may hold, and each file once unpacked.
pub const MAX_ZIP_BYTES: usize = 100 * 1024 * 1024;
const MAX_ZIP_FILES: usize = 2_000;
const MAX_PICTURE_BYTES: u64 = commands::uploads::MAX_UPLOAD_BYTES as u64;
const MAX_UNPACKED_BYTES: u64 = 400 * 1024 * 1024;

/// The template's columns, in order. The first eight are required in a file.
pub const COLUMNS: [&str; 15] = [
    "item_no",
    "title_zh",
    "category",
    "stall",
    "colour",
    "size",
    "price",
    "stock",
    "title_en",
    "colour_en",
    "main_pictures",
    "colour_picture",
    "detail_pictures",
    "is_hot",
    "is_sea",
];
const REQUIRED: usize = 8;

pub fn column_title(column: &str, lang: Language) -> String {
    message(lang, &format!("import.col.{column}"), &[])
}

/// The template: the header row, an example product of two colours × two sizes, a second sheet
/// saying what each column takes, and a third listing every category a product can be in, by its
/// path in each language and its code (what the category column takes).
pub fn template(lang: Language, categories: &[Category]) -> Result<Vec<u8>, XlsxError> {
    let english = lang == Language::EnUs;
    let leaves = category_path::leaves(categories);
    let example_category = match leaves.first() {
        Some(first) => category_path::display_path(categories, first, english),
        None => message(lang, "import.example.category", &[]),
    };
    let mut book = Book::new();
    let titles: Vec<String> = COLUMNS.iter().map(|c| column_title(c, lang)).collect();
    let widths = [
        12.0, 24.0, 12.0, 14.0, 10.0, 8.0, 10.0, 8.0, 24.0, 12.0, 28.0, 16.0, 24.0, 8.0, 10.0,
    ];
    let sheet = book.add_sheet(&message(lang, "import.sheet.products", &[]), &titles, &widths)?;
    for (colour, colour_en, size, stock) in [
        ("白色", "White", "M", "20"),
        ("白色", "White", "L", "15"),
        ("黑色", "Black", "M", "12"),
        ("黑色", "Black", "L", "0"),
    ] {
        let cells = [
            "A1001",
            "纯棉圆领短袖T恤",
            &example_category,
            &message(lang, "import.example.stall", &[]),
            colour,
            size,
            "29.90",
            stock,
            "Cotton crew-neck tee",
            colour_en,
            "a1001-1.jpg;a1001-2.jpg",
            if colour == "白色" {
                "a1001-white.jpg"
            } else {
                "a1001-black.jpg"
            },
            "a1001-detail.jpg",
            &message(lang, "import.example.yes", &[]),
            &message(lang, "import.example.no", &[]),
        ];
        book.write_row(sheet, &cells.map(|c| Cell::Text(c.to_string())))?;
    }
    let help = [
        message(lang, "excel.col.column", &[]),
        message(lang, "excel.col.accepted", &[]),
    ];
    let sheet = book.add_sheet(
        &message(lang, "excel.sheet.instructions", &[]),
        &help,
        &[18.0, 90.0],
    )?;
    for column in COLUMNS {
        book.write_row(
            sheet,
            &[
                Cell::Text(column_title(column, lang)),
                Cell::Text(message(lang, &format!("import.help.{column}"), &[])),
            ],
        )?;
    }
    let titles =
        ["path", "path_other", "code"].map(|c| message(lang, &format!("import.categories.{c}"), &[]));
    let sheet = book.add_sheet(
        &message(lang, "import.sheet.categories", &[]),
        &titles,
        &[30.0, 30.0, 14.0],
    )?;
    for category in leaves {
        book.write_row(
            sheet,
            &[
                Cell::Text(category_path::display_path(categories, category, english)),
                Cell::Text(category_path::display_path(categories, category, !english)),
                Cell::Text(category.id.clone()),
            ],
        )?;
    }
    book.to_bytes()
}

/// The data rows of the first sheet, or why the file cannot be imported (nothing is started then).
pub fn read_rows(bytes: &[u8], lang: Language) -> Result<Vec<SheetRow>, Refusal> {
    let table = Table {
        columns: &COLUMNS,
        required: &|column| COLUMNS[..REQUIRED].contains(&column),
        title: column_title,
        max_rows: MAX_ROWS,
    };
    Ok(headed_rows(bytes, &table, lang)?
        .into_iter()
        .map(|headed| {
            let mut row = SheetRow {
                row: headed.row,
                ..SheetRow::default()
            };
            for (column, cell) in headed.cells {
                let slot = match column {
                    "item_no" => &mut row.item_no,
                    "title_zh" => &mut row.title_zh,
                    "title_en" => &mut row.title_en,
                    "category" => &mut row.category,
                    "stall" => &mut row.stall,
                    "colour" => &mut row.colour,
                    "colour_en" => &mut row.colour_en,
                    "size" => &mut row.size,
                    "price" => &mut row.price,
                    "stock" => &mut row.stock,
                    "main_pictures" => &mut row.main_pictures,
                    "colour_picture" => &mut row.colour_picture,
                    "detail_pictures" => &mut row.detail_pictures,
                    "is_hot" => &mut row.is_hot,
                    "is_sea" => &mut row.is_sea,
                    _ => continue,
                };
                *slot = cell.to_string();
            }
            row
        })
        .collect())
}

/// The picture names the rows use, by their lookup key.
pub fn wanted_pictures(rows: &[SheetRow]) -> HashSet<String> {
    rows.iter()
        .flat_map(|r| [&r.main_pictures, &r.colour_picture, &r.detail_pictures])
        .flat_map(|cell| picture_names(cell))
        .filter(|name| !name.starts_with('/'))
        .map(|name| picture_key(&name))
        .collect()
}

/// The files of the pictures zip the rows name, unpacked under caps (the sizes a zip declares are
/// not trusted). A file named twice in different folders is refused: which one was meant is unclear.
pub fn unpack_pictures(zip: &[u8], wanted: &HashSet<String>) -> Result<HashMap<String, Vec<u8>>, Refusal> {
    let refused = |key| Refusal::new(key).on("pictures");
    let mut archive = zip::ZipArchive::new(Cursor::new(zip)).map_err(|_| refused("import.zip_unreadable"))?;
    if archive.len() > MAX_ZIP_FILES {
        return Err(refused("import.zip_too_many_files").with("max", MAX_ZIP_FILES));
    }
    let mut found = HashMap::new();
    let mut seen = HashSet::new();
    let mut unpacked = 0u64;
    for index in 0..archive.len() {
        let mut file = archive
            .by_index(index)
            .map_err(|_| refused("import.zip_unreadable"))?;
        if file.is_dir() {
            continue;
        }
        let key = picture_key(&file.name().map_err(|_| refused("import.zip_unreadable"))?);
        if key.starts_with('.') || key.is_empty() {
            continue;
        }
        if !seen.insert(key.clone()) {
            return Err(refused("import.zip_name_repeated").with("name", key));
        }
        if !wanted.contains(&key) {
            continue;
        }
        let mut bytes = Vec::new();
        (&mut file)
            .take(MAX_PICTURE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| refused("import.zip_unreadable"))?;
        unpacked += bytes.len() as u64;
        if bytes.len() as u64 > MAX_PICTURE_BYTES {
            return Err(refused("import.zip_picture_too_large")
                .with("name", key)
                .with("mb", MAX_PICTURE_BYTES / 1024 / 1024));
        }
        if unpacked > MAX_UNPACKED_BYTES {
            return Err(refused("import.zip_too_large"));
        }
        found.insert(key, bytes);
    }
    Ok(found)
}

/// Stores each picture the rows name (from the zip, or already uploaded here) and answers where.
async fn store_pictures(
    state: &AppState,
    id: &str,
    rows: &[SheetRow],
    mut files: HashMap<String, Vec<u8>>,
) -> Result<PictureLookup, commands::Error> {
    let uploads = state.config.uploads_dir();
    let mut lookup = PictureLookup::new();
    let named: HashSet<String> = rows
        .iter()
        .flat_map(|r| [&r.main_pictures, &r.colour_picture, &r.detail_pictures])
        .flat_map(|cell| picture_names(cell))
        .collect();
    let (progress, reporter) = progress_reporter(state, id, named.len() as i64);
    for (done, name) in named.into_iter().enumerate() {
        let _ = progress.send(done);
        let key = picture_key(&name);
        if lookup.contains_key(&key) {
            continue;
        }
        let stored = if name.starts_with('/') {
            // A picture already uploaded here through the console.
            let prefix = format!(
                "{}{}/",
                commands::uploads::URL_PREFIX,
                commands::catalog::products::PICTURE_FOLDER
            );
            let file = name.strip_prefix(&prefix).unwrap_or("");
            let ok = !file.is_empty()
                && !file.contains(['/', '\\'])
                && !file.starts_with('.')
                && uploads
                    .join(commands::catalog::products::PICTURE_FOLDER)
                    .join(file)
                    .is_file();
            if ok {
                Ok(name.clone())
            } else {
                Err("import.picture_missing")
            }
        } else {
            match files.remove(&key) {
                None => Err("import.picture_missing"),
                Some(bytes) => match store_picture(&uploads, bytes).await {
                    Ok(stored) => Ok(stored.url),
                    Err(commands::Error::Internal(e)) => return Err(commands::Error::Internal(e)),
                    Err(_) => Err("import.picture_unreadable"),
                },
            }
        };
        lookup.insert(key, stored);
    }
    drop(progress);
    let _ = reporter.await;
    Ok(lookup)
}

/// Writes a job's progress as the work reports it; a slow write only skips steps (the channel keeps
/// the latest count).
fn progress_reporter(
    state: &AppState,
    id: &str,
    total: i64,
) -> (tokio::sync::watch::Sender<usize>, tokio::task::JoinHandle<()>) {
    let (sender, mut receiver) = tokio::sync::watch::channel(0usize);
    let (db, id) = (state.db.clone(), id.to_string());
    let task = tokio::spawn(async move {
        while receiver.changed().await.is_ok() {
            let done = *receiver.borrow_and_update() as i64;
            if let Err(e) = import_record::progress(&db, &id, done, total, now()).await {
                tracing::warn!(import = %id, error = ?e, "product import progress not recorded");
            }
        }
    });
    (sender, task)
}

fn dirs_of(state: &AppState) -> (std::path::PathBuf, std::path::PathBuf) {
    (state.config.uploads_dir(), state.config.data_dir.join("media"))
}

/// Checks an upload into its preview, in the background: pictures stored, every row planned.
pub async fn check(
    state: AppState,
    id: String,
    rows: Vec<SheetRow>,
    files: HashMap<String, Vec<u8>>,
    scope: Option<Vec<String>>,
) {
    let outcome = async {
        let lookup = store_pictures(&state, &id, &rows, files).await?;
        let (_, media) = dirs_of(&state);
        let plan = import::plan(&state.db, &rows, &lookup, &media, scope.as_deref()).await?;
        let report = serde_json::to_string(&plan.rows)?;
        import_record::ready(&state.db, &id, &serde_json::to_string(&plan)?, &report, now()).await?;
        anyhow::Ok(())
    }
    .await;
    let failed = match outcome {
        Ok(()) => return,
        Err(e) => {
            tracing::error!(import = %id, error = ?e, "product import check failed");
            import_record::fail(&state.db, &id, "import.check_failed", now()).await
        }
    };
    if let Err(e) = failed {
        tracing::error!(import = %id, error = ?e, "product import outcome not recorded");
    }
}

/// Applies a confirmed import's plan, in the background, as the staff member who confirmed it.
pub async fn apply(state: AppState, id: String, plan: Plan, scope: Option<Vec<String>>) {
    let outcome = async {
        let (uploads, media) = dirs_of(&state);
        let dirs = PictureDirs {
            uploads: &uploads,
            media: &media,
        };
        let (progress, reporter) = progress_reporter(&state, &id, plan.products.len() as i64);
        let rows = import::apply(&state.db, &plan, &dirs, scope.as_deref(), &id, |n| {
            let _ = progress.send(n);
        })
        .await;
        drop(progress);
        let _ = reporter.await;
        let rows = rows?;
        state.list_totals.clear();
        state.vocabulary.invalidate();
        state.same_style.invalidate();
        import_record::applied(&state.db, &id, &serde_json::to_string(&rows)?, now()).await?;
        anyhow::Ok(())
    }
    .await;
    if let Err(e) = outcome {
        tracing::error!(import = %id, error = ?e, "product import apply failed");
        if let Err(e) = import_record::fail(&state.db, &id, "import.apply_failed", now()).await {
            tracing::error!(import = %id, error = ?e, "product import outcome not recorded");
        }
    }
}

#[derive(Debug, Serialize)]
pub struct Progress {
    pub done: i64,
    pub total: i64,
}

#[derive(Debug, Serialize)]
pub struct RowView {
    pub row: usize,
    pub action: import::RowAction,
    pub stall: String,
    pub item_no: String,
    pub colour: String,
    pub size: String,
    pub reason: String,
}

/// An import as the console shows it (docs/api.md, "Product import").
#[derive(Debug, Serialize)]
pub struct ImportView {
    pub id: String,
    pub file_name: String,
    pub status: String,
    pub progress: Progress,
    pub counts: import::Counts,
    pub error: String,
    pub actor_kind: String,
    pub actor_name: Option<String>,
    pub created_at: i64,
    pub applied_at: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<RowView>>,
}

fn reason(row: &RowReport, lang: Language) -> String {
    if row.reason.is_empty() {
        return String::new();
    }
    // A parameter given in each language (`paths@zh`, `paths@en`) is the reader's, as `paths`.
    let own = match lang {
        Language::ZhCn => "@zh",
        Language::EnUs => "@en",
    };
    let params: Vec<(&str, String)> = row
        .params
        .iter()
        .filter_map(|(k, v)| {
            let name = match k.split_once('@') {
                Some((name, _)) if k.ends_with(own) => name,
                Some(_) => return None,
                None => k.as_str(),
            };
            let value = if name == "column" {
                column_title(v, lang)
            } else {
                v.clone()
            };
            Some((name, value))
        })
        .collect();
    message(lang, &row.reason, &params)
}

pub fn view(record: &ImportRecord, lang: Language, with_rows: bool) -> ImportView {
    let rows: Vec<RowReport> = serde_json::from_str(&record.report).unwrap_or_default();
    ImportView {
        id: record.id.clone(),
        file_name: record.file_name.clone(),
        status: record.status.clone(),
        progress: Progress {
            done: record.done,
            total: record.total,
        },
        counts: import::counts(&rows),
        error: if record.error.is_empty() {
            String::new()
        } else {
            message(lang, &record.error, &[])
        },
        actor_kind: record.actor_kind.clone(),
        actor_name: record.actor_name.clone(),
        created_at: record.created_at,
        applied_at: (record.applied_at > 0).then_some(record.applied_at),
        rows: with_rows.then(|| {
            rows.iter()
                .map(|r| RowView {
                    row: r.row,
                    action: r.action,
                    stall: r.stall.clone(),
                    item_no: r.item_no.clone(),
                    colour: r.colour.clone(),
                    size: r.size.clone(),
                    reason: reason(r, lang),
                })
                .collect()
        }),
    }
}
