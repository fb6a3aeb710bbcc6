//! A platform's order export as uploaded, `.xlsx` or `.csv`, read into a header and numbered rows
//! under the same bounds as every other sheet: an `.xlsx` through `bounded`, a `.csv` with the `csv`
//! crate, decoded as UTF-8 (with or without a byte order mark) or, failing that, as GBK, which
//! Chinese seller centres and Excel on Chinese Windows still write.

use commands::Refusal;
use domain::order::Platform;
use domain::platform_export::{self, LayoutError, PlatformLine};

use crate::excel::bounded::{first_sheet_rows, SheetFault, SheetLimits, Text};
use crate::i18n::{message, Language};

/// A day of a busy shop's orders; a larger export is split by date in the seller centre.
pub const MAX_LINES: usize = 2000;
/// TikTok Shop and Lazada exports run to about 70 columns.
const MAX_COLUMNS: u32 = 200;
const MAX_CELL_CHARS: usize = 2_000;

fn too_many_rows() -> Refusal {
    Refusal::new("excel.too_many_rows")
        .on("file")
        .with("max", MAX_LINES)
}

fn csv_text(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => encoding_rs::GBK.decode(bytes).0.into_owned(),
    }
}

fn csv_rows(bytes: &[u8]) -> Result<Vec<Vec<Text>>, Refusal> {
    let text = csv_text(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(|_| Refusal::new("excel.not_spreadsheet").on("file"))?;
        if index >= MAX_LINES + 20 {
            return Err(too_many_rows());
        }
        if record.len() > MAX_COLUMNS as usize {
            return Err(Refusal::new("excel.too_many_columns")
                .on("file")
                .with("max", MAX_COLUMNS));
        }
        let mut cells = Vec::with_capacity(record.len());
        for (column, cell) in record.iter().enumerate() {
            let cell = cell.trim_matches(|c: char| c == '\t' || c == '\r' || c == '\n');
            let at = || (index + 1, crate::excel::bounded::column_name(column as u32));
            if cell.chars().take(MAX_CELL_CHARS + 1).count() > MAX_CELL_CHARS {
                let (row, column) = at();
                return Err(Refusal::new("excel.cell_too_long")
                    .on("file")
                    .with("row", row)
                    .with("column", column)
                    .with("max", MAX_CELL_CHARS));
            }
            if cell.chars().any(char::is_control) {
                let (row, column) = at();
                return Err(Refusal::new("excel.cell_control_character")
                    .on("file")
                    .with("row", row)
                    .with("column", column));
            }
            cells.push(Text::from(cell));
        }
        rows.push(cells);
    }
    Ok(rows)
}

/// The file's rows: an `.xlsx` is known by its zip signature, anything else is read as CSV.
fn rows_of(bytes: &[u8]) -> Result<Vec<Vec<Text>>, Refusal> {
    if bytes.starts_with(b"PK\x03\x04") {
        let limits = SheetLimits {
            max_rows: MAX_LINES as u32 + 20,
            max_columns: MAX_COLUMNS,
        };
        first_sheet_rows(bytes, limits).map_err(|fault| match fault {
            SheetFault::TooManyRows { .. } => too_many_rows(),
            other => other.refusal(),
        })
    } else {
        csv_rows(bytes)
    }
}

/// What an export holds: the platform it is from, the currency its prices are in (an ISO code, empty
/// when the file does not say) and its lines.
#[derive(Debug)]
pub struct Export {
    pub platform: Platform,
    pub currency: String,
    pub lines: Vec<PlatformLine>,
}

fn platform_name(lang: Language, platform: Platform) -> String {
    message(lang, &format!("excel.platform.{}", platform.code()), &[])
}

/// No platform's export: what each platform's needs, and the closest with what it lacks.
fn unrecognised(
    needs: &[(Platform, Vec<&'static str>)],
    closest: Platform,
    missing: &[&'static str],
    lang: Language,
) -> Refusal {
    let separator = match lang {
        Language::ZhCn => "；",
        _ => "; ",
    };
    let platforms = needs
        .iter()
        .map(|(platform, columns)| {
            message(
                lang,
                "platform.layout_needs",
                &[
                    ("platform", platform_name(lang, *platform)),
                    ("columns", columns.join(", ")),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(separator);
    let quoted: Vec<&str> = needs.iter().flat_map(|(_, c)| c.iter().copied()).collect();
    Refusal::new("platform.layout_unrecognised")
        .on("file")
        .with("platforms", platforms)
        .with("closest", platform_name(lang, closest))
        .with("columns", missing.join(", "))
        // the platforms' own column names, which a file must carry as they are
        .quoting(&quoted)
}

/// Reads an export; `chosen` holds it to one platform's layout. A layout that is not known is
/// refused with the columns it lacks, in the platform's own words.
pub fn read_export(bytes: &[u8], chosen: Option<Platform>, lang: Language) -> Result<Export, Refusal> {
    let rows = rows_of(bytes)?;
    let mut numbered = rows
        .into_iter()
        .enumerate()
        .filter(|(_, cells)| cells.iter().any(|c| !c.trim().is_empty()));
    let Some((_, header)) = numbered.next() else {
        return Err(Refusal::new("excel.no_rows").on("file"));
    };
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let layout = platform_export::detect(&header, chosen).map_err(|e| match e {
        LayoutError::Empty => Refusal::new("excel.no_rows").on("file"),
        LayoutError::Unrecognised {
            needs,
            closest,
            missing,
        } => unrecognised(&needs, closest, &missing, lang),
        LayoutError::Lacks { platform, missing } => Refusal::new("platform.layout_unknown")
            .on("file")
            .with("platform", platform_name(lang, platform))
            .with("columns", missing.join(", "))
            // the platform's own column names, which the file must carry as they are
            .quoting(&missing),
    })?;
    let data: Vec<(usize, Vec<Text>)> = numbered.map(|(index, cells)| (index + 1, cells)).collect();
    if data.len() > MAX_LINES + 1 {
        return Err(too_many_rows());
    }
    let lines = platform_export::read_lines(layout, &header, &data);
    if lines.is_empty() {
        return Err(Refusal::new("excel.no_rows").on("file"));
    }
    if lines.len() > MAX_LINES {
        return Err(too_many_rows());
    }
    Ok(Export {
        platform: layout.platform,
        currency: layout.currency(&header),
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_is_read_in_utf8_with_a_bom_or_in_gbk() {
        let utf8 = "\u{feff}主订单编号,商品数量\n6921234567890123456\t,2\n";
        assert_eq!(
            csv_rows(utf8.as_bytes()).unwrap(),
            vec![
                vec![Text::from("主订单编号"), Text::from("商品数量")],
                vec![Text::from("6921234567890123456"), Text::from("2")],
            ]
        );
        let (gbk, _, _) = encoding_rs::GBK.encode("收件人,详细地址\n张三,科技园路1号\n");
        assert_eq!(
            csv_rows(&gbk).unwrap()[1],
            vec![Text::from("张三"), Text::from("科技园路1号")]
        );
        assert_eq!(
            csv_rows("a,b\nx\u{7},y\n".as_bytes()).unwrap_err().key,
            "excel.cell_control_character"
        );
    }

    fn param(refusal: &Refusal, key: &str) -> String {
        refusal.params.iter().find(|(k, _)| *k == key).unwrap().1.clone()
    }

    #[test]
    fn an_unknown_layout_is_refused_with_what_it_lacks() {
        let file = "Order ID,Quantity\n1,2\n".as_bytes();
        let refusal = read_export(file, Some(Platform::Tiktok), Language::EnUs).unwrap_err();
        assert_eq!(refusal.key, "platform.layout_unknown");
        assert!(param(&refusal, "columns").contains("Recipient"), "{refusal:?}");

        // With no platform chosen: no platform's export, each listed, the closest named.
        let refusal = read_export(file, None, Language::EnUs).unwrap_err();
        assert_eq!(refusal.key, "platform.layout_unrecognised");
        let platforms = param(&refusal, "platforms");
        for name in ["Douyin", "TikTok", "Shopee", "Lazada"] {
            assert!(platforms.contains(name), "{platforms}");
        }
        assert!(platforms.contains("Receiver Name"), "{platforms}");
        assert!(!param(&refusal, "closest").is_empty());
    }

    #[test]
    fn the_currency_is_read_from_the_price_header() {
        let shopee = "Order ID,Product Name,Variation Name,Original Price (PHP),Deal Price (PHP),Quantity,\
                      Receiver Name,Phone Number,Delivery Address\n1,Tee,\"Pink,M\",399.00,299.00,1,Ana,0917,7 Luna St\n";
        let export = read_export(shopee.as_bytes(), None, Language::EnUs).unwrap();
        assert_eq!(export.currency, "PHP");
        assert_eq!(export.lines[0].unit_price, Some(29_900));
    }
}
