//! Image captchas: four characters drawn with a small bitmap font (the `image` crate renders no text),
//! valid five minutes, used once; a wrong answer ends a captcha.

use std::io::Cursor;

use base64::Engine as _;
use image::{ImageFormat, Rgb, RgbImage};
use rand::Rng;
use sqlx::Row;

use crate::clock::now;
use crate::error::{Error, Result};
use crate::Database;

const CAPTCHA_LIFETIME_SECONDS: i64 = 300;
const CHARSET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const WIDTH: u32 = 120;
const HEIGHT: u32 = 40;
const SCALE: u32 = 3;

pub struct Captcha {
    pub key: String,
    pub answer: String,
    /// A `data:image/png;base64,…` URL.
    pub image: String,
}

pub async fn issue(db: &Database) -> Result<Captcha> {
    let captcha = draw_new();
    let at = now();
    sqlx::query(
        "INSERT INTO captchas (captcha_key, answer, created_at, expires_at, verified, used) \
         VALUES ($1, $2, $3, $4, FALSE, FALSE)",
    )
    .bind(&captcha.key)
    .bind(&captcha.answer)
    .bind(at)
    .bind(at + CAPTCHA_LIFETIME_SECONDS)
    .execute(&db.pool)
    .await?;
    // Old captchas are useless; pruning here keeps the table small without a scheduler.
    sqlx::query("DELETE FROM captchas WHERE expires_at < $1")
        .bind(at - domain::calendar::DAY_SECONDS)
        .execute(&db.pool)
        .await?;
    Ok(captcha)
}

/// Checks an answer without using the captcha up, so a form can say early that it is wrong. A wrong
/// answer ends the captcha.
pub async fn check(db: &Database, key: &str, answer: &str) -> Result<()> {
    let mut tx = db.begin_write().await?;
    let outcome = claim(&mut tx, key, answer, Look::Check).await?;
    if outcome.is_ok() {
        // Right: it stays usable for the request it guards.
        sqlx::query("UPDATE captchas SET verified = TRUE, used = FALSE WHERE captcha_key = $1")
            .bind(key)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    outcome.map_err(Error::invalid)
}

/// Uses a captcha up inside the caller's transaction, right or wrong; the caller commits that even
/// when it refuses the request.
pub async fn consume(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    answer: &str,
) -> Result<std::result::Result<(), &'static str>> {
    claim(tx, key, answer, Look::Use).await
}

/// Who looks at an answer: an early check (once: a checked captcha is not judged again, right or
/// wrong) or the request the captcha guards (which takes a checked one).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    Check,
    Use,
}

/// Ends the captcha and judges the answer in one step: the statement that marks it used is the one
/// that reads its answer, so parallel guesses at one captcha get one look between them.
async fn claim(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: &str,
    answer: &str,
    look: Look,
) -> Result<std::result::Result<(), &'static str>> {
    if key.trim().is_empty() || answer.trim().is_empty() {
        return Ok(Err("captcha.required"));
    }
    let unchecked = if look == Look::Check {
        " AND verified = FALSE"
    } else {
        ""
    };
    let row = sqlx::query(&format!(
        "UPDATE captchas SET used = TRUE WHERE captcha_key = $1 AND used = FALSE AND expires_at >= $2{unchecked} \
         RETURNING answer",
    ))
    .bind(key)
    .bind(now())
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = row else {
        return Ok(Err("captcha.expired"));
    };
    let expected: String = row.get("answer");
    if !expected.eq_ignore_ascii_case(answer.trim()) {
        return Ok(Err("captcha.incorrect"));
    }
    Ok(Ok(()))
}

fn draw_new() -> Captcha {
    let mut rng = rand::thread_rng();
    let answer: String = (0..4)
        .map(|_| CHARSET[rng.gen_range(0..CHARSET.len())] as char)
        .collect();
    let key = hex::encode(rng.gen::<[u8; 16]>());
    let png = render(&answer, &mut rng);
    let image = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    );
    Captcha { key, answer, image }
}

fn render(answer: &str, rng: &mut impl Rng) -> Vec<u8> {
    let mut img = RgbImage::from_fn(WIDTH, HEIGHT, |_, _| {
        let shade = rng.gen_range(225..=250);
        Rgb([shade, shade, rng.gen_range(235..=255)])
    });
    for _ in 0..4 {
        draw_line(&mut img, rng);
    }
    for (i, ch) in answer.chars().enumerate() {
        let colour = Rgb([
            rng.gen_range(20..110),
            rng.gen_range(20..110),
            rng.gen_range(60..160),
        ]);
        let x0 = 10 + i as u32 * 26 + rng.gen_range(0..5);
        let y0 = 4 + rng.gen_range(0..(HEIGHT - 7 * SCALE - 6));
        draw_glyph(&mut img, glyph(ch), x0, y0, colour);
    }
    for _ in 0..120 {
        let (x, y) = (rng.gen_range(0..WIDTH), rng.gen_range(0..HEIGHT));
        img.put_pixel(
            x,
            y,
            Rgb([
                rng.gen_range(80..200),
                rng.gen_range(80..200),
                rng.gen_range(80..200),
            ]),
        );
    }
    let mut png = Vec::new();
    img.write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .expect("PNG encoding into memory cannot fail");
    png
}

fn draw_glyph(img: &mut RgbImage, rows: [&str; 7], x0: u32, y0: u32, colour: Rgb<u8>) {
    for (gy, row) in rows.iter().enumerate() {
        for (gx, cell) in row.bytes().enumerate() {
            if cell != b'#' {
                continue;
            }
            for dy in 0..SCALE {
                for dx in 0..SCALE {
                    let (x, y) = (x0 + gx as u32 * SCALE + dx, y0 + gy as u32 * SCALE + dy);
                    if x < WIDTH && y < HEIGHT {
                        img.put_pixel(x, y, colour);
                    }
                }
            }
        }
    }
}

fn draw_line(img: &mut RgbImage, rng: &mut impl Rng) {
    let (x0, y0) = (0f32, rng.gen_range(0..HEIGHT) as f32);
    let (x1, y1) = ((WIDTH - 1) as f32, rng.gen_range(0..HEIGHT) as f32);
    let colour = Rgb([
        rng.gen_range(120..200),
        rng.gen_range(120..200),
        rng.gen_range(120..200),
    ]);
    for step in 0..WIDTH {
        let t = step as f32 / (WIDTH - 1) as f32;
        let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
        img.put_pixel(x as u32, (y as u32).min(HEIGHT - 1), colour);
    }
}

#[rustfmt::skip]
fn glyph(ch: char) -> [&'static str; 7] {
    match ch {
        'A' => [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        'B' => ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
        'C' => [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
        'D' => ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
        'E' => ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
        'F' => ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
        'G' => [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"],
        'H' => ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        'J' => ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
        'K' => ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
        'M' => ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
        'N' => ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
        'P' => ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
        'Q' => [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
        'R' => ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
        'S' => [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
        'T' => ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
        'U' => ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
        'V' => ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
        'W' => ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
        'X' => ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
        'Y' => ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
        'Z' => ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
        '2' => [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
        '3' => ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
        '4' => ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
        '5' => ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
        '6' => ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
        '7' => ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
        '8' => [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
        '9' => [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
        _ => ["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####"],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_has_a_glyph_of_five_columns() {
        for &c in CHARSET {
            let rows = glyph(c as char);
            assert!(rows.iter().all(|r| r.len() == 5), "{}", c as char);
            assert_ne!(rows, glyph('?'), "{} falls back to the box", c as char);
        }
    }

    #[test]
    fn draws_a_png_data_url_of_four_characters() {
        let captcha = draw_new();
        assert_eq!(captcha.answer.len(), 4);
        assert!(captcha.image.starts_with("data:image/png;base64,"));
        let png = base64::engine::general_purpose::STANDARD
            .decode(captcha.image.trim_start_matches("data:image/png;base64,"))
            .unwrap();
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
    }
}
