//! The orders' replay from nothing. An order's events span many pages of the log (it is paid at
//! once, shipped days later), so the replay keeps the rows of the most recently placed orders in
//! memory from page to page: an event of one of them is folded into its rows, and each page writes
//! the rows its events changed in multi-row upserts. Events of older orders go through the live
//! path's SQL. What is kept mirrors what the committed pages wrote (the runner drops it when a page
//! fails), so the offsets of each page stay true.

use std::collections::{HashMap, HashSet, VecDeque};

use cqrs_es::EventEnvelope;
use domain::order::Order;
use sqlx::AnyConnection;

use super::projection::{effects, timeline_cells, timeline_rows};
use super::rows::{OrderRow, Tables};

/// Orders kept in memory (about a kilobyte each): many pages' worth, so that the events of an order
/// that is paid, prepared and shipped while its next 20,000 orders are placed all find it.
const KEPT: usize = 20_000;

/// The orders kept between pages, and the order they were placed in (oldest first).
#[derive(Default)]
pub struct Window {
    rows: HashMap<String, OrderRow>,
    placed: VecDeque<String>,
}

impl Window {
    /// Forgets the oldest orders beyond [`KEPT`] (their rows are written).
    fn trim(&mut self) {
        while self.rows.len() > KEPT {
            let Some(no) = self.placed.pop_front() else { break };
            self.rows.remove(&no);
        }
    }
}

pub async fn page(
    conn: &mut AnyConnection,
    events: &[EventEnvelope<Order>],
    window: &mut Window,
) -> sqlx::Result<()> {
    let mut timeline = timeline_rows();
    let mut changed: Vec<&str> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut rest = Vec::new();
    for envelope in events {
        timeline.push(timeline_cells(envelope));
        let no = envelope.aggregate_id.as_str();
        let sequence = envelope.sequence as i64;
        let folded = match window.rows.get_mut(no) {
            Some(row) => row.fold(sequence, &envelope.payload),
            None => match OrderRow::placed(no, &envelope.payload) {
                Some(row) => {
                    window.rows.insert(no.to_string(), row);
                    window.placed.push_back(no.to_string());
                    true
                }
                None => false,
            },
        };
        if folded {
            if seen.insert(no) {
                changed.push(no);
            }
        } else {
            // An event the rows cannot take: the order leaves the window once its rows are
            // written, and this event and its later ones go through SQL after them.
            if let Some(mut row) = window.rows.remove(no) {
                let mut tables = Tables::new();
                row.push_into(&mut tables);
                tables.write(conn).await?;
            }
            rest.push(envelope);
        }
    }
    let mut tables = Tables::new();
    for no in changed {
        if let Some(row) = window.rows.get_mut(no) {
            row.push_into(&mut tables);
        }
    }
    tables.write(conn).await?;
    timeline.write(conn).await?;
    for envelope in rest {
        effects(conn, envelope).await?;
    }
    window.trim();
    Ok(())
}
