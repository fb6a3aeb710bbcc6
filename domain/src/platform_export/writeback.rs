//! The file a seller uploads back to a platform once jpmall has shipped its orders: each platform's
//! batch-shipping layout, with the courier written the way that platform names it
//! (docs/platform-exports.md, sections c and d, says which of these are sourced and which assumed).

use crate::order::{Courier, Platform};

/// A shipped order as the write-back needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shipped {
    pub source_order_no: String,
    /// The platform's ids of the order's lines, when the order came from its export.
    pub line_ids: Vec<String>,
    pub courier: Courier,
    pub tracking_no: String,
}

pub struct WritebackLayout {
    pub platform: Platform,
    pub sheet: &'static str,
    pub columns: &'static [&'static str],
}

pub fn layout(platform: Platform) -> WritebackLayout {
    match platform {
        Platform::Douyin => WritebackLayout {
            platform,
            sheet: "批量发货",
            columns: &["订单号", "物流公司", "运单号"],
        },
        Platform::Tiktok => WritebackLayout {
            platform,
            sheet: "Shipping info",
            columns: &[
                "Order ID",
                "SKU ID(optional)",
                "Quantity(optional)",
                "Tracking ID",
                "Shipping Provider Name",
                "Shipping Service(optional)",
                "Auto Combine Group ID",
            ],
        },
        Platform::Shopee => WritebackLayout {
            platform,
            sheet: "Mass Ship",
            columns: &["Order ID", "Tracking Number*", "Shipping Provider"],
        },
        Platform::Lazada => WritebackLayout {
            platform,
            sheet: "Tracking",
            columns: &[
                "Order Number",
                "Order Item ID",
                "Tracking Number",
                "Shipping Provider",
            ],
        },
    }
}

/// The courier as the platform's batch-shipping file takes it: 抖店 takes the company's Chinese
/// name as its dropdown shows it; the others take the English provider name.
pub fn courier_name(platform: Platform, courier: Courier) -> &'static str {
    match platform {
        Platform::Douyin => match courier {
            Courier::Zto => "中通快递",
            Courier::Yto => "圆通速递",
            Courier::Sto => "申通快递",
            Courier::Yunda => "韵达快递",
            Courier::Jt => "极兔速递",
            Courier::Sf => "顺丰速运",
            Courier::Ems => "EMS",
        },
        Platform::Tiktok | Platform::Shopee | Platform::Lazada => match courier {
            Courier::Zto => "ZTO Express",
            Courier::Yto => "YTO Express",
            Courier::Sto => "STO Express",
            Courier::Yunda => "Yunda Express",
            Courier::Jt => "J&T Express",
            Courier::Sf => "SF Express",
            Courier::Ems => "China Post EMS",
        },
    }
}

/// The rows under the layout's header, one per order (Lazada: one per order line it knows of).
pub fn rows(platform: Platform, shipped: &[Shipped]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for order in shipped {
        let courier = courier_name(platform, order.courier).to_string();
        let no = order.source_order_no.clone();
        let tracking = order.tracking_no.clone();
        match platform {
            Platform::Douyin => out.push(vec![no, courier, tracking]),
            Platform::Tiktok => out.push(vec![
                no,
                String::new(),
                String::new(),
                tracking,
                courier,
                String::new(),
                String::new(),
            ]),
            Platform::Shopee => out.push(vec![no, tracking, courier]),
            Platform::Lazada if order.line_ids.is_empty() => {
                out.push(vec![no, String::new(), tracking, courier])
            }
            Platform::Lazada => {
                for line in &order.line_ids {
                    out.push(vec![no.clone(), line.clone(), tracking.clone(), courier.clone()]);
                }
            }
        }
    }
    out
}
