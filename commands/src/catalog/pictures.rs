//! Pictures of the demo market, drawn from a product's design recipe: a garment silhouette filled with
//! its pattern and colours on a tinted backdrop. Pure and deterministic: the same recipe draws the
//! same picture, so pictures are rendered on demand and never need to be stored with the seed.

pub use domain::catalog::{LookHash, LOOK_WORDS};
use image::{DynamicImage, Rgb, RgbImage};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Garment {
    Tee,
    Shirt,
    Hoodie,
    Jacket,
    Dress,
    Skirt,
    Pants,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pattern {
    Solid,
    Stripes,
    Dots,
    Checks,
    Gradient,
}

/// The recipe of a product's pictures, stored with the product.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Design {
    pub garment: Garment,
    pub pattern: Pattern,
    /// One colour per colour option; the first is the one on the main pictures.
    pub colors: Vec<[u8; 3]>,
    pub accent: [u8; 3],
    pub backdrop: [u8; 3],
    /// Pattern size relative to the picture, around 1.0.
    pub scale: f32,
    /// Stripe direction in radians.
    pub tilt: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// 1 is the front; 2 the back; further ones the other colours.
    Main(u32),
    /// Close-ups of the fabric.
    Detail(u32),
    /// The garment in colour option `n` (1-based).
    Color(u32),
}

impl Picture {
    /// Parses `main-1.jpg`, `detail-2.jpg`, `color-3.jpg`.
    pub fn parse(file: &str) -> Option<Picture> {
        let stem = file.strip_suffix(".jpg")?;
        let (kind, n) = stem.split_once('-')?;
        let n: u32 = n.parse().ok().filter(|n| *n >= 1)?;
        match kind {
            "main" => Some(Picture::Main(n)),
            "detail" => Some(Picture::Detail(n)),
            "color" => Some(Picture::Color(n)),
            _ => None,
        }
    }

    pub fn file_name(self) -> String {
        match self {
            Picture::Main(n) => format!("main-{n}.jpg"),
            Picture::Detail(n) => format!("detail-{n}.jpg"),
            Picture::Color(n) => format!("color-{n}.jpg"),
        }
    }

    /// Width and height in pixels at full size.
    pub fn full_size(self) -> (u32, u32) {
        match self {
            Picture::Main(_) => (800, 800),
            Picture::Detail(_) => (750, 1000),
            Picture::Color(_) => (400, 400),
        }
    }
}

fn silhouette(garment: Garment) -> &'static [(f32, f32)] {
    match garment {
        Garment::Tee => &[
            (0.30, 0.18),
            (0.42, 0.14),
            (0.50, 0.19),
            (0.58, 0.14),
            (0.70, 0.18),
            (0.88, 0.33),
            (0.80, 0.43),
            (0.72, 0.37),
            (0.72, 0.86),
            (0.28, 0.86),
            (0.28, 0.37),
            (0.20, 0.43),
            (0.12, 0.33),
        ],
        Garment::Shirt => &[
            (0.30, 0.17),
            (0.41, 0.13),
            (0.50, 0.24),
            (0.59, 0.13),
            (0.70, 0.17),
            (0.86, 0.74),
            (0.78, 0.76),
            (0.71, 0.42),
            (0.71, 0.88),
            (0.29, 0.88),
            (0.29, 0.42),
            (0.22, 0.76),
            (0.14, 0.74),
        ],
        Garment::Hoodie => &[
            (0.30, 0.22),
            (0.38, 0.08),
            (0.50, 0.06),
            (0.62, 0.08),
            (0.70, 0.22),
            (0.87, 0.72),
            (0.78, 0.75),
            (0.70, 0.42),
            (0.71, 0.88),
            (0.29, 0.88),
            (0.30, 0.42),
            (0.22, 0.75),
            (0.13, 0.72),
        ],
        Garment::Jacket => &[
            (0.27, 0.16),
            (0.50, 0.23),
            (0.73, 0.16),
            (0.89, 0.75),
            (0.79, 0.77),
            (0.73, 0.43),
            (0.75, 0.91),
            (0.25, 0.91),
            (0.27, 0.43),
            (0.21, 0.77),
            (0.11, 0.75),
        ],
        Garment::Dress => &[
            (0.38, 0.11),
            (0.44, 0.11),
            (0.50, 0.18),
            (0.56, 0.11),
            (0.62, 0.11),
            (0.64, 0.36),
            (0.60, 0.45),
            (0.83, 0.91),
            (0.17, 0.91),
            (0.40, 0.45),
            (0.36, 0.36),
        ],
        Garment::Skirt => &[
            (0.32, 0.22),
            (0.68, 0.22),
            (0.66, 0.31),
            (0.85, 0.85),
            (0.15, 0.85),
            (0.34, 0.31),
        ],
        Garment::Pants => &[
            (0.31, 0.12),
            (0.69, 0.12),
            (0.73, 0.91),
            (0.56, 0.91),
            (0.50, 0.40),
            (0.44, 0.91),
            (0.27, 0.91),
        ],
    }
}

/// Draws `picture` of `design` at `width` x `height`.
pub fn render(design: &Design, picture: Picture, width: u32, height: u32) -> RgbImage {
    match picture {
        Picture::Main(n) => {
            let colour = design.colors[((n.max(2) - 2) as usize) % design.colors.len()];
            let colour = if n <= 2 { design.colors[0] } else { colour };
            garment_on_backdrop(design, colour, design.backdrop, n == 2, width, height)
        }
        Picture::Color(n) => {
            let colour = design.colors[((n - 1) as usize) % design.colors.len()];
            garment_on_backdrop(design, colour, [250, 250, 250], false, width, height)
        }
        Picture::Detail(n) => fabric(design, n, width, height),
    }
}

/// The picture the perceptual hash is taken of: the first main picture, small.
pub fn hash_source(design: &Design) -> DynamicImage {
    DynamicImage::ImageRgb8(render(design, Picture::Main(1), 256, 256))
}

const LAYOUT_GRID: u32 = 4;
/// Must agree with the bit budget of `LookHash`: 4 x 4 cells x 3 channels x 15 bits + 64.
const LAYOUT_LEVELS: u32 = 16;

/// The [`LookHash`] of a picture (see there for what it measures).
pub fn look_hash(image: &DynamicImage) -> LookHash {
    let rgb = image.to_rgb8();
    let (w, h) = rgb.dimensions();
    let cells = (LAYOUT_GRID * LAYOUT_GRID) as usize;
    let mut sums = vec![[0u64; 3]; cells];
    let mut counts = vec![0u64; cells];
    for (x, y, pixel) in rgb.enumerate_pixels() {
        let cell = ((y * LAYOUT_GRID / h) * LAYOUT_GRID + x * LAYOUT_GRID / w) as usize;
        for (sum, value) in sums[cell].iter_mut().zip(pixel.0) {
            *sum += u64::from(value);
        }
        counts[cell] += 1;
    }
    let mut bits: Vec<bool> = Vec::with_capacity(LOOK_WORDS * 64);
    for (sum, count) in sums.iter().zip(&counts) {
        for channel in sum {
            let level = (channel / (*count).max(1)) as u32 * LAYOUT_LEVELS / 256;
            bits.extend((0..LAYOUT_LEVELS - 1).map(|t| level > t));
        }
    }
    let gradient = image_hasher::HasherConfig::new().to_hasher().hash_image(image);
    bits.extend(
        gradient
            .as_bytes()
            .iter()
            .flat_map(|b| (0..8).rev().map(move |i| b >> i & 1 == 1)),
    );
    let mut words = [0u64; LOOK_WORDS];
    for (i, bit) in bits.into_iter().enumerate() {
        if bit {
            words[i / 64] |= 1 << (63 - i % 64);
        }
    }
    LookHash(words)
}

/// Encodes a picture as the JPEG the storefront serves.
pub fn jpeg(image: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(image)
        .expect("encoding an RGB picture into memory cannot fail");
    out
}

/// A wide banner showing three garments side by side.
pub fn banner(designs: &[Design], width: u32, height: u32) -> RgbImage {
    let mut img = RgbImage::from_pixel(width, height, Rgb([250, 244, 240]));
    let slot = width / designs.len().max(1) as u32;
    for (i, design) in designs.iter().enumerate() {
        let part = render(design, Picture::Main(1), slot, height);
        image::imageops::replace(&mut img, &part, i64::from(slot * i as u32), 0);
    }
    img
}

fn lerp(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t).round() as u8)
}

fn shade(c: [u8; 3], factor: f32) -> [u8; 3] {
    c.map(|v| (f32::from(v) * factor).clamp(0.0, 255.0) as u8)
}

/// The pattern's colour at a point of the garment, in units of the picture's shorter side.
fn pattern_colour(design: &Design, base: [u8; 3], u: f32, v: f32) -> [u8; 3] {
    let cell = 0.06 * design.scale;
    match design.pattern {
        Pattern::Solid => base,
        Pattern::Stripes => {
            let along = u * design.tilt.cos() + v * design.tilt.sin();
            if (along / cell).floor() as i64 % 2 == 0 {
                base
            } else {
                design.accent
            }
        }
        Pattern::Dots => {
            let (cu, cv) = ((u / cell).floor(), (v / cell).floor());
            let (du, dv) = (u - (cu + 0.5) * cell, v - (cv + 0.5) * cell);
            if (du * du + dv * dv).sqrt() < cell * 0.28 {
                design.accent
            } else {
                base
            }
        }
        Pattern::Checks => {
            let parity = ((u / cell).floor() + (v / cell).floor()) as i64 % 2 == 0;
            if parity {
                base
            } else {
                lerp(base, design.accent, 0.55)
            }
        }
        Pattern::Gradient => lerp(base, design.accent, v),
    }
}

fn garment_on_backdrop(
    design: &Design,
    colour: [u8; 3],
    backdrop: [u8; 3],
    back_view: bool,
    width: u32,
    height: u32,
) -> RgbImage {
    let side = width.min(height) as f32;
    let (ox, oy) = ((width as f32 - side) / 2.0, (height as f32 - side) / 2.0);
    let light = lerp(backdrop, [255, 255, 255], 0.6);
    let mut img = RgbImage::from_fn(width, height, |_, y| {
        Rgb(lerp(light, backdrop, y as f32 / height as f32))
    });
    let points: Vec<(f32, f32)> = silhouette(design.garment)
        .iter()
        .map(|&(x, y)| {
            let x = if back_view { 1.0 - x } else { x };
            (ox + x * side, oy + y * side)
        })
        .collect();
    let centre_x = ox + side / 2.0;
    for y in 0..height {
        let yf = y as f32 + 0.5;
        for (start, end) in spans(&points, yf) {
            let (x0, x1) = (
                start.max(0.0).round() as u32,
                end.min(width as f32).round() as u32,
            );
            for x in x0..x1 {
                let (u, v) = ((x as f32 - ox) / side, (yf - oy) / side);
                let c = pattern_colour(design, colour, u, v);
                // Soft light from the left, so the garment reads as cloth rather than a flat shape.
                let light = 1.06 - 0.16 * ((x as f32 - centre_x) / (side * 0.4)).clamp(-1.0, 1.0).abs();
                img.put_pixel(x, y, Rgb(shade(c, light)));
            }
        }
    }
    // A woven label at the neck, in the accent colour.
    let (lx, ly) = ((ox + side * 0.47) as u32, (oy + side * 0.2) as u32);
    for y in ly..(ly + (side * 0.03) as u32).min(height) {
        for x in lx..(lx + (side * 0.06) as u32).min(width) {
            img.put_pixel(x, y, Rgb(design.accent));
        }
    }
    img
}

/// Where the horizontal line at `y` is inside the polygon: pairs of crossings (even-odd rule).
fn spans(points: &[(f32, f32)], y: f32) -> Vec<(f32, f32)> {
    let mut xs: Vec<f32> = Vec::new();
    for i in 0..points.len() {
        let (a, b) = (points[i], points[(i + 1) % points.len()]);
        if (a.1 <= y && b.1 > y) || (b.1 <= y && a.1 > y) {
            xs.push(a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0));
        }
    }
    xs.sort_by(f32::total_cmp);
    xs.chunks_exact(2).map(|pair| (pair[0], pair[1])).collect()
}

/// A close-up: the garment drawn large and cropped around the collar (1), the body's print (2) or
/// the hem (3 and on), with a woven texture that only shows at this scale.
fn fabric(design: &Design, n: u32, width: u32, height: u32) -> RgbImage {
    let side = (width.max(height) as f32 * 1.5) as u32;
    let whole = garment_on_backdrop(design, design.colors[0], design.backdrop, false, side, side);
    let (fx, fy) = match n {
        1 => (0.50, 0.22),
        2 => (0.50, 0.55),
        _ => (0.50, 0.80),
    };
    let x = ((side as f32 * fx) as u32)
        .saturating_sub(width / 2)
        .min(side - width);
    let y = ((side as f32 * fy) as u32)
        .saturating_sub(height / 2)
        .min(side - height);
    let mut close = image::imageops::crop_imm(&whole, x, y, width, height).to_image();
    for (px, py, pixel) in close.enumerate_pixels_mut() {
        let weave = if (px / 3 + py / 3) % 2 == 0 { 1.05 } else { 0.93 };
        pixel.0 = shade(pixel.0, weave);
    }
    close
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design(pattern: Pattern) -> Design {
        Design {
            garment: Garment::Dress,
            pattern,
            colors: vec![[200, 40, 50], [30, 45, 90]],
            accent: [245, 205, 60],
            backdrop: [220, 230, 240],
            scale: 1.0,
            tilt: 0.6,
        }
    }

    #[test]
    fn look_hashes_round_trip_and_measure_difference() {
        let a = look_hash(&DynamicImage::ImageRgb8(render(
            &design(Pattern::Solid),
            Picture::Main(1),
            200,
            200,
        )));
        let b = look_hash(&DynamicImage::ImageRgb8(render(
            &design(Pattern::Solid),
            Picture::Main(1),
            400,
            400,
        )));
        let mut navy = design(Pattern::Solid);
        navy.colors.swap(0, 1);
        let c = look_hash(&DynamicImage::ImageRgb8(render(
            &navy,
            Picture::Main(1),
            200,
            200,
        )));
        assert_eq!(LookHash::from_hex(&a.to_hex()), Some(a));
        assert_eq!(LookHash::from_hex("zz"), None);
        assert!(
            a.distance(&b) <= 4,
            "the same picture at another size: {}",
            a.distance(&b)
        );
        assert!(
            a.distance(&c) > 3 * a.distance(&b).max(4),
            "another colour is far: {}",
            a.distance(&c)
        );
    }

    #[test]
    fn parses_and_names_picture_files() {
        for picture in [Picture::Main(1), Picture::Detail(3), Picture::Color(2)] {
            assert_eq!(Picture::parse(&picture.file_name()), Some(picture));
        }
        for bad in [
            "main-0.jpg",
            "main-x.jpg",
            "main.jpg",
            "cover-1.jpg",
            "main-1.png",
            "../main-1.jpg",
        ] {
            assert_eq!(Picture::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_garment_is_drawn_in_its_colour_on_the_backdrop() {
        let img = render(&design(Pattern::Solid), Picture::Main(1), 200, 200);
        let centre = img.get_pixel(100, 140).0;
        assert!(centre[0] > 150 && centre[1] < 80, "dress body is red: {centre:?}");
        let corner = img.get_pixel(2, 2).0;
        assert!(corner[2] > 230, "backdrop is light: {corner:?}");
        let other = render(&design(Pattern::Solid), Picture::Color(2), 200, 200);
        assert!(
            other.get_pixel(100, 140).0[2] > other.get_pixel(100, 140).0[0],
            "second colour is navy"
        );
    }

    #[test]
    fn patterns_make_different_pictures_and_drawing_is_deterministic() {
        let a = render(&design(Pattern::Stripes), Picture::Main(1), 120, 120);
        let b = render(&design(Pattern::Dots), Picture::Main(1), 120, 120);
        assert_ne!(a, b);
        assert_eq!(a, render(&design(Pattern::Stripes), Picture::Main(1), 120, 120));
        assert_ne!(
            render(&design(Pattern::Checks), Picture::Detail(1), 90, 120),
            render(&design(Pattern::Checks), Picture::Detail(2), 90, 120)
        );
    }
}
