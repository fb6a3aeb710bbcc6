//! An aggregate's timeline on a detail screen (an order's, an after-sale's): its events, read from
//! the log by the events table's key. The events are the timeline, so no read table copies them; a
//! row per event was half of what the orders' commands and replay wrote.

use cqrs_es::{Aggregate, DomainEvent};
use serde::Serialize;
use sqlx::{AnyPool, Row};

#[derive(Debug, Clone, Serialize)]
pub struct TimelineEntry {
    #[serde(rename = "type")]
    pub kind: String,
    pub at: i64,
    pub detail: serde_json::Value,
}

/// The events of aggregate `id` of type `A`, oldest first, each as its time and what the screen
/// shows of it (`shown`: its fields in API shape).
pub async fn read<A: Aggregate>(
    pool: &AnyPool,
    id: &str,
    at: fn(&A::Event) -> i64,
    shown: fn(&A::Event) -> serde_json::Value,
) -> sqlx::Result<Vec<TimelineEntry>> {
    let rows = sqlx::query(
        "SELECT CAST(payload AS TEXT) AS payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
         ORDER BY sequence",
    )
    .bind(A::TYPE)
    .bind(id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let event: A::Event = serde_json::from_str(row.get::<&str, _>("payload"))
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            Ok(TimelineEntry {
                kind: event.event_type(),
                at: at(&event),
                detail: shown(&event),
            })
        })
        .collect()
}
