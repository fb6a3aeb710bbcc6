//! Batch upload of platform orders: each spreadsheet row is one platform order shipped to the buyer's
//! address, checked with the rules of a manual order and placed through [`placing::submit`]. A row
//! either becomes an order or is reported with its reason; a platform order the seller already
//! placed (same platform and source order number) is reported as a duplicate and never placed again,
//! so uploading a file twice is safe.

use domain::address::{AddressInput, Divisions};
use domain::order::{Courier, Platform, QcLevel};
use domain::platform_export::quantity_of;
use domain::variation::{english_colour, parse_spec, sku_for_spec, SkuNames, Spec};
use sqlx::Row;

use crate::coupons::CouponQueue;
use crate::error::{Error, Refusal};
use crate::orders::placing::{self, DestinationChoice, OrderRequest, Wanted};
use crate::orders::pricing::Options;
use crate::orders::OrderQueue;
use crate::Database;

/// One data row as read from the sheet, every cell as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportRow {
    /// The spreadsheet row number (the header is row 1).
    pub row: usize,
    pub platform: String,
    pub source_order_no: String,
    pub item_no: String,
    pub color: String,
    pub size: String,
    pub quantity: String,
    pub recipient: String,
    pub phone: String,
    pub address: String,
    pub courier: String,
    pub remark: String,
    /// The label file (`commands::labels` URL) uploaded with the sheet for this platform order; the
    /// order then ships on it and needs no address.
    pub label_file: String,
}

#[derive(Debug)]
pub enum Outcome {
    Created {
        order_no: String,
    },
    /// The platform order was placed before, as `order_no`.
    Duplicate {
        order_no: String,
    },
    /// `refusal.field` names the template column.
    Failed {
        refusal: Refusal,
    },
    /// Nothing to place: the platform says the order is not awaiting shipment (shipped, closed).
    Skipped {
        refusal: Refusal,
    },
}

/// A platform by its code or its name in either language, any case (`抖音`, `douyin`, `TikTok`).
pub fn platform_named(text: &str) -> Option<Platform> {
    let text = text.trim().to_lowercase();
    if text == "抖音" {
        return Some(Platform::Douyin);
    }
    Platform::from_code(&text)
}

/// A courier by its code or a name it is known by (`中通快递`, `中通`, `ZTO Express`, `zto`).
pub fn courier_named(text: &str) -> Option<Courier> {
    const NAMES: [(&str, Courier); 14] = [
        ("中通", Courier::Zto),
        ("zto express", Courier::Zto),
        ("圆通", Courier::Yto),
        ("yto express", Courier::Yto),
        ("申通", Courier::Sto),
        ("sto express", Courier::Sto),
        ("韵达", Courier::Yunda),
        ("yunda express", Courier::Yunda),
        ("极兔", Courier::Jt),
        ("j&t express", Courier::Jt),
        ("顺丰", Courier::Sf),
        ("sf express", Courier::Sf),
        ("邮政", Courier::Ems),
        ("china post ems", Courier::Ems),
    ];
    let text = text.trim().to_lowercase();
    if let Some(courier) = Courier::from_code(&text) {
        return Some(courier);
    }
    NAMES
        .iter()
        .find(|(name, _)| text == *name || (name.chars().all(|c| !c.is_ascii()) && text.starts_with(name)))
        .map(|(_, courier)| *courier)
        .or_else(|| text.contains("ems").then_some(Courier::Ems))
}

fn internal(e: sqlx::Error) -> Error {
    Error::Internal(e.into())
}

/// The SKU of the product with this item number in this colour and size.
async fn sku_of(db: &Database, row: &ImportRow) -> Result<Result<String, Refusal>, Error> {
    let item_no = row.item_no.trim();
    if item_no.is_empty() {
        return Ok(Err(Refusal::new("order.item_no_required").on("item_no")));
    }
    let skus = sqlx::query(
        "SELECT k.id, k.color, k.size, p.colors FROM products p JOIN skus k ON k.product_id = p.id \
         WHERE p.item_no = $1 ORDER BY p.id, k.sort",
    )
    .bind(item_no)
    .fetch_all(&db.pool)
    .await
    .map_err(internal)?;
    if skus.is_empty() {
        return Ok(Err(Refusal::new("order.item_unknown")
            .on("item_no")
            .with("item_no", item_no)));
    }
    // The colour in either language; a colour cell that also holds the size (`Pink M`) is read as
    // a spec when the size cell is empty.
    let spec = if row.size.trim().is_empty() {
        parse_spec(&row.color)
    } else {
        Spec {
            colour: row.color.trim().to_string(),
            size: row.size.trim().to_string(),
        }
    };
    let read: Vec<(String, String, String, String)> = skus
        .iter()
        .map(|k| {
            let colour: String = k.get("color");
            let en = english_colour(&k.get::<String, _>("colors"), &colour);
            (k.get("id"), colour, en, k.get("size"))
        })
        .collect();
    let names: Vec<SkuNames> = read
        .iter()
        .map(|(id, zh, en, size)| SkuNames {
            id,
            colour_zh: zh,
            colour_en: en,
            size,
        })
        .collect();
    let found = (!spec.colour.is_empty())
        .then(|| sku_for_spec(&names, &spec))
        .flatten();
    Ok(match found {
        Some(id) => Ok(id.to_string()),
        None => Err(Refusal::new("excel.sku_unknown")
            .on("color_size")
            .with("color", row.color.trim())
            .with("size", row.size.trim())),
    })
}

/// The template column a manual-order refusal is about.
fn column_of(field: Option<&'static str>) -> &'static str {
    match field {
        Some("recipient") => "recipient",
        Some("phone") => "phone",
        Some("province" | "city" | "district" | "detail") => "address",
        Some("source_order_no") => "source_order_no",
        Some("platform") => "platform",
        Some("courier") => "courier",
        Some("remark") => "remark",
        Some("lines") => "quantity",
        _ => "",
    }
}

/// What the placing needs besides the row: the seller's drop-shipping QC level.
pub struct ImportContext<'a> {
    pub db: &'a Database,
    pub orders: &'a OrderQueue,
    pub coupons: &'a CouponQueue,
    pub divisions: &'a Divisions,
    pub user_id: &'a str,
    pub qc: QcLevel,
}

/// Checks one row and places its order, or says why not.
pub async fn import_row(cx: &ImportContext<'_>, row: &ImportRow, now: i64) -> Result<Outcome, Error> {
    let failed = |refusal: Refusal| Ok(Outcome::Failed { refusal });
    let platform_text = row.platform.trim();
    if platform_text.is_empty() {
        return failed(Refusal::new("order.platform_required").on("platform"));
    }
    let Some(platform) = platform_named(platform_text) else {
        return failed(
            Refusal::new("excel.platform_unknown")
                .on("platform")
                .with("value", platform_text),
        );
    };
    let source_order_no = row.source_order_no.trim();
    if source_order_no.is_empty() {
        return failed(Refusal::new("order.source_order_no_required").on("source_order_no"));
    }
    if let Some(order_no) =
        placing::order_of_platform_order(cx.db, cx.user_id, platform.code(), source_order_no).await?
    {
        return Ok(Outcome::Duplicate { order_no });
    }
    let sku_id = match sku_of(cx.db, row).await? {
        Ok(sku) => sku,
        Err(refusal) => return failed(refusal),
    };
    let Some(quantity) = quantity_of(&row.quantity) else {
        return failed(Refusal::new("cart.quantity_not_positive").on("quantity"));
    };
    if row.courier.trim().is_empty() {
        return failed(Refusal::new("order.courier_required").on("courier"));
    }
    let Some(courier) = courier_named(&row.courier) else {
        return failed(
            Refusal::new("excel.courier_unknown")
                .on("courier")
                .with("value", row.courier.trim()),
        );
    };
    let ship_to = if row.label_file.is_empty() {
        if row.address.trim().is_empty() {
            return failed(Refusal::new("address.detail_required").on("address"));
        }
        let Some(split) = cx.divisions.split_address(&row.address) else {
            return failed(Refusal::new("excel.address_unrecognised").on("address"));
        };
        Some(AddressInput {
            recipient: row.recipient.clone(),
            phone: row.phone.clone(),
            province: split.province,
            city: split.city,
            district: split.district,
            detail: split.detail,
        })
    } else {
        None
    };
    let request = OrderRequest {
        wanted: Wanted::Lines(vec![(sku_id, quantity)]),
        destination: DestinationChoice::Platform {
            platform: Some(platform),
            source_order_no: source_order_no.to_string(),
            label_file: row.label_file.clone(),
            courier_chosen: true,
            ship_to,
        },
        options: Options {
            courier,
            qc: cx.qc,
            value_added: Vec::new(),
        },
        remark: row.remark.clone(),
        request_id: None,
        coupon_ids: Vec::new(),
        accept_price_rises: false,
    };
    place(cx, request, now).await
}

/// Places a platform order's request and says what became of it: a racing upload of the same
/// platform order is a duplicate, a refusal names the template column it is about.
pub async fn place(cx: &ImportContext<'_>, request: OrderRequest, now: i64) -> Result<Outcome, Error> {
    match placing::submit(
        cx.db,
        cx.orders,
        cx.coupons,
        cx.divisions,
        cx.user_id,
        request,
        now,
    )
    .await
    {
        Ok(order_no) => Ok(Outcome::Created { order_no }),
        // Placed by a racing upload of the same file between the check above and the reservation.
        Err(Error::Invalid(refusal)) if refusal.key == "order.source_order_placed" => {
            let order_no = refusal
                .params
                .iter()
                .find(|(name, _)| *name == "order_no")
                .map(|(_, value)| value.clone())
                .unwrap_or_default();
            Ok(Outcome::Duplicate { order_no })
        }
        Err(Error::Invalid(mut refusal)) => {
            refusal.field = Some(column_of(refusal.field)).filter(|c| !c.is_empty());
            Ok(Outcome::Failed { refusal })
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platforms_and_couriers_are_known_by_code_and_name() {
        assert_eq!(platform_named(" 抖音 "), Some(Platform::Douyin));
        assert_eq!(platform_named("TikTok"), Some(Platform::Tiktok));
        assert_eq!(platform_named("SHOPEE"), Some(Platform::Shopee));
        assert_eq!(platform_named("淘宝"), None);
        assert_eq!(courier_named("中通快递"), Some(Courier::Zto));
        assert_eq!(courier_named("zto"), Some(Courier::Zto));
        assert_eq!(courier_named("SF Express"), Some(Courier::Sf));
        assert_eq!(courier_named("顺丰速运"), Some(Courier::Sf));
        assert_eq!(courier_named("中国邮政 EMS"), Some(Courier::Ems));
        assert_eq!(courier_named("J&T Express"), Some(Courier::Jt));
        assert_eq!(courier_named("德邦"), None);
    }

    #[test]
    fn quantities_are_whole_numbers_of_at_least_one() {
        assert_eq!(quantity_of("2"), Some(2));
        assert_eq!(quantity_of(" 3.0 "), Some(3));
        assert_eq!(quantity_of("0"), None);
        assert_eq!(quantity_of("-1"), None);
        assert_eq!(quantity_of("1.5"), None);
        assert_eq!(quantity_of("two"), None);
        assert_eq!(quantity_of(""), None);
    }
}
