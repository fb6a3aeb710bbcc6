//! An order's rows (the `orders` row, its items, out-of-stock notices and abnormal flags) built in
//! memory from its events, and written in multi-row statements: by the live path when an order is
//! placed, and by the replay, which folds an order's later events into them first.

use domain::order::{Destination, OrderEvent, OrderLine};
use serde_json::json;
use sqlx::AnyConnection;

use super::projection::{method_code, ShortItem};
use crate::bulk::{Cell, Rows, Together};

/// A shortage's item as the notice stores it, from the order's line of that SKU.
fn short_item(sku_id: &str, line: Option<&OrderLine>, quantity: i64) -> ShortItem {
    let text = |f: fn(&OrderLine) -> &String| line.map(|l| f(l).clone()).unwrap_or_default();
    ShortItem {
        sku_id: sku_id.to_string(),
        item_no: text(|l| &l.item_no),
        title: text(|l| &l.title),
        color: text(|l| &l.color),
        size: text(|l| &l.size),
        quantity,
        image: String::new(),
    }
}

const ORDER_COLUMNS: &str = "order_no, user_id, kind, platform, source_order_no, label_file, recipient, phone, \
     province, city, district, detail, status, stock_status, abnormal, reviewed, courier, qc_level, value_added, \
     product_amount, shipping, service, qc_fee, value_added_fee, coupon_discount, total, item_count, paid_amount, \
     refunded, payment_method, ship_courier, tracking_no, remark, rating, review, placed_at, paid_at, shipped_at, \
     completed_at, cancelled_at, coupons, shipping_priority";

/// `orders` rows, new or brought up to date.
fn order_upserts() -> Rows {
    // What an order's later events change.
    let changed = [
        "status",
        "stock_status",
        "abnormal",
        "reviewed",
        "paid_amount",
        "refunded",
        "payment_method",
        "ship_courier",
        "tracking_no",
        "rating",
        "review",
        "paid_at",
        "shipped_at",
        "completed_at",
        "cancelled_at",
    ];
    let set: Vec<String> = changed.iter().map(|c| format!("{c} = excluded.{c}")).collect();
    Rows::new(
        &format!("orders ({ORDER_COLUMNS})"),
        &format!("ON CONFLICT (order_no) DO UPDATE SET {}", set.join(", ")),
    )
}

const ITEMS: &str =
    "order_items (order_no, line_no, sku_id, product_id, stall_id, item_no, title, color, size, \
     unit_price, quantity, short_quantity)";
const SHORTAGES: &str = "order_shortages (order_no, sequence, user_id, items, refund, all_items, at)";
const ABNORMAL: &str =
    "order_abnormal (order_no, sequence, user_id, reason, flagged_at, resolution, resolved_at)";

/// The multi-row statements of the orders' own tables: upserts for the rows that later events
/// change, so that an order the replay wrote on an earlier page is brought up to date.
pub(super) struct Tables {
    orders: Rows,
    items: Rows,
    shortages: Rows,
    abnormal: Rows,
}

impl Tables {
    pub(super) fn new() -> Self {
        Self {
            orders: order_upserts(),
            items: Rows::new(
                ITEMS,
                "ON CONFLICT (order_no, line_no) DO UPDATE SET short_quantity = excluded.short_quantity",
            ),
            shortages: Rows::new(SHORTAGES, ""),
            abnormal: Rows::new(
                ABNORMAL,
                "ON CONFLICT (order_no, sequence) DO UPDATE SET resolution = excluded.resolution, \
                 resolved_at = excluded.resolved_at",
            ),
        }
    }

    /// For orders none of whose rows are written yet (the replay's): plain inserts, which
    /// PostgreSQL takes faster than upserts that find nothing.
    pub(super) fn unwritten() -> Self {
        Self {
            orders: Rows::new(&format!("orders ({ORDER_COLUMNS})"), ""),
            items: Rows::new(ITEMS, ""),
            shortages: Rows::new(SHORTAGES, ""),
            abnormal: Rows::new(ABNORMAL, ""),
        }
    }

    /// Into `together`, in the order `write` keeps.
    pub(super) fn push_into(mut self, together: &mut Together) {
        self.orders.push_into(together);
        self.items.push_into(together);
        self.shortages.push_into(together);
        self.abnormal.push_into(together);
    }

    /// In this order: shortages and flags name their order's user, as the live path reads it.
    pub(super) async fn write(mut self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        self.orders.write(conn).await?;
        self.items.write(conn).await?;
        self.shortages.write(conn).await?;
        self.abnormal.write(conn).await
    }
}

/// An order's rows as its events leave them, with what is not written yet.
pub(super) struct OrderRow {
    no: String,
    user_id: String,
    /// The columns from `order_no` to `detail`.
    placed: [Cell; 12],
    lines: Vec<OrderLine>,
    /// Per line, the quantity found out of stock.
    short: Vec<i64>,
    /// Not written yet: the whole order, or its items' shortfalls.
    new: bool,
    items_changed: bool,
    /// Out-of-stock notices not written yet.
    shortages: Vec<[Cell; 7]>,
    flags: Vec<Flag>,
    abnormal: bool,
    status: &'static str,
    stock_status: &'static str,
    reviewed: i64,
    courier: &'static str,
    qc_level: &'static str,
    value_added: String,
    fees: [i64; 7],
    item_count: i64,
    paid_amount: i64,
    refunded: i64,
    payment_method: &'static str,
    ship_courier: &'static str,
    tracking_no: String,
    remark: String,
    rating: i64,
    review: String,
    placed_at: i64,
    paid_at: i64,
    shipped_at: i64,
    completed_at: i64,
    cancelled_at: i64,
    coupons: String,
    shipping_priority: &'static str,
}

/// An `order_abnormal` row.
struct Flag {
    changed: bool,
    sequence: i64,
    reason: String,
    flagged_at: i64,
    resolution: String,
    resolved_at: i64,
}

impl OrderRow {
    pub(super) fn placed(no: &str, event: &OrderEvent) -> Option<OrderRow> {
        let OrderEvent::OrderPlaced {
            user_id,
            lines,
            destination,
            courier,
            qc,
            value_added,
            fees,
            coupons,
            remark,
            priority,
            at,
            ..
        } = event
        else {
            return None;
        };
        let coupons: Vec<serde_json::Value> = coupons
            .iter()
            .map(|c| {
                json!({"id": c.coupon_id, "type": c.kind.code(), "name": c.name, "discount": c.discount.to_yuan()})
            })
            .collect();
        let (kind, platform, source_no, label) = match destination {
            Destination::Domestic { .. } => ("domestic", "", "", ""),
            Destination::Platform {
                platform,
                source_order_no,
                label_file,
                ..
            } => (
                "platform",
                platform.code(),
                source_order_no.as_str(),
                label_file.as_str(),
            ),
        };
        let address = match destination {
            Destination::Domestic { address }
            | Destination::Platform {
                ship_to: Some(address),
                ..
            } => Some(address),
            Destination::Platform { ship_to: None, .. } => None,
        };
        let part = |f: fn(&domain::order::Address) -> &String| -> Cell {
            address.map(|a| f(a).as_str()).unwrap_or("").into()
        };
        let codes: Vec<&str> = value_added.iter().map(|v| v.code()).collect();
        Some(OrderRow {
            no: no.to_string(),
            user_id: user_id.clone(),
            lines: lines.clone(),
            short: vec![0; lines.len()],
            new: true,
            items_changed: false,
            shortages: Vec::new(),
            flags: Vec::new(),
            abnormal: false,
            placed: [
                no.into(),
                user_id.into(),
                kind.into(),
                platform.into(),
                source_no.into(),
                label.into(),
                part(|a| &a.recipient),
                part(|a| &a.phone),
                part(|a| &a.province),
                part(|a| &a.city),
                part(|a| &a.district),
                part(|a| &a.detail),
            ],
            status: "pending_payment",
            stock_status: "pending_stock",
            reviewed: 0,
            courier: courier.code(),
            qc_level: qc.code(),
            value_added: codes.join(","),
            fees: [
                fees.product_amount.0,
                fees.shipping.0,
                fees.service.0,
                fees.qc.0,
                fees.value_added.0,
                fees.coupon_discount.0,
                fees.total.0,
            ],
            item_count: lines.iter().map(|l| l.quantity).sum(),
            paid_amount: 0,
            refunded: 0,
            payment_method: "",
            ship_courier: "",
            tracking_no: String::new(),
            remark: remark.clone(),
            rating: 0,
            review: String::new(),
            placed_at: *at,
            paid_at: 0,
            shipped_at: 0,
            completed_at: 0,
            cancelled_at: 0,
            coupons: serde_json::Value::from(coupons).to_string(),
            shipping_priority: priority.code(),
        })
    }

    /// Applies a later event of the order, as [`effects`] would; `false` for one it cannot.
    pub(super) fn fold(&mut self, sequence: i64, event: &OrderEvent) -> bool {
        match event {
            OrderEvent::StockShortage {
                shortages,
                refund,
                all,
                at,
                ..
            } => {
                let mut items = Vec::with_capacity(shortages.len());
                for s in shortages {
                    let mut first = None;
                    for (n, line) in self.lines.iter().enumerate() {
                        if line.sku_id == s.sku_id {
                            self.short[n] += s.quantity;
                            self.items_changed = true;
                            first.get_or_insert(line);
                        }
                    }
                    items.push(short_item(&s.sku_id, first, s.quantity));
                }
                self.refunded += refund.0;
                if *all {
                    self.status = "cancelled";
                    self.stock_status = "out_of_stock";
                    self.cancelled_at = *at;
                }
                self.shortages.push([
                    self.no.as_str().into(),
                    sequence.into(),
                    self.user_id.as_str().into(),
                    serde_json::to_string(&items).unwrap_or_default().into(),
                    refund.0.into(),
                    i64::from(*all).into(),
                    (*at).into(),
                ]);
            }
            OrderEvent::OrderFlaggedAbnormal { reason, at } => {
                self.abnormal = true;
                self.flags.push(Flag {
                    changed: true,
                    sequence,
                    reason: reason.clone(),
                    flagged_at: *at,
                    resolution: String::new(),
                    resolved_at: 0,
                });
            }
            OrderEvent::AbnormalResolved { resolution, at } => {
                self.abnormal = false;
                for flag in self.flags.iter_mut().filter(|f| f.resolved_at == 0) {
                    flag.changed = true;
                    flag.resolution = resolution.clone();
                    flag.resolved_at = *at;
                }
            }
            OrderEvent::OrderPaid {
                method, amount, at, ..
            } => {
                self.status = "to_be_shipped";
                self.paid_amount = amount.0;
                self.payment_method = method_code(method);
                self.paid_at = *at;
            }
            OrderEvent::OrderCancelled { refund, at, .. } => {
                self.status = "cancelled";
                self.refunded += refund.0;
                self.cancelled_at = *at;
            }
            OrderEvent::StockPrepared { .. } => self.stock_status = "stock_prepared",
            OrderEvent::OrderShipped {
                courier,
                tracking_no,
                at,
            } => {
                self.status = "shipped";
                self.ship_courier = courier.code();
                self.tracking_no = tracking_no.clone();
                self.shipped_at = *at;
            }
            OrderEvent::OrderCompleted { at, .. } => {
                self.status = "completed";
                self.completed_at = *at;
            }
            OrderEvent::OrderReviewed { rating, content, .. } => {
                self.reviewed = 1;
                self.rating = i64::from(*rating);
                self.review = content.clone();
            }
            OrderEvent::AfterSaleClaimed { .. } | OrderEvent::AfterSaleClaimReleased { .. } => {}
            OrderEvent::AfterSaleRefundRecorded { amount, .. } => self.refunded += amount.0,
            _ => return false,
        }
        true
    }

    /// Adds what the tables do not have yet: everything of a new order; of one written before, its
    /// row, and its items, notices and flags that changed.
    pub(super) fn push_into(&mut self, tables: &mut Tables) {
        if self.new || self.items_changed {
            for (n, (line, short)) in self.lines.iter().zip(&self.short).enumerate() {
                tables.items.push([
                    self.no.as_str().into(),
                    (n as i64).into(),
                    (&line.sku_id).into(),
                    (&line.product_id).into(),
                    (&line.stall_id).into(),
                    (&line.item_no).into(),
                    (&line.title).into(),
                    (&line.color).into(),
                    (&line.size).into(),
                    line.unit_price.0.into(),
                    line.quantity.into(),
                    (*short).into(),
                ]);
            }
        }
        for row in self.shortages.drain(..) {
            tables.shortages.push(row);
        }
        for flag in self.flags.iter_mut().filter(|f| f.changed) {
            flag.changed = false;
            tables.abnormal.push([
                self.no.as_str().into(),
                flag.sequence.into(),
                self.user_id.as_str().into(),
                (&flag.reason).into(),
                flag.flagged_at.into(),
                (&flag.resolution).into(),
                flag.resolved_at.into(),
            ]);
        }
        // A flag stays while it may still be resolved.
        self.flags.retain(|f| f.resolved_at == 0);
        tables.orders.push(self.cells());
        self.new = false;
        self.items_changed = false;
    }

    fn cells(&self) -> [Cell; 42] {
        let abnormal = i64::from(self.abnormal);
        let [a, b, c, d, e, f, g, h, i, j, k, l] = self.placed.clone();
        let [product, shipping, service, qc, value_added_fee, discount, total] = self.fees;
        [
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            self.status.into(),
            self.stock_status.into(),
            abnormal.into(),
            self.reviewed.into(),
            self.courier.into(),
            self.qc_level.into(),
            (&self.value_added).into(),
            product.into(),
            shipping.into(),
            service.into(),
            qc.into(),
            value_added_fee.into(),
            discount.into(),
            total.into(),
            self.item_count.into(),
            self.paid_amount.into(),
            self.refunded.into(),
            self.payment_method.into(),
            self.ship_courier.into(),
            (&self.tracking_no).into(),
            (&self.remark).into(),
            self.rating.into(),
            (&self.review).into(),
            self.placed_at.into(),
            self.paid_at.into(),
            self.shipped_at.into(),
            self.completed_at.into(),
            self.cancelled_at.into(),
            (&self.coupons).into(),
            self.shipping_priority.into(),
        ]
    }
}
