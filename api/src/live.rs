//! Joins the read side to the write side: a projection's runner, applied inside each command's
//! transaction. (Neither `commands` nor `projections` depends on the other; this crate knows both.)

use std::sync::Arc;

use async_trait::async_trait;
use commands::store::LiveProjection;
use cqrs_es::EventEnvelope;
use projections::bulk::Together;
use projections::{Projection, Runner};
use sqlx::AnyConnection;

struct Live<P: Projection>(Runner<P>);

#[async_trait]
impl<P: Projection> LiveProjection<P::Aggregate> for Live<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    async fn apply_claimed(
        &self,
        conn: &mut AnyConnection,
        events: &[EventEnvelope<P::Aggregate>],
        later: &mut Together,
    ) -> anyhow::Result<()> {
        self.0.apply_claimed(conn, events, later).await
    }

    async fn apply(
        &self,
        conn: &mut AnyConnection,
        aggregate_id: &str,
        events: &[EventEnvelope<P::Aggregate>],
        later: &mut Together,
    ) -> anyhow::Result<()> {
        self.0.apply_in(conn, aggregate_id, events, later).await
    }
}

/// `runner` as a projection written in the same transaction as the events it follows.
pub fn live<P: Projection>(runner: &Runner<P>) -> Arc<dyn LiveProjection<P::Aggregate>> {
    Arc::new(Live(runner.clone()))
}
