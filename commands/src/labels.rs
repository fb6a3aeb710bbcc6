//! Shipping labels, kept exactly as the seller uploaded them: a platform's label is a PDF or an image
//! whose barcode must scan, so nothing is decoded, rescaled or re-encoded. The type is read from the
//! content (a PDF's header and trailer, an image's own header), never from the name, and the file is
//! stored under a random id that only its owner and warehouse staff can read
//! (docs/api.md, "Labels").

use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::{ImageFormat, ImageReader};
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::uploads::write_atomically;
use crate::Database;

/// A label is one page or a few: 10 MB holds a scanned A4 PDF at 300 dpi.
pub const MAX_LABEL_BYTES: usize = 10 * 1024 * 1024;
/// The address a label is read back from: this prefix and the label's id.
pub const URL_PREFIX: &str = "/jpmall/addons/unishop/order/label/";
const MAX_NAME_CHARS: usize = 100;
/// PDF readers accept the header anywhere in the first kilobyte and the end marker in the last one.
const PDF_WINDOW: usize = 1024;
/// An image label declaring more than this is not a label (and its header is all that is read).
const MAX_IMAGE_SIDE: u32 = 20_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelKind {
    Pdf,
    Png,
    Jpeg,
}

impl LabelKind {
    pub fn content_type(self) -> &'static str {
        match self {
            LabelKind::Pdf => "application/pdf",
            LabelKind::Png => "image/png",
            LabelKind::Jpeg => "image/jpeg",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            LabelKind::Pdf => "pdf",
            LabelKind::Png => "png",
            LabelKind::Jpeg => "jpg",
        }
    }
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct StoredLabel {
    pub url: String,
    pub name: String,
    pub content_type: &'static str,
    pub size: usize,
}

fn find(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// What the bytes are, judged by their content alone; refused when they are none of the label types.
pub fn kind_of(bytes: &[u8]) -> std::result::Result<LabelKind, Refusal> {
    if bytes.len() > MAX_LABEL_BYTES {
        return Err(Refusal::new("label.too_large")
            .on("file")
            .with("mb", MAX_LABEL_BYTES / 1024 / 1024));
    }
    let not_label = || Refusal::new("label.unsupported_type").on("file");
    let head = &bytes[..bytes.len().min(PDF_WINDOW)];
    if find(head, b"%PDF-") {
        let tail = &bytes[bytes.len().saturating_sub(PDF_WINDOW)..];
        return if find(tail, b"%%EOF") {
            Ok(LabelKind::Pdf)
        } else {
            Err(not_label())
        };
    }
    let format = image::guess_format(bytes).map_err(|_| not_label())?;
    let kind = match format {
        ImageFormat::Png => LabelKind::Png,
        ImageFormat::Jpeg => LabelKind::Jpeg,
        _ => return Err(not_label()),
    };
    // The header must read as a real image of a sensible size; the pixels are never decoded.
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|_| not_label())?;
    if width == 0 || height == 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE {
        return Err(not_label());
    }
    Ok(kind)
}

/// The name the file is offered under: the uploaded name without any path, control characters or
/// excess length, and with the extension of what it really is.
pub fn display_name(uploaded: &str, kind: LabelKind) -> String {
    let base = uploaded.rsplit(['/', '\\']).next().unwrap_or_default();
    let stem = base.rsplit_once('.').map(|(stem, _)| stem).unwrap_or(base);
    let clean: String = stem
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .take(MAX_NAME_CHARS)
        .collect();
    let clean = clean.trim();
    let stem = if clean.is_empty() { "label" } else { clean };
    format!("{stem}.{}", kind.extension())
}

/// The id in a label URL, when it is one of ours.
pub fn id_of_url(url: &str) -> Option<&str> {
    let id = url.trim().strip_prefix(URL_PREFIX)?;
    (id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()))
    .then_some(id)
}

pub fn path_of(dir: &Path, id: &str) -> PathBuf {
    dir.join(id)
}

/// Stores an upload of `user_id` in `dir` as it is, answering its URL.
pub async fn store(
    db: &Database,
    dir: &Path,
    user_id: &str,
    uploaded_name: &str,
    bytes: Vec<u8>,
) -> Result<StoredLabel> {
    let kind = kind_of(&bytes)?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    write_atomically(dir, &path_of(dir, &id), &bytes)
        .await
        .map_err(Error::Internal)?;
    let name = display_name(uploaded_name, kind);
    sqlx::query(
        "INSERT INTO labels (id, user_id, file_name, content_type, size, sha256, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(&name)
    .bind(kind.content_type())
    .bind(bytes.len() as i64)
    .bind(hex::encode(Sha256::digest(&bytes)))
    .bind(now())
    .execute(&db.pool)
    .await?;
    Ok(StoredLabel {
        url: format!("{URL_PREFIX}{id}"),
        name,
        content_type: kind.content_type(),
        size: bytes.len(),
    })
}

/// Whether `url` names a label `user_id` uploaded.
pub async fn owned_by(db: &Database, user_id: &str, url: &str) -> Result<bool> {
    let Some(id) = id_of_url(url) else {
        return Ok(false);
    };
    let row = sqlx::query("SELECT user_id FROM labels WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.is_some_and(|r| r.get::<String, _>("user_id") == user_id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    fn image(format: ImageFormat) -> Vec<u8> {
        let mut out = Vec::new();
        RgbImage::from_pixel(40, 20, Rgb([0, 0, 0]))
            .write_to(&mut Cursor::new(&mut out), format)
            .unwrap();
        out
    }

    const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

    #[test]
    fn the_type_comes_from_the_content() {
        assert_eq!(kind_of(PDF), Ok(LabelKind::Pdf));
        assert_eq!(kind_of(&image(ImageFormat::Png)), Ok(LabelKind::Png));
        assert_eq!(kind_of(&image(ImageFormat::Jpeg)), Ok(LabelKind::Jpeg));
        let refused = |bytes: &[u8]| kind_of(bytes).unwrap_err().key;
        assert_eq!(
            refused(b"<html><script>alert(1)</script></html>"),
            "label.unsupported_type"
        );
        assert_eq!(refused(&image(ImageFormat::Gif)), "label.unsupported_type");
        // A PDF cut short (no end marker) and a PNG signature over garbage are not labels.
        assert_eq!(refused(&PDF[..20]), "label.unsupported_type");
        let mut png = image(ImageFormat::Png)[..8].to_vec();
        png.extend_from_slice(b"not a header");
        assert_eq!(refused(&png), "label.unsupported_type");
        assert_eq!(refused(&vec![b'%'; MAX_LABEL_BYTES + 1]), "label.too_large");
    }

    #[test]
    fn names_keep_the_uploaded_stem_with_the_true_extension() {
        assert_eq!(
            display_name("C:\\fakepath\\面单 0001.PDF", LabelKind::Pdf),
            "面单 0001.pdf"
        );
        assert_eq!(display_name("../../etc/passwd", LabelKind::Png), "passwd.png");
        assert_eq!(display_name("a\"b\u{7}.jpg", LabelKind::Pdf), "ab.pdf");
        assert_eq!(display_name("", LabelKind::Jpeg), "label.jpg");
    }

    #[test]
    fn only_our_urls_name_a_label() {
        let id = "0123456789abcdef0123456789abcdef";
        assert_eq!(id_of_url(&format!("{URL_PREFIX}{id}")), Some(id));
        assert_eq!(id_of_url(&format!("{URL_PREFIX}../{id}")), None);
        assert_eq!(id_of_url("/uploads/abc.jpg"), None);
        assert_eq!(id_of_url(&format!("{URL_PREFIX}{}", id.to_uppercase())), None);
    }
}
