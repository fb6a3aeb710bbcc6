//! The Wallet's rules, given/when/then.

use cqrs_es::test::TestFramework;
use cqrs_es::DomainEvent;

use super::*;
use crate::wallet::events::LedgerEntry;

const AT: i64 = 1_795_000_000;
const PAYEE: &str = "张三";
const ACCOUNT: &str = "zhangsan@example.com";

fn wallet_test() -> TestFramework<Wallet> {
    TestFramework::with(WalletServices::default())
}

fn small_caps() -> WalletServices {
    WalletServices {
        max_top_up: Fen::yuan(100),
        max_withdrawal: Fen::yuan(50),
        simulated_money_withdrawable: true,
    }
}

fn s(text: &str) -> String {
    text.to_string()
}

// Commands.

fn request_top_up(payment_id: &str, amount: Fen) -> WalletCommand {
    WalletCommand::RequestTopUp {
        payment_id: s(payment_id),
        amount,
        at: AT,
        simulated: false,
    }
}

fn complete_top_up(payment_id: &str, amount: Fen) -> WalletCommand {
    WalletCommand::CompleteTopUp {
        payment_id: s(payment_id),
        amount,
        at: AT,
    }
}

fn bind(payee: &str, account: &str) -> WalletCommand {
    WalletCommand::BindPayoutAccount {
        payee: s(payee),
        account: s(account),
        at: AT,
        phone_verified: false,
    }
}

/// A binding whose caller checked the code sent to the seller's phone.
fn bind_verified(payee: &str, account: &str) -> WalletCommand {
    WalletCommand::BindPayoutAccount {
        payee: s(payee),
        account: s(account),
        at: AT,
        phone_verified: true,
    }
}

fn request_withdrawal(withdrawal_id: &str, amount: Fen) -> WalletCommand {
    WalletCommand::RequestWithdrawal {
        withdrawal_id: s(withdrawal_id),
        amount,
        at: AT,
    }
}

fn pay(withdrawal_id: &str) -> WalletCommand {
    WalletCommand::PayWithdrawal {
        withdrawal_id: s(withdrawal_id),
        at: AT,
    }
}

fn reject(withdrawal_id: &str, reason: &str) -> WalletCommand {
    WalletCommand::RejectWithdrawal {
        withdrawal_id: s(withdrawal_id),
        reason: s(reason),
        at: AT,
    }
}

fn debit(order_id: &str, amount: Fen) -> WalletCommand {
    WalletCommand::DebitOrderPayment {
        order_id: s(order_id),
        amount,
        at: AT,
    }
}

fn reverse(order_id: &str) -> WalletCommand {
    WalletCommand::ReverseOrderPayment {
        order_id: s(order_id),
        at: AT,
    }
}

fn refund(refund_id: &str, order_id: &str, kind: RefundKind, amount: Fen) -> WalletCommand {
    WalletCommand::CreditRefund {
        refund_id: s(refund_id),
        order_id: s(order_id),
        kind,
        amount,
        at: AT,
    }
}

// Events.

fn top_up_requested(payment_id: &str, amount: Fen) -> WalletEvent {
    WalletEvent::TopUpRequested {
        payment_id: s(payment_id),
        amount,
        at: AT,
        simulated: false,
    }
}

fn top_up_completed(payment_id: &str, amount: Fen, balance_after: Fen) -> WalletEvent {
    WalletEvent::TopUpCompleted {
        payment_id: s(payment_id),
        amount,
        balance_after,
        frozen_after: Fen::ZERO,
        at: AT,
    }
}

fn account_bound() -> WalletEvent {
    WalletEvent::PayoutAccountBound {
        payee: s(PAYEE),
        account: s(ACCOUNT),
        at: AT,
    }
}

fn withdrawal_requested(
    withdrawal_id: &str,
    amount: Fen,
    balance_after: Fen,
    frozen_after: Fen,
) -> WalletEvent {
    WalletEvent::WithdrawalRequested {
        withdrawal_id: s(withdrawal_id),
        amount,
        payee: s(PAYEE),
        account: s(ACCOUNT),
        balance_after,
        frozen_after,
        at: AT,
    }
}

fn withdrawal_paid(withdrawal_id: &str, amount: Fen, balance_after: Fen, frozen_after: Fen) -> WalletEvent {
    WalletEvent::WithdrawalPaid {
        withdrawal_id: s(withdrawal_id),
        amount,
        balance_after,
        frozen_after,
        at: AT,
    }
}

fn withdrawal_rejected(
    withdrawal_id: &str,
    amount: Fen,
    reason: &str,
    balance_after: Fen,
    frozen_after: Fen,
) -> WalletEvent {
    WalletEvent::WithdrawalRejected {
        withdrawal_id: s(withdrawal_id),
        amount,
        reason: s(reason),
        balance_after,
        frozen_after,
        at: AT,
    }
}

fn debited(order_id: &str, amount: Fen, balance_after: Fen) -> WalletEvent {
    WalletEvent::OrderPaymentDebited {
        order_id: s(order_id),
        amount,
        balance_after,
        frozen_after: Fen::ZERO,
        at: AT,
    }
}

fn reversed(order_id: &str, amount: Fen, balance_after: Fen) -> WalletEvent {
    WalletEvent::OrderPaymentReversed {
        order_id: s(order_id),
        amount,
        balance_after,
        frozen_after: Fen::ZERO,
        at: AT,
    }
}

fn refunded(
    refund_id: &str,
    order_id: &str,
    kind: RefundKind,
    amount: Fen,
    balance_after: Fen,
) -> WalletEvent {
    WalletEvent::RefundCredited {
        refund_id: s(refund_id),
        order_id: s(order_id),
        kind,
        amount,
        balance_after,
        frozen_after: Fen::ZERO,
        at: AT,
    }
}

/// A wallet holding `amount` from one completed top-up.
fn funded(amount: Fen) -> Vec<WalletEvent> {
    vec![
        top_up_requested("pay-0", amount),
        top_up_completed("pay-0", amount, amount),
    ]
}

/// A funded wallet with a bound account and one pending withdrawal `w-1` of 30 out of 100 yuan.
fn with_pending_withdrawal() -> Vec<WalletEvent> {
    let mut events = funded(Fen::yuan(100));
    events.push(account_bound());
    events.push(withdrawal_requested(
        "w-1",
        Fen::yuan(30),
        Fen::yuan(70),
        Fen::yuan(30),
    ));
    events
}

async fn run(
    wallet: &mut Wallet,
    services: &WalletServices,
    command: WalletCommand,
) -> Result<Vec<WalletEvent>, WalletError> {
    let sink = EventSink::default();
    wallet.handle(command, services, &sink).await?;
    Ok(sink.collect().await)
}

// Top-up.

#[tokio::test]
async fn request_top_up_records_the_request_without_crediting() {
    wallet_test()
        .given_no_previous_events()
        .when_async(request_top_up("pay-1", Fen(1230)))
        .await
        .then_expect_events(vec![top_up_requested("pay-1", Fen(1230))]);
}

#[tokio::test]
async fn request_top_up_refuses_zero_and_negative_amounts() {
    for amount in [Fen::ZERO, Fen(-1)] {
        wallet_test()
            .given_no_previous_events()
            .when_async(request_top_up("pay-1", amount))
            .await
            .then_expect_error(WalletError::AmountNotPositive);
    }
}

#[tokio::test]
async fn request_top_up_refuses_above_the_cap() {
    TestFramework::<Wallet>::with(small_caps())
        .given_no_previous_events()
        .when_async(request_top_up("pay-1", Fen(10_001)))
        .await
        .then_expect_error(WalletError::TopUpAboveCap { cap: Fen::yuan(100) });
}

#[tokio::test]
async fn request_top_up_accepts_exactly_the_cap() {
    TestFramework::<Wallet>::with(small_caps())
        .given_no_previous_events()
        .when_async(request_top_up("pay-1", Fen::yuan(100)))
        .await
        .then_expect_events(vec![top_up_requested("pay-1", Fen::yuan(100))]);
}

#[tokio::test]
async fn default_caps_are_fifty_thousand_yuan() {
    let services = WalletServices::default();
    assert_eq!(services.max_top_up.to_yuan(), "50000.00");
    assert_eq!(services.max_withdrawal.to_yuan(), "50000.00");
    wallet_test()
        .given_no_previous_events()
        .when_async(request_top_up("pay-1", Fen(5_000_001)))
        .await
        .then_expect_error(WalletError::TopUpAboveCap {
            cap: Fen::yuan(50_000),
        });
}

#[tokio::test]
async fn request_top_up_repeated_with_the_same_amount_changes_nothing() {
    wallet_test()
        .given(vec![top_up_requested("pay-1", Fen(500))])
        .when_async(request_top_up("pay-1", Fen(500)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn request_top_up_repeated_after_completion_changes_nothing() {
    wallet_test()
        .given(funded(Fen(500)))
        .when_async(request_top_up("pay-0", Fen(500)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn request_top_up_repeated_after_the_cap_was_lowered_still_succeeds() {
    TestFramework::<Wallet>::with(small_caps())
        .given(vec![top_up_requested("pay-1", Fen::yuan(1000))])
        .when_async(request_top_up("pay-1", Fen::yuan(1000)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn request_top_up_reusing_a_payment_id_with_another_amount_is_refused() {
    wallet_test()
        .given(vec![top_up_requested("pay-1", Fen(500))])
        .when_async(request_top_up("pay-1", Fen(501)))
        .await
        .then_expect_error(WalletError::DuplicateReference {
            reference: s("pay-1"),
        });
}

#[tokio::test]
async fn complete_top_up_credits_the_balance() {
    wallet_test()
        .given(vec![
            top_up_requested("pay-1", Fen(500)),
            top_up_requested("pay-2", Fen(700)),
            top_up_completed("pay-1", Fen(500), Fen(500)),
        ])
        .when_async(complete_top_up("pay-2", Fen(700)))
        .await
        .then_expect_events(vec![top_up_completed("pay-2", Fen(700), Fen(1200))]);
}

#[tokio::test]
async fn complete_top_up_keeps_frozen_funds_in_the_event() {
    let mut given = with_pending_withdrawal();
    given.push(top_up_requested("pay-9", Fen::yuan(5)));
    wallet_test()
        .given(given)
        .when_async(complete_top_up("pay-9", Fen::yuan(5)))
        .await
        .then_expect_events(vec![WalletEvent::TopUpCompleted {
            payment_id: s("pay-9"),
            amount: Fen::yuan(5),
            balance_after: Fen::yuan(75),
            frozen_after: Fen::yuan(30),
            at: AT,
        }]);
}

#[tokio::test]
async fn complete_top_up_refuses_an_unknown_payment() {
    wallet_test()
        .given_no_previous_events()
        .when_async(complete_top_up("pay-1", Fen(500)))
        .await
        .then_expect_error(WalletError::UnknownTopUp);
}

#[tokio::test]
async fn complete_top_up_refuses_a_different_amount() {
    wallet_test()
        .given(vec![top_up_requested("pay-1", Fen(500))])
        .when_async(complete_top_up("pay-1", Fen(499)))
        .await
        .then_expect_error(WalletError::TopUpAmountMismatch {
            requested: Fen(500),
            received: Fen(499),
        });
}

#[tokio::test]
async fn complete_top_up_twice_credits_once() {
    wallet_test()
        .given(funded(Fen(500)))
        .when_async(complete_top_up("pay-0", Fen(500)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn complete_top_up_refuses_to_overflow_the_balance() {
    wallet_test()
        .given(vec![
            top_up_requested("pay-1", Fen(i64::MAX)),
            top_up_completed("pay-1", Fen(i64::MAX), Fen(i64::MAX)),
            top_up_requested("pay-2", Fen(1)),
        ])
        .when_async(complete_top_up("pay-2", Fen(1)))
        .await
        .then_expect_error(WalletError::Overflow);
}

// Payout account.

#[tokio::test]
async fn bind_payout_account_stores_trimmed_values() {
    wallet_test()
        .given_no_previous_events()
        .when_async(bind(" 张三 ", "  zhangsan@example.com\n"))
        .await
        .then_expect_events(vec![account_bound()]);
}

#[tokio::test]
async fn bind_payout_account_requires_a_payee() {
    for payee in ["", "   "] {
        wallet_test()
            .given_no_previous_events()
            .when_async(bind(payee, ACCOUNT))
            .await
            .then_expect_error(WalletError::PayeeRequired);
    }
}

#[tokio::test]
async fn bind_payout_account_requires_an_account() {
    for account in ["", " \t "] {
        wallet_test()
            .given_no_previous_events()
            .when_async(bind(PAYEE, account))
            .await
            .then_expect_error(WalletError::AccountRequired);
    }
}

#[tokio::test]
async fn bind_payout_account_again_with_the_same_values_changes_nothing() {
    wallet_test()
        .given(vec![account_bound()])
        .when_async(bind(PAYEE, ACCOUNT))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn bind_payout_account_the_first_time_needs_no_phone_code() {
    // A verified first binding is the same binding.
    for command in [bind(PAYEE, ACCOUNT), bind_verified(PAYEE, ACCOUNT)] {
        wallet_test()
            .given(funded(Fen::yuan(100)))
            .when_async(command)
            .await
            .then_expect_events(vec![account_bound()]);
    }
}

#[tokio::test]
async fn bind_payout_account_again_with_the_same_values_needs_no_phone_code() {
    wallet_test()
        .given(vec![account_bound()])
        .when_async(bind(" 张三", "zhangsan@example.com "))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn replacing_a_bound_account_without_the_phone_code_is_refused() {
    for (payee, account) in [
        ("李四", "lisi@example.com"),
        (PAYEE, "other@example.com"),
        ("李四", ACCOUNT),
    ] {
        wallet_test()
            .given(vec![account_bound()])
            .when_async(bind(payee, account))
            .await
            .then_expect_error(WalletError::PhoneCodeRequired);
    }
}

#[tokio::test]
async fn replacing_a_bound_account_checks_payee_and_account_before_the_phone_code() {
    wallet_test()
        .given(vec![account_bound()])
        .when_async(bind(" ", "lisi@example.com"))
        .await
        .then_expect_error(WalletError::PayeeRequired);
    wallet_test()
        .given(vec![account_bound()])
        .when_async(bind("李四", ""))
        .await
        .then_expect_error(WalletError::AccountRequired);
}

#[tokio::test]
async fn bind_payout_account_with_the_phone_verified_replaces_an_earlier_binding() {
    wallet_test()
        .given(vec![account_bound()])
        .when_async(bind_verified(" 李四", "lisi@example.com"))
        .await
        .then_expect_events(vec![WalletEvent::PayoutAccountBound {
            payee: s("李四"),
            account: s("lisi@example.com"),
            at: AT,
        }]);
}

#[tokio::test]
async fn a_replaced_account_leaves_a_pending_withdrawal_where_it_was_asked_and_takes_the_next() {
    let services = WalletServices::default();
    let mut wallet = Wallet::default();
    for event in with_pending_withdrawal() {
        wallet.apply(event);
    }
    run(&mut wallet, &services, bind("李四", "lisi@example.com"))
        .await
        .expect_err("no code, no change");
    assert_eq!(wallet.payout_account().map(|a| a.account.as_str()), Some(ACCOUNT));
    run(&mut wallet, &services, bind_verified("李四", "lisi@example.com"))
        .await
        .unwrap();
    let next = run(&mut wallet, &services, request_withdrawal("w-2", Fen::yuan(10)))
        .await
        .unwrap();
    assert!(
        matches!(&next[..], [WalletEvent::WithdrawalRequested { payee, account, .. }] if payee == "李四" && account == "lisi@example.com"),
        "{next:?}"
    );
    assert_eq!(wallet.withdrawal("w-1").map(|w| w.amount), Some(Fen::yuan(30)));
}

// Withdrawal request.

#[tokio::test]
async fn request_withdrawal_moves_the_amount_to_frozen_and_names_the_account() {
    let mut given = funded(Fen::yuan(100));
    given.push(account_bound());
    wallet_test()
        .given(given)
        .when_async(request_withdrawal("w-1", Fen::yuan(30)))
        .await
        .then_expect_events(vec![withdrawal_requested(
            "w-1",
            Fen::yuan(30),
            Fen::yuan(70),
            Fen::yuan(30),
        )]);
}

#[tokio::test]
async fn request_withdrawal_may_take_the_whole_balance() {
    let mut given = funded(Fen::yuan(100));
    given.push(account_bound());
    wallet_test()
        .given(given)
        .when_async(request_withdrawal("w-1", Fen::yuan(100)))
        .await
        .then_expect_events(vec![withdrawal_requested(
            "w-1",
            Fen::yuan(100),
            Fen::ZERO,
            Fen::yuan(100),
        )]);
}

#[tokio::test]
async fn request_withdrawal_refuses_zero_and_negative_amounts() {
    for amount in [Fen::ZERO, Fen(-100)] {
        let mut given = funded(Fen::yuan(100));
        given.push(account_bound());
        wallet_test()
            .given(given)
            .when_async(request_withdrawal("w-1", amount))
            .await
            .then_expect_error(WalletError::AmountNotPositive);
    }
}

#[tokio::test]
async fn request_withdrawal_refuses_above_the_cap() {
    let mut given = funded(Fen::yuan(100));
    given.push(account_bound());
    TestFramework::<Wallet>::with(small_caps())
        .given(given)
        .when_async(request_withdrawal("w-1", Fen(5001)))
        .await
        .then_expect_error(WalletError::WithdrawalAboveCap { cap: Fen::yuan(50) });
}

#[tokio::test]
async fn request_withdrawal_requires_a_bound_account() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(request_withdrawal("w-1", Fen::yuan(10)))
        .await
        .then_expect_error(WalletError::AccountNotBound);
}

#[tokio::test]
async fn request_withdrawal_refuses_more_than_the_balance() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(request_withdrawal("w-2", Fen(7001)))
        .await
        .then_expect_error(WalletError::InsufficientBalance {
            balance: Fen::yuan(70),
        });
}

#[tokio::test]
async fn request_withdrawal_repeated_with_the_same_amount_changes_nothing() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(request_withdrawal("w-1", Fen::yuan(30)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn request_withdrawal_repeated_after_payment_changes_nothing() {
    let mut given = with_pending_withdrawal();
    given.push(withdrawal_paid("w-1", Fen::yuan(30), Fen::yuan(70), Fen::ZERO));
    wallet_test()
        .given(given)
        .when_async(request_withdrawal("w-1", Fen::yuan(30)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn request_withdrawal_reusing_an_id_with_another_amount_is_refused() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(request_withdrawal("w-1", Fen::yuan(31)))
        .await
        .then_expect_error(WalletError::DuplicateReference { reference: s("w-1") });
}

// Withdrawal payment.

#[tokio::test]
async fn pay_withdrawal_releases_the_frozen_amount() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(pay("w-1"))
        .await
        .then_expect_events(vec![withdrawal_paid(
            "w-1",
            Fen::yuan(30),
            Fen::yuan(70),
            Fen::ZERO,
        )]);
}

#[tokio::test]
async fn pay_withdrawal_refuses_an_unknown_withdrawal() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(pay("w-9"))
        .await
        .then_expect_error(WalletError::UnknownWithdrawal);
}

#[tokio::test]
async fn pay_withdrawal_twice_pays_once() {
    let mut given = with_pending_withdrawal();
    given.push(withdrawal_paid("w-1", Fen::yuan(30), Fen::yuan(70), Fen::ZERO));
    wallet_test()
        .given(given)
        .when_async(pay("w-1"))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn pay_withdrawal_refuses_a_rejected_withdrawal() {
    let mut given = with_pending_withdrawal();
    given.push(withdrawal_rejected(
        "w-1",
        Fen::yuan(30),
        "bad account",
        Fen::yuan(100),
        Fen::ZERO,
    ));
    wallet_test()
        .given(given)
        .when_async(pay("w-1"))
        .await
        .then_expect_error(WalletError::WithdrawalNotPending {
            status: WithdrawalStatus::Rejected,
        });
}

// Withdrawal rejection.

#[tokio::test]
async fn reject_withdrawal_returns_the_frozen_amount_to_the_balance() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(reject("w-1", "  account closed "))
        .await
        .then_expect_events(vec![withdrawal_rejected(
            "w-1",
            Fen::yuan(30),
            "account closed",
            Fen::yuan(100),
            Fen::ZERO,
        )]);
}

#[tokio::test]
async fn reject_withdrawal_requires_a_reason() {
    for reason in ["", "  "] {
        wallet_test()
            .given(with_pending_withdrawal())
            .when_async(reject("w-1", reason))
            .await
            .then_expect_error(WalletError::ReasonRequired);
    }
}

#[tokio::test]
async fn reject_withdrawal_refuses_an_unknown_withdrawal() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(reject("w-9", "no"))
        .await
        .then_expect_error(WalletError::UnknownWithdrawal);
}

#[tokio::test]
async fn reject_withdrawal_twice_rejects_once() {
    let mut given = with_pending_withdrawal();
    given.push(withdrawal_rejected(
        "w-1",
        Fen::yuan(30),
        "bad account",
        Fen::yuan(100),
        Fen::ZERO,
    ));
    wallet_test()
        .given(given)
        .when_async(reject("w-1", "another reason"))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn reject_withdrawal_refuses_a_paid_withdrawal() {
    let mut given = with_pending_withdrawal();
    given.push(withdrawal_paid("w-1", Fen::yuan(30), Fen::yuan(70), Fen::ZERO));
    wallet_test()
        .given(given)
        .when_async(reject("w-1", "too late"))
        .await
        .then_expect_error(WalletError::WithdrawalNotPending {
            status: WithdrawalStatus::Paid,
        });
}

// Order payment.

#[tokio::test]
async fn debit_order_payment_takes_from_the_balance() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit("o-1", Fen(2550)))
        .await
        .then_expect_events(vec![debited("o-1", Fen(2550), Fen(7450))]);
}

#[tokio::test]
async fn debit_order_payment_may_take_the_whole_balance() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit("o-1", Fen::yuan(100)))
        .await
        .then_expect_events(vec![debited("o-1", Fen::yuan(100), Fen::ZERO)]);
}

#[tokio::test]
async fn debit_order_payment_refuses_zero_and_negative_amounts() {
    for amount in [Fen::ZERO, Fen(-1)] {
        wallet_test()
            .given(funded(Fen::yuan(100)))
            .when_async(debit("o-1", amount))
            .await
            .then_expect_error(WalletError::AmountNotPositive);
    }
}

#[tokio::test]
async fn debit_order_payment_refuses_more_than_the_balance() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit("o-1", Fen(10_001)))
        .await
        .then_expect_error(WalletError::InsufficientBalance {
            balance: Fen::yuan(100),
        });
}

#[tokio::test]
async fn debit_order_payment_cannot_spend_frozen_funds() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(debit("o-1", Fen::yuan(71)))
        .await
        .then_expect_error(WalletError::InsufficientBalance {
            balance: Fen::yuan(70),
        });
}

#[tokio::test]
async fn debit_order_payment_repeated_with_the_same_amount_changes_nothing() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    wallet_test()
        .given(given)
        .when_async(debit("o-1", Fen::yuan(10)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn debit_order_payment_reusing_an_order_with_another_amount_is_refused() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    wallet_test()
        .given(given)
        .when_async(debit("o-1", Fen::yuan(11)))
        .await
        .then_expect_error(WalletError::DuplicateReference { reference: s("o-1") });
}

#[tokio::test]
async fn debit_order_payment_after_its_reversal_is_refused() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    given.push(reversed("o-1", Fen::yuan(10), Fen::yuan(100)));
    wallet_test()
        .given(given)
        .when_async(debit("o-1", Fen::yuan(10)))
        .await
        .then_expect_error(WalletError::DuplicateReference { reference: s("o-1") });
}

// Several orders paid at once.

fn debit_all(payments: &[(&str, Fen)]) -> WalletCommand {
    WalletCommand::DebitOrderPayments {
        payments: payments
            .iter()
            .map(|(order_id, amount)| OrderPayment {
                order_id: s(order_id),
                amount: *amount,
            })
            .collect(),
        at: AT,
    }
}

#[tokio::test]
async fn debit_order_payments_takes_the_sum_in_one_debit_per_order() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit_all(&[
            ("o-1", Fen(2550)),
            ("o-2", Fen(1000)),
            ("o-3", Fen(1)),
        ]))
        .await
        .then_expect_events(vec![
            debited("o-1", Fen(2550), Fen(7450)),
            debited("o-2", Fen(1000), Fen(6450)),
            debited("o-3", Fen(1), Fen(6449)),
        ]);
}

#[tokio::test]
async fn debit_order_payments_may_take_the_whole_balance() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit_all(&[("o-1", Fen::yuan(60)), ("o-2", Fen::yuan(40))]))
        .await
        .then_expect_events(vec![
            debited("o-1", Fen::yuan(60), Fen::yuan(40)),
            debited("o-2", Fen::yuan(40), Fen::ZERO),
        ]);
}

#[tokio::test]
async fn debit_order_payments_short_by_one_fen_refuses_every_order() {
    // Each order alone would fit: the sum decides.
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit_all(&[("o-1", Fen::yuan(60)), ("o-2", Fen(4001))]))
        .await
        .then_expect_error(WalletError::InsufficientBalanceFor {
            balance: Fen::yuan(100),
            needed: Fen(10_001),
        });
}

#[tokio::test]
async fn debit_order_payments_cannot_spend_frozen_funds() {
    wallet_test()
        .given(with_pending_withdrawal())
        .when_async(debit_all(&[("o-1", Fen::yuan(70)), ("o-2", Fen(1))]))
        .await
        .then_expect_error(WalletError::InsufficientBalanceFor {
            balance: Fen::yuan(70),
            needed: Fen(7001),
        });
}

#[tokio::test]
async fn debit_order_payments_refuses_an_empty_list() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit_all(&[]))
        .await
        .then_expect_error(WalletError::NoPayments);
}

#[tokio::test]
async fn debit_order_payments_refuses_all_when_one_amount_is_not_positive() {
    for amount in [Fen::ZERO, Fen(-1)] {
        wallet_test()
            .given(funded(Fen::yuan(100)))
            .when_async(debit_all(&[("o-1", Fen::yuan(10)), ("o-2", amount)]))
            .await
            .then_expect_error(WalletError::AmountNotPositive);
    }
}

#[tokio::test]
async fn debit_order_payments_refuses_an_order_named_twice() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(debit_all(&[("o-1", Fen::yuan(10)), ("o-1", Fen::yuan(10))]))
        .await
        .then_expect_error(WalletError::DuplicateReference { reference: s("o-1") });
}

#[tokio::test]
async fn debit_order_payments_repeats_an_order_already_debited_and_needs_nothing_for_it() {
    // o-1 was paid on its own (90 left): the batch debits only o-2, and 90 is enough for it.
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    wallet_test()
        .given(given)
        .when_async(debit_all(&[("o-1", Fen::yuan(10)), ("o-2", Fen::yuan(90))]))
        .await
        .then_expect_events(vec![debited("o-2", Fen::yuan(90), Fen::ZERO)]);
}

#[tokio::test]
async fn debit_order_payments_repeated_whole_changes_nothing() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    given.push(debited("o-2", Fen::yuan(20), Fen::yuan(70)));
    wallet_test()
        .given(given)
        .when_async(debit_all(&[("o-1", Fen::yuan(10)), ("o-2", Fen::yuan(20))]))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn debit_order_payments_refuses_all_when_an_order_was_debited_another_amount() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    wallet_test()
        .given(given)
        .when_async(debit_all(&[("o-2", Fen::yuan(5)), ("o-1", Fen::yuan(11))]))
        .await
        .then_expect_error(WalletError::DuplicateReference { reference: s("o-1") });
}

#[tokio::test]
async fn debit_order_payments_refuses_all_when_an_order_was_reversed() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    given.push(reversed("o-1", Fen::yuan(10), Fen::yuan(100)));
    wallet_test()
        .given(given)
        .when_async(debit_all(&[("o-2", Fen::yuan(5)), ("o-1", Fen::yuan(10))]))
        .await
        .then_expect_error(WalletError::DuplicateReference { reference: s("o-1") });
}

#[tokio::test]
async fn a_single_debit_of_an_order_paid_in_a_batch_changes_nothing() {
    let mut wallet = Wallet::default();
    let services = WalletServices::default();
    for event in funded(Fen::yuan(100)) {
        wallet.apply(event);
    }
    let events = run(
        &mut wallet,
        &services,
        debit_all(&[("o-1", Fen::yuan(10)), ("o-2", Fen::yuan(20))]),
    )
    .await
    .unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(wallet.balance(), Fen::yuan(70));
    assert_eq!(
        run(&mut wallet, &services, debit("o-2", Fen::yuan(20))).await,
        Ok(vec![])
    );
    assert_eq!(
        run(&mut wallet, &services, debit("o-2", Fen::yuan(21))).await,
        Err(WalletError::DuplicateReference { reference: s("o-2") })
    );
    // And a refund or a reversal of one of them finds its debit.
    assert_eq!(
        run(&mut wallet, &services, reverse("o-1")).await,
        Ok(vec![reversed("o-1", Fen::yuan(10), Fen::yuan(80))])
    );
}

#[test]
fn insufficient_balance_for_a_batch_names_the_balance_and_the_need() {
    let e = WalletError::InsufficientBalanceFor {
        balance: Fen(10_000),
        needed: Fen(10_001),
    };
    assert_eq!(e.key(), "wallet.insufficient_balance_for");
    assert_eq!(
        e.params(),
        vec![("balance", s("100.00")), ("needed", s("100.01"))]
    );
}

// Order payment reversal.

#[tokio::test]
async fn reverse_order_payment_gives_the_debit_back() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    given.push(debited("o-2", Fen::yuan(20), Fen::yuan(70)));
    wallet_test()
        .given(given)
        .when_async(reverse("o-1"))
        .await
        .then_expect_events(vec![reversed("o-1", Fen::yuan(10), Fen::yuan(80))]);
}

#[tokio::test]
async fn reverse_order_payment_refuses_an_order_never_debited() {
    wallet_test()
        .given(funded(Fen::yuan(100)))
        .when_async(reverse("o-1"))
        .await
        .then_expect_error(WalletError::OrderNotDebited);
}

#[tokio::test]
async fn reverse_order_payment_twice_gives_back_once() {
    let mut given = funded(Fen::yuan(100));
    given.push(debited("o-1", Fen::yuan(10), Fen::yuan(90)));
    given.push(reversed("o-1", Fen::yuan(10), Fen::yuan(100)));
    wallet_test()
        .given(given)
        .when_async(reverse("o-1"))
        .await
        .then_expect_events(vec![]);
}

// Refund credit.

#[tokio::test]
async fn credit_refund_adds_to_the_balance_for_every_kind() {
    for kind in [
        RefundKind::Cancellation,
        RefundKind::OutOfStock,
        RefundKind::AfterSale,
    ] {
        wallet_test()
            .given(funded(Fen::yuan(100)))
            .when_async(refund("r-1", "o-1", kind, Fen(130)))
            .await
            .then_expect_events(vec![refunded("r-1", "o-1", kind, Fen(130), Fen(10_130))]);
    }
}

#[tokio::test]
async fn credit_refund_works_on_an_empty_wallet() {
    wallet_test()
        .given_no_previous_events()
        .when_async(refund("r-1", "o-1", RefundKind::AfterSale, Fen(5)))
        .await
        .then_expect_events(vec![refunded(
            "r-1",
            "o-1",
            RefundKind::AfterSale,
            Fen(5),
            Fen(5),
        )]);
}

#[tokio::test]
async fn credit_refund_refuses_zero_and_negative_amounts() {
    for amount in [Fen::ZERO, Fen(-5)] {
        wallet_test()
            .given_no_previous_events()
            .when_async(refund("r-1", "o-1", RefundKind::Cancellation, amount))
            .await
            .then_expect_error(WalletError::AmountNotPositive);
    }
}

#[tokio::test]
async fn credit_refund_repeated_identically_changes_nothing() {
    wallet_test()
        .given(vec![refunded(
            "r-1",
            "o-1",
            RefundKind::OutOfStock,
            Fen(5),
            Fen(5),
        )])
        .when_async(refund("r-1", "o-1", RefundKind::OutOfStock, Fen(5)))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn credit_refund_reusing_a_refund_id_differently_is_refused() {
    let conflicting = [
        refund("r-1", "o-1", RefundKind::OutOfStock, Fen(6)),
        refund("r-1", "o-2", RefundKind::OutOfStock, Fen(5)),
        refund("r-1", "o-1", RefundKind::AfterSale, Fen(5)),
    ];
    for command in conflicting {
        wallet_test()
            .given(vec![refunded(
                "r-1",
                "o-1",
                RefundKind::OutOfStock,
                Fen(5),
                Fen(5),
            )])
            .when_async(command)
            .await
            .then_expect_error(WalletError::DuplicateReference { reference: s("r-1") });
    }
}

#[tokio::test]
async fn credit_refund_refuses_to_overflow_the_balance() {
    wallet_test()
        .given(vec![refunded(
            "r-1",
            "o-1",
            RefundKind::AfterSale,
            Fen(i64::MAX),
            Fen(i64::MAX),
        )])
        .when_async(refund("r-2", "o-1", RefundKind::AfterSale, Fen(1)))
        .await
        .then_expect_error(WalletError::Overflow);
}

// Sequences.

#[tokio::test]
async fn balance_and_frozen_follow_a_sequence_of_commands() {
    let services = WalletServices::default();
    let mut wallet = Wallet::default();
    let steps: Vec<(WalletCommand, Fen, Fen)> = vec![
        (request_top_up("pay-1", Fen::yuan(200)), Fen::ZERO, Fen::ZERO),
        (
            complete_top_up("pay-1", Fen::yuan(200)),
            Fen::yuan(200),
            Fen::ZERO,
        ),
        (bind(PAYEE, ACCOUNT), Fen::yuan(200), Fen::ZERO),
        (
            request_withdrawal("w-1", Fen::yuan(50)),
            Fen::yuan(150),
            Fen::yuan(50),
        ),
        (
            request_withdrawal("w-2", Fen::yuan(30)),
            Fen::yuan(120),
            Fen::yuan(80),
        ),
        (debit("o-1", Fen(4570)), Fen(7430), Fen::yuan(80)),
        (pay("w-1"), Fen(7430), Fen::yuan(30)),
        (reject("w-2", "wrong account"), Fen(10_430), Fen::ZERO),
        (reverse("o-1"), Fen::yuan(150), Fen::ZERO),
        (
            refund("r-1", "o-2", RefundKind::AfterSale, Fen(130)),
            Fen(15_130),
            Fen::ZERO,
        ),
        // Repeats change nothing.
        (complete_top_up("pay-1", Fen::yuan(200)), Fen(15_130), Fen::ZERO),
        (pay("w-1"), Fen(15_130), Fen::ZERO),
        (reverse("o-1"), Fen(15_130), Fen::ZERO),
    ];
    for (command, balance, frozen) in steps {
        let description = format!("{command:?}");
        run(&mut wallet, &services, command)
            .await
            .unwrap_or_else(|err| panic!("{description}: {err}"));
        assert_eq!(wallet.balance(), balance, "balance after {description}");
        assert_eq!(wallet.frozen(), frozen, "frozen after {description}");
    }
    assert_eq!(
        wallet.withdrawal("w-1").map(|w| w.status),
        Some(WithdrawalStatus::Paid)
    );
    assert_eq!(
        wallet.withdrawal("w-2").map(|w| w.status),
        Some(WithdrawalStatus::Rejected)
    );
    assert_eq!(
        wallet.payout_account(),
        Some(&PayoutAccount {
            payee: s(PAYEE),
            account: s(ACCOUNT),
        })
    );
}

#[tokio::test]
async fn a_refused_command_leaves_the_state_untouched() {
    let services = WalletServices::default();
    let mut wallet = Wallet::default();
    for event in with_pending_withdrawal() {
        wallet.apply(event);
    }
    let before = wallet.clone();
    let refused = [
        debit("o-1", Fen::yuan(71)),
        request_withdrawal("w-1", Fen::yuan(1)),
        reject("w-1", " "),
        reverse("o-9"),
        complete_top_up("pay-0", Fen(1)),
    ];
    for command in refused {
        assert!(run(&mut wallet, &services, command).await.is_err());
        assert_eq!(wallet, before);
    }
}

#[tokio::test]
async fn replaying_a_long_history_rebuilds_the_same_wallet() {
    let services = WalletServices::default();
    let mut live = Wallet::default();
    let mut history = Vec::new();
    let mut commands = vec![bind(PAYEE, ACCOUNT)];
    for i in 0..40_i64 {
        let n = i.to_string();
        commands.push(request_top_up(&format!("pay-{n}"), Fen(10_000 + i)));
        commands.push(complete_top_up(&format!("pay-{n}"), Fen(10_000 + i)));
        commands.push(debit(&format!("o-{n}"), Fen(2_500 + i)));
        if i % 3 == 0 {
            commands.push(reverse(&format!("o-{n}")));
        }
        commands.push(request_withdrawal(&format!("w-{n}"), Fen(1_000 + i)));
        if i % 2 == 0 {
            commands.push(pay(&format!("w-{n}")));
        } else if i % 5 != 0 {
            commands.push(reject(&format!("w-{n}"), "account check failed"));
        }
        let kind = [
            RefundKind::Cancellation,
            RefundKind::OutOfStock,
            RefundKind::AfterSale,
        ][(i % 3) as usize];
        commands.push(refund(&format!("r-{n}"), &format!("o-{n}"), kind, Fen(30 + i)));
        // Retries are part of real histories.
        if i % 3 == 0 {
            commands.push(reverse(&format!("o-{n}")));
        } else {
            commands.push(debit(&format!("o-{n}"), Fen(2_500 + i)));
        }
        commands.push(refund(&format!("r-{n}"), &format!("o-{n}"), kind, Fen(30 + i)));
    }
    for command in commands {
        let description = format!("{command:?}");
        let events = run(&mut live, &services, command)
            .await
            .unwrap_or_else(|err| panic!("{description}: {err}"));
        history.extend(events);
    }
    assert!(history.len() > 200);

    let mut replayed = Wallet::default();
    let mut ledger_sum = Fen::ZERO;
    for event in history.iter().cloned() {
        if let Some(entry) = event.ledger_entry() {
            ledger_sum = ledger_sum.checked_add(entry.amount).unwrap();
            assert_eq!(entry.balance_after, ledger_sum, "ledger drifted");
        }
        replayed.apply(event);
    }
    assert_eq!(replayed, live);

    let last = history.iter().rev().find_map(WalletEvent::ledger_entry).unwrap();
    assert_eq!(last.balance_after, replayed.balance());
    assert_eq!(last.frozen_after, replayed.frozen());
    assert_eq!(ledger_sum, replayed.balance());
    // Withdrawals 5, 15, 25, 35 were neither paid nor rejected.
    let still_frozen: i64 = [5, 15, 25, 35].iter().map(|i| 1_000 + i).sum();
    assert_eq!(replayed.frozen(), Fen(still_frozen));
    assert!(replayed.balance().is_positive());
}

// Events and errors.

#[test]
fn every_event_names_its_type_at_version_one() {
    let events = [
        top_up_requested("p", Fen(1)),
        top_up_completed("p", Fen(1), Fen(1)),
        account_bound(),
        withdrawal_requested("w", Fen(1), Fen::ZERO, Fen(1)),
        withdrawal_paid("w", Fen(1), Fen::ZERO, Fen::ZERO),
        withdrawal_rejected("w", Fen(1), "r", Fen(1), Fen::ZERO),
        debited("o", Fen(1), Fen::ZERO),
        reversed("o", Fen(1), Fen(1)),
        refunded("r", "o", RefundKind::AfterSale, Fen(1), Fen(1)),
    ];
    let types: Vec<String> = events.iter().map(DomainEvent::event_type).collect();
    assert_eq!(
        types,
        [
            "TopUpRequested",
            "TopUpCompleted",
            "PayoutAccountBound",
            "WithdrawalRequested",
            "WithdrawalPaid",
            "WithdrawalRejected",
            "OrderPaymentDebited",
            "OrderPaymentReversed",
            "RefundCredited",
        ]
    );
    for event in &events {
        assert_eq!(event.event_version(), "1.0");
        assert_eq!(event.at(), AT);
        // The stored JSON is keyed by the event type, so renaming a variant breaks old streams.
        let json = serde_json::to_value(event).unwrap();
        assert!(json.get(event.event_type()).is_some(), "{json}");
        assert_eq!(serde_json::from_value::<WalletEvent>(json).unwrap(), *event);
    }
}

#[test]
fn ledger_entries_sign_the_change_to_the_balance() {
    let entry = |event: WalletEvent| event.ledger_entry().map(|e| (e.kind, e.reference, e.amount));
    assert_eq!(entry(top_up_requested("p", Fen(5))), None);
    assert_eq!(entry(account_bound()), None);
    assert_eq!(
        entry(top_up_completed("p", Fen(5), Fen(5))),
        Some(("top_up", s("p"), Fen(5)))
    );
    assert_eq!(
        entry(withdrawal_requested("w", Fen(5), Fen::ZERO, Fen(5))),
        Some(("withdrawal", s("w"), Fen(-5)))
    );
    assert_eq!(
        entry(withdrawal_paid("w", Fen(5), Fen::ZERO, Fen::ZERO)),
        Some(("withdrawal_paid", s("w"), Fen::ZERO))
    );
    assert_eq!(
        entry(withdrawal_rejected("w", Fen(5), "r", Fen(5), Fen::ZERO)),
        Some(("withdrawal_rejected", s("w"), Fen(5)))
    );
    assert_eq!(
        entry(debited("o", Fen(5), Fen::ZERO)),
        Some(("order_payment", s("o"), Fen(-5)))
    );
    assert_eq!(
        entry(reversed("o", Fen(5), Fen(5))),
        Some(("order_payment_reversed", s("o"), Fen(5)))
    );
    assert_eq!(
        entry(refunded("r", "o", RefundKind::Cancellation, Fen(5), Fen(5))),
        Some(("refund", s("r"), Fen(5)))
    );
}

#[test]
fn ledger_entries_copy_the_totals_and_time() {
    let entry = withdrawal_requested("w", Fen(5), Fen(95), Fen(5))
        .ledger_entry()
        .unwrap();
    assert_eq!(
        entry,
        LedgerEntry {
            kind: "withdrawal",
            reference: s("w"),
            amount: Fen(-5),
            balance_after: Fen(95),
            frozen_after: Fen(5),
            at: AT,
        }
    );
}

#[test]
fn errors_have_stable_keys_and_yuan_params() {
    type Params = Vec<(&'static str, String)>;
    let cases: Vec<(WalletError, &str, Params)> = vec![
        (
            WalletError::AmountNotPositive,
            "wallet.amount_not_positive",
            vec![],
        ),
        (
            WalletError::TopUpAboveCap { cap: Fen(5_000_000) },
            "wallet.top_up_above_cap",
            vec![("cap", s("50000.00"))],
        ),
        (WalletError::UnknownTopUp, "wallet.unknown_top_up", vec![]),
        (
            WalletError::TopUpAmountMismatch {
                requested: Fen(500),
                received: Fen(499),
            },
            "wallet.top_up_amount_mismatch",
            vec![("requested", s("5.00")), ("received", s("4.99"))],
        ),
        (WalletError::PayeeRequired, "wallet.payee_required", vec![]),
        (WalletError::AccountRequired, "wallet.account_required", vec![]),
        (WalletError::AccountNotBound, "wallet.account_not_bound", vec![]),
        (
            WalletError::WithdrawalAboveCap { cap: Fen(100) },
            "wallet.withdrawal_above_cap",
            vec![("cap", s("1.00"))],
        ),
        (
            WalletError::InsufficientBalance { balance: Fen(1230) },
            "wallet.insufficient_balance",
            vec![("balance", s("12.30"))],
        ),
        (
            WalletError::UnknownWithdrawal,
            "wallet.unknown_withdrawal",
            vec![],
        ),
        (
            WalletError::WithdrawalNotPending {
                status: WithdrawalStatus::Paid,
            },
            "wallet.withdrawal_not_pending",
            vec![("status", s("paid"))],
        ),
        (WalletError::ReasonRequired, "wallet.reason_required", vec![]),
        (WalletError::OrderNotDebited, "wallet.order_not_debited", vec![]),
        (
            WalletError::DuplicateReference {
                reference: s("pay-1"),
            },
            "wallet.duplicate_reference",
            vec![("reference", s("pay-1"))],
        ),
        (WalletError::Overflow, "wallet.overflow", vec![]),
    ];
    for (error, key, params) in cases {
        assert_eq!(error.key(), key);
        assert_eq!(error.params(), params, "{key}");
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn error_messages_name_the_state() {
    assert_eq!(
        WalletError::InsufficientBalance { balance: Fen(1230) }.to_string(),
        "insufficient balance: 12.30 yuan available"
    );
    assert_eq!(
        WalletError::WithdrawalNotPending {
            status: WithdrawalStatus::Rejected
        }
        .to_string(),
        "the withdrawal is rejected; only a pending withdrawal can be paid or rejected"
    );
}

#[test]
fn aggregate_type_is_fixed() {
    assert_eq!(Wallet::TYPE, "wallet");
}

#[test]
fn simulator_money_is_spendable_but_never_withdrawn_where_real_money_is_taken() {
    let real_money = WalletServices {
        simulated_money_withdrawable: false,
        ..WalletServices::default()
    };
    let simulated = WalletEvent::TopUpRequested {
        payment_id: s("PSIM"),
        amount: Fen::yuan(100),
        at: AT,
        simulated: true,
    };
    let history = vec![
        simulated.clone(),
        top_up_completed("PSIM", Fen::yuan(100), Fen::yuan(100)),
        top_up_requested("PREAL", Fen::yuan(30)),
        top_up_completed("PREAL", Fen::yuan(30), Fen::yuan(130)),
        account_bound(),
    ];
    TestFramework::<Wallet>::with(real_money)
        .given(history.clone())
        .when(request_withdrawal("W1", Fen::yuan(31)))
        .then_expect_error(WalletError::SimulatedMoney {
            withdrawable: Fen::yuan(30),
        });
    TestFramework::<Wallet>::with(real_money)
        .given(history.clone())
        .when(request_withdrawal("W1", Fen::yuan(30)))
        .then_expect_events(vec![withdrawal_requested(
            "W1",
            Fen::yuan(30),
            Fen::yuan(100),
            Fen::yuan(30),
        )]);
    // The simulator's own server lets its money out (development and demos).
    wallet_test()
        .given(history)
        .when(request_withdrawal("W1", Fen::yuan(130)))
        .then_expect_events(vec![withdrawal_requested(
            "W1",
            Fen::yuan(130),
            Fen::ZERO,
            Fen::yuan(130),
        )]);
    // Asking the simulator is remembered in the event.
    wallet_test()
        .given(vec![])
        .when(WalletCommand::RequestTopUp {
            payment_id: s("PSIM"),
            amount: Fen::yuan(100),
            at: AT,
            simulated: true,
        })
        .then_expect_events(vec![simulated]);
}
