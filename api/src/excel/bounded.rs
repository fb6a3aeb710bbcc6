//! Every spreadsheet jpmall reads goes through here, because an `.xlsx` is a zip of XML whose sizes
//! and coordinates the sender chooses: a 1.5 KB file can name cell XFD1048576 (a reader that builds
//! the dense range allocates 17 billion cells) or hold one 100 MB shared string. So, before calamine
//! sees the file, every part is decompressed under a cap and the shared-string table's declared
//! count is checked; then the first sheet is read cell by cell, and a cell outside the allowed rows
//! and columns stops the read with a clear refusal.

use std::io::{Cursor, Read};

use calamine::{open_workbook_from_rs, Data, DataRef, Reader, Xlsx};
use commands::Refusal;

/// What a sheet may hold. Callers choose the rows and columns their import needs.
#[derive(Debug, Clone, Copy)]
pub struct SheetLimits {
    /// Rows counted from the top of the sheet, header included.
    pub max_rows: u32,
    pub max_columns: u32,
}

/// The whole file's parts, decompressed.
const MAX_TOTAL_BYTES: u64 = 64 * 1024 * 1024;
/// One part (a sheet's XML, the shared strings, the styles).
const MAX_PART_BYTES: u64 = 16 * 1024 * 1024;
const MAX_SHARED_STRINGS_BYTES: u64 = 8 * 1024 * 1024;
const MAX_PARTS: usize = 500;
/// calamine reserves the shared-string table's declared `uniqueCount` up front.
const MAX_SHARED_STRINGS: u64 = 200_000;
/// One cell's text.
const MAX_CELL_CHARS: usize = 2_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheetFault {
    /// Not a readable `.xlsx`.
    NotSpreadsheet,
    /// A part decompresses to more than allowed (a zip bomb or a huge shared string).
    TooLarge,
    /// A cell below the allowed rows: the sheet has (or claims) too many rows.
    TooManyRows {
        max: u32,
    },
    TooManyColumns {
        max: u32,
    },
    CellTooLong {
        row: u32,
        column: u32,
        max: usize,
    },
    CellControlCharacter {
        row: u32,
        column: u32,
    },
    NoSheet,
}

impl SheetFault {
    /// The refusal a caller shows, on the upload's `file` field.
    pub fn refusal(&self) -> Refusal {
        let refusal = match self {
            SheetFault::NotSpreadsheet => Refusal::new("excel.not_spreadsheet"),
            SheetFault::TooLarge => Refusal::new("excel.too_large"),
            SheetFault::TooManyRows { max } => Refusal::new("excel.too_many_rows").with("max", max),
            SheetFault::TooManyColumns { max } => Refusal::new("excel.too_many_columns").with("max", max),
            SheetFault::CellTooLong { row, column, max } => Refusal::new("excel.cell_too_long")
                .with("row", row + 1)
                .with("column", column_name(*column))
                .with("max", max),
            SheetFault::CellControlCharacter { row, column } => Refusal::new("excel.cell_control_character")
                .with("row", row + 1)
                .with("column", column_name(*column)),
            SheetFault::NoSheet => Refusal::new("excel.no_rows"),
        };
        refusal.on("file")
    }
}

/// `0` → `A`, `27` → `AB`.
pub(crate) fn column_name(mut column: u32) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (column % 26) as u8);
        if column < 26 {
            break;
        }
        column = column / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// Decompresses every part under the caps (the sizes a zip declares are not trusted) and checks the
/// shared-string table's declared count.
fn check_parts(bytes: &[u8]) -> Result<(), SheetFault> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| SheetFault::NotSpreadsheet)?;
    if archive.len() > MAX_PARTS {
        return Err(SheetFault::TooLarge);
    }
    let mut total = 0u64;
    for index in 0..archive.len() {
        let mut part = archive.by_index(index).map_err(|_| SheetFault::NotSpreadsheet)?;
        let shared_strings = part
            .name()
            .map_err(|_| SheetFault::NotSpreadsheet)?
            .eq_ignore_ascii_case("xl/sharedStrings.xml");
        let cap = if shared_strings {
            MAX_SHARED_STRINGS_BYTES
        } else {
            MAX_PART_BYTES
        };
        let mut head = Vec::new();
        let mut limited = (&mut part).take(cap + 1);
        // Only the first bytes are kept (the shared strings' `<sst …>` tag); the rest is counted.
        (&mut limited)
            .take(4096)
            .read_to_end(&mut head)
            .map_err(|_| SheetFault::NotSpreadsheet)?;
        let rest =
            std::io::copy(&mut limited, &mut std::io::sink()).map_err(|_| SheetFault::NotSpreadsheet)?;
        let size = head.len() as u64 + rest;
        total += size;
        if size > cap || total > MAX_TOTAL_BYTES {
            return Err(SheetFault::TooLarge);
        }
        if shared_strings && declared_count(&head).is_some_and(|n| n > MAX_SHARED_STRINGS) {
            return Err(SheetFault::TooLarge);
        }
    }
    Ok(())
}

/// The largest `count` / `uniqueCount` the `<sst>` tag declares.
fn declared_count(head: &[u8]) -> Option<u64> {
    let text = String::from_utf8_lossy(head);
    let start = text.find("<sst")?;
    let tag = &text[start..text[start..].find('>').map_or(text.len(), |end| start + end)];
    ["uniqueCount=", " count="]
        .iter()
        .filter_map(|attribute| {
            let value = &tag[tag.find(attribute)? + attribute.len()..];
            let digits: String = value
                .trim_start_matches(['"', '\''])
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            // More digits than a u64 holds is more than any limit.
            Some(digits.parse().unwrap_or(u64::MAX))
        })
        .max()
}

/// A cell's text with line breaks and tabs as spaces (an address typed over two lines is one line
/// to us); other control characters are refused by the caller.
fn text_of(cell: &DataRef) -> String {
    let text = match cell {
        DataRef::Empty => String::new(),
        DataRef::String(s) => s.trim().to_string(),
        DataRef::SharedString(s) => s.trim().to_string(),
        // Phone numbers and quantities typed into a spreadsheet arrive as numbers.
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => Data::from(other.clone()).to_string().trim().to_string(),
    };
    if text.contains(['\n', '\r', '\t']) {
        text.replace(['\n', '\r', '\t'], " ").trim().to_string()
    } else {
        text
    }
}

/// The first sheet's rows as text, top to bottom, each as long as its last filled column; empty rows
/// are kept (as empty vectors) so row numbers stay the sheet's own.
pub fn first_sheet_rows(bytes: &[u8], limits: SheetLimits) -> Result<Vec<Vec<String>>, SheetFault> {
    check_parts(bytes)?;
    let mut workbook: Xlsx<_> =
        open_workbook_from_rs(Cursor::new(bytes)).map_err(|_| SheetFault::NotSpreadsheet)?;
    let name = workbook
        .sheet_names()
        .first()
        .cloned()
        .ok_or(SheetFault::NoSheet)?;
    let mut cells = workbook
        .worksheet_cells_reader(&name)
        .map_err(|_| SheetFault::NotSpreadsheet)?;
    let mut rows: Vec<Vec<String>> = Vec::new();
    while let Some(cell) = cells.next_cell().map_err(|_| SheetFault::NotSpreadsheet)? {
        let (row, column) = cell.get_position();
        // Platforms end long numbers with a tab so spreadsheets keep them as text; it means nothing.
        let text = text_of(cell.get_value()).trim_matches('\t').to_string();
        if text.is_empty() {
            continue;
        }
        if row >= limits.max_rows {
            return Err(SheetFault::TooManyRows {
                max: limits.max_rows.saturating_sub(1),
            });
        }
        if column >= limits.max_columns {
            return Err(SheetFault::TooManyColumns {
                max: limits.max_columns,
            });
        }
        if text.chars().take(MAX_CELL_CHARS + 1).count() > MAX_CELL_CHARS {
            return Err(SheetFault::CellTooLong {
                row,
                column,
                max: MAX_CELL_CHARS,
            });
        }
        if text.chars().any(char::is_control) {
            return Err(SheetFault::CellControlCharacter { row, column });
        }
        let (row, column) = (row as usize, column as usize);
        if rows.len() <= row {
            rows.resize_with(row + 1, Vec::new);
        }
        let line = &mut rows[row];
        if line.len() <= column {
            line.resize_with(column + 1, String::new);
        }
        line[column] = text;
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_named_like_spreadsheets_name_them() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(16383), "XFD");
    }

    #[test]
    fn the_shared_string_count_is_read_from_the_tag() {
        let head = br#"<?xml version="1.0"?><sst xmlns="x" count="3" uniqueCount="99999999999999999999999">"#;
        assert_eq!(declared_count(head), Some(u64::MAX));
        assert_eq!(declared_count(br#"<sst count="3" uniqueCount="2">"#), Some(3));
        assert_eq!(declared_count(b"<other/>"), None);
    }
}
