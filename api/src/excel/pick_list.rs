//! A pick wave's pick list as a workbook, for the warehouse's printer.

use projections::waves::WaveView;

use crate::excel::sheet::{Book, Cell};
use crate::i18n::{message, Language};

/// The pick list as a workbook: one row per line, in walking order.
pub fn workbook(wave: &WaveView, lang: Language) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    let mut book = Book::new();
    let columns = [
        "market",
        "floor",
        "stall",
        "stall_number",
        "item_no",
        "title",
        "color",
        "size",
        "quantity",
        "missed",
        "orders",
    ];
    let titles: Vec<String> = columns
        .iter()
        .map(|c| message(lang, &format!("wave.col.{c}"), &[]))
        .collect();
    let widths = [12.0, 8.0, 16.0, 10.0, 12.0, 28.0, 10.0, 8.0, 8.0, 8.0, 60.0];
    let sheet = book.add_sheet(&wave.id, &titles, &widths)?;
    for line in wave.lines.iter().flatten() {
        let orders = line
            .orders
            .iter()
            .map(|o| format!("{}×{}", o.order_no, o.quantity))
            .collect::<Vec<_>>()
            .join(", ");
        book.write_row(
            sheet,
            &[
                Cell::Text(line.market_name.clone()),
                Cell::Text(line.floor.clone()),
                Cell::Text(line.stall_name.clone()),
                Cell::Text(line.stall_number.clone()),
                Cell::Text(line.item_no.clone()),
                Cell::Text(line.title.clone()),
                Cell::Text(line.color.clone()),
                Cell::Text(line.size.clone()),
                Cell::Count(line.quantity),
                match line.missed {
                    Some(missed) => Cell::Count(missed),
                    None => Cell::Text(String::new()),
                },
                Cell::Text(orders),
            ],
        )?;
    }
    book.to_bytes()
}
