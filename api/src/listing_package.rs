//! Listing packages: the file a seller uploads to their own shop, written into a zip as it is made
//! (the same streaming as the image packages, so memory stays flat), for the HTTP download and the
//! CLI alike.

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use commands::catalog::pictures::{Design, Picture};
use commands::listing::package::PlannedProduct;
use domain::listing::taobao::{TaobaoProduct, TaobaoSku, TaobaoWriter};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::media::picture_jpeg;

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
        cid: None,
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
    }
    zip.finish().map_err(io::Error::other)?.flush()
}
