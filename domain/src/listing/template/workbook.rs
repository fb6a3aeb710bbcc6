//! Where a workbook's sheets are in its zip, and which it hides: read from the package's
//! relationships and `workbook.xml`, since the data sheet is the one entry a package rewrites.

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use super::TemplateError;

/// The package's main part when its relationships do not say.
pub const DEFAULT_WORKBOOK: &str = "xl/workbook.xml";

/// A sheet of the workbook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkbookSheet {
    pub name: String,
    /// `state="hidden"` or `veryHidden`.
    pub hidden: bool,
    /// Its entry in the zip (`xl/worksheets/sheet1.xml`).
    pub path: String,
}

fn attribute(e: &BytesStart<'_>, local: &str, prefixed: bool) -> Option<String> {
    e.attributes().flatten().find_map(|a| {
        (a.key.local_name().as_ref() == local && a.key.prefix().is_some() == prefixed)
            .then(|| {
                a.normalized_value(XmlVersion::Implicit1_0)
                    .ok()
                    .map(|v| v.into_owned())
            })
            .flatten()
    })
}

/// Every element named `local` in `xml` (at any depth), as start tags.
fn elements(xml: &[u8], local: &str, mut each: impl FnMut(&BytesStart<'_>)) -> Result<(), TemplateError> {
    let mut reader = Reader::from_reader(xml);
    loop {
        match reader.read_event() {
            Ok(Event::Eof) => return Ok(()),
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.local_name().as_ref() == local => each(&e),
            Ok(_) => {}
            Err(_) => return Err(TemplateError::SheetUnreadable),
        }
    }
}

/// `target` of a relationship of the part at `base` (`xl/workbook.xml`), as a zip path.
fn resolve(base: &str, target: &str) -> String {
    if let Some(absolute) = target.strip_prefix('/') {
        return absolute.to_string();
    }
    let mut parts: Vec<&str> = base.split('/').collect();
    parts.pop();
    for piece in target.split('/') {
        match piece {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            piece => parts.push(piece),
        }
    }
    parts.join("/")
}

/// The workbook's part named by the package relationships (`_rels/.rels`).
pub fn workbook_path(root_rels: Option<&[u8]>) -> String {
    let mut found = None;
    if let Some(xml) = root_rels {
        let _ = elements(xml, "Relationship", |e| {
            let kind = attribute(e, "Type", false).unwrap_or_default();
            if found.is_none() && kind.ends_with("/officeDocument") {
                found = attribute(e, "Target", false).map(|t| resolve("", &t));
            }
        });
    }
    found.unwrap_or_else(|| DEFAULT_WORKBOOK.to_string())
}

/// The relationships part of the part at `path` (`xl/_rels/workbook.xml.rels`).
pub fn rels_path(path: &str) -> String {
    match path.rsplit_once('/') {
        Some((folder, file)) => format!("{folder}/_rels/{file}.rels"),
        None => format!("_rels/{path}.rels"),
    }
}

/// The sheets of the workbook at `workbook_path`, in its order, from its XML and its relationships.
pub fn sheets(
    workbook_path: &str,
    workbook: &[u8],
    rels: &[u8],
) -> Result<Vec<WorkbookSheet>, TemplateError> {
    let mut targets: Vec<(String, String)> = Vec::new();
    elements(rels, "Relationship", |e| {
        if let (Some(id), Some(target)) = (attribute(e, "Id", false), attribute(e, "Target", false)) {
            targets.push((id, resolve(workbook_path, &target)));
        }
    })?;
    let mut sheets = Vec::new();
    elements(workbook, "sheet", |e| {
        let (Some(name), Some(id)) = (attribute(e, "name", false), attribute(e, "id", true)) else {
            return;
        };
        let Some((_, path)) = targets.iter().find(|(rid, _)| *rid == id) else {
            return;
        };
        let state = attribute(e, "state", false).unwrap_or_default();
        sheets.push(WorkbookSheet {
            name,
            hidden: state == "hidden" || state == "veryHidden",
            path: path.clone(),
        });
    })?;
    Ok(sheets)
}
