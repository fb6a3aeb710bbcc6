//! The orders' replay from nothing. An order's events span many pages of the log (it is paid at
//! once, shipped days later), so the replay keeps the most recently placed orders in memory from
//! page to page and writes each once: when it leaves the window (newer
//! orders pushed it out, or an event came that the rows cannot fold) or when the replay ends.
//! Events of older orders are folded into patches of their rows (`super::patch`). An order in the window has nothing in
//! the tables and its offset waits ([`unwritten`]), so a replay cut off by a crash, or a page that
//! fails, resumes by catch-up from that order's first event.

use std::collections::{HashMap, VecDeque};

use cqrs_es::EventEnvelope;
use domain::order::Order;
use sqlx::AnyConnection;

use super::rows::{OrderRow, Tables};
use crate::runner::Carry;

/// Orders kept in memory (a kilobyte or so each) per event of a page: about
/// the orders placed in the last two pages (20,000 in pages of 50,000 events), so that the events
/// of an order that is paid, prepared and shipped while its next orders are placed all find it.
const KEPT_PER_PAGE_EVENT: f64 = 0.4;

/// The orders kept between pages, and the order they were placed in (oldest first).
#[derive(Default)]
pub struct Window {
    kept: HashMap<String, OrderRow>,
    placed: VecDeque<String>,
}

/// Whether the replay holds order `no` in memory, unwritten.
pub fn unwritten(window: &Window, no: &str) -> bool {
    window.kept.contains_key(no)
}

pub async fn page(
    conn: &mut AnyConnection,
    events: &[EventEnvelope<Order>],
    carry: &mut Carry,
) -> sqlx::Result<()> {
    let kept = (carry.page() as f64 * KEPT_PER_PAGE_EVENT) as usize;
    let window: &mut Window = carry.get();
    let mut out = Tables::unwritten();
    let mut rest = Vec::new();
    for envelope in events {
        let no = envelope.aggregate_id.as_str();
        let sequence = envelope.sequence as i64;
        let folded = window
            .kept
            .get_mut(no)
            .map(|row| row.fold(sequence, &envelope.payload));
        match folded {
            Some(true) => {}
            Some(false) => {
                // An event the rows cannot take: the order is written with this page, and this
                // event and its later ones go through SQL after it.
                if let Some(mut row) = window.kept.remove(no) {
                    row.push_into(&mut out);
                }
                rest.push(envelope);
            }
            None => match OrderRow::placed(no, &envelope.payload) {
                Some(row) => {
                    window.kept.insert(no.to_string(), row);
                    window.placed.push_back(no.to_string());
                }
                None => rest.push(envelope),
            },
        }
    }
    // The oldest orders beyond the window are written with this page.
    while window.kept.len() > kept {
        let Some(no) = window.placed.pop_front() else {
            break;
        };
        if let Some(mut row) = window.kept.remove(&no) {
            row.push_into(&mut out);
        }
    }
    out.write(conn).await?;
    super::patch::apply(conn, rest).await
}

/// The end of the replay: every order still kept.
pub async fn finish(conn: &mut AnyConnection, window: &mut Window) -> sqlx::Result<()> {
    let mut out = Tables::unwritten();
    while let Some(no) = window.placed.pop_front() {
        if let Some(mut row) = window.kept.remove(&no) {
            row.push_into(&mut out);
        }
    }
    out.write(conn).await
}
