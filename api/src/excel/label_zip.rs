//! The labels that come with a batch upload: a zip of label files, each named after the platform
//! order it is for (`<source order no>.pdf`, `.png` or `.jpg`, in any folder). Unpacked under caps,
//! since the sizes a zip declares are not trusted; each file is checked as a label by its content.

use std::collections::{HashMap, HashSet};
use std::io::{Cursor, Read};

use commands::labels::{kind_of, MAX_LABEL_BYTES};
use commands::Refusal;

/// A zip of labels for a sheet of at most 1,000 rows.
pub const MAX_ZIP_BYTES: usize = 100 * 1024 * 1024;
const MAX_FILES: usize = 1_000;
const MAX_UNPACKED_BYTES: u64 = 300 * 1024 * 1024;

/// The platform order a file is for: its name without folders or extension.
fn order_of(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    base.rsplit_once('.')
        .map(|(stem, _)| stem)
        .unwrap_or(base)
        .trim()
        .to_string()
}

/// The labels of the orders in `wanted`, each as (its file name, its bytes). A file for an order the
/// sheet does not hold is passed over; a file that is not a label, or two files for one order, refuse
/// the upload, naming the file.
pub fn unpack_labels(
    zip: &[u8],
    wanted: &HashSet<String>,
) -> Result<HashMap<String, (String, Vec<u8>)>, Refusal> {
    let refused = |key| Refusal::new(key).on("labels");
    let mut archive =
        zip::ZipArchive::new(Cursor::new(zip)).map_err(|_| refused("excel.labels_zip_unreadable"))?;
    if archive.len() > MAX_FILES {
        return Err(refused("excel.labels_zip_too_many_files").with("max", MAX_FILES));
    }
    let mut found = HashMap::new();
    let mut unpacked = 0u64;
    for index in 0..archive.len() {
        let mut file = archive
            .by_index(index)
            .map_err(|_| refused("excel.labels_zip_unreadable"))?;
        if file.is_dir() {
            continue;
        }
        let name = file
            .name()
            .map_err(|_| refused("excel.labels_zip_unreadable"))?
            .to_string();
        let order = order_of(&name);
        if order.is_empty() || order.starts_with('.') || !wanted.contains(&order) {
            continue;
        }
        let mut bytes = Vec::new();
        (&mut file)
            .take(MAX_LABEL_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| refused("excel.labels_zip_unreadable"))?;
        unpacked += bytes.len() as u64;
        if unpacked > MAX_UNPACKED_BYTES {
            return Err(refused("excel.labels_zip_too_large"));
        }
        if kind_of(&bytes).is_err() {
            return Err(Refusal::new("excel.label_invalid")
                .on("labels")
                .with("name", name)
                .with("mb", MAX_LABEL_BYTES / 1024 / 1024));
        }
        let base = name.rsplit(['/', '\\']).next().unwrap_or_default().to_string();
        if found.insert(order.clone(), (base, bytes)).is_some() {
            return Err(refused("excel.labels_zip_repeated").with("name", order));
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in files {
            zip.start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n";

    #[test]
    fn labels_are_found_by_the_order_they_are_named_after() {
        let zip = zip_of(&[
            ("labels/DY-1.pdf", PDF),
            ("DY-9.pdf", PDF),
            ("notes.txt", b"hello"),
        ]);
        let wanted: HashSet<String> = ["DY-1".to_string(), "DY-2".to_string()].into();
        let found = unpack_labels(&zip, &wanted).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found["DY-1"], ("DY-1.pdf".to_string(), PDF.to_vec()));
    }

    #[test]
    fn a_file_that_is_not_a_label_or_a_repeated_order_refuses_the_upload() {
        let wanted: HashSet<String> = ["DY-1".to_string()].into();
        let bad = zip_of(&[("DY-1.pdf", b"<html>")]);
        assert_eq!(
            unpack_labels(&bad, &wanted).unwrap_err().key,
            "excel.label_invalid"
        );
        let twice = zip_of(&[("a/DY-1.pdf", PDF), ("b/DY-1.pdf", PDF)]);
        assert_eq!(
            unpack_labels(&twice, &wanted).unwrap_err().key,
            "excel.labels_zip_repeated"
        );
        assert_eq!(
            unpack_labels(b"not a zip", &wanted).unwrap_err().key,
            "excel.labels_zip_unreadable"
        );
    }
}
