//! The data sheet's XML with the package's rows: everything before the first data row and
//! everything from `</sheetData>` on are the template's own bytes; rows the template had at or below
//! the data row (a blank template has none, or empty formatted ones) are replaced. Text is written
//! as inline strings (`t="inlineStr"`), so the shared strings part stays the template's, and numbers
//! as numbers. `<dimension ref>` is left as the template has it: readers (Excel, calamine, the
//! platforms') take the cells as they come, and changing it would change the prefix.

use quick_xml::events::Event;
use quick_xml::Reader;

use super::rows::{one_line, Cell, Row};
use super::TemplateError;

/// The last row a sheet has.
pub const MAX_ROW: u32 = 1_048_576;

/// Where the rows go in a sheet's XML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The template's bytes kept before the rows: up to the first row at or below the data row, or to
    /// `</sheetData>`.
    pub head: usize,
    /// Where the template's bytes resume after the rows: at `</sheetData>`.
    pub tail: usize,
    /// The namespace prefix the sheet writes its elements with (`x:`), usually none.
    pub prefix: String,
    /// The sheet had `<sheetData/>`: the rows need their own `<sheetData>` and `</sheetData>`
    /// (`head` is then where the tag began and `tail` where it ended).
    pub empty: bool,
}

fn bad(_: impl std::fmt::Debug) -> TemplateError {
    TemplateError::SheetUnreadable
}

/// Where rows from `data_row` (from 1) go in `xml`.
pub fn split(xml: &[u8], data_row: u32) -> Result<Split, TemplateError> {
    let mut reader = Reader::from_reader(xml);
    reader.config_mut().trim_text(false);
    let mut inside = false;
    let mut depth = 0usize;
    let mut last_row = 0u32;
    let mut cut: Option<usize> = None;
    let mut prefix = String::new();
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(bad)?;
        match &event {
            Event::Eof => return Err(TemplateError::SheetUnreadable),
            Event::Empty(e) if !inside && e.local_name().as_ref() == "sheetData" => {
                let name = e.name();
                prefix = name
                    .prefix()
                    .map(|p| format!("{}:", p.as_ref()))
                    .unwrap_or_default();
                return Ok(Split {
                    head: before,
                    tail: reader.buffer_position() as usize,
                    prefix,
                    empty: true,
                });
            }
            Event::Start(e) if !inside && e.local_name().as_ref() == "sheetData" => {
                inside = true;
                let name = e.name();
                prefix = name
                    .prefix()
                    .map(|p| format!("{}:", p.as_ref()))
                    .unwrap_or_default();
            }
            Event::Start(e) | Event::Empty(e) if inside && depth == 0 && e.local_name().as_ref() == "row" => {
                let number = match e.try_get_attribute("r").map_err(bad)? {
                    Some(r) => Some(r.value.as_ref())
                        .and_then(|v| v.trim().parse::<u32>().ok())
                        .ok_or(TemplateError::SheetUnreadable)?,
                    None => last_row + 1,
                };
                last_row = number;
                if cut.is_none() && number >= data_row {
                    cut = Some(before);
                }
                if matches!(event, Event::Start(_)) {
                    depth += 1;
                }
            }
            Event::Start(_) if inside => depth += 1,
            Event::End(e) if inside && depth == 0 && e.local_name().as_ref() == "sheetData" => {
                return Ok(Split {
                    head: cut.unwrap_or(before),
                    tail: before,
                    prefix,
                    empty: false,
                });
            }
            Event::End(_) if inside => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
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
    String::from_utf8(name).unwrap_or_default()
}

/// A character XML 1.0 can hold at all.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// `text` on one line (control characters as spaces, as the other packages write them), without
/// characters XML cannot hold, `&`, `<` and `>` escaped.
pub fn escaped(text: &str) -> String {
    let text = one_line(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|c| xml_char(*c)) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// Appends row `number` holding `cells`.
pub fn write_row(out: &mut Vec<u8>, prefix: &str, number: u32, cells: &Row) {
    let mut row = format!("<{prefix}row r=\"{number}\">");
    for (column, cell) in cells {
        let at = format!("{}{number}", column_name(*column));
        match cell {
            Cell::Text(text) => row.push_str(&format!(
                "<{prefix}c r=\"{at}\" t=\"inlineStr\"><{prefix}is><{prefix}t>{}</{prefix}t></{prefix}is></{prefix}c>",
                escaped(text)
            )),
            Cell::Number(number) => {
                // Only digits, a sign and a point: what `money_text` and a count write.
                let number: String = number
                    .chars()
                    .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '-'))
                    .collect();
                row.push_str(&format!("<{prefix}c r=\"{at}\"><{prefix}v>{number}</{prefix}v></{prefix}c>"));
            }
        }
    }
    row.push_str(&format!("</{prefix}row>"));
    out.extend_from_slice(row.as_bytes());
}

/// `xml` (the data sheet) with `rows` from row `data_row` on.
pub fn fill(xml: &[u8], data_row: u32, rows: &[Row]) -> Result<Vec<u8>, TemplateError> {
    let split = split(xml, data_row)?;
    let last = u64::from(data_row) + rows.len() as u64;
    if last > u64::from(MAX_ROW) + 1 {
        return Err(TemplateError::TooManyRows);
    }
    let mut out = Vec::with_capacity(xml.len() + rows.len() * 400);
    out.extend_from_slice(&xml[..split.head]);
    if split.empty {
        out.extend_from_slice(format!("<{}sheetData>", split.prefix).as_bytes());
    }
    for (n, row) in rows.iter().enumerate() {
        write_row(&mut out, &split.prefix, data_row + n as u32, row);
    }
    if split.empty {
        out.extend_from_slice(format!("</{}sheetData>", split.prefix).as_bytes());
    }
    out.extend_from_slice(&xml[split.tail..]);
    Ok(out)
}
