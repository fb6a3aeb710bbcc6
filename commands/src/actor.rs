//! Who is acting on the platform's side: a staff member, or the operator token (the machine
//! credential of scripts and the CLI). The API sets it for the length of a staff call and the CLI for
//! an `ops` command; every write made meanwhile is recorded against it. It travels as task-local
//! context, like a tracing span, so that no command has to pass it along by hand and none can forget to.

use std::collections::HashMap;
use std::future::Future;

use serde_json::Value;
use sqlx::AnyConnection;

use crate::clock::now;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    Operator,
    Staff { id: String },
}

tokio::task_local! {
    static ACTOR: Actor;
}

impl Actor {
    pub fn kind(&self) -> &'static str {
        match self {
            Actor::Operator => "operator",
            Actor::Staff { .. } => "staff",
        }
    }

    pub fn staff_id(&self) -> Option<&str> {
        match self {
            Actor::Operator => None,
            Actor::Staff { id } => Some(id),
        }
    }

    /// What an event written on this actor's behalf carries in its metadata.
    pub fn metadata(&self) -> HashMap<String, String> {
        let mut metadata = HashMap::from([("actor_kind".to_string(), self.kind().to_string())]);
        if let Some(id) = self.staff_id() {
            metadata.insert("staff_id".to_string(), id.to_string());
        }
        metadata
    }
}

/// Runs `work` on behalf of `actor`.
pub async fn acting_as<F: Future>(actor: Actor, work: F) -> F::Output {
    ACTOR.scope(actor, work).await
}

/// The actor of the call being served, if it is a staff or operator call.
pub fn current() -> Option<Actor> {
    ACTOR.try_with(Clone::clone).ok()
}

/// One line of the audit trail. `action` is `<object type>.<what was done>`, e.g. `order.ship`.
pub struct Action<'a> {
    pub action: &'a str,
    pub object_type: &'a str,
    pub object_id: &'a str,
    pub detail: Value,
}

/// Records `action` against the current actor, in the caller's transaction so that the change and
/// its record stand or fall together. Outside a staff or operator call it records nothing.
pub async fn record(conn: &mut AnyConnection, action: Action<'_>) -> sqlx::Result<()> {
    let Some(actor) = current() else {
        return Ok(());
    };
    record_as(conn, &actor, action).await
}

/// Records a look at something guarded (a payee in full) against the current actor, in a
/// transaction of its own: a look has no change to stand or fall with, but is not shown unrecorded.
pub async fn record_look(db: &crate::Database, action: Action<'_>) -> sqlx::Result<()> {
    let mut tx = db.begin_write().await?;
    record(&mut tx, action).await?;
    tx.commit().await
}

pub async fn record_as(conn: &mut AnyConnection, actor: &Actor, action: Action<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO staff_actions (at, actor_kind, actor_id, action, object_type, object_id, detail) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(now())
    .bind(actor.kind())
    .bind(actor.staff_id())
    .bind(action.action)
    .bind(action.object_type)
    .bind(action.object_id)
    .bind(action.detail.to_string())
    .execute(conn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_actor_is_known_inside_its_scope_only() {
        assert_eq!(current(), None);
        let seen = acting_as(Actor::Staff { id: "s1".into() }, async { current() }).await;
        assert_eq!(seen, Some(Actor::Staff { id: "s1".into() }));
        assert_eq!(current(), None);
    }

    #[test]
    fn metadata_names_the_staff_member() {
        let staff = Actor::Staff { id: "s1".into() }.metadata();
        assert_eq!(staff["actor_kind"], "staff");
        assert_eq!(staff["staff_id"], "s1");
        let operator = Actor::Operator.metadata();
        assert_eq!(operator["actor_kind"], "operator");
        assert!(!operator.contains_key("staff_id"));
    }
}
