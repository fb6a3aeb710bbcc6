//! Paying an order: the wallet payment process manager (debit the wallet, then mark the order paid;
//! reverse the debit when the order can no longer be paid) and QR payments, which top the wallet up
//! and then pay from it. Every step is idempotent per order: the wallet debits an order id once and
//! the order accepts the same payment reference again without a second event.

use async_trait::async_trait;
use domain::money::Fen;
use domain::order::{Order, OrderCommand, OrderStatus, PaymentMethod};
use domain::wallet::{Wallet, WalletCommand};
use sqlx::{AnyConnection, Row};
use statements::Together;

use crate::command_queue::{Turn, Within};
use crate::error::{Error, Refusal};
use crate::orders::OrderQueue;
use crate::payments::{self, Payment};
use crate::store::InTransaction;
use crate::wallet::WalletQueue;
use crate::Database;

/// An order of `user_id` that exists; another user's order is "not found", never "forbidden".
pub async fn owned_order(db: &Database, user_id: &str, order_no: &str) -> Result<Order, Error> {
    let order: Order = db.load(order_no).await?;
    if order.status() == OrderStatus::New || order.user_id() != user_id {
        return Err(Error::NotFound(Refusal::new("order.not_found")));
    }
    Ok(order)
}

/// The status and total of an order of `user_id`, from the state this process keeps of it when it
/// keeps one (no read). Another process may have moved the order on since: the payment is then
/// decided on the order's state in the log by `MarkPaid`, and the debit given back if it refuses.
async fn payable(
    db: &Database,
    orders: &OrderQueue,
    user_id: &str,
    order_no: &str,
) -> Result<(OrderStatus, Fen), Error> {
    let kept = orders.peek(order_no, |order: &Order| {
        (order.status(), order.user_id() == user_id, order.fees().total)
    });
    match kept {
        Some((status, owned, total)) if status != OrderStatus::New && owned => Ok((status, total)),
        Some(_) => Err(Error::NotFound(Refusal::new("order.not_found"))),
        None => {
            let order = owned_order(db, user_id, order_no).await?;
            Ok((order.status(), order.fees().total))
        }
    }
}

fn cannot_pay(status: OrderStatus) -> Error {
    Refusal::new("order.wrong_state")
        .with("action", "pay")
        .with("status", status.code())
        .into()
}

/// The wallet payment process manager. Any number of calls, in parallel or not, debit once.
pub async fn pay_from_wallet(
    db: &Database,
    orders: &OrderQueue,
    wallet: &WalletQueue,
    user_id: &str,
    order_no: &str,
    method: PaymentMethod,
    now: i64,
) -> Result<(), Error> {
    let (status, total) = payable(db, orders, user_id, order_no).await?;
    match status {
        OrderStatus::PendingPayment => {}
        // A cancelled order is past paying, even one that was paid before it was cancelled.
        OrderStatus::Cancelled => return Err(cannot_pay(status)),
        // Paid already: the order accepts the same payment again and answers the paid order.
        _ => return mark_paid(orders, order_no, method, total, now).await,
    }
    // The debit is written in the order's transaction: one commit, and no debit left to give
    // back when the order refuses (it decides first) or the wallet does (nothing is stored).
    let debit = Debit {
        wallet,
        user_id,
        command: WalletCommand::DebitOrderPayment {
            order_id: order_no.to_string(),
            amount: total,
            at: now,
        },
        held: std::sync::Mutex::default(),
    };
    orders
        .execute_in(order_no, mark_paid_command(order_no, method, total, now), &debit)
        .await?;
    let held = debit.held.into_inner().unwrap_or_else(|p| p.into_inner());
    if let (Some(turn), Some(debited)) = (held.turn, held.stored) {
        wallet.settle(turn, debited).await;
    }
    Ok(())
}

/// The wallet debit of an order's payment, as work of the order's `MarkPaid` transaction.
struct Debit<'a> {
    wallet: &'a WalletQueue,
    user_id: &'a str,
    command: WalletCommand,
    held: std::sync::Mutex<Held>,
}

/// The wallet's turn, taken inside the order's (see [`crate::command_queue::CommandQueue::turn`]) and held until the
/// debit is settled; the debit written by the transaction's last run, and once that committed, the
/// debit stored. (A run whose transaction rolled back, followed by a run of the order's command that
/// decided nothing and so wrote no debit, leaves a debit written but never stored: it must not be
/// settled.)
#[derive(Default)]
struct Held {
    turn: Option<Turn>,
    debited: Option<Within<Wallet>>,
    stored: Option<Within<Wallet>>,
}

impl Debit<'_> {
    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[async_trait]
impl InTransaction for Debit<'_> {
    async fn run(&self, conn: &mut AnyConnection, later: &mut Together) -> Result<(), Error> {
        let turn = {
            let mut held = self.held();
            // A run before this one was rolled back.
            held.debited = None;
            held.turn.take()
        };
        let turn = match turn {
            Some(turn) => turn,
            None => self.wallet.turn(self.user_id).await,
        };
        let debited = self
            .wallet
            .execute_within(&turn, conn, later, self.command.clone())
            .await;
        let mut held = self.held();
        held.turn = Some(turn);
        held.debited = Some(debited?);
        Ok(())
    }

    fn committed(&self) {
        let mut held = self.held();
        held.stored = held.debited.take();
    }
}

fn mark_paid_command(order_no: &str, method: PaymentMethod, amount: Fen, now: i64) -> OrderCommand {
    OrderCommand::MarkPaid {
        method,
        // The wallet debit is the payment, and it is named by the order.
        reference: order_no.to_string(),
        amount,
        at: now,
    }
}

async fn mark_paid(
    orders: &OrderQueue,
    order_no: &str,
    method: PaymentMethod,
    amount: Fen,
    now: i64,
) -> Result<(), Error> {
    orders
        .execute(order_no, mark_paid_command(order_no, method, amount, now))
        .await
}

/// The second step: mark the order paid, or give the debit back when the order refuses.
async fn settle_debit(
    orders: &OrderQueue,
    wallet: &WalletQueue,
    user_id: &str,
    order_no: &str,
    method: PaymentMethod,
    amount: Fen,
    now: i64,
) -> Result<(), Error> {
    match mark_paid(orders, order_no, method, amount, now).await {
        Ok(()) => Ok(()),
        Err(Error::Invalid(refusal)) => {
            wallet
                .execute(
                    user_id,
                    WalletCommand::ReverseOrderPayment {
                        order_id: order_no.to_string(),
                        at: now,
                    },
                )
                .await?;
            Err(Error::Invalid(refusal))
        }
        Err(e) => Err(e),
    }
}

/// What paying several orders from the wallet would take: each payable order with its total, and
/// their sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchQuote {
    pub orders: Vec<(String, Fen)>,
    pub total: Fen,
}

/// Most orders one batch payment takes.
pub const MAX_BATCH_PAY: usize = 200;

/// The orders of `user_id` that paying `order_nos` together takes, in the order given. An order
/// already paid is left out (paying it again changes nothing); any other order that cannot be paid
/// (cancelled, not the seller's) refuses the whole batch, naming it.
pub async fn quote_batch(
    db: &Database,
    orders: &OrderQueue,
    user_id: &str,
    order_nos: &[String],
) -> Result<BatchQuote, Error> {
    if order_nos.is_empty() {
        return Err(Refusal::new("order.pay_batch_empty").on("order_nos").into());
    }
    if order_nos.len() > MAX_BATCH_PAY {
        return Err(Refusal::new("order.pay_batch_too_many")
            .on("order_nos")
            .with("max", MAX_BATCH_PAY)
            .into());
    }
    let mut quote = BatchQuote {
        orders: Vec::new(),
        total: Fen::ZERO,
    };
    let mut seen = std::collections::BTreeSet::new();
    for order_no in order_nos {
        let order_no = order_no.trim();
        if !seen.insert(order_no.to_string()) {
            continue;
        }
        let (status, total) = match payable(db, orders, user_id, order_no).await {
            Err(Error::NotFound(_)) => {
                return Err(Refusal::new("order.pay_batch_unknown")
                    .on("order_nos")
                    .with("order_no", order_no)
                    .into())
            }
            found => found?,
        };
        match status {
            OrderStatus::PendingPayment => {
                quote.total = quote
                    .total
                    .checked_add(total)
                    .ok_or_else(|| Error::Internal(anyhow::anyhow!("batch total overflows")))?;
                quote.orders.push((order_no.to_string(), total));
            }
            OrderStatus::Cancelled => {
                return Err(Refusal::new("order.pay_batch_cannot_pay")
                    .on("order_nos")
                    .with("order_no", order_no)
                    .with("status", status.code())
                    .into())
            }
            _ => {}
        }
    }
    Ok(quote)
}

/// Pays several orders of `user_id` from the wallet in one step: the wallet decides on their sum
/// (a short balance pays none) and debits each order by its own reference, then each order is
/// marked paid (an order that refuses by then gets its debit back; `settle_open_payments` finishes
/// the second step after a crash). `expected` is the total the seller confirmed: a batch whose
/// total has changed since is refused so the seller sees the new one. Answers the orders paid.
pub async fn pay_many_from_wallet(
    db: &Database,
    orders: &OrderQueue,
    wallet: &WalletQueue,
    user_id: &str,
    order_nos: &[String],
    expected: Option<Fen>,
    now: i64,
) -> Result<Vec<String>, Error> {
    let quote = quote_batch(db, orders, user_id, order_nos).await?;
    if let Some(expected) = expected {
        if expected != quote.total {
            return Err(Refusal::new("order.pay_batch_total_changed")
                .on("total")
                .with("total", quote.total.to_yuan())
                .into());
        }
    }
    if quote.orders.is_empty() {
        return Ok(Vec::new());
    }
    let payments = quote
        .orders
        .iter()
        .map(|(order_no, amount)| domain::wallet::OrderPayment {
            order_id: order_no.clone(),
            amount: *amount,
        })
        .collect();
    wallet
        .execute(user_id, WalletCommand::DebitOrderPayments { payments, at: now })
        .await?;
    let mut paid = Vec::new();
    for (order_no, amount) in &quote.orders {
        match settle_debit(
            orders,
            wallet,
            user_id,
            order_no,
            PaymentMethod::Wallet,
            *amount,
            now,
        )
        .await
        {
            Ok(()) => paid.push(order_no.clone()),
            // Given back; the others stay paid.
            Err(Error::Invalid(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(paid)
}

/// A QR payment for the order's total. When the gateway confirms it, [`after_callback`] pays the order.
pub async fn pay_by_qr(
    db: &Database,
    wallet: &WalletQueue,
    user_id: &str,
    order_no: &str,
    notify_url: &str,
    simulated: bool,
    now: i64,
) -> Result<Payment, Error> {
    let order = owned_order(db, user_id, order_no).await?;
    if order.status() != OrderStatus::PendingPayment {
        return Err(cannot_pay(order.status()));
    }
    payments::request_payment(
        db,
        wallet,
        user_id,
        order.fees().total,
        notify_url,
        order_no,
        simulated,
        now,
    )
    .await
}

/// After a confirmed (or repeated) gateway callback: a payment made for an order pays it from the
/// wallet it was just credited to. Answers the refusal when the order can no longer be paid.
pub async fn after_callback(
    db: &Database,
    orders: &OrderQueue,
    wallet: &WalletQueue,
    payment_id: &str,
    now: i64,
) -> Result<(), Error> {
    let Some(payment) = payments::find(db, payment_id, now).await? else {
        return Ok(());
    };
    if payment.order_no.is_empty() || payment.status != "paid" {
        return Ok(());
    }
    pay_from_wallet(
        db,
        orders,
        wallet,
        &payment.user_id,
        &payment.order_no,
        PaymentMethod::Qr,
        now,
    )
    .await
}

/// Puts right what a crash interrupted: debits whose order was never marked paid (marked now, or
/// reversed when the order refuses), and confirmed QR payments whose order is still unpaid. The
/// candidates come from the read tables; each decision is taken on the aggregates.
pub async fn settle_open_payments(
    db: &Database,
    orders: &OrderQueue,
    wallet: &WalletQueue,
    now: i64,
) -> Result<usize, Error> {
    let debits = sqlx::query(
        "SELECT l.user_id, l.reference FROM wallet_ledger l JOIN orders o ON o.order_no = l.reference \
         WHERE l.kind = 'order_payment' AND o.paid_at = 0 AND NOT EXISTS (SELECT 1 FROM wallet_ledger r \
         WHERE r.user_id = l.user_id AND r.kind = 'order_payment_reversed' AND r.reference = l.reference)",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut settled = 0;
    for row in debits {
        let (user_id, order_no): (String, String) = (row.get("user_id"), row.get("reference"));
        let order: Order = db.load(&order_no).await?;
        if order.paid_reference().is_some() {
            continue;
        }
        let total = order.fees().total;
        match settle_debit(
            orders,
            wallet,
            &user_id,
            &order_no,
            PaymentMethod::Wallet,
            total,
            now,
        )
        .await
        {
            Ok(()) | Err(Error::Invalid(_)) => settled += 1,
            Err(e) => return Err(e),
        }
    }
    let confirmed = sqlx::query(
        "SELECT p.id FROM payments p JOIN orders o ON o.order_no = p.order_no \
         WHERE p.purpose = 'order' AND p.status = 'paid' AND o.status = 'pending_payment'",
    )
    .fetch_all(&db.pool)
    .await?;
    for row in confirmed {
        let payment_id: String = row.get("id");
        match after_callback(db, orders, wallet, &payment_id, now).await {
            Ok(()) | Err(Error::Invalid(_)) => settled += 1,
            Err(e) => return Err(e),
        }
    }
    Ok(settled)
}
