//! Image packages: a zip of products' pictures built on the server and streamed as it is written, so
//! memory stays flat however many products it holds.

use std::collections::HashSet;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue};
use axum::response::Response;
use commands::catalog::pictures::{Design, Picture};
use projections::catalog::ImageSet;
use tokio::sync::mpsc;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use domain::calendar::DAY_SECONDS;

use crate::error::AppError;
use crate::media::{picture_jpeg, recipe};
use crate::state::AppState;

/// A file name with no path separators, no leading or trailing dots or spaces, nothing a file system
/// refuses, at most 80 characters, and never empty.
pub fn safe_name(raw: &str) -> String {
    let cleaned: String = raw
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '_'
            } else {
                c
            }
        })
        .collect();
    let trimmed = cleaned.trim_matches(|c: char| c == '.' || c.is_whitespace());
    let short: String = trimmed.chars().take(80).collect();
    let short = short
        .trim_end_matches(|c: char| c == '.' || c.is_whitespace())
        .to_string();
    if short.is_empty() {
        "untitled".to_string()
    } else {
        short
    }
}

/// Names already used in one folder; a repeated name gets " (2)", " (3)", …
#[derive(Default)]
struct Names(HashSet<String>);

impl Names {
    fn unique(&mut self, name: &str) -> String {
        let mut candidate = name.to_string();
        let mut n = 1;
        while !self.0.insert(candidate.to_lowercase()) {
            n += 1;
            candidate = format!("{name} ({n})");
        }
        candidate
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub product: usize,
    pub picture: Picture,
}

/// Where every picture goes in the package. One product: a folder named by its title. Several: the
/// root folder given, with a folder per product inside.
pub fn plan(root: &str, sets: &[ImageSet]) -> Vec<Entry> {
    let single = sets.len() == 1;
    let mut product_names = Names::default();
    let mut entries = Vec::new();
    for (product, set) in sets.iter().enumerate() {
        let folder = if single {
            root.to_string()
        } else {
            format!("{root}/{}", product_names.unique(&safe_name(&set.title)))
        };
        for n in 1..=set.main.len() as u32 {
            entries.push(Entry {
                path: format!("{folder}/main/{n}.jpg"),
                product,
                picture: Picture::Main(n),
            });
        }
        for n in 1..=set.desc.len() as u32 {
            entries.push(Entry {
                path: format!("{folder}/detail/{n}.jpg"),
                product,
                picture: Picture::Detail(n),
            });
        }
        let mut colour_names = Names::default();
        for (i, colour) in set.group.iter().enumerate() {
            let name = colour_names.unique(&safe_name(&colour.color_name));
            entries.push(Entry {
                path: format!("{folder}/color/{name}.jpg"),
                product,
                picture: Picture::Color(i as u32 + 1),
            });
        }
    }
    entries
}

/// `YYYYMMDDHHMMSS` in China Standard Time.
pub fn compact_china_time(unix: i64) -> String {
    let local = unix + 8 * 3600;
    let (days, secs) = (local.div_euclid(DAY_SECONDS), local.rem_euclid(DAY_SECONDS));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}{:02}{:02}{:02}",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

/// Bytes written here go to the response body; a client that went away shows up as a broken pipe.
pub struct ChannelWriter(mpsc::Sender<io::Result<Bytes>>);

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .blocking_send(Ok(Bytes::copy_from_slice(buf)))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the client stopped reading"))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn write_zip(
    entries: &[Entry],
    products: &[(String, Design)],
    data_dir: &Path,
    out: impl Write,
) -> io::Result<()> {
    let mut zip = ZipWriter::new_stream(BufWriter::with_capacity(256 * 1024, out));
    // Pictures are JPEG already: compressing them again costs time and saves nothing.
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    for entry in entries {
        let (id, design) = &products[entry.product];
        let bytes = picture_jpeg(data_dir, id, design, entry.picture)?;
        zip.start_file(entry.path.as_str(), options)
            .map_err(io::Error::other)?;
        zip.write_all(&bytes)?;
    }
    zip.finish().map_err(io::Error::other)?.flush()
}

/// `attachment` with the UTF-8 file name, and an ASCII `fallback` for clients that know no other.
pub fn content_disposition(file_name: &str, fallback: &str) -> HeaderValue {
    let encoded: String = file_name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    HeaderValue::from_str(&format!(
        "attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

/// The pictures of `sets` as one zip, streamed as it is written: a folder per product, named by its
/// title when the package holds one product.
pub async fn images_zip(state: &AppState, sets: &[ImageSet]) -> Result<Response, AppError> {
    let mut products = Vec::with_capacity(sets.len());
    for set in sets {
        let recipe = recipe(state, &set.id)
            .await?
            .ok_or(AppError::NotFound("request.not_found"))?;
        products.push((set.id.clone(), recipe.design));
    }
    let root = if sets.len() == 1 {
        safe_name(&sets[0].title)
    } else {
        format!("product-images-{}", compact_china_time(commands::clock::now()))
    };
    let entries = plan(&root, sets);
    let data_dir = state.config.data_dir.clone();
    Ok(streamed_zip(
        &format!("{root}.zip"),
        "images.zip",
        "image package",
        move |out| write_zip(&entries, &products, &data_dir, out),
    ))
}

/// A zip download written by `write` on a blocking thread as the client reads it, so memory stays
/// flat however large it is; a failure after the first bytes ends the body with an error, and is
/// logged as `what` failed unless the client went away.
pub fn streamed_zip(
    file_name: &str,
    fallback: &str,
    what: &'static str,
    write: impl FnOnce(ChannelWriter) -> io::Result<()> + Send + 'static,
) -> Response {
    let (sender, mut receiver) = mpsc::channel::<io::Result<Bytes>>(8);
    tokio::task::spawn_blocking(move || {
        if let Err(error) = write(ChannelWriter(sender.clone())) {
            if error.kind() != io::ErrorKind::BrokenPipe {
                tracing::error!("{what} failed: {error}");
            }
            let _ = sender.blocking_send(Err(error));
        }
    });
    let stream = futures::stream::poll_fn(move |cx| receiver.poll_recv(cx));
    let mut response = Response::new(Body::from_stream(stream));
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/zip"));
    out.insert(
        header::CONTENT_DISPOSITION,
        content_disposition(file_name, fallback),
    );
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use projections::catalog::ColourImage;

    fn set(title: &str, colours: &[&str]) -> ImageSet {
        ImageSet {
            id: "1".into(),
            title: title.into(),
            main: vec!["m1".into(), "m2".into()],
            desc: vec!["d1".into()],
            group: colours
                .iter()
                .map(|c| ColourImage {
                    color: "c".into(),
                    color_name: c.to_string(),
                })
                .collect(),
        }
    }

    #[test]
    fn names_are_made_safe() {
        assert_eq!(safe_name("韩版/纯棉 T恤"), "韩版_纯棉 T恤");
        assert_eq!(safe_name(".."), "untitled");
        assert_eq!(safe_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(safe_name("  "), "untitled");
        assert_eq!(safe_name("夏装👗新款"), "夏装👗新款");
        assert_eq!(safe_name(&"长".repeat(100)).chars().count(), 80);
    }

    #[test]
    fn one_product_is_a_folder_named_by_its_title() {
        let entries = plan("连衣裙", &[set("连衣裙", &["黑色", "白色"])]);
        let paths: Vec<_> = entries.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "连衣裙/main/1.jpg",
                "连衣裙/main/2.jpg",
                "连衣裙/detail/1.jpg",
                "连衣裙/color/黑色.jpg",
                "连衣裙/color/白色.jpg"
            ]
        );
    }

    #[test]
    fn several_products_get_numbered_folders_when_titles_repeat() {
        let entries = plan(
            "product-images-20261121093000",
            &[set("T恤", &["黑色", "黑色"]), set("t恤", &[]), set("a/b", &[])],
        );
        let folders: HashSet<_> = entries
            .iter()
            .map(|e| e.path.split('/').nth(1).unwrap().to_string())
            .collect();
        assert_eq!(
            folders,
            HashSet::from(["T恤".to_string(), "t恤 (2)".to_string(), "a_b".to_string()])
        );
        assert!(entries.iter().any(|e| e.path.ends_with("/color/黑色 (2).jpg")));
    }

    #[test]
    fn china_time_is_compact() {
        assert_eq!(compact_china_time(1_795_276_800), "20261122000000");
        assert_eq!(compact_china_time(0), "19700101080000");
    }
}
