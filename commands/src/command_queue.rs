//! Where commands to one kind of aggregate are sent. Commands to one aggregate instance are queued in
//! this process, and an optimistic-concurrency conflict with another process is retried on the fresh
//! state, so that racing requests end with exactly the ones the rules allow.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use cqrs_es::AggregateError;
use serde::Serialize;
use serde_json::Value;
use sqlx::{AnyConnection, AnyPool};
use statements::Together;

use crate::actor::{self, Action, Actor};

use crate::db::Cqrs;
use crate::error::{Error, Refusal};
use crate::store::{ConflictWithin, Failure, InTransaction, Snapshotted, Staged};

/// Enough for dozens of processes racing on one aggregate; each retry reloads its events.
const CONFLICT_RETRIES: u32 = 40;

/// How an aggregate's rule violation reads to a person: a catalogue key, a field and values.
pub trait Refuses {
    fn refusal(&self) -> Refusal;
}

pub struct CommandQueue<A: Snapshotted> {
    cqrs: Arc<Cqrs<A>>,
    /// Where the audit trail of staff commands is written.
    pool: AnyPool,
    queues: Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>,
}

impl<A> CommandQueue<A>
where
    A: Snapshotted,
    A::Error: Refuses,
{
    pub fn new(cqrs: Arc<Cqrs<A>>, pool: AnyPool) -> Self {
        Self {
            cqrs,
            pool,
            queues: Mutex::default(),
        }
    }

    /// `id` was just drawn and has no events: its first command reads nothing (see
    /// [`crate::store::Framework::assume_new`]).
    pub fn assume_new(&self, id: &str)
    where
        A::Command: Clone,
    {
        self.cqrs.assume_new(id);
    }

    /// `f` of the state of `id` this process keeps, if any (see [`crate::store::Framework::peek`]).
    pub fn peek<R>(&self, id: &str, f: impl FnOnce(&A) -> R) -> Option<R>
    where
        A::Command: Clone,
    {
        self.cqrs.peek(id, f)
    }

    fn queue(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut queues = self.queues.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(queue) = queues.get(id).and_then(Weak::upgrade) {
            return queue;
        }
        queues.retain(|_, q| q.strong_count() > 0);
        let queue = Arc::new(tokio::sync::Mutex::new(()));
        queues.insert(id.to_string(), Arc::downgrade(&queue));
        queue
    }

    /// Runs `command` on aggregate `id`; a refusal by the aggregate's rules comes back as
    /// [`Error::Invalid`] with the rule's catalogue key. In a staff or operator call the events
    /// carry the actor in their metadata, and the command goes into the audit trail.
    pub async fn execute(&self, id: &str, command: A::Command) -> Result<(), Error>
    where
        A::Command: Clone + Serialize,
    {
        self.run(id, command, None).await
    }

    /// Like [`CommandQueue::execute`], with `work` stored in the same transaction as the command's events: both
    /// or neither. `work` may run more than once (a conflict retries the whole transaction).
    pub async fn execute_in(
        &self,
        id: &str,
        command: A::Command,
        work: &dyn InTransaction,
    ) -> Result<(), Error>
    where
        A::Command: Clone + Serialize,
    {
        self.run(id, command, Some(work)).await
    }

    /// Waits for aggregate `id`'s turn in this process: its commands run one at a time here. Taken
    /// inside another aggregate's turn, always in one order (orders before wallets, as the order
    /// process manager's refunds take them), so that no two tasks wait on each other.
    pub async fn turn(&self, id: &str) -> Turn {
        Turn {
            id: id.to_string(),
            _guard: self.queue(id).lock_owned().await,
        }
    }

    /// Runs `command` on the aggregate whose `turn` the caller holds, in the transaction on `conn`
    /// that a command of another queue is writing (see [`crate::store::Framework::execute_within`]).
    /// Answers the refusal like [`CommandQueue::execute`]; a conflict with another process comes back as an
    /// error that makes that other command run again. [`CommandQueue::settle`] it once the transaction
    /// committed.
    pub async fn execute_within(
        &self,
        turn: &Turn,
        conn: &mut AnyConnection,
        later: &mut Together,
        command: A::Command,
    ) -> Result<Within<A>, Error>
    where
        A::Command: Clone + Serialize,
    {
        let actor = actor::current();
        let metadata = actor.as_ref().map(Actor::metadata).unwrap_or_default();
        match self
            .cqrs
            .execute_within(conn, later, &turn.id, command.clone(), metadata)
            .await
        {
            Ok(staged) => Ok(Within { staged, command }),
            Err(Failure::Aggregate(AggregateError::UserError(e))) => {
                metrics::counter!("jpmall_commands_total", "aggregate" => A::TYPE, "outcome" => "refused")
                    .increment(1);
                Err(e.refusal().into())
            }
            Err(Failure::Aggregate(AggregateError::AggregateConflict)) => {
                metrics::counter!("jpmall_command_conflicts_total", "aggregate" => A::TYPE).increment(1);
                Err(Error::Internal(ConflictWithin.into()))
            }
            Err(Failure::Caller(e)) => Err(e),
            Err(Failure::Aggregate(e)) => {
                metrics::counter!("jpmall_commands_total", "aggregate" => A::TYPE, "outcome" => "failed")
                    .increment(1);
                Err(Error::Internal(anyhow::anyhow!(
                    "{} command for {} failed: {e}",
                    A::TYPE,
                    turn.id
                )))
            }
        }
    }

    /// After the transaction [`CommandQueue::execute_within`] wrote in committed.
    pub async fn settle(&self, turn: Turn, within: Within<A>)
    where
        A::Command: Clone + Serialize,
    {
        let Within { staged, command } = within;
        self.cqrs.settle(staged).await;
        metrics::counter!("jpmall_commands_total", "aggregate" => A::TYPE, "outcome" => "done").increment(1);
        if let Some(actor) = actor::current() {
            if let Err(e) = self.record(&actor, &turn.id, &command).await {
                tracing::error!("audit line of {} {} not written: {e}", A::TYPE, turn.id);
            }
        }
    }

    async fn run(&self, id: &str, command: A::Command, work: Option<&dyn InTransaction>) -> Result<(), Error>
    where
        A::Command: Clone + Serialize,
    {
        let actor = actor::current();
        let metadata = actor.as_ref().map(Actor::metadata).unwrap_or_default();
        let queue = self.queue(id);
        let _turn = queue.lock().await;
        let mut attempt = 0;
        loop {
            match self
                .cqrs
                .execute_in(id, command.clone(), metadata.clone(), work)
                .await
            {
                Ok(()) => {
                    metrics::counter!("jpmall_commands_total", "aggregate" => A::TYPE, "outcome" => "done")
                        .increment(1);
                    if attempt > 0 {
                        metrics::counter!("jpmall_command_retries_total", "aggregate" => A::TYPE)
                            .increment(u64::from(attempt));
                    }
                    if let Some(actor) = &actor {
                        // The command is done and its events name the actor: a lost audit line is
                        // logged, never answered as a failure of the command.
                        if let Err(e) = self.record(actor, id, &command).await {
                            tracing::error!("audit line of {} {id} not written: {e}", A::TYPE);
                        }
                    }
                    return Ok(());
                }
                Err(Failure::Aggregate(AggregateError::UserError(e))) => {
                    metrics::counter!("jpmall_commands_total", "aggregate" => A::TYPE, "outcome" => "refused")
                        .increment(1);
                    return Err(e.refusal().into());
                }
                Err(Failure::Caller(e)) => {
                    let outcome = if matches!(e, Error::Internal(_)) {
                        "failed"
                    } else {
                        "refused"
                    };
                    metrics::counter!("jpmall_commands_total", "aggregate" => A::TYPE, "outcome" => outcome)
                        .increment(1);
                    return Err(e);
                }
                Err(Failure::Aggregate(AggregateError::AggregateConflict)) if attempt < CONFLICT_RETRIES => {
                    attempt += 1;
                    metrics::counter!("jpmall_command_conflicts_total", "aggregate" => A::TYPE).increment(1);
                    // Spread out the processes that collided so they do not collide again.
                    let jitter = rand::random::<u64>() % (5 * u64::from(attempt.min(10)) + 1);
                    tokio::time::sleep(Duration::from_millis(jitter)).await;
                }
                Err(Failure::Aggregate(e)) => {
                    metrics::counter!("jpmall_commands_total", "aggregate" => A::TYPE, "outcome" => "failed")
                        .increment(1);
                    return Err(Error::Internal(anyhow::anyhow!(
                        "{} command for {id} failed: {e}",
                        A::TYPE
                    )));
                }
            }
        }
    }

    /// The audit line of a command: `<aggregate>.<command>` with the command's fields as detail.
    /// It follows the events' commit; should it be lost, the events' metadata still names the actor.
    async fn record(&self, actor: &Actor, id: &str, command: &A::Command) -> Result<(), Error>
    where
        A::Command: Serialize,
    {
        let (name, detail) = match serde_json::to_value(command) {
            Ok(Value::Object(tagged)) if tagged.len() == 1 => {
                let (name, detail) = tagged.into_iter().next().unwrap_or_default();
                (name, detail)
            }
            Ok(Value::String(name)) => (name, Value::Null),
            _ => ("command".to_string(), Value::Null),
        };
        let action = format!("{}.{}", A::TYPE, snake_case(&name));
        let mut conn = self.pool.acquire().await?;
        actor::record_as(
            &mut conn,
            actor,
            Action {
                action: &action,
                object_type: A::TYPE,
                object_id: id,
                detail,
            },
        )
        .await?;
        Ok(())
    }
}

/// An aggregate's turn in this process (see [`CommandQueue::turn`]).
pub struct Turn {
    id: String,
    _guard: tokio::sync::OwnedMutexGuard<()>,
}

/// A command written in another queue's transaction, to be [`CommandQueue::settle`]d once it committed.
pub struct Within<A: Snapshotted> {
    staged: Staged<A>,
    command: A::Command,
}

/// `MarkOutOfStock` → `mark_out_of_stock`.
pub(crate) fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn command_names_read_as_snake_case() {
        assert_eq!(super::snake_case("MarkOutOfStock"), "mark_out_of_stock");
        assert_eq!(super::snake_case("Ship"), "ship");
    }
}
