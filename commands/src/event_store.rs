//! One event repository type for both engines. The cqrs-es repositories are not object-safe (their
//! methods are generic over the aggregate), so an enum delegates instead of a trait object.

use cqrs_es::persist::{
    PersistedEventRepository, PersistenceError, ReplayStream, SerializedEvent, SerializedSnapshot,
};
use cqrs_es::Aggregate;
use postgres_es::PostgresEventRepository;
use serde_json::Value;
use sqlite_es::SqliteEventRepository;

pub enum EventRepository {
    Sqlite(SqliteEventRepository),
    Postgres(PostgresEventRepository),
}

macro_rules! delegate {
    ($self:ident, $repo:ident => $call:expr) => {
        match $self {
            EventRepository::Sqlite($repo) => $call.await,
            EventRepository::Postgres($repo) => $call.await,
        }
    };
}

impl PersistedEventRepository for EventRepository {
    async fn get_events<A: Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<Vec<SerializedEvent>, PersistenceError> {
        delegate!(self, r => r.get_events::<A>(aggregate_id))
    }

    async fn get_last_events<A: Aggregate>(
        &self,
        aggregate_id: &str,
        last_sequence: usize,
    ) -> Result<Vec<SerializedEvent>, PersistenceError> {
        delegate!(self, r => r.get_last_events::<A>(aggregate_id, last_sequence))
    }

    async fn get_snapshot<A: Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<Option<SerializedSnapshot>, PersistenceError> {
        delegate!(self, r => r.get_snapshot::<A>(aggregate_id))
    }

    async fn persist<A: Aggregate>(
        &self,
        events: &[SerializedEvent],
        snapshot_update: Option<(String, Value, usize)>,
    ) -> Result<(), PersistenceError> {
        delegate!(self, r => r.persist::<A>(events, snapshot_update.clone()))
    }

    async fn stream_events<A: Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<ReplayStream, PersistenceError> {
        delegate!(self, r => r.stream_events::<A>(aggregate_id))
    }

    async fn stream_all_events<A: Aggregate>(&self) -> Result<ReplayStream, PersistenceError> {
        delegate!(self, r => r.stream_all_events::<A>())
    }
}
