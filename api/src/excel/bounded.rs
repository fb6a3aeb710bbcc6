//! Every spreadsheet jpmall reads goes through here, because an `.xlsx` is a zip of XML whose sizes
//! and coordinates the sender chooses: a 1.5 KB file can name cell XFD1048576 (a reader that builds
//! the dense range allocates 17 billion cells) or hold one 100 MB shared string. So, before calamine
//! sees the file, every part is decompressed under a cap and the shared-string table's declared
//! count is checked; then the first sheet is read cell by cell, and a cell outside the allowed rows
//! and columns stops the read with a clear refusal.
//!
//! A shared string is stored once in the file and named by every cell that uses it: an 800 KB file
//! can have 400,000 cells name one 2,000-character string, 800 MB of text once expanded. So the text
//! the cells expand to is counted against `MAX_TEXT_BYTES`, and cells of the same text share one
//! copy of it (`Text`), which keeps what the read holds near the file's own size.

use std::borrow::Cow;
use std::collections::HashSet;
use std::io::{Cursor, Read};
use std::sync::Arc;

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
/// The text of all the sheet's cells together, as each cell would hold it: about eight times what
/// the largest real file we know of holds (a day of a busy shop's TikTok export, 2,000 lines of 70
/// columns), and little enough that every copy an import makes of it stays in tens of megabytes.
pub const MAX_TEXT_BYTES: usize = 16 * 1024 * 1024;

/// A cell's text. Cells of the same text share it: a copy is a reference count.
pub type Text = Arc<str>;

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
    /// The cells' text adds up to more than `MAX_TEXT_BYTES`.
    TooMuchText,
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
            SheetFault::TooMuchText => {
                Refusal::new("excel.too_much_text").with("mb", MAX_TEXT_BYTES / 1024 / 1024)
            }
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
/// shared-string table's declared count. Every reader of an uploaded workbook calls it before
/// decoding anything (a category template's is `listing_template::read`).
pub(crate) fn check_parts(bytes: &[u8]) -> Result<(), SheetFault> {
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
/// to us), trimmed (platforms end long numbers with a tab so spreadsheets keep them as text); other
/// control characters are refused by the caller. Borrowed from the file's shared strings when it can.
fn text_of<'c>(cell: &'c DataRef<'_>) -> Cow<'c, str> {
    let text: Cow<'c, str> = match cell {
        DataRef::Empty => Cow::Borrowed(""),
        DataRef::String(s) => Cow::Borrowed(s.trim()),
        DataRef::SharedString(s) => Cow::Borrowed(s.trim()),
        // Phone numbers and quantities typed into a spreadsheet arrive as numbers.
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => Cow::Owned(format!("{}", *f as i64)),
        other => Cow::Owned(Data::from(other.clone()).to_string().trim().to_string()),
    };
    if text.contains(['\n', '\r', '\t']) {
        Cow::Owned(text.replace(['\n', '\r', '\t'], " ").trim().to_string())
    } else {
        text
    }
}

/// One copy of each distinct text of a sheet.
#[derive(Default)]
struct Texts(HashSet<Text>);

impl Texts {
    fn share(&mut self, text: &str) -> Text {
        if let Some(shared) = self.0.get(text) {
            return shared.clone();
        }
        let shared: Text = Arc::from(text);
        self.0.insert(shared.clone());
        shared
    }
}

/// The first sheet's rows as text, top to bottom, each as long as its last filled column; empty rows
/// are kept (as empty vectors) so row numbers stay the sheet's own. Cells of the same text share it.
pub fn first_sheet_rows(bytes: &[u8], limits: SheetLimits) -> Result<Vec<Vec<Text>>, SheetFault> {
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
    let mut texts = Texts::default();
    let empty = texts.share("");
    let mut expanded = 0usize;
    let mut rows: Vec<Vec<Text>> = Vec::new();
    while let Some(cell) = cells.next_cell().map_err(|_| SheetFault::NotSpreadsheet)? {
        let (row, column) = cell.get_position();
        let text = text_of(cell.get_value());
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
        expanded += text.len();
        if expanded > MAX_TEXT_BYTES {
            return Err(SheetFault::TooMuchText);
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
            line.resize(column + 1, empty.clone());
        }
        line[column] = texts.share(&text);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A workbook whose first sheet has `rows` × `columns` cells, every one naming the one shared
    /// string `text` (the file stays small: the sheet is one short tag repeated).
    fn shared_string_book(text: &str, rows: u32, columns: u32) -> Vec<u8> {
        const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
        const RELS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
        const DOC: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
        let mut sheet = format!(r#"<worksheet xmlns="{MAIN}"><sheetData>"#);
        for row in 1..=rows {
            sheet.push_str(&format!(r#"<row r="{row}">"#));
            for column in 0..columns {
                sheet.push_str(&format!(
                    r#"<c r="{}{row}" t="s"><v>0</v></c>"#,
                    column_name(column)
                ));
            }
            sheet.push_str("</row>");
        }
        sheet.push_str("</sheetData></worksheet>");
        let parts = [
            (
                "[Content_Types].xml".to_string(),
                r#"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>"#
                    .to_string(),
            ),
            (
                "_rels/.rels".to_string(),
                format!(
                    r#"<Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
                ),
            ),
            (
                "xl/workbook.xml".to_string(),
                format!(
                    r#"<workbook xmlns="{MAIN}" xmlns:r="{DOC}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#
                ),
            ),
            (
                "xl/_rels/workbook.xml.rels".to_string(),
                format!(
                    r#"<Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#
                ),
            ),
            (
                "xl/sharedStrings.xml".to_string(),
                // No `count` of references: a writer need not give one (the bound on the table's
                // declared size would refuse 404,000 of them before the text budget is reached).
                format!(r#"<sst xmlns="{MAIN}" uniqueCount="1"><si><t>{text}</t></si></sst>"#),
            ),
            ("xl/worksheets/sheet1.xml".to_string(), sheet),
        ];
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options =
            zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, xml) in parts {
            zip.start_file(name, options).unwrap();
            zip.write_all(xml.as_bytes()).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    const WIDE: SheetLimits = SheetLimits {
        max_rows: 2_020,
        max_columns: 200,
    };

    #[test]
    fn a_sheet_whose_shared_strings_expand_past_the_text_budget_is_refused() {
        // A platform-order file an outside test sent: 404,000 cells of one 2,000-character string, 800 MB
        // of text once expanded, from a file of about a megabyte.
        let book = shared_string_book(&"x".repeat(2_000), 2_020, 200);
        assert!(book.len() < 2 * 1024 * 1024, "{} bytes", book.len());
        let fault = first_sheet_rows(&book, WIDE).unwrap_err();
        assert_eq!(fault, SheetFault::TooMuchText);
        let refusal = fault.refusal();
        assert_eq!(refusal.key, "excel.too_much_text");
        assert_eq!(refusal.field, Some("file"));
        assert!(
            refusal.params.iter().any(|(k, v)| *k == "mb" && v == "16"),
            "{:?}",
            refusal.params
        );
    }

    #[test]
    fn cells_of_one_shared_string_share_one_copy_of_it() {
        let text = "长".repeat(2_000);
        let rows = first_sheet_rows(&shared_string_book(&text, 100, 10), WIDE).unwrap();
        assert_eq!(rows.len(), 100);
        let first = rows[0][0].clone();
        assert_eq!(&*first, text.as_str());
        assert!(rows.iter().flatten().all(|cell| Arc::ptr_eq(cell, &first)));
        // the 1,000 cells and `first`: one text, counted once per holder
        assert_eq!(Arc::strong_count(&first), 1_001);
    }

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
