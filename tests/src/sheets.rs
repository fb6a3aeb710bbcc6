//! Workbooks written by hand, part by part, for the bounds of the spreadsheet imports: a sheet whose
//! every cell names one shared string (a file of a megabyte that expands to hundreds), and sheets of
//! inline text. Writing the XML directly keeps a sheet of 400,000 cells to a fraction of a second.

use std::io::{Cursor, Write};

const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOC: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

pub enum Cell {
    /// The shared string of this index.
    Shared(usize),
    /// Text written in the cell itself.
    Inline(String),
}

/// `0` → `A`, `27` → `AB`.
pub fn column_name(mut column: u32) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (column % 26) as u8);
        if column < 26 {
            break;
        }
        column = column / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap()
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A workbook of one sheet, `rows` × `columns`, each cell what `cell(row, column)` says (counted
/// from 0; `None` leaves it empty), with the shared-string table `shared`.
pub fn workbook(
    shared: &[String],
    rows: u32,
    columns: u32,
    cell: impl Fn(u32, u32) -> Option<Cell>,
) -> Vec<u8> {
    let names: Vec<String> = (0..columns).map(column_name).collect();
    let mut sheet = format!(r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>"#);
    for row in 0..rows {
        let number = row + 1;
        sheet.push_str(&format!(r#"<row r="{number}">"#));
        for column in 0..columns {
            let at = &names[column as usize];
            match cell(row, column) {
                Some(Cell::Shared(index)) => {
                    sheet.push_str(&format!(r#"<c r="{at}{number}" t="s"><v>{index}</v></c>"#));
                }
                Some(Cell::Inline(text)) => sheet.push_str(&format!(
                    r#"<c r="{at}{number}" t="inlineStr"><is><t>{}</t></is></c>"#,
                    escaped(&text)
                )),
                None => {}
            }
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    // Only the table's size, not how often cells name it: a file need not say, and the bound on
    // the declared count would refuse a sheet of 400,000 references before anything else.
    let mut strings = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" uniqueCount="{}">"#,
        shared.len()
    );
    for text in shared {
        strings.push_str(&format!("<si><t>{}</t></si>", escaped(text)));
    }
    strings.push_str("</sst>");
    let parts = [
        (
            "[Content_Types].xml",
            r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"#
                .to_string(),
        ),
        (
            "_rels/.rels",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
            ),
        ),
        (
            "xl/workbook.xml",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{DOC}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#
            ),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#
            ),
        ),
        ("xl/sharedStrings.xml", strings),
        ("xl/worksheets/sheet1.xml", sheet),
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

/// Every cell of `rows` × `columns` the one shared string `text`.
pub fn one_shared_string(text: &str, rows: u32, columns: u32) -> Vec<u8> {
    workbook(&[text.to_string()], rows, columns, |_, _| Some(Cell::Shared(0)))
}
