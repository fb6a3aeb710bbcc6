//! The orders' replay from nothing. An order's events span many pages of the log (it is paid at
//! once, shipped days later), so the replay keeps the most recently placed orders in memory from
//! page to page, with their timeline, and writes each once: when it leaves the window (newer
//! orders pushed it out, or an event came that the rows cannot fold) or when the replay ends.
//! Events of older orders are folded into patches of their rows (`super::patch`). An order in the window has nothing in
//! the tables and its offset waits ([`unwritten`]), so a replay cut off by a crash, or a page that
//! fails, resumes by catch-up from that order's first event.

use std::collections::{HashMap, VecDeque};

use cqrs_es::EventEnvelope;
use domain::order::Order;
use sqlx::AnyConnection;

use super::projection::{timeline_cells, timeline_rows};
use super::rows::{OrderRow, Tables};
use crate::bulk::{Cell, Rows};
use crate::runner::Carry;

/// Orders kept in memory (a kilobyte or two each, with their timeline) per event of a page: about
/// the orders placed in the last two pages (20,000 in pages of 50,000 events), so that the events
/// of an order that is paid, prepared and shipped while its next orders are placed all find it.
const KEPT_PER_PAGE_EVENT: f64 = 0.4;

/// An order not written yet: its rows and its timeline so far.
struct Kept {
    row: OrderRow,
    timeline: Vec<[Cell; 5]>,
}

/// The orders kept between pages, and the order they were placed in (oldest first).
#[derive(Default)]
pub struct Window {
    kept: HashMap<String, Kept>,
    placed: VecDeque<String>,
}

/// Whether the replay holds order `no` in memory, unwritten.
pub fn unwritten(window: &Window, no: &str) -> bool {
    window.kept.contains_key(no)
}

/// The multi-row statements of a page.
struct Out {
    tables: Tables,
    timeline: Rows,
}

impl Out {
    fn new() -> Self {
        Self {
            tables: Tables::unwritten(),
            timeline: timeline_rows(),
        }
    }

    fn push(&mut self, mut kept: Kept) {
        kept.row.push_into(&mut self.tables);
        for cells in kept.timeline {
            self.timeline.push(cells);
        }
    }

    /// The orders' rows first: shortages and flags name their order's user, as the live path reads it.
    async fn write(mut self, conn: &mut AnyConnection) -> sqlx::Result<()> {
        self.tables.write(conn).await?;
        self.timeline.write(conn).await
    }
}

pub async fn page(
    conn: &mut AnyConnection,
    events: &[EventEnvelope<Order>],
    carry: &mut Carry,
) -> sqlx::Result<()> {
    let kept = (carry.page() as f64 * KEPT_PER_PAGE_EVENT) as usize;
    let window: &mut Window = carry.get();
    let mut out = Out::new();
    let mut rest = Vec::new();
    for envelope in events {
        let no = envelope.aggregate_id.as_str();
        let sequence = envelope.sequence as i64;
        let folded = window.kept.get_mut(no).map(|kept| {
            let folded = kept.row.fold(sequence, &envelope.payload);
            if folded {
                kept.timeline.push(timeline_cells(envelope));
            }
            folded
        });
        match folded {
            Some(true) => {}
            Some(false) => {
                // An event the rows cannot take: the order is written with this page, and this
                // event and its later ones go through SQL after it.
                if let Some(kept) = window.kept.remove(no) {
                    out.push(kept);
                }
                out.timeline.push(timeline_cells(envelope));
                rest.push(envelope);
            }
            None => match OrderRow::placed(no, &envelope.payload) {
                Some(row) => {
                    let timeline = vec![timeline_cells(envelope)];
                    window.kept.insert(no.to_string(), Kept { row, timeline });
                    window.placed.push_back(no.to_string());
                }
                None => {
                    out.timeline.push(timeline_cells(envelope));
                    rest.push(envelope);
                }
            },
        }
    }
    // The oldest orders beyond the window are written with this page.
    while window.kept.len() > kept {
        let Some(no) = window.placed.pop_front() else {
            break;
        };
        if let Some(kept) = window.kept.remove(&no) {
            out.push(kept);
        }
    }
    out.write(conn).await?;
    super::patch::apply(conn, rest).await
}

/// The end of the replay: every order still kept.
pub async fn finish(conn: &mut AnyConnection, window: &mut Window) -> sqlx::Result<()> {
    let mut out = Out::new();
    while let Some(no) = window.placed.pop_front() {
        if let Some(kept) = window.kept.remove(&no) {
            out.push(kept);
        }
    }
    out.write(conn).await
}
