//! An export's data rows read into lines: the cells a layout names, cleaned of what the platforms add
//! to keep spreadsheets from mangling them (a trailing tab after a long order number, a leading
//! apostrophe, `-` for an empty cell).

use super::layouts::{Field, Layout};
use crate::order::Platform;

/// Why a line cannot be ordered as it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    OrderNoMissing,
    ItemMissing,
    QuantityInvalid,
    /// The platform says the order is not waiting to be shipped (unpaid, cancelled, shipped already).
    NotAwaitingShipment,
}

impl Problem {
    pub fn key(self) -> &'static str {
        match self {
            Problem::OrderNoMissing => "platform.order_no_missing",
            Problem::ItemMissing => "platform.item_missing",
            Problem::QuantityInvalid => "platform.quantity_invalid",
            Problem::NotAwaitingShipment => "platform.not_awaiting_shipment",
        }
    }

    pub fn from_key(key: &str) -> Option<Problem> {
        [
            Problem::OrderNoMissing,
            Problem::ItemMissing,
            Problem::QuantityInvalid,
            Problem::NotAwaitingShipment,
        ]
        .into_iter()
        .find(|p| p.key() == key)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlatformLine {
    /// The row's number in the file (the header is row 1).
    pub row: usize,
    pub source_order_no: String,
    /// The platform's id of this line, when its export has one (write-back files name it).
    pub line_id: String,
    /// What the platform calls the item (its product id, or its title when the file has no id).
    pub item_key: String,
    /// What the platform calls the variant (SKU id, seller SKU, or the variation's text).
    pub sku_key: String,
    /// The seller's own code of the variant (the file's seller SKU column), empty when the layout
    /// has no such column or the cell is empty. Where `sku_key` is the platform's SKU id (TikTok
    /// Shop, Lazada) this is still the code a package listed from jpmall wrote: the jpmall SKU id.
    pub seller_code: String,
    pub title: String,
    pub variation: String,
    /// 0 when the file's quantity is not a whole number of at least 1 (then `problem` says so).
    pub quantity: i64,
    /// The platform's unit price in fen of the file's currency.
    pub unit_price: Option<i64>,
    pub recipient: String,
    pub phone: String,
    pub address: String,
    /// The recipient fields (`recipient`, `phone`, `address`) the platform masked or encrypted.
    pub hidden: Vec<&'static str>,
    pub status: String,
    pub problem: Option<Problem>,
}

/// A cell as the seller meant it.
fn clean(cell: &str) -> String {
    let text = cell.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let text = text.strip_prefix('\'').unwrap_or(text).trim();
    if text == "-" || text == "--" {
        String::new()
    } else {
        text.to_string()
    }
}

/// A whole number of at least 1 (spreadsheets often store `2` as `2.0`).
pub fn quantity_of(text: &str) -> Option<i64> {
    let text = text.trim();
    let quantity = text.parse::<i64>().ok().or_else(|| {
        let float: f64 = text.parse().ok()?;
        (float.fract() == 0.0 && float.abs() < 1e9).then_some(float as i64)
    })?;
    (quantity >= 1).then_some(quantity)
}

/// A price as platforms write it (`59.90`, `¥59.9`, `RM 1,299.00`, `₱120`) in fen, exactly.
pub fn price_fen(text: &str) -> Option<i64> {
    let number: String = text.chars().filter(|c| c.is_ascii_digit() || *c == '.').collect();
    if number.is_empty() || text.contains('-') {
        return None;
    }
    let (whole, fraction) = number.split_once('.').unwrap_or((&number, ""));
    if fraction.contains('.') || fraction.len() > 2 || whole.len() > 12 {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let cents: i64 = format!("{fraction:0<2}").parse().ok()?;
    Some(whole * 100 + cents)
}

/// Whether a platform hid this text: masked with asterisks (`张**`, `138****0000`) or encrypted
/// (Douyin wraps ciphertext in `#…#`, `$…$` or `~…~`).
pub fn hidden_text(text: &str, field: &str) -> bool {
    let text = text.trim();
    if text.is_empty() {
        return false;
    }
    let masked = match field {
        // A real address may hold one `*`; a name or a phone number never does.
        "address" => text.contains("**") || text.contains("＊＊"),
        _ => text.contains(['*', '＊']),
    };
    let encrypted = text.chars().count() >= 12
        && !text.contains(char::is_whitespace)
        && ['#', '$', '~']
            .iter()
            .any(|c| text.starts_with(*c) && text.ends_with(*c));
    masked || encrypted
}

/// Statuses that mean the order is not the seller's to ship now, in each platform's words.
const NOT_TO_SHIP: [&str; 21] = [
    "取消",
    "关闭",
    "已发货",
    "已完成",
    "待支付",
    "待付款",
    "已签收",
    "退款",
    "已取消",
    "cancel",
    "unpaid",
    "shipped",
    "shipping",
    "in transit",
    "delivered",
    "completed",
    "returned",
    "refund",
    "failed",
    "awaiting collection",
    "closed",
];

fn awaiting_shipment(status: &str) -> bool {
    let status = status.to_lowercase();
    !NOT_TO_SHIP.iter().any(|word| status.contains(word))
}

fn has_han(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

fn in_china(country: &str) -> bool {
    ["china", "中国", "cn", "中国大陆", "中國"].contains(&country.trim().to_lowercase().as_str())
}

/// The address of a line. Douyin's buyers are in China. Elsewhere the country column decides: a
/// buyer in China (or a line with no country whose address is written in Chinese) is addressed as
/// Chinese addresses are, province first and without the country, so it can be split into its
/// divisions; anyone else keeps the whole address as the platform writes it, small to large with
/// the post code, joined with commas.
fn address_of(layout: &Layout, cell: impl Fn(Field) -> String) -> String {
    let china_parts: Vec<String> = layout.china_address.iter().map(|f| cell(*f)).collect();
    if layout.platform == Platform::Douyin {
        // Douyin's 详细地址 sometimes repeats the province and city; then it is the whole address.
        let mut parts: Vec<String> = china_parts.into_iter().filter(|p| !p.is_empty()).collect();
        // A municipality is written as its own city (上海市, 上海市): once is the address.
        parts.dedup();
        return match (parts.first(), parts.last()) {
            (Some(first), Some(last)) if parts.len() > 1 && last.starts_with(first.as_str()) => last.clone(),
            _ => parts.concat(),
        };
    }
    let country = if layout.address.contains(&Field::Country) {
        cell(Field::Country)
    } else {
        String::new()
    };
    let mut china_parts: Vec<String> = china_parts.into_iter().filter(|p| !p.is_empty()).collect();
    china_parts.dedup();
    let chinese =
        china_parts.first().is_some_and(|p| has_han(p)) && !china_parts.iter().any(|p| p.contains(','));
    if in_china(&country) || (country.is_empty() && chinese) {
        return if chinese {
            china_parts.concat()
        } else {
            china_parts.join(", ")
        };
    }
    layout
        .address
        .iter()
        .map(|f| cell(*f))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lines of `rows` (each with its row number) under `header`, read by `layout`. Blank rows are
/// left out; every other row becomes a line, with a `problem` when it cannot be ordered as read.
/// A cell is any text (a reader may share one text between cells).
pub fn read_lines<S: AsRef<str>>(
    layout: &Layout,
    header: &[String],
    rows: &[(usize, Vec<S>)],
) -> Vec<PlatformLine> {
    let column = |field: Field| layout.column(header, field);
    let cell = |cells: &[S], field: Field| {
        column(field)
            .and_then(|i| cells.get(i))
            .map(|c| clean(c.as_ref()))
            .unwrap_or_default()
    };
    let first_filled = |cells: &[S], fields: &[Field]| {
        fields
            .iter()
            .map(|f| cell(cells, *f))
            .find(|v| !v.is_empty())
            .unwrap_or_default()
    };
    // What the buyer paid for one unit: the line's amount after discounts over its quantity (to the
    // nearest fen, half up) where the platform writes one, else the unit price column.
    let paid_price = |cells: &[S]| {
        let subtotal = price_fen(&cell(cells, Field::PaidSubtotal));
        match (subtotal, quantity_of(&cell(cells, Field::Quantity))) {
            (Some(subtotal), Some(quantity)) => Some((subtotal * 2 + quantity) / (quantity * 2)),
            _ => price_fen(&cell(cells, Field::UnitPrice)),
        }
    };
    let mut lines = Vec::new();
    for (index, (row, cells)) in rows.iter().enumerate() {
        if cells.iter().all(|c| clean(c.as_ref()).is_empty()) {
            continue;
        }
        let source_order_no = cell(cells, Field::OrderNo);
        // TikTok Shop writes what each column means under its header.
        if layout.description_row && index == 0 && source_order_no.contains(char::is_whitespace) {
            continue;
        }
        let quantity_text = cell(cells, Field::Quantity);
        let quantity = if layout.one_per_line && column(Field::Quantity).is_none() {
            Some(1)
        } else {
            quantity_of(&quantity_text)
        };
        let recipient = cell(cells, Field::Recipient);
        let phone = cell(cells, Field::Phone);
        let hidden_address = layout
            .address
            .iter()
            .chain(layout.china_address)
            .any(|f| hidden_text(&cell(cells, *f), "address"));
        let address = address_of(layout, |f| cell(cells, f));
        let hidden: Vec<&'static str> = [
            ("recipient", hidden_text(&recipient, "recipient")),
            ("phone", hidden_text(&phone, "phone")),
            ("address", hidden_address),
        ]
        .into_iter()
        .filter_map(|(field, hidden)| hidden.then_some(field))
        .collect();
        let item_key = first_filled(cells, layout.item_key);
        let sku_key = first_filled(cells, layout.sku_key);
        let status = cell(cells, Field::Status);
        let problem = if source_order_no.is_empty() {
            Some(Problem::OrderNoMissing)
        } else if item_key.is_empty() && sku_key.is_empty() {
            Some(Problem::ItemMissing)
        } else if quantity.is_none() {
            Some(Problem::QuantityInvalid)
        } else if !awaiting_shipment(&status) {
            Some(Problem::NotAwaitingShipment)
        } else {
            None
        };
        lines.push(PlatformLine {
            row: *row,
            source_order_no,
            line_id: cell(cells, Field::LineId),
            item_key,
            sku_key,
            seller_code: cell(cells, Field::SellerSku),
            title: cell(cells, Field::Title),
            variation: cell(cells, Field::Variation),
            quantity: quantity.unwrap_or(0),
            unit_price: paid_price(cells),
            recipient: if hidden.contains(&"recipient") {
                String::new()
            } else {
                recipient
            },
            phone: if hidden.contains(&"phone") {
                String::new()
            } else {
                phone
            },
            address: if hidden.contains(&"address") {
                String::new()
            } else {
                address
            },
            hidden,
            status,
            problem,
        });
    }
    lines
}
