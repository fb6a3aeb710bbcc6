//! Listing packages: the file a seller uploads to their own shop, written into a zip as it is made
//! (the same streaming as the image packages, so memory stays flat), for the HTTP download and the
//! CLI alike: the 淘宝助理 file with its pictures ([`write_taobao`]), or the 抖店 folders a seller
//! publishes from by hand ([`write_douyin`]).

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use commands::catalog::pictures::{Design, Picture};
use commands::listing::package::PlannedProduct;
use domain::listing::douyin::{self, DouyinProduct, DouyinSku, FileKind, ProductSheet};
use domain::listing::taobao::{TaobaoProduct, TaobaoSku, TaobaoWriter};
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::media::picture_jpeg;
use crate::package::safe_name;

/// A product of a package with what its pictures are drawn from.
pub struct PackageProduct {
    pub planned: PlannedProduct,
    pub design: Design,
}

/// The package's name (its CSV, the folder of its pictures and the zip): the platform and the China
/// time it was made, in ASCII so every unzip tool keeps it.
pub fn package_name(platform: &str, now: i64) -> String {
    format!("{platform}-{}", crate::package::compact_china_time(now))
}

/// The address the description shows a detail picture at.
fn detail_url(public_url: &str, product_id: &str, n: i64) -> String {
    format!(
        "{}{}",
        public_url.trim_end_matches('/'),
        projections::catalog::picture_url(product_id, &format!("detail-{n}.jpg"))
    )
}

/// The key a main picture is named by in the writer: unique over the package, since the writer's list
/// of files does not say which product each is of.
fn picture_key(product_id: &str, n: i64) -> String {
    format!("{product_id}/main-{n}")
}

/// The 淘宝助理 row of `product`.
pub fn taobao_product(product: &PlannedProduct, public_url: &str) -> TaobaoProduct {
    TaobaoProduct {
        product_id: product.product_id.clone(),
        item_no: product.item_no.clone(),
        title: product.title.clone(),
        cid: domain::listing::taobao::categories::cid_for(&product.category.0, &product.category.1),
        size_pid: None,
        province: String::new(),
        city: String::new(),
        skus: product
            .skus
            .iter()
            .map(|s| TaobaoSku {
                sku_id: s.sku_id.clone(),
                colour: s.color.clone(),
                size: s.size.clone(),
                price: s.listed,
                quantity: s.listed_stock,
            })
            .collect(),
        main_pictures: (1..=product.main_count)
            .map(|n| picture_key(&product.product_id, n))
            .collect(),
        // Taobao fetches description pictures from the web: without a public address there is none
        // to give, and the description stays empty for the seller to fill.
        detail_pictures: match public_url {
            "" => Vec::new(),
            _ => (1..=product.detail_count)
                .map(|n| detail_url(public_url, &product.product_id, n))
                .collect(),
        },
    }
}

/// Writes the 淘宝助理 package of `products` as a zip into `out`: `<name>.csv` and the main pictures
/// as `<name>/<uuid>.tbi`.
pub fn write_taobao(
    products: &[PackageProduct],
    name: &str,
    public_url: &str,
    data_dir: &Path,
    out: impl Write,
    progress: &dyn Fn(usize),
) -> io::Result<()> {
    let mut csv = TaobaoWriter::new(Vec::new(), name).map_err(io::Error::other)?;
    let mut pictures: HashMap<String, (usize, Picture)> = HashMap::new();
    for (index, product) in products.iter().enumerate() {
        let row = taobao_product(&product.planned, public_url);
        for (n, key) in row.main_pictures.iter().enumerate() {
            pictures.insert(key.clone(), (index, Picture::Main(n as u32 + 1)));
        }
        csv.write_row(&row).map_err(io::Error::other)?;
    }
    let (bytes, files) = csv.finish().map_err(io::Error::other)?;
    let mut zip = ZipWriter::new_stream(BufWriter::with_capacity(256 * 1024, out));
    zip.start_file(
        format!("{name}.csv"),
        SimpleFileOptions::default().compression_method(CompressionMethod::Deflated),
    )
    .map_err(io::Error::other)?;
    zip.write_all(&bytes)?;
    // Pictures are JPEG already: compressing them again costs time and saves nothing.
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    for file in &files {
        let Some(&(index, picture)) = pictures.get(&file.key) else {
            continue;
        };
        let product = &products[index];
        let jpeg = picture_jpeg(data_dir, &product.planned.product_id, &product.design, picture)?;
        zip.start_file(file.path.as_str(), stored)
            .map_err(io::Error::other)?;
        zip.write_all(&jpeg)?;
        // The pictures go in product order: a product is written once its last one is.
        progress(index);
    }
    progress(products.len());
    zip.finish().map_err(io::Error::other)?.flush()
}

/// The 抖店 listing of `product`.
pub fn douyin_product(product: &PlannedProduct) -> DouyinProduct {
    DouyinProduct {
        product_id: product.product_id.clone(),
        item_no: product.item_no.clone(),
        title: product.title.clone(),
        skus: product
            .skus
            .iter()
            .map(|s| DouyinSku {
                sku_id: s.sku_id.clone(),
                colour: s.color.clone(),
                size: s.size.clone(),
                price: s.listed,
                stock: s.listed_stock,
            })
            .collect(),
        main_pictures: u32::try_from(product.main_count.max(0)).unwrap_or(u32::MAX),
        detail_pictures: u32::try_from(product.detail_count.max(0)).unwrap_or(u32::MAX),
    }
}

/// One product's `商品信息.xlsx`: the title, the item number and the note, then the SKU table with
/// its header in bold; prices as numbers in yuan with two decimals, the codes as text, so a
/// spreadsheet never turns one into a number or a date.
fn douyin_workbook(sheet: &ProductSheet) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("0.00");
    let page = book.add_worksheet();
    page.set_name(douyin::SHEET)?;
    for (column, width) in [14.0, 14.0, 10.0, 10.0, 8.0, 26.0].into_iter().enumerate() {
        page.set_column_width(column as u16, width)?;
    }
    for (row, label, value) in [
        (0, douyin::TITLE_LABEL, sheet.title.as_str()),
        (1, douyin::ITEM_NO_LABEL, sheet.item_no.as_str()),
        (2, douyin::NOTE_LABEL, douyin::NOTE),
    ] {
        page.write_string_with_format(row, 0, label, &bold)?;
        page.write_string(row, 1, value)?;
    }
    let header = douyin::SKU_HEADER_ROW;
    for (column, title) in douyin::SKU_HEADERS.iter().enumerate() {
        page.write_string_with_format(header, column as u16, *title, &bold)?;
    }
    for (n, sku) in sheet.rows.iter().enumerate() {
        let row = header + 1 + n as u32;
        page.write_string(row, 0, &sku.spec)?;
        page.write_string(row, 1, &sku.colour)?;
        page.write_string(row, 2, &sku.size)?;
        page.write_number_with_format(row, 3, sku.price.0 as f64 / 100.0, &money)?;
        page.write_number(row, 4, sku.stock as f64)?;
        page.write_string(row, 5, &sku.code)?;
    }
    book.save_to_buffer()
}

/// Writes the 抖店 package of `products` as a zip into `out`: per product, in order, the folder
/// `<name>/<n>-<title>/` with `商品信息.xlsx`, `主图-1.jpg` … and `详情-1.jpg` …. Each product's
/// workbook is made and written before the next's, one picture at a time.
pub fn write_douyin(
    products: &[PackageProduct],
    name: &str,
    data_dir: &Path,
    out: impl Write,
    progress: &dyn Fn(usize),
) -> io::Result<()> {
    let mut zip = ZipWriter::new_stream(BufWriter::with_capacity(256 * 1024, out));
    // An .xlsx and a JPEG are compressed already: compressing them again costs time and saves nothing.
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    for (index, product) in products.iter().enumerate() {
        let listed = douyin_product(&product.planned);
        let sheet = douyin::sheet(&listed).map_err(io::Error::other)?;
        let folder = douyin::folder_name(index + 1, products.len(), &safe_name(&listed.title));
        for file in douyin::product_files(name, &folder, &listed) {
            let bytes = match file.kind {
                FileKind::Workbook => douyin_workbook(&sheet).map_err(io::Error::other)?,
                FileKind::Main(n) => {
                    picture_jpeg(data_dir, &listed.product_id, &product.design, Picture::Main(n))?
                }
                FileKind::Detail(n) => {
                    picture_jpeg(data_dir, &listed.product_id, &product.design, Picture::Detail(n))?
                }
            };
            zip.start_file(file.path.as_str(), stored)
                .map_err(io::Error::other)?;
            zip.write_all(&bytes)?;
        }
        progress(index + 1);
    }
    zip.finish().map_err(io::Error::other)?.flush()
}
