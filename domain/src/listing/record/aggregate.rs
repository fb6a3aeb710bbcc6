use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::{ChangeMark, ListingCommand};
use super::errors::ListingError;
use super::events::{ListedProduct, ListingEvent};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListingStatus {
    /// Never listed: the aggregate before its first event.
    #[default]
    New,
    Listed,
    Removed,
}

#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Listing {
    status: ListingStatus,
    user_id: String,
    /// Packages already recorded here: a retried download records nothing twice.
    packages: Vec<String>,
    listed: Option<Box<ListedProduct>>,
    /// The last change of the catalogue the seller marked done.
    #[serde(default)]
    done: ChangeMark,
}

/// How many package ids a record remembers: enough for any retry, bounded for a product listed daily.
const PACKAGES_KEPT: usize = 20;

type Decision = Result<Vec<ListingEvent>, ListingError>;

impl Listing {
    pub fn status(&self) -> ListingStatus {
        self.status
    }

    pub fn done(&self) -> ChangeMark {
        self.done
    }

    pub fn listed(&self) -> Option<&ListedProduct> {
        self.listed.as_deref()
    }

    fn check(listed: &ListedProduct) -> Result<(), ListingError> {
        if listed.skus.is_empty() {
            return Err(ListingError::NoSkus);
        }
        for (n, sku) in listed.skus.iter().enumerate() {
            if listed.skus[..n].iter().any(|s| s.sku_id == sku.sku_id) {
                return Err(ListingError::SkuTwice {
                    sku_id: sku.sku_id.clone(),
                });
            }
            if sku.listed.0 <= 0 {
                return Err(ListingError::PriceNotPositive {
                    sku_id: sku.sku_id.clone(),
                });
            }
            if sku.stock < 0 {
                return Err(ListingError::StockNegative {
                    sku_id: sku.sku_id.clone(),
                });
            }
        }
        Ok(())
    }

    fn decide(&self, command: ListingCommand) -> Decision {
        match command {
            ListingCommand::Record { listed, at } => {
                // The id names the seller, so another seller's record is never reached; a record
                // whose owner differs is refused as unknown rather than overwritten.
                if self.status != ListingStatus::New && self.user_id != listed.user_id {
                    return Err(ListingError::NotFound);
                }
                if self.packages.contains(&listed.package_id) {
                    return Ok(Vec::new());
                }
                Self::check(&listed)?;
                Ok(vec![ListingEvent::ProductListed { listed, at }])
            }
            ListingCommand::Remove { user_id, at } => match self.status {
                ListingStatus::New => Err(ListingError::NotFound),
                _ if self.user_id != user_id => Err(ListingError::NotFound),
                ListingStatus::Removed => Ok(Vec::new()),
                ListingStatus::Listed => Ok(vec![ListingEvent::ListingRemoved { at }]),
            },
            ListingCommand::MarkDone {
                user_id,
                up_to,
                how,
                at,
            } => match self.status {
                ListingStatus::Listed if self.user_id == user_id => {
                    // A retried or older mark finds the changes done already.
                    if up_to <= self.done {
                        return Ok(Vec::new());
                    }
                    Ok(vec![ListingEvent::ChangesActedOn { up_to, how, at }])
                }
                _ => Err(ListingError::NotFound),
            },
        }
    }
}

impl Aggregate for Listing {
    // Stored with every event: never change it.
    const TYPE: &'static str = "listing";
    type Command = ListingCommand;
    type Event = ListingEvent;
    type Error = ListingError;
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
            ListingEvent::ProductListed { listed, .. } => {
                self.status = ListingStatus::Listed;
                self.user_id = listed.user_id.clone();
                self.packages.push(listed.package_id.clone());
                if self.packages.len() > PACKAGES_KEPT {
                    self.packages.remove(0);
                }
                self.listed = Some(listed);
            }
            ListingEvent::ListingRemoved { .. } => {
                // A record listed again after its removal starts over, as its read row does.
                self.status = ListingStatus::Removed;
                self.done = ChangeMark::default();
            }
            ListingEvent::ChangesActedOn { up_to, .. } => self.done = up_to,
        }
    }
}
