//! The platform-order template sellers fill in for a batch upload: the header row on the first sheet
//! (in the reader's language) and, on a second sheet, what each column takes with an example row.

use domain::order::{Courier, Platform};
use rust_xlsxwriter::XlsxError;

use crate::excel::sheet::{Book, Cell};
use crate::i18n::{message, Language};

/// The template's columns, in order; `remark` may be left out of a file.
pub const COLUMNS: [&str; 11] = [
    "platform",
    "source_order_no",
    "item_no",
    "color",
    "size",
    "quantity",
    "recipient",
    "phone",
    "address",
    "courier",
    "remark",
];

pub fn column_title(column: &str, lang: Language) -> String {
    message(lang, &format!("excel.col.{column}"), &[])
}

pub fn workbook(lang: Language) -> Result<Vec<u8>, XlsxError> {
    let mut book = Book::new();
    let titles: Vec<String> = COLUMNS.iter().map(|c| column_title(c, lang)).collect();
    let widths = [10.0, 22.0, 12.0, 10.0, 8.0, 8.0, 12.0, 15.0, 36.0, 14.0, 20.0];
    book.add_sheet(
        &message(lang, "excel.sheet.platform_orders", &[]),
        &titles,
        &widths,
    )?;

    let help = [
        message(lang, "excel.col.column", &[]),
        message(lang, "excel.col.accepted", &[]),
        message(lang, "excel.col.example", &[]),
    ];
    let sheet = book.add_sheet(
        &message(lang, "excel.sheet.instructions", &[]),
        &help,
        &[16.0, 60.0, 36.0],
    )?;
    let platforms: Vec<String> = Platform::ALL
        .iter()
        .map(|p| message(lang, &format!("excel.platform.{}", p.code()), &[]))
        .collect();
    let couriers: Vec<String> = Courier::ALL
        .iter()
        .map(|c| message(lang, &format!("excel.courier.{}", c.code()), &[]))
        .collect();
    for column in COLUMNS {
        let accepted = match column {
            "platform" => platforms.join(" / "),
            "courier" => couriers.join(" / "),
            _ => message(lang, &format!("excel.help.{column}"), &[]),
        };
        book.write_row(
            sheet,
            &[
                Cell::Text(column_title(column, lang)),
                Cell::Text(accepted),
                Cell::Text(message(lang, &format!("excel.example.{column}"), &[])),
            ],
        )?;
    }
    book.to_bytes()
}
