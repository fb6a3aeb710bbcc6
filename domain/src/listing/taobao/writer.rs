//! The file written a product at a time into any [`Write`], so a package of hundreds of products is
//! never one string in memory: only the row being written is.

use std::collections::HashSet;
use std::io::Write;

use super::pictures::PictureFile;
use super::row::{header, product_row};
use super::{package_folder, TaobaoError, TaobaoProduct};

/// UTF-16 little-endian's byte-order mark, which 淘宝助理 reads the encoding from.
pub const BOM: [u8; 2] = [0xFF, 0xFE];

/// Writes a 淘宝助理 file: the byte-order mark and the header on [`TaobaoWriter::new`], then a row
/// per [`TaobaoWriter::write_row`], and gathers the picture files the rows name.
pub struct TaobaoWriter<W: Write> {
    out: W,
    package: String,
    pictures: Vec<PictureFile>,
    paths: HashSet<String>,
    rows: usize,
}

impl<W: Write> TaobaoWriter<W> {
    /// Starts the file of the package named `package_name` (see [`package_folder`]).
    pub fn new(mut out: W, package_name: &str) -> Result<Self, TaobaoError> {
        let package = package_folder(package_name)?;
        out.write_all(&BOM)?;
        write_utf16(&mut out, &header())?;
        Ok(TaobaoWriter {
            out,
            package,
            pictures: Vec::new(),
            paths: HashSet::new(),
            rows: 0,
        })
    }

    /// Writes one product's row. A refused product writes nothing, and the file stays whole.
    pub fn write_row(&mut self, product: &TaobaoProduct) -> Result<(), TaobaoError> {
        let (row, files) = product_row(product, &self.package)?;
        write_utf16(&mut self.out, &row)?;
        self.rows += 1;
        for file in files {
            // The same product twice names the same files; the zip needs each once.
            if self.paths.insert(file.path.clone()) {
                self.pictures.push(file);
            }
        }
        Ok(())
    }

    /// The package's name as it names the files in the zip.
    pub fn package(&self) -> &str {
        &self.package
    }

    /// The products written so far.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The picture files the rows so far name, each once, in the order they were named.
    pub fn pictures(&self) -> &[PictureFile] {
        &self.pictures
    }

    /// Flushes the file and gives back the output and the picture files the zip must hold.
    pub fn finish(mut self) -> Result<(W, Vec<PictureFile>), TaobaoError> {
        self.out.flush()?;
        Ok((self.out, self.pictures))
    }
}

fn write_utf16<W: Write>(out: &mut W, text: &str) -> std::io::Result<()> {
    let mut bytes = Vec::with_capacity(text.len() * 2);
    for unit in text.encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    out.write_all(&bytes)
}
