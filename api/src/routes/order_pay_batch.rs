//! Several orders paid from the wallet in one confirmation (docs/api.md, "Paying several orders"):
//! `order/pay_quote` shows what it takes and `order/pay_batch` pays it, all or none when the
//! balance is short, one debit per order.

use axum::extract::State;
use axum::http::HeaderMap;
use commands::clock::now;
use commands::orders::payment::{self, MAX_BATCH_PAY};
use domain::money::Fen;
use serde::{Deserialize, Serialize};

use crate::envelope::ok;
use crate::error::ApiResult;
use crate::extract::{CurrentUser, JsonBody};
use crate::i18n::{language_of, message};
use crate::state::AppState;

#[derive(Deserialize, Default)]
pub struct BatchBody {
    /// The orders chosen; ignored when `all` is set.
    #[serde(default)]
    order_nos: Vec<String>,
    /// Every order of the seller awaiting payment (of platform import `import_id` when given).
    #[serde(default)]
    all: bool,
    #[serde(default)]
    import_id: String,
    /// `order/pay_batch` only: the total the seller confirmed, in fen.
    total: Option<i64>,
}

impl BatchBody {
    async fn order_nos(
        &self,
        state: &AppState,
        user_id: &str,
    ) -> Result<Vec<String>, crate::error::AppError> {
        if !self.all {
            return Ok(self.order_nos.iter().map(|n| n.trim().to_string()).collect());
        }
        let import = self.import_id.trim();
        Ok(projections::orders::awaiting_payment(
            &state.db.pool,
            user_id,
            (!import.is_empty()).then_some(import),
            MAX_BATCH_PAY as i64,
        )
        .await?)
    }
}

#[derive(Serialize)]
pub struct QuotedOrder {
    order_no: String,
    total: Fen,
}

#[derive(Serialize)]
pub struct Quote {
    orders: Vec<QuotedOrder>,
    count: usize,
    /// In fen: what the orders take together.
    total: Fen,
    /// The wallet's spendable balance now.
    balance: Fen,
    /// Whether the balance covers `total`.
    enough: bool,
    /// What confirming does, in the reader's language.
    message: String,
}

pub async fn quote(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<BatchBody>,
) -> ApiResult<Quote> {
    let lang = language_of(&headers);
    let order_nos = body.order_nos(&state, &user.id).await?;
    let quote = if body.all && order_nos.is_empty() {
        payment::BatchQuote {
            orders: Vec::new(),
            total: Fen(0),
        }
    } else {
        payment::quote_batch(&state.db, &state.orders, &user.id, &order_nos).await?
    };
    let balance = projections::wallet::balance_of(&state.db.pool, &user.id)
        .await?
        .balance;
    let enough = balance >= quote.total && !quote.orders.is_empty();
    let key = if quote.orders.is_empty() {
        "order.pay_batch_none"
    } else if enough {
        "order.pay_batch_quote"
    } else {
        "order.pay_batch_short"
    };
    let message = message(
        lang,
        key,
        &[
            ("count", quote.orders.len().to_string()),
            ("total", quote.total.to_yuan()),
            ("balance", balance.to_yuan()),
        ],
    );
    Ok(ok(Quote {
        count: quote.orders.len(),
        orders: quote
            .orders
            .into_iter()
            .map(|(order_no, total)| QuotedOrder { order_no, total })
            .collect(),
        total: quote.total,
        balance,
        enough,
        message,
    }))
}

#[derive(Serialize)]
pub struct BatchPaid {
    paid: Vec<String>,
    count: usize,
    balance: Fen,
    message: String,
}

pub async fn pay(
    State(state): State<AppState>,
    headers: HeaderMap,
    user: CurrentUser,
    JsonBody(body): JsonBody<BatchBody>,
) -> ApiResult<BatchPaid> {
    let lang = language_of(&headers);
    let order_nos = body.order_nos(&state, &user.id).await?;
    let paid = if body.all && order_nos.is_empty() {
        Vec::new()
    } else {
        payment::pay_many_from_wallet(
            &state.db,
            &state.orders,
            &state.wallets,
            &user.id,
            &order_nos,
            body.total.map(Fen),
            now(),
        )
        .await?
    };
    let balance = projections::wallet::balance_of(&state.db.pool, &user.id)
        .await?
        .balance;
    let message = message(
        lang,
        "order.pay_batch_done",
        &[("count", paid.len().to_string()), ("balance", balance.to_yuan())],
    );
    Ok(ok(BatchPaid {
        count: paid.len(),
        paid,
        balance,
        message,
    }))
}
