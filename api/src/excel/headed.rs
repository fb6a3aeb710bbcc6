//! The first sheet of an uploaded workbook read as a table under a header row: headers in either
//! language and any order, rows numbered as the sheet numbers them, bounded before anything is kept.

use commands::Refusal;

use crate::excel::bounded::{first_sheet_rows, SheetFault, SheetLimits, Text};
use crate::i18n::Language;

/// One data row: its number in the sheet, and the cells under headers the reader knows (shared with
/// every other cell of the same text).
pub struct HeadedRow {
    pub row: usize,
    pub cells: Vec<(&'static str, Text)>,
}

/// What a reader knows of its sheet.
pub struct Table<'a> {
    pub columns: &'a [&'static str],
    /// Whether a column must be in the header row.
    pub required: &'a dyn Fn(&str) -> bool,
    /// A column's header in a language.
    pub title: fn(&str, Language) -> String,
    pub max_rows: usize,
}

/// The data rows, or why the file cannot be read (too many rows, a required column missing, no rows).
pub fn headed_rows(bytes: &[u8], table: &Table, lang: Language) -> Result<Vec<HeadedRow>, Refusal> {
    let too_many = || {
        Refusal::new("excel.too_many_rows")
            .on("file")
            .with("max", table.max_rows)
    };
    // Room above the data for a header and a few title or blank rows.
    let limits = SheetLimits {
        max_rows: table.max_rows as u32 + 20,
        max_columns: 64,
    };
    let sheet = first_sheet_rows(bytes, limits).map_err(|fault| match fault {
        SheetFault::TooManyRows { .. } => too_many(),
        other => other.refusal(),
    })?;
    let mut rows = sheet
        .iter()
        .enumerate()
        .filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()));
    let Some((_, header)) = rows.next() else {
        return Err(Refusal::new("excel.no_rows").on("file"));
    };
    let columns: Vec<Option<&'static str>> = header
        .iter()
        .map(|c| crate::excel::column_of_header(c, table.columns, table.title))
        .collect();
    if let Some(missing) = table
        .columns
        .iter()
        .find(|column| (table.required)(column) && !columns.contains(&Some(**column)))
    {
        return Err(Refusal::new("excel.column_missing")
            .on("file")
            .with("column", (table.title)(missing, lang)));
    }
    let mut found = Vec::new();
    for (index, cells) in rows {
        if found.len() == table.max_rows {
            return Err(too_many());
        }
        found.push(HeadedRow {
            row: index + 1,
            cells: cells
                .iter()
                .zip(&columns)
                .filter_map(|(cell, column)| column.map(|c| (c, cell.clone())))
                .collect(),
        });
    }
    if found.is_empty() {
        return Err(Refusal::new("excel.no_rows").on("file"));
    }
    Ok(found)
}
