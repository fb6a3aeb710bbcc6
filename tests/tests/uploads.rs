use std::io::Cursor;

use image::{ImageFormat, Rgba, RgbaImage};
use reqwest::multipart::{Form, Part};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tests::{on_both_engines, TestApp};

on_both_engines!(
    a_transparent_png_becomes_a_white_backed_jpeg_of_at_most_800_px,
    what_is_not_an_image_is_refused,
    oversized_files_and_dimensions_are_refused,
    uploads_need_a_session,
);

fn png(width: u32, height: u32, pixel: impl Fn(u32, u32) -> Rgba<u8>) -> Vec<u8> {
    let mut out = Vec::new();
    RgbaImage::from_fn(width, height, pixel)
        .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
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

async fn upload(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>) -> (StatusCode, Value) {
    let form = Form::new().part("file", Part::bytes(bytes).file_name(name.to_string()));
    app.send(
        app.client
            .post(app.url("/addons/unishop/category/upload"))
            .header("token", token)
            .multipart(form),
    )
    .await
}

async fn a_transparent_png_becomes_a_white_backed_jpeg_of_at_most_800_px(app: &TestApp) {
    let token = app.register("13800138000", "abc123").await;
    // A transparent frame around an opaque blue disc.
    let source = png(1200, 900, |x, y| {
        let (dx, dy) = (x as i64 - 600, y as i64 - 450);
        if dx * dx + dy * dy < 300 * 300 {
            Rgba([20, 60, 200, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    let (status, body) = upload(app, &token, "avatar.png", source).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    assert_eq!(
        (data["width"].as_u64(), data["height"].as_u64()),
        (Some(800), Some(600))
    );
    assert_eq!(data["name"], "upload.jpg");
    let url = data["url"].as_str().unwrap();
    assert!(url.starts_with("/uploads/") && url.ends_with(".jpg"));

    let served = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    let bytes = served.bytes().await.unwrap();
    assert_eq!(image::guess_format(&bytes).unwrap(), ImageFormat::Jpeg);
    let img = image::load_from_memory(&bytes).unwrap().to_rgb8();
    assert_eq!((img.width(), img.height()), (800, 600));
    for (x, y) in [(1, 1), (798, 1), (1, 598), (798, 598)] {
        let p = img.get_pixel(x, y).0;
        assert!(
            p.iter().all(|&c| c >= 245),
            "corner ({x},{y}) is {p:?}, not white"
        );
    }
    let centre = img.get_pixel(400, 300).0;
    assert!(
        centre[2] > 150 && centre[0] < 60,
        "the disc stays blue: {centre:?}"
    );

    // The same picture again gets the same stable URL, and can become the avatar.
    let again = upload(
        app,
        &token,
        "avatar.png",
        png(1200, 900, |x, y| {
            let (dx, dy) = (x as i64 - 600, y as i64 - 450);
            if dx * dx + dy * dy < 300 * 300 {
                Rgba([20, 60, 200, 255])
            } else {
                Rgba([0, 0, 0, 0])
            }
        }),
    )
    .await
    .1;
    assert_eq!(again["data"]["url"], url);
    let (status, body) = app
        .post_as(
            "/jpmall/addons/unishop/user/edit",
            &token,
            "zh_CN",
            json!({"avatar": url}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["avatar"], url);
}

async fn what_is_not_an_image_is_refused(app: &TestApp) {
    let token = app.register("13800138001", "abc123").await;
    let (status, body) = upload(
        app,
        &token,
        "notes.txt",
        b"shipping notes, not a picture".to_vec(),
    )
    .await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("未检测到可用图片"))
    );
    let form = Form::new().text("other", "x");
    let (status, body) = app
        .send(
            app.client
                .post(app.url("/addons/unishop/category/upload"))
                .header("token", &token)
                .multipart(form),
        )
        .await;
    assert_eq!(
        (status, body["msg"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("请选择要上传的文件"))
    );
}

async fn oversized_files_and_dimensions_are_refused(app: &TestApp) {
    let token = app.register("13800138002", "abc123").await;
    // The server refuses from the declared length and closes without reading the rest, so a client
    // still sending may see the connection cut instead of the 413: either way nothing is stored.
    let form = Form::new().part(
        "file",
        Part::bytes(vec![0u8; 11 * 1024 * 1024]).file_name("big.bin"),
    );
    let sent = app
        .client
        .post(app.url("/addons/unishop/category/upload"))
        .header("token", &token)
        .multipart(form)
        .send()
        .await;
    match sent {
        Ok(response) => {
            assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
            // Without this the client pools a connection the server is closing, and its next
            // request fails with an incomplete message.
            assert_eq!(response.headers()[reqwest::header::CONNECTION], "close");
        }
        Err(cut) => assert!(cut.is_request(), "{cut}"),
    }
    let stored = std::fs::read_dir(app.data_dir.path().join("uploads"))
        .map(|entries| entries.count())
        .unwrap_or(0);
    assert_eq!(stored, 0, "a refused upload stores nothing");
    // A tiny file whose header declares 30000 x 30000 pixels (a decompression bomb).
    let (status, body) = upload(app, &token, "bomb.png", declared_bomb(30_000)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["msg"].as_str().unwrap().contains("30000×30000"), "{body}");
}

async fn uploads_need_a_session(app: &TestApp) {
    let (status, body) = upload(
        app,
        "not-a-token",
        "a.png",
        png(10, 10, |_, _| Rgba([0, 0, 0, 255])),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_i64()),
        (StatusCode::UNAUTHORIZED, Some(401))
    );
}
