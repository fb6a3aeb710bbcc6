//! `jpmall audit refunds`: every order, after-sale and wallet event replayed from the log, and each
//! refund checked against its order (never more than was paid, never twice), against the business
//! rules (spec §9: an after-sale gives back at most what its goods were paid, their list price less
//! the coupons' part of them (`order::shares`), and an order's after-sales together at most what its
//! goods were paid; fees only for goods never shipped; deductions as the return was flagged; a total
//! its parts add up to) and against the wallet credits (each refund credited once, with its amount,
//! to the order's owner; no credit without one).
//!
//! Memory stays flat however long the log: each order and after-sale is folded alone, read in its
//! own stream's order, and what the checks join on (refunds granted, after-sales' refunds, wallet
//! credits) goes into temporary tables that the database indexes and joins.

use domain::after_sale::{AfterSaleEvent, Breakdown};
use domain::constants::{WRONG_ITEM_INSURANCE, WRONG_STATION_HANDLING_FEE};
use domain::money::Fen;
use domain::order::{shares_of, OrderEvent};
use domain::wallet::WalletEvent;
use futures::TryStreamExt;
use sqlx::{AnyConnection, AnyPool, Row};

use crate::bulk::Rows;

/// Events read per query.
const PAGE: i64 = 5_000;

/// One order's books, folded from its events.
#[derive(Debug, Default)]
struct OrderBooks {
    order_no: String,
    user_id: String,
    paid: Fen,
    /// Refund id → amount, in the order the order granted them.
    refunds: Vec<(String, Fen)>,
    /// Each line: SKU, quantity, unit price and its part of the goods coupons.
    lines: Vec<(String, i64, Fen, Fen)>,
}

/// One aggregate's books, folded from its events read in stream order, then closed by the walk.
trait Books: Default {
    const TYPE: &'static str;
    type Event: serde::de::DeserializeOwned;
    fn id(&mut self) -> &mut String;
    fn fold(&mut self, event: Self::Event);
}

impl Books for OrderBooks {
    const TYPE: &'static str = "order";
    type Event = OrderEvent;

    fn id(&mut self) -> &mut String {
        &mut self.order_no
    }

    fn fold(&mut self, event: OrderEvent) {
        match event {
            OrderEvent::OrderPlaced {
                user_id,
                lines,
                coupons,
                line_shares,
                ..
            } => {
                let shares = shares_of(&lines, &coupons, &line_shares);
                self.lines = lines
                    .into_iter()
                    .map(|line| {
                        let coupon = shares
                            .iter()
                            .find(|s| s.sku_id == line.sku_id)
                            .map_or(Fen::ZERO, |s| s.coupon);
                        (line.sku_id, line.quantity, line.unit_price, coupon)
                    })
                    .collect();
                self.user_id = user_id;
            }
            OrderEvent::OrderPaid { amount, .. } => self.paid = Fen(self.paid.0 + amount.0),
            OrderEvent::OrderCancelled {
                refund, refund_id, ..
            }
            | OrderEvent::StockShortage {
                refund, refund_id, ..
            } if refund.is_positive() => {
                self.refunds.push((refund_id, refund));
            }
            OrderEvent::AfterSaleRefundRecorded {
                after_sale_id,
                amount,
                ..
            } if amount.is_positive() => self.refunds.push((after_sale_id, amount)),
            _ => {}
        }
    }
}

/// One after-sale's books: its order, its goods, whether they had left the warehouse, how the return
/// was flagged, and its refunds (id and breakdown).
#[derive(Debug, Default)]
struct AfterSaleBooks {
    id: String,
    order_no: String,
    lines: Vec<(String, i64)>,
    shipped: bool,
    wrong_item: bool,
    wrong_station: bool,
    refunds: Vec<(String, Breakdown)>,
}

impl Books for AfterSaleBooks {
    const TYPE: &'static str = "after_sale";
    type Event = AfterSaleEvent;

    fn id(&mut self) -> &mut String {
        &mut self.id
    }

    fn fold(&mut self, event: AfterSaleEvent) {
        match event {
            AfterSaleEvent::AfterSaleApplied {
                order_no,
                kind,
                lines,
                ..
            } => {
                self.order_no = order_no;
                self.shipped = !kind.before_shipping();
                self.lines = lines.into_iter().map(|l| (l.sku_id, l.quantity)).collect();
            }
            AfterSaleEvent::InterceptionStarted { .. } => self.shipped = true,
            AfterSaleEvent::ReturnReceived {
                wrong_item,
                wrong_station,
                ..
            } => {
                self.wrong_item = wrong_item;
                self.wrong_station = wrong_station;
            }
            AfterSaleEvent::AfterSaleRefunded {
                breakdown, refund_id, ..
            } => self.refunds.push((refund_id, breakdown)),
            _ => {}
        }
    }
}

/// The audit's outcome: how many events it read, and its report.
#[derive(Debug, Default)]
pub struct RefundAudit {
    pub events: u64,
    report: RefundReport,
}

impl RefundAudit {
    pub fn report(&self) -> RefundReport {
        self.report.clone()
    }
}

/// What the audit found, in words an auditor can act on.
#[derive(Debug, Default, Clone)]
pub struct RefundReport {
    pub orders: usize,
    pub after_sales: usize,
    pub refunds: usize,
    pub refunded: Fen,
    pub findings: Vec<String>,
}

/// The temporary tables, as the connection's engine names its temporary schema.
fn temporary(conn: &AnyConnection, table: &str) -> String {
    if conn.backend_name() == "SQLite" {
        format!("temp.{table}")
    } else {
        format!("pg_temp.{table}")
    }
}

const TABLES: [(&str, &str); 5] = [
    // `n` numbers the grants in order-number order: a refund id granted again is reported on the
    // later grant, and the later grant is the one the credits are checked against.
    (
        "audit_granted",
        "n BIGINT, refund_id TEXT, order_no TEXT, user_id TEXT, amount BIGINT",
    ),
    (
        "audit_lines",
        "order_no TEXT, sku_id TEXT, quantity BIGINT, unit_price BIGINT, coupon BIGINT",
    ),
    // `goods`: what the refund gave back for the goods (its total less the fees back, plus what
    // was deducted).
    (
        "audit_after_sale_refunds",
        "id TEXT, order_no TEXT, refund_id TEXT, amount BIGINT, goods BIGINT",
    ),
    ("audit_after_sale_lines", "id TEXT, sku_id TEXT, quantity BIGINT"),
    (
        "audit_credits",
        "refund_id TEXT, user_id TEXT, order_id TEXT, amount BIGINT",
    ),
];

async fn drop_tables(conn: &mut AnyConnection) -> sqlx::Result<()> {
    for (table, _) in TABLES {
        let name = temporary(conn, table);
        sqlx::query(&format!("DROP TABLE IF EXISTS {name}"))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The next page of `aggregate_type`'s events after `(aggregate_id, sequence)`, in stream order:
/// (aggregate id, sequence, payload).
async fn stream_page(
    conn: &mut AnyConnection,
    aggregate_type: &str,
    after: &(String, i64),
) -> sqlx::Result<Vec<(String, i64, String)>> {
    let rows = sqlx::query(&format!(
        "SELECT aggregate_id, sequence, CAST(payload AS TEXT) AS payload FROM events \
         WHERE aggregate_type = $1 AND (aggregate_id, sequence) > ($2, $3) \
         ORDER BY aggregate_id, sequence LIMIT {PAGE}"
    ))
    .bind(aggregate_type)
    .bind(after.0.as_str())
    .bind(after.1)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .iter()
        .map(|row| (row.get("aggregate_id"), row.get("sequence"), row.get("payload")))
        .collect())
}

fn unreadable(aggregate_type: &str, id: &str, error: serde_json::Error) -> anyhow::Error {
    anyhow::anyhow!("{aggregate_type} {id}: unreadable event: {error}")
}

/// Reads the events, reporting (read, to read) to `progress`.
struct Walk<'a> {
    read: u64,
    total: u64,
    progress: &'a (dyn Fn(u64, u64) + Sync),
    report: RefundReport,
    /// Grants so far, numbering them in order-number order (`audit_granted.n`).
    grants: i64,
}

impl Walk<'_> {
    fn advance(&mut self, events: usize) {
        self.read += events as u64;
        (self.progress)(self.read, self.total);
    }

    /// Each aggregate of `B`'s type alone, in stream order: folded, then closed by `close`, which
    /// reports what it finds and adds what the checks across aggregates need to `rows`.
    async fn each<B: Books>(
        &mut self,
        conn: &mut AnyConnection,
        rows: &mut [Rows],
        close: fn(&mut Self, B, &mut [Rows]),
    ) -> anyhow::Result<()> {
        let mut books = B::default();
        let mut after = (String::new(), 0i64);
        loop {
            let page = stream_page(conn, B::TYPE, &after).await?;
            let Some((last, sequence, _)) = page.last() else {
                break;
            };
            after = (last.clone(), *sequence);
            self.advance(page.len());
            for (id, _, payload) in page {
                if id != *books.id() {
                    close(self, std::mem::take(&mut books), rows);
                    *books.id() = id.clone();
                }
                books.fold(serde_json::from_str(&payload).map_err(|e| unreadable(B::TYPE, &id, e))?);
            }
            for table in rows.iter_mut() {
                table.write(conn).await?;
            }
        }
        close(self, books, rows);
        for table in rows.iter_mut() {
            table.write(conn).await?;
        }
        Ok(())
    }

    /// Every order alone: refunds beyond what was paid are findings; its grants go to the table.
    async fn orders(&mut self, conn: &mut AnyConnection) -> anyhow::Result<()> {
        let mut tables = [
            Rows::new("audit_granted (n, refund_id, order_no, user_id, amount)", ""),
            Rows::new("audit_lines (order_no, sku_id, quantity, unit_price, coupon)", ""),
        ];
        self.each(conn, &mut tables, Self::close_order).await
    }

    fn close_order(&mut self, books: OrderBooks, tables: &mut [Rows]) {
        if books.order_no.is_empty() {
            return;
        }
        self.report.orders += 1;
        let total: i64 = books.refunds.iter().map(|(_, a)| a.0).sum();
        if total > books.paid.0 {
            self.report.findings.push(format!(
                "order {}: refunds of {} exceed the {} paid",
                books.order_no,
                Fen(total).to_yuan(),
                books.paid.to_yuan()
            ));
        }
        for (sku_id, quantity, unit_price, coupon) in &books.lines {
            tables[1].push([
                books.order_no.as_str().into(),
                sku_id.as_str().into(),
                (*quantity).into(),
                unit_price.0.into(),
                coupon.0.into(),
            ]);
        }
        for (refund_id, amount) in books.refunds {
            self.grants += 1;
            tables[0].push([
                self.grants.into(),
                refund_id.into(),
                books.order_no.as_str().into(),
                books.user_id.as_str().into(),
                amount.0.into(),
            ]);
        }
    }

    /// Every after-sale alone: refunded more than its goods and fees, or more than once, are
    /// findings; its refund goes to the table, to be matched with its order's grant.
    async fn after_sales(&mut self, conn: &mut AnyConnection) -> anyhow::Result<()> {
        let mut tables = [
            Rows::new(
                "audit_after_sale_refunds (id, order_no, refund_id, amount, goods)",
                "",
            ),
            Rows::new("audit_after_sale_lines (id, sku_id, quantity)", ""),
        ];
        self.each(conn, &mut tables, Self::close_after_sale).await
    }

    fn close_after_sale(&mut self, books: AfterSaleBooks, tables: &mut [Rows]) {
        if books.id.is_empty() {
            return;
        }
        self.report.after_sales += 1;
        let id = &books.id;
        match books.refunds.as_slice() {
            [] => {}
            [(refund_id, breakdown)] => {
                self.check_rules(&books, breakdown);
                let amount = breakdown.total;
                if amount.is_positive() {
                    let goods = amount.0 - breakdown.fees_back().0 + breakdown.deductions().0;
                    tables[0].push([
                        id.as_str().into(),
                        books.order_no.as_str().into(),
                        refund_id.as_str().into(),
                        amount.0.into(),
                        goods.into(),
                    ]);
                    for (sku_id, quantity) in &books.lines {
                        tables[1].push([id.as_str().into(), sku_id.as_str().into(), (*quantity).into()]);
                    }
                }
            }
            more => self
                .report
                .findings
                .push(format!("after-sale {id}: refunded {} times", more.len())),
        }
    }

    /// The rules one refund obeys on its own: fees only for goods never shipped, deductions as the
    /// return was flagged, and a total no more than its parts add up to.
    fn check_rules(&mut self, books: &AfterSaleBooks, breakdown: &Breakdown) {
        let id = &books.id;
        let findings = &mut self.report.findings;
        if books.shipped && breakdown.fees_back().is_positive() {
            findings.push(format!(
                "after-sale {id}: {} of fees given back for goods that had been shipped",
                breakdown.fees_back().to_yuan()
            ));
        }
        let flagged = |flag: bool, fee: Fen| if flag { fee } else { Fen::ZERO };
        let insurance = flagged(books.wrong_item, WRONG_ITEM_INSURANCE);
        let handling = flagged(books.wrong_station, WRONG_STATION_HANDLING_FEE);
        if (breakdown.wrong_item_insurance, breakdown.wrong_station_fee) != (insurance, handling) {
            findings.push(format!(
                "after-sale {id}: deducted {} and {} where the return's flags call for {} wrong-item insurance and {} wrong-station handling",
                breakdown.wrong_item_insurance.to_yuan(),
                breakdown.wrong_station_fee.to_yuan(),
                insurance.to_yuan(),
                handling.to_yuan()
            ));
        }
        if breakdown.total.0 > breakdown.parts_total().0 {
            findings.push(format!(
                "after-sale {id}: refund {} is more than its parts add up to: goods {} less coupons {}, fees back {}, deductions {}",
                breakdown.total.to_yuan(),
                breakdown.goods.to_yuan(),
                breakdown.coupon_share.to_yuan(),
                breakdown.fees_back().to_yuan(),
                breakdown.deductions().to_yuan()
            ));
        }
    }

    /// The wallets' refund credits, into their table.
    async fn credits(&mut self, conn: &mut AnyConnection) -> anyhow::Result<()> {
        let mut credits = Rows::new("audit_credits (refund_id, user_id, order_id, amount)", "");
        let mut after = 0i64;
        loop {
            let page = sqlx::query(&format!(
                "SELECT position, aggregate_id, CAST(payload AS TEXT) AS payload FROM events \
                 WHERE aggregate_type = 'wallet' AND event_type = 'RefundCredited' AND position > $1 \
                 ORDER BY position LIMIT {PAGE}"
            ))
            .bind(after)
            .fetch_all(&mut *conn)
            .await?;
            let Some(last) = page.last() else { break };
            after = last.get("position");
            self.advance(page.len());
            for row in &page {
                let user_id: String = row.get("aggregate_id");
                let payload: String = row.get("payload");
                let event: WalletEvent =
                    serde_json::from_str(&payload).map_err(|e| unreadable("wallet", &user_id, e))?;
                if let WalletEvent::RefundCredited {
                    refund_id,
                    order_id,
                    amount,
                    ..
                } = event
                {
                    credits.push([refund_id.into(), user_id.into(), order_id.into(), amount.0.into()]);
                }
            }
            credits.write(conn).await?;
        }
        Ok(())
    }

    /// Goods given back against what they were paid: each after-sale's against the most its pieces
    /// can carry (`order::most_paid_for_items`), and each order's after-sales together against what
    /// its goods were paid.
    async fn match_paid_shares(&mut self, conn: &mut AnyConnection) -> anyhow::Result<()> {
        const MOST_PAID: &str = "CASE WHEN s.quantity >= l.quantity THEN l.unit_price * l.quantity - l.coupon              ELSE l.unit_price * s.quantity - (l.coupon / l.quantity) * s.quantity END";
        let sql = format!(
            "SELECT a.id, a.goods, CAST(SUM({MOST_PAID}) AS BIGINT) AS paid FROM audit_after_sale_refunds a              JOIN audit_after_sale_lines s ON s.id = a.id              JOIN audit_lines l ON l.order_no = a.order_no AND l.sku_id = s.sku_id AND l.quantity > 0              GROUP BY a.id, a.goods HAVING a.goods > SUM({MOST_PAID}) ORDER BY a.id"
        );
        let mut over = sqlx::query(&sql).fetch(&mut *conn);
        while let Some(row) = over.try_next().await? {
            let (id, goods, paid): (String, i64, i64) = (row.get("id"), row.get("goods"), row.get("paid"));
            self.report.findings.push(format!(
                "after-sale {id}: gave {} back for goods paid {}",
                Fen(goods).to_yuan(),
                Fen(paid).to_yuan()
            ));
        }
        drop(over);
        let mut over = sqlx::query(
            "SELECT a.order_no, CAST(SUM(a.goods) AS BIGINT) AS goods, CAST(MIN(p.paid) AS BIGINT) AS paid FROM audit_after_sale_refunds a              JOIN (SELECT order_no, SUM(unit_price * quantity - coupon) AS paid FROM audit_lines GROUP BY order_no) p              ON p.order_no = a.order_no GROUP BY a.order_no HAVING SUM(a.goods) > MIN(p.paid) ORDER BY a.order_no",
        )
        .fetch(&mut *conn);
        while let Some(row) = over.try_next().await? {
            let (order_no, goods, paid): (String, i64, i64) =
                (row.get("order_no"), row.get("goods"), row.get("paid"));
            self.report.findings.push(format!(
                "order {order_no}: after-sales gave {} back for goods paid {}",
                Fen(goods).to_yuan(),
                Fen(paid).to_yuan()
            ));
        }
        Ok(())
    }

    /// The checks across orders, after-sales and wallets, joined by the database.
    async fn match_refunds(&mut self, conn: &mut AnyConnection) -> anyhow::Result<()> {
        for index in [
            "CREATE INDEX audit_granted_refund ON audit_granted (refund_id, n)",
            "CREATE INDEX audit_credits_refund ON audit_credits (refund_id)",
            "CREATE INDEX audit_lines_sku ON audit_lines (order_no, sku_id)",
            "CREATE INDEX audit_after_sale_lines_id ON audit_after_sale_lines (id)",
        ] {
            sqlx::query(index).execute(&mut *conn).await?;
        }
        self.match_paid_shares(conn).await?;
        let findings = &mut self.report.findings;
        let mut twice = sqlx::query(
            "SELECT g.order_no, g.refund_id FROM audit_granted g WHERE EXISTS \
             (SELECT 1 FROM audit_granted e WHERE e.refund_id = g.refund_id AND e.n < g.n) ORDER BY g.n",
        )
        .fetch(&mut *conn);
        while let Some(row) = twice.try_next().await? {
            let (order_no, refund_id): (String, String) = (row.get("order_no"), row.get("refund_id"));
            findings.push(format!("order {order_no}: refund {refund_id} granted twice"));
        }
        drop(twice);
        // The grant a refund id stands for: its last.
        const GRANTED: &str =
            "(SELECT refund_id, order_no, user_id, amount FROM audit_granted g WHERE NOT EXISTS \
             (SELECT 1 FROM audit_granted l WHERE l.refund_id = g.refund_id AND l.n > g.n))";
        let sql = format!(
            "SELECT a.id, a.order_no, a.amount, g.order_no AS granted_order, g.amount AS recorded \
             FROM audit_after_sale_refunds a \
             LEFT JOIN {GRANTED} g ON g.refund_id = a.refund_id ORDER BY a.id"
        );
        let mut after_sales = sqlx::query(&sql).fetch(&mut *conn);
        while let Some(row) = after_sales.try_next().await? {
            let (id, order_no, amount): (String, String, i64) =
                (row.get("id"), row.get("order_no"), row.get("amount"));
            let amount = Fen(amount);
            match row.get::<Option<String>, _>("granted_order") {
                None => findings.push(format!(
                    "after-sale {id}: refunded {} that order {order_no} never recorded",
                    amount.to_yuan()
                )),
                Some(granted_order) => {
                    let recorded = Fen(row.get::<i64, _>("recorded"));
                    if granted_order != order_no || recorded != amount {
                        findings.push(format!(
                            "after-sale {id}: refunded {} but order {granted_order} recorded {}",
                            amount.to_yuan(),
                            recorded.to_yuan()
                        ));
                    }
                }
            }
        }
        drop(after_sales);
        let sql = format!(
            "SELECT g.refund_id, g.order_no, g.user_id, g.amount, COUNT(c.refund_id) AS credit_count, \
             MIN(c.user_id) AS wallet, MIN(c.order_id) AS credited_order, MIN(c.amount) AS credited \
             FROM {GRANTED} g \
             LEFT JOIN audit_credits c ON c.refund_id = g.refund_id \
             GROUP BY g.refund_id, g.order_no, g.user_id, g.amount ORDER BY g.refund_id"
        );
        let mut credited = sqlx::query(&sql).fetch(&mut *conn);
        while let Some(row) = credited.try_next().await? {
            let (refund_id, order_no, user_id): (String, String, String) =
                (row.get("refund_id"), row.get("order_no"), row.get("user_id"));
            let amount = Fen(row.get::<i64, _>("amount"));
            self.report.refunds += 1;
            self.report.refunded = Fen(self.report.refunded.0 + amount.0);
            match row.get::<i64, _>("credit_count") {
                0 => findings.push(format!(
                    "refund {refund_id} of order {order_no} ({}) was never credited to the wallet",
                    amount.to_yuan()
                )),
                1 => {
                    let (wallet, credited_order): (String, String) =
                        (row.get("wallet"), row.get("credited_order"));
                    let credited = Fen(row.get::<i64, _>("credited"));
                    if wallet != user_id || credited_order != order_no || credited != amount {
                        findings.push(format!(
                            "refund {refund_id}: order {order_no} granted {} to {user_id}, the wallet credited {} to {wallet} for {credited_order}",
                            amount.to_yuan(),
                            credited.to_yuan()
                        ));
                    }
                }
                more => findings.push(format!("refund {refund_id} was credited {more} times")),
            }
        }
        drop(credited);
        let mut orphans = sqlx::query(
            "SELECT DISTINCT c.refund_id FROM audit_credits c WHERE NOT EXISTS \
             (SELECT 1 FROM audit_granted g WHERE g.refund_id = c.refund_id) ORDER BY c.refund_id",
        )
        .fetch(&mut *conn);
        while let Some(row) = orphans.try_next().await? {
            let refund_id: String = row.get("refund_id");
            findings.push(format!("wallet credit {refund_id} has no refund behind it"));
        }
        Ok(())
    }
}

/// Replays the log; `progress` gets (events read, events to read).
pub async fn audit_refunds(
    pool: &AnyPool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> anyhow::Result<RefundAudit> {
    let mut conn = pool.acquire().await?;
    let conn: &mut AnyConnection = &mut conn;
    let total: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM events WHERE aggregate_type IN ('order', 'after_sale') \
         OR (aggregate_type = 'wallet' AND event_type = 'RefundCredited')",
    )
    .fetch_one(&mut *conn)
    .await?;
    drop_tables(conn).await?;
    for (table, columns) in TABLES {
        sqlx::query(&format!("CREATE TEMPORARY TABLE {table} ({columns})"))
            .execute(&mut *conn)
            .await?;
    }
    let mut walk = Walk {
        read: 0,
        total: total.max(0) as u64,
        progress,
        report: RefundReport::default(),
        grants: 0,
    };
    progress(0, walk.total);
    let walked = async {
        walk.orders(conn).await?;
        walk.after_sales(conn).await?;
        walk.credits(conn).await?;
        walk.match_refunds(conn).await
    }
    .await;
    drop_tables(conn).await?;
    walked?;
    Ok(RefundAudit {
        events: walk.read,
        report: walk.report,
    })
}
