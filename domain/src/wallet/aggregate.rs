use std::collections::BTreeMap;
use std::fmt;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use crate::money::Fen;
use crate::wallet::commands::{OrderPayment, WalletCommand};
use crate::wallet::errors::WalletError;
use crate::wallet::events::{RefundKind, WalletEvent};

/// The caps are configuration, not law: operators tune them without a code change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalletServices {
    pub max_top_up: Fen,
    pub max_withdrawal: Fen,
    /// False in a server that takes real money: what the local payment simulator credited (a
    /// development tool where anyone "pays" anything) can then be spent but never withdrawn.
    pub simulated_money_withdrawable: bool,
}

impl Default for WalletServices {
    /// The spec sets no cap; 50,000 yuan keeps a typo from turning into a fortune.
    fn default() -> Self {
        Self {
            max_top_up: Fen::yuan(50_000),
            max_withdrawal: Fen::yuan(50_000),
            simulated_money_withdrawable: true,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WithdrawalStatus {
    Pending,
    Paid,
    Rejected,
}

impl WithdrawalStatus {
    /// Stable snake_case name for read tables and message parameters.
    pub fn as_str(self) -> &'static str {
        match self {
            WithdrawalStatus::Pending => "pending",
            WithdrawalStatus::Paid => "paid",
            WithdrawalStatus::Rejected => "rejected",
        }
    }
}

impl fmt::Display for WithdrawalStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayoutAccount {
    pub payee: String,
    pub account: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    pub amount: Fen,
    pub status: WithdrawalStatus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct TopUp {
    amount: Fen,
    completed: bool,
    #[serde(default)]
    simulated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct OrderDebit {
    amount: Fen,
    reversed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct RefundCredit {
    order_id: String,
    kind: RefundKind,
    amount: Fen,
}

/// One wallet per user. Every reference ever used is remembered with its amount: that memory is what
/// lets payment callbacks and process managers retry blindly.
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wallet {
    balance: Fen,
    frozen: Fen,
    payout_account: Option<PayoutAccount>,
    top_ups: BTreeMap<String, TopUp>,
    withdrawals: BTreeMap<String, Withdrawal>,
    debits: BTreeMap<String, OrderDebit>,
    refunds: BTreeMap<String, RefundCredit>,
    /// Everything the payment simulator ever credited; never withdrawable where real money is taken.
    #[serde(default)]
    simulated_credit: Fen,
}

/// What a command decided: one event, or nothing when it repeats one already applied. (Only
/// `DebitOrderPayments` decides several, in [`Wallet::debit_order_payments`].)
type Decision = Result<Option<WalletEvent>, WalletError>;

/// A repeat is harmless only when it asks for exactly what was done the first time.
fn repeat(same: bool, reference: String) -> Decision {
    if same {
        Ok(None)
    } else {
        Err(WalletError::DuplicateReference { reference })
    }
}

impl Wallet {
    /// Available to spend or withdraw.
    pub fn balance(&self) -> Fen {
        self.balance
    }

    /// Held for withdrawals that are neither paid nor rejected yet.
    pub fn frozen(&self) -> Fen {
        self.frozen
    }

    pub fn payout_account(&self) -> Option<&PayoutAccount> {
        self.payout_account.as_ref()
    }

    pub fn withdrawal(&self, withdrawal_id: &str) -> Option<&Withdrawal> {
        self.withdrawals.get(withdrawal_id)
    }

    fn decide(
        &self,
        command: WalletCommand,
        services: &WalletServices,
    ) -> Result<Vec<WalletEvent>, WalletError> {
        let one = match command {
            WalletCommand::RequestTopUp {
                payment_id,
                amount,
                at,
                simulated,
            } => self.request_top_up(payment_id, amount, at, simulated, services),
            WalletCommand::CompleteTopUp {
                payment_id,
                amount,
                at,
            } => self.complete_top_up(payment_id, amount, at),
            WalletCommand::BindPayoutAccount {
                payee,
                account,
                at,
                phone_verified,
            } => self.bind_payout_account(&payee, &account, at, phone_verified),
            WalletCommand::RequestWithdrawal {
                withdrawal_id,
                amount,
                at,
            } => self.request_withdrawal(withdrawal_id, amount, at, services),
            WalletCommand::PayWithdrawal { withdrawal_id, at } => self.pay_withdrawal(withdrawal_id, at),
            WalletCommand::RejectWithdrawal {
                withdrawal_id,
                reason,
                at,
            } => self.reject_withdrawal(withdrawal_id, &reason, at),
            WalletCommand::DebitOrderPayment { order_id, amount, at } => {
                self.debit_order_payment(order_id, amount, at)
            }
            // The one command that decides several events.
            WalletCommand::DebitOrderPayments { payments, at } => {
                return self.debit_order_payments(payments, at);
            }
            WalletCommand::ReverseOrderPayment { order_id, at } => self.reverse_order_payment(order_id, at),
            WalletCommand::CreditRefund {
                refund_id,
                order_id,
                kind,
                amount,
                at,
            } => self.credit_refund(refund_id, order_id, kind, amount, at),
        };
        Ok(one?.into_iter().collect())
    }

    fn request_top_up(
        &self,
        payment_id: String,
        amount: Fen,
        at: i64,
        simulated: bool,
        services: &WalletServices,
    ) -> Decision {
        // Checked before the rules so a retry still succeeds after the cap was lowered.
        if let Some(top_up) = self.top_ups.get(&payment_id) {
            return repeat(top_up.amount == amount, payment_id);
        }
        if !amount.is_positive() {
            return Err(WalletError::AmountNotPositive);
        }
        if amount > services.max_top_up {
            return Err(WalletError::TopUpAboveCap {
                cap: services.max_top_up,
            });
        }
        Ok(Some(WalletEvent::TopUpRequested {
            payment_id,
            amount,
            at,
            simulated,
        }))
    }

    fn complete_top_up(&self, payment_id: String, amount: Fen, at: i64) -> Decision {
        let Some(top_up) = self.top_ups.get(&payment_id) else {
            return Err(WalletError::UnknownTopUp);
        };
        // Crediting what was requested rather than what was paid would hide a payment error.
        if top_up.amount != amount {
            return Err(WalletError::TopUpAmountMismatch {
                requested: top_up.amount,
                received: amount,
            });
        }
        if top_up.completed {
            return Ok(None);
        }
        let balance_after = self.balance.checked_add(amount).ok_or(WalletError::Overflow)?;
        Ok(Some(WalletEvent::TopUpCompleted {
            payment_id,
            amount,
            balance_after,
            frozen_after: self.frozen,
            at,
        }))
    }

    /// The first binding needs only a payee and an account. Replacing a bound account needs the phone
    /// proven: a session alone must not be able to send every later withdrawal somewhere else.
    fn bind_payout_account(&self, payee: &str, account: &str, at: i64, phone_verified: bool) -> Decision {
        let (payee, account) = (payee.trim(), account.trim());
        if payee.is_empty() {
            return Err(WalletError::PayeeRequired);
        }
        if account.is_empty() {
            return Err(WalletError::AccountRequired);
        }
        match &self.payout_account {
            Some(bound) if bound.payee == payee && bound.account == account => return Ok(None),
            Some(_) if !phone_verified => return Err(WalletError::PhoneCodeRequired),
            _ => {}
        }
        Ok(Some(WalletEvent::PayoutAccountBound {
            payee: payee.to_string(),
            account: account.to_string(),
            at,
        }))
    }

    fn request_withdrawal(
        &self,
        withdrawal_id: String,
        amount: Fen,
        at: i64,
        services: &WalletServices,
    ) -> Decision {
        if let Some(withdrawal) = self.withdrawals.get(&withdrawal_id) {
            return repeat(withdrawal.amount == amount, withdrawal_id);
        }
        if !amount.is_positive() {
            return Err(WalletError::AmountNotPositive);
        }
        if amount > services.max_withdrawal {
            return Err(WalletError::WithdrawalAboveCap {
                cap: services.max_withdrawal,
            });
        }
        let Some(payout) = &self.payout_account else {
            return Err(WalletError::AccountNotBound);
        };
        if amount > self.balance {
            return Err(WalletError::InsufficientBalance {
                balance: self.balance,
            });
        }
        if !services.simulated_money_withdrawable {
            let real = Fen(self.balance.0.saturating_sub(self.simulated_credit.0).max(0));
            if amount > real {
                return Err(WalletError::SimulatedMoney { withdrawable: real });
            }
        }
        let balance_after = self.balance.checked_sub(amount).ok_or(WalletError::Overflow)?;
        let frozen_after = self.frozen.checked_add(amount).ok_or(WalletError::Overflow)?;
        Ok(Some(WalletEvent::WithdrawalRequested {
            withdrawal_id,
            amount,
            payee: payout.payee.clone(),
            account: payout.account.clone(),
            balance_after,
            frozen_after,
            at,
        }))
    }

    /// The pending withdrawal to settle, `None` when it already ended the way `outcome` asks.
    fn pending_withdrawal(
        &self,
        withdrawal_id: &str,
        outcome: WithdrawalStatus,
    ) -> Result<Option<Withdrawal>, WalletError> {
        let Some(withdrawal) = self.withdrawals.get(withdrawal_id) else {
            return Err(WalletError::UnknownWithdrawal);
        };
        match withdrawal.status {
            WithdrawalStatus::Pending => Ok(Some(*withdrawal)),
            status if status == outcome => Ok(None),
            status => Err(WalletError::WithdrawalNotPending { status }),
        }
    }

    fn pay_withdrawal(&self, withdrawal_id: String, at: i64) -> Decision {
        let Some(withdrawal) = self.pending_withdrawal(&withdrawal_id, WithdrawalStatus::Paid)? else {
            return Ok(None);
        };
        let frozen_after = self
            .frozen
            .checked_sub(withdrawal.amount)
            .ok_or(WalletError::Overflow)?;
        Ok(Some(WalletEvent::WithdrawalPaid {
            withdrawal_id,
            amount: withdrawal.amount,
            balance_after: self.balance,
            frozen_after,
            at,
        }))
    }

    fn reject_withdrawal(&self, withdrawal_id: String, reason: &str, at: i64) -> Decision {
        let Some(withdrawal) = self.pending_withdrawal(&withdrawal_id, WithdrawalStatus::Rejected)? else {
            return Ok(None);
        };
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(WalletError::ReasonRequired);
        }
        let balance_after = self
            .balance
            .checked_add(withdrawal.amount)
            .ok_or(WalletError::Overflow)?;
        let frozen_after = self
            .frozen
            .checked_sub(withdrawal.amount)
            .ok_or(WalletError::Overflow)?;
        Ok(Some(WalletEvent::WithdrawalRejected {
            withdrawal_id,
            amount: withdrawal.amount,
            reason: reason.to_string(),
            balance_after,
            frozen_after,
            at,
        }))
    }

    fn debit_order_payment(&self, order_id: String, amount: Fen, at: i64) -> Decision {
        // A reversed debit is settled: accepting the order id again would let a late retry of the
        // first attempt pass for a fresh payment, or answer "paid" without taking any money.
        if let Some(debit) = self.debits.get(&order_id) {
            return repeat(debit.amount == amount && !debit.reversed, order_id);
        }
        if !amount.is_positive() {
            return Err(WalletError::AmountNotPositive);
        }
        if amount > self.balance {
            return Err(WalletError::InsufficientBalance {
                balance: self.balance,
            });
        }
        let balance_after = self.balance.checked_sub(amount).ok_or(WalletError::Overflow)?;
        Ok(Some(WalletEvent::OrderPaymentDebited {
            order_id,
            amount,
            balance_after,
            frozen_after: self.frozen,
            at,
        }))
    }

    /// Debits of several orders, decided on their sum: a balance short of it refuses every one of
    /// them (naming the balance and what the new debits need). An order debited before with the same
    /// amount is repeated harmlessly and needs nothing; with another amount, or reversed, or twice in
    /// the list, it refuses the whole command.
    fn debit_order_payments(
        &self,
        payments: Vec<OrderPayment>,
        at: i64,
    ) -> Result<Vec<WalletEvent>, WalletError> {
        if payments.is_empty() {
            return Err(WalletError::NoPayments);
        }
        let mut seen = std::collections::BTreeSet::new();
        let mut fresh = Vec::with_capacity(payments.len());
        let mut needed = Fen::ZERO;
        for OrderPayment { order_id, amount } in payments {
            if !seen.insert(order_id.clone()) {
                return Err(WalletError::DuplicateReference { reference: order_id });
            }
            if let Some(debit) = self.debits.get(&order_id) {
                if debit.amount == amount && !debit.reversed {
                    continue;
                }
                return Err(WalletError::DuplicateReference { reference: order_id });
            }
            if !amount.is_positive() {
                return Err(WalletError::AmountNotPositive);
            }
            needed = needed.checked_add(amount).ok_or(WalletError::Overflow)?;
            fresh.push((order_id, amount));
        }
        if needed > self.balance {
            return Err(WalletError::InsufficientBalanceFor {
                balance: self.balance,
                needed,
            });
        }
        let mut balance = self.balance;
        let mut events = Vec::with_capacity(fresh.len());
        for (order_id, amount) in fresh {
            balance = balance.checked_sub(amount).ok_or(WalletError::Overflow)?;
            events.push(WalletEvent::OrderPaymentDebited {
                order_id,
                amount,
                balance_after: balance,
                frozen_after: self.frozen,
                at,
            });
        }
        Ok(events)
    }

    fn reverse_order_payment(&self, order_id: String, at: i64) -> Decision {
        let Some(debit) = self.debits.get(&order_id) else {
            return Err(WalletError::OrderNotDebited);
        };
        if debit.reversed {
            return Ok(None);
        }
        let balance_after = self
            .balance
            .checked_add(debit.amount)
            .ok_or(WalletError::Overflow)?;
        Ok(Some(WalletEvent::OrderPaymentReversed {
            order_id,
            amount: debit.amount,
            balance_after,
            frozen_after: self.frozen,
            at,
        }))
    }

    fn credit_refund(
        &self,
        refund_id: String,
        order_id: String,
        kind: RefundKind,
        amount: Fen,
        at: i64,
    ) -> Decision {
        if let Some(refund) = self.refunds.get(&refund_id) {
            let same = refund.amount == amount && refund.order_id == order_id && refund.kind == kind;
            return repeat(same, refund_id);
        }
        // Orders paid outside the wallet are refunded into it too, so no debit is required here.
        if !amount.is_positive() {
            return Err(WalletError::AmountNotPositive);
        }
        let balance_after = self.balance.checked_add(amount).ok_or(WalletError::Overflow)?;
        Ok(Some(WalletEvent::RefundCredited {
            refund_id,
            order_id,
            kind,
            amount,
            balance_after,
            frozen_after: self.frozen,
            at,
        }))
    }
}

impl Aggregate for Wallet {
    // Stored with every event: never change it.
    const TYPE: &'static str = "wallet";
    type Command = WalletCommand;
    type Event = WalletEvent;
    type Error = WalletError;
    type Services = WalletServices;

    async fn handle(
        &mut self,
        command: Self::Command,
        services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        // Decided whole before anything is written: a refusal writes nothing.
        for event in self.decide(command, services)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            WalletEvent::TopUpRequested {
                payment_id,
                amount,
                simulated,
                ..
            } => {
                self.top_ups.insert(
                    payment_id,
                    TopUp {
                        amount,
                        completed: false,
                        simulated,
                    },
                );
            }
            WalletEvent::TopUpCompleted {
                payment_id,
                amount,
                balance_after,
                frozen_after,
                ..
            } => {
                let simulated = self.top_ups.get(&payment_id).is_some_and(|t| t.simulated);
                if simulated {
                    self.simulated_credit = Fen(self.simulated_credit.0.saturating_add(amount.0));
                }
                self.top_ups.insert(
                    payment_id,
                    TopUp {
                        amount,
                        completed: true,
                        simulated,
                    },
                );
                self.set_totals(balance_after, frozen_after);
            }
            WalletEvent::PayoutAccountBound { payee, account, .. } => {
                self.payout_account = Some(PayoutAccount { payee, account });
            }
            WalletEvent::WithdrawalRequested {
                withdrawal_id,
                amount,
                balance_after,
                frozen_after,
                ..
            } => {
                self.set_withdrawal(withdrawal_id, amount, WithdrawalStatus::Pending);
                self.set_totals(balance_after, frozen_after);
            }
            WalletEvent::WithdrawalPaid {
                withdrawal_id,
                amount,
                balance_after,
                frozen_after,
                ..
            } => {
                self.set_withdrawal(withdrawal_id, amount, WithdrawalStatus::Paid);
                self.set_totals(balance_after, frozen_after);
            }
            WalletEvent::WithdrawalRejected {
                withdrawal_id,
                amount,
                balance_after,
                frozen_after,
                ..
            } => {
                self.set_withdrawal(withdrawal_id, amount, WithdrawalStatus::Rejected);
                self.set_totals(balance_after, frozen_after);
            }
            WalletEvent::OrderPaymentDebited {
                order_id,
                amount,
                balance_after,
                frozen_after,
                ..
            } => {
                self.set_debit(order_id, amount, false);
                self.set_totals(balance_after, frozen_after);
            }
            WalletEvent::OrderPaymentReversed {
                order_id,
                amount,
                balance_after,
                frozen_after,
                ..
            } => {
                self.set_debit(order_id, amount, true);
                self.set_totals(balance_after, frozen_after);
            }
            WalletEvent::RefundCredited {
                refund_id,
                order_id,
                kind,
                amount,
                balance_after,
                frozen_after,
                ..
            } => {
                self.refunds.insert(
                    refund_id,
                    RefundCredit {
                        order_id,
                        kind,
                        amount,
                    },
                );
                self.set_totals(balance_after, frozen_after);
            }
        }
    }
}

impl Wallet {
    // Totals are copied from the event, not recomputed, so the aggregate and every projection agree
    // on exactly the figures that were decided.
    fn set_totals(&mut self, balance: Fen, frozen: Fen) {
        self.balance = balance;
        self.frozen = frozen;
    }

    fn set_withdrawal(&mut self, withdrawal_id: String, amount: Fen, status: WithdrawalStatus) {
        self.withdrawals
            .insert(withdrawal_id, Withdrawal { amount, status });
    }

    fn set_debit(&mut self, order_id: String, amount: Fen, reversed: bool) {
        self.debits.insert(order_id, OrderDebit { amount, reversed });
    }
}

// The aggregate tests are the most important part of a CQRS system.
#[cfg(test)]
#[path = "aggregate_tests.rs"]
mod aggregate_tests;
