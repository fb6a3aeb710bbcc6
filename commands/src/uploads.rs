//! Uploaded images: decoded, scaled so the longer side is at most 800 px, flattened onto white and
//! stored as JPEG under a name derived from its content (so the URL is stable and re-uploads are free).

use std::io::Cursor;
use std::path::Path;

use domain::constants::IMAGE_MAX_SIDE_PX;
use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageReader, Limits, RgbImage};
use sha2::{Digest, Sha256};

use crate::clock::now;
use crate::error::{Error, Refusal, Result};
use crate::Database;

pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// Images declaring more pixels than this are refused before decoding (decompression bombs). 24 MP
/// is a full-size photo of a 24-megapixel camera; a 100 KB PNG can declare 36 MP of one colour.
pub const MAX_DECLARED_PIXELS: u64 = 24_000_000;
/// What one decode may allocate: 24 MP at 8 bytes a pixel (16-bit RGBA) with room for the scaling.
const MAX_DECODE_ALLOC: u64 = 256 * 1024 * 1024;
/// Images decoded at once in this process: each may take `MAX_DECODE_ALLOC`, so parallel uploads
/// wait their turn instead of adding up.
const PARALLEL_DECODES: usize = 2;
static DECODING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(PARALLEL_DECODES);
const MAX_DECLARED_SIDE: u32 = 20_000;
const JPEG_QUALITY: u8 = 85;
pub const URL_PREFIX: &str = "/uploads/";

#[derive(Debug, Clone, serde::Serialize)]
pub struct StoredImage {
    pub url: String,
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub size: usize,
}

#[derive(Debug)]
pub struct Processed {
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// The pure part of the pipeline, usable by any feature that takes images (avatars, same-style search).
pub fn process(bytes: &[u8]) -> std::result::Result<Processed, Refusal> {
    process_with_side(bytes, IMAGE_MAX_SIDE_PX)
}

/// The pipeline, scaling down to at most `max_side` pixels a side (catalogue pictures keep more).
pub fn process_with_side(bytes: &[u8], max_side: u32) -> std::result::Result<Processed, Refusal> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(Refusal::new("upload.too_large")
            .on("file")
            .with("mb", MAX_UPLOAD_BYTES / 1024 / 1024));
    }
    let not_image = || Refusal::new("upload.not_image").on("file");
    let reader = || {
        ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|_| not_image())
    };
    let probe = reader()?;
    if probe.format().is_none() {
        return Err(not_image());
    }
    let (w, h) = probe.into_dimensions().map_err(|_| not_image())?;
    if w == 0 || h == 0 {
        return Err(not_image());
    }
    if w > MAX_DECLARED_SIDE || h > MAX_DECLARED_SIDE || u64::from(w) * u64::from(h) > MAX_DECLARED_PIXELS {
        return Err(Refusal::new("upload.dimensions_too_large")
            .on("file")
            .with("width", w)
            .with("height", h));
    }
    let mut decoder = reader()?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECLARED_SIDE);
    limits.max_image_height = Some(MAX_DECLARED_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    decoder.limits(limits);
    let image = decoder.decode().map_err(|_| not_image())?;

    let image = if image.width().max(image.height()) > max_side {
        image.resize(max_side, max_side, FilterType::Lanczos3)
    } else {
        image
    };
    let flat = flatten_on_white(&image);
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
        .encode_image(&flat)
        .map_err(|_| not_image())?;
    Ok(Processed {
        jpeg,
        width: flat.width(),
        height: flat.height(),
    })
}

fn flatten_on_white(image: &DynamicImage) -> RgbImage {
    let rgba = image.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let blend = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a)) + 127) / 255) as u8;
        image::Rgb([blend(r), blend(g), blend(b)])
    })
}

/// Processes and stores an upload of `user_id` in `dir`, answering its URL.
pub async fn store_image(db: &Database, dir: &Path, user_id: &str, bytes: Vec<u8>) -> Result<StoredImage> {
    let processed = process_blocking(bytes).await?;
    store_processed(db, dir, user_id, &processed).await
}

/// The pipeline on a blocking thread (decoding and scaling are CPU work), at most
/// `PARALLEL_DECODES` at once.
pub async fn process_blocking(bytes: Vec<u8>) -> Result<Processed> {
    process_blocking_with_side(bytes, IMAGE_MAX_SIDE_PX).await
}

pub async fn process_blocking_with_side(bytes: Vec<u8>, max_side: u32) -> Result<Processed> {
    let _permit = DECODING.acquire().await.map_err(|e| Error::Internal(e.into()))?;
    Ok(
        tokio::task::spawn_blocking(move || process_with_side(&bytes, max_side))
            .await
            .map_err(|e| Error::Internal(e.into()))??,
    )
}

pub async fn store_processed(
    db: &Database,
    dir: &Path,
    user_id: &str,
    processed: &Processed,
) -> Result<StoredImage> {
    let name = format!("{}.jpg", &hex::encode(Sha256::digest(&processed.jpeg))[..32]);
    let path = dir.join(&name);
    if !path.exists() {
        write_atomically(dir, &path, &processed.jpeg)
            .await
            .map_err(Error::Internal)?;
    }
    let url = format!("{URL_PREFIX}{name}");
    sqlx::query(
        "INSERT INTO uploads (user_id, url, width, height, size, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (user_id, url) DO NOTHING",
    )
    .bind(user_id)
    .bind(&url)
    .bind(i64::from(processed.width))
    .bind(i64::from(processed.height))
    .bind(processed.jpeg.len() as i64)
    .bind(now())
    .execute(&db.pool)
    .await?;
    Ok(StoredImage {
        url,
        name: "upload.jpg",
        width: processed.width,
        height: processed.height,
        size: processed.jpeg.len(),
    })
}

pub async fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    tokio::fs::create_dir_all(dir).await?;
    let tmp = dir.join(format!(".{}.tmp", uuid::Uuid::new_v4().simple()));
    tokio::fs::write(&tmp, bytes).await?;
    tokio::fs::rename(&tmp, path).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageFormat, Rgba, RgbaImage};

    fn png(width: u32, height: u32, pixel: impl Fn(u32, u32) -> Rgba<u8>) -> Vec<u8> {
        let img = RgbaImage::from_fn(width, height, pixel);
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    /// A PNG whose header declares `side` x `side` pixels with a valid checksum, but holds one pixel.
    fn declared_bomb(side: u32) -> Vec<u8> {
        let mut bytes = png(1, 1, |_, _| Rgba([0, 0, 0, 255]));
        bytes[16..20].copy_from_slice(&side.to_be_bytes());
        bytes[20..24].copy_from_slice(&side.to_be_bytes());
        let crc = bytes[12..29].iter().fold(0xFFFF_FFFFu32, |mut crc, &b| {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
            crc
        });
        bytes[29..33].copy_from_slice(&(!crc).to_be_bytes());
        bytes
    }

    #[test]
    fn scales_down_and_flattens_transparency_onto_white() {
        let bytes = png(1600, 1000, |x, _| {
            if x < 800 {
                Rgba([0, 0, 0, 0])
            } else {
                Rgba([200, 0, 0, 255])
            }
        });
        let out = process(&bytes).unwrap();
        assert_eq!((out.width, out.height), (800, 500));
        let jpeg = image::load_from_memory_with_format(&out.jpeg, ImageFormat::Jpeg)
            .unwrap()
            .to_rgb8();
        let corner = jpeg.get_pixel(2, 2).0;
        assert!(
            corner.iter().all(|&c| c > 245),
            "transparent corner became {corner:?}"
        );
        let red = jpeg.get_pixel(790, 250).0;
        assert!(
            red[0] > 180 && red[1] < 40,
            "opaque side kept its colour: {red:?}"
        );
    }

    #[test]
    fn small_images_keep_their_size() {
        let out = process(&png(120, 80, |_, _| Rgba([10, 20, 30, 255]))).unwrap();
        assert_eq!((out.width, out.height), (120, 80));
    }

    #[test]
    fn refuses_what_is_not_an_image() {
        assert_eq!(
            process(b"hello, this is text").unwrap_err().key,
            "upload.not_image"
        );
        let mut truncated = png(50, 50, |_, _| Rgba([1, 2, 3, 255]));
        truncated.truncate(40);
        assert_eq!(process(&truncated).unwrap_err().key, "upload.not_image");
    }

    #[test]
    fn refuses_huge_declared_dimensions_before_decoding() {
        // A valid PNG header declaring 30000 x 30000: decoding it would need gigabytes.
        assert_eq!(
            process(&declared_bomb(30_000)).unwrap_err().key,
            "upload.dimensions_too_large"
        );
    }
}
