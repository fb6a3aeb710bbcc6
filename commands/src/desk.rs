//! Where commands to one kind of aggregate are sent. Commands to one aggregate instance are queued in
//! this process, and an optimistic-concurrency conflict with another process is retried on the fresh
//! state, so that racing requests end with exactly the ones the rules allow.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use cqrs_es::{Aggregate, AggregateError};

use crate::db::Cqrs;
use crate::error::{Error, Refusal};

/// Enough for dozens of processes racing on one aggregate; each retry reloads its events.
const CONFLICT_RETRIES: u32 = 40;

/// How an aggregate's rule violation reads to a person: a catalogue key, a field and values.
pub trait Refuses {
    fn refusal(&self) -> Refusal;
}

pub struct Desk<A: Aggregate> {
    cqrs: Arc<Cqrs<A>>,
    queues: Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>,
}

impl<A> Desk<A>
where
    A: Aggregate,
    A::Error: Refuses,
{
    pub fn new(cqrs: Arc<Cqrs<A>>) -> Self {
        Self {
            cqrs,
            queues: Mutex::default(),
        }
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
    /// [`Error::Invalid`] with the rule's catalogue key.
    pub async fn execute(&self, id: &str, command: A::Command) -> Result<(), Error>
    where
        A::Command: Clone,
    {
        let queue = self.queue(id);
        let _turn = queue.lock().await;
        let mut attempt = 0;
        loop {
            match self.cqrs.execute(id, command.clone()).await {
                Ok(()) => return Ok(()),
                Err(AggregateError::UserError(e)) => return Err(e.refusal().into()),
                Err(AggregateError::AggregateConflict) if attempt < CONFLICT_RETRIES => {
                    attempt += 1;
                    // Spread out the processes that collided so they do not collide again.
                    let jitter = rand::random::<u64>() % (5 * u64::from(attempt.min(10)) + 1);
                    tokio::time::sleep(Duration::from_millis(jitter)).await;
                }
                Err(e) => {
                    return Err(Error::Internal(anyhow::anyhow!(
                        "{} command for {id} failed: {e}",
                        A::TYPE
                    )))
                }
            }
        }
    }
}
