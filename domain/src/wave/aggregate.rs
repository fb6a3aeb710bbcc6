use std::collections::BTreeMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use crate::order::Shortage;

use super::commands::WaveCommand;
use super::errors::WaveError;
use super::events::WaveEvent;
use super::model::{OrderPlan, WaveOrder};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WaveStatus {
    /// Not created yet: the aggregate before its first event.
    #[default]
    New,
    Open,
    /// Closed, its orders being settled.
    Closing,
    Closed,
}

impl WaveStatus {
    pub fn code(self) -> &'static str {
        match self {
            WaveStatus::New => "new",
            WaveStatus::Open => "open",
            WaveStatus::Closing => "closing",
            WaveStatus::Closed => "closed",
        }
    }
}

#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wave {
    status: WaveStatus,
    orders: Vec<WaveOrder>,
    /// Quantity of each SKU over every order.
    quantities: BTreeMap<String, i64>,
    marks: BTreeMap<String, i64>,
    plan: Vec<OrderPlan>,
    /// The stall of each SKU's pick line.
    #[serde(default)]
    stalls: BTreeMap<String, String>,
}

type Decision = Result<Vec<WaveEvent>, WaveError>;

impl Wave {
    pub fn status(&self) -> WaveStatus {
        self.status
    }

    /// What closing decided for each order (empty until closed).
    pub fn plan(&self) -> &[OrderPlan] {
        &self.plan
    }

    fn check_mark(&self, sku_id: &str, missed: i64) -> Result<(), WaveError> {
        let Some(&quantity) = self.quantities.get(sku_id) else {
            return Err(WaveError::UnknownLine {
                sku_id: sku_id.to_string(),
            });
        };
        if !(0..=quantity).contains(&missed) {
            return Err(WaveError::MissedOutOfRange {
                sku_id: sku_id.to_string(),
                quantity,
            });
        }
        Ok(())
    }

    fn decide(&self, command: WaveCommand) -> Decision {
        match command {
            WaveCommand::Create {
                market_id,
                stall_id,
                orders,
                lines,
                at,
            } => {
                if self.status != WaveStatus::New {
                    return Err(WaveError::AlreadyCreated);
                }
                if orders.is_empty() {
                    return Err(WaveError::Empty);
                }
                let needed: BTreeMap<&str, ()> = orders
                    .iter()
                    .flat_map(|o| o.lines.iter().map(|l| (l.sku_id.as_str(), ())))
                    .collect();
                if let Some(sku) = needed.keys().find(|sku| !lines.iter().any(|l| l.sku_id == **sku)) {
                    return Err(WaveError::UnknownLine {
                        sku_id: sku.to_string(),
                    });
                }
                Ok(vec![WaveEvent::WaveCreated {
                    market_id,
                    stall_id,
                    orders,
                    lines,
                    at,
                }])
            }
            WaveCommand::Mark { sku_id, missed, at } => {
                self.open()?;
                self.check_mark(&sku_id, missed)?;
                match self.marks.get(&sku_id).copied() {
                    Some(marked) if marked == missed => return Ok(Vec::new()),
                    // Clearing a miss is a correction, said as one.
                    Some(marked) if marked > 0 && missed == 0 => {
                        return Err(WaveError::MissMarked {
                            quantity: self.quantities.get(&sku_id).copied().unwrap_or(0),
                            sku_id,
                            missed: marked,
                        });
                    }
                    _ => {}
                }
                Ok(vec![WaveEvent::LineMarked { sku_id, missed, at }])
            }
            WaveCommand::MarkAllGot { stall_id, at } => {
                self.open()?;
                if let Some(stall) = &stall_id {
                    if !self.stalls.values().any(|s| s == stall) {
                        return Err(WaveError::UnknownStall {
                            stall_id: stall.clone(),
                        });
                    }
                }
                let sku_ids: Vec<String> = self
                    .quantities
                    .keys()
                    .filter(|sku| !self.marks.contains_key(*sku))
                    .filter(|sku| match &stall_id {
                        Some(stall) => self.stalls.get(*sku) == Some(stall),
                        None => true,
                    })
                    .cloned()
                    .collect();
                if sku_ids.is_empty() {
                    return Err(WaveError::NothingToMark);
                }
                Ok(vec![WaveEvent::LinesMarkedGot {
                    stall_id,
                    sku_ids,
                    at,
                }])
            }
            WaveCommand::ClearMiss { sku_id, at } => {
                self.open()?;
                if !self.quantities.contains_key(&sku_id) {
                    return Err(WaveError::UnknownLine { sku_id });
                }
                match self.marks.get(&sku_id).copied() {
                    None => Err(WaveError::NotMissed { sku_id }),
                    // Cleared already (a second click, a retry): nothing more to do.
                    Some(0) => Ok(Vec::new()),
                    Some(was) => Ok(vec![WaveEvent::MissCleared { sku_id, was, at }]),
                }
            }
            WaveCommand::Close { missed, at } => {
                match self.status {
                    WaveStatus::New => return Err(WaveError::NotCreated),
                    // Closed once: closing again (or at the same moment) changes nothing.
                    WaveStatus::Closing | WaveStatus::Closed => return Ok(Vec::new()),
                    WaveStatus::Open => {}
                }
                let mut marks = self.marks.clone();
                for Shortage { sku_id, quantity } in missed {
                    self.check_mark(&sku_id, quantity)?;
                    marks.insert(sku_id, quantity);
                }
                let missed: BTreeMap<String, i64> = self
                    .quantities
                    .keys()
                    .map(|sku| (sku.clone(), marks.get(sku).copied().unwrap_or(0)))
                    .collect();
                let plan = self.plan_for(&missed);
                Ok(vec![WaveEvent::WaveClosed { missed, plan, at }])
            }
            WaveCommand::Settle { outcomes, at } => match self.status {
                WaveStatus::New => Err(WaveError::NotCreated),
                WaveStatus::Open => Err(WaveError::NotClosed),
                WaveStatus::Closed => Ok(Vec::new()),
                WaveStatus::Closing => Ok(vec![WaveEvent::WaveSettled { outcomes, at }]),
            },
        }
    }

    fn open(&self) -> Result<(), WaveError> {
        match self.status {
            WaveStatus::New => Err(WaveError::NotCreated),
            WaveStatus::Open => Ok(()),
            WaveStatus::Closing | WaveStatus::Closed => Err(WaveError::Closed),
        }
    }

    /// Missed units come out of the orders paid last, so the earliest buyers are served first.
    fn plan_for(&self, missed: &BTreeMap<String, i64>) -> Vec<OrderPlan> {
        let mut left = missed.clone();
        let mut short: BTreeMap<&str, Vec<Shortage>> = BTreeMap::new();
        for order in self.orders.iter().rev() {
            for line in &order.lines {
                let Some(remaining) = left.get_mut(&line.sku_id) else {
                    continue;
                };
                let take = (*remaining).min(line.quantity);
                if take > 0 {
                    *remaining -= take;
                    short.entry(&order.order_no).or_default().push(Shortage {
                        sku_id: line.sku_id.clone(),
                        quantity: take,
                    });
                }
            }
        }
        self.orders
            .iter()
            .map(|order| OrderPlan {
                order_no: order.order_no.clone(),
                shortages: short.remove(order.order_no.as_str()).unwrap_or_default(),
            })
            .collect()
    }
}

impl Aggregate for Wave {
    // Stored with every event: never change it.
    const TYPE: &'static str = "wave";
    type Command = WaveCommand;
    type Event = WaveEvent;
    type Error = WaveError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        for event in self.decide(command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            WaveEvent::WaveCreated { orders, lines, .. } => {
                self.status = WaveStatus::Open;
                self.stalls = lines.into_iter().map(|l| (l.sku_id, l.stall_id)).collect();
                for order in &orders {
                    for line in &order.lines {
                        *self.quantities.entry(line.sku_id.clone()).or_default() += line.quantity;
                    }
                }
                self.orders = orders;
            }
            WaveEvent::LineMarked { sku_id, missed, .. } => {
                self.marks.insert(sku_id, missed);
            }
            WaveEvent::LinesMarkedGot { sku_ids, .. } => {
                for sku_id in sku_ids {
                    self.marks.insert(sku_id, 0);
                }
            }
            WaveEvent::MissCleared { sku_id, .. } => {
                self.marks.insert(sku_id, 0);
            }
            WaveEvent::WaveClosed { missed, plan, .. } => {
                self.marks = missed;
                self.plan = plan;
                self.status = WaveStatus::Closing;
            }
            WaveEvent::WaveSettled { .. } => self.status = WaveStatus::Closed,
        }
    }
}
