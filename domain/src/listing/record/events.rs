use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::commands::{ChangeMark, DoneHow};
use crate::money::Fen;

/// A SKU as it was listed: the wholesale price (`cost`) and the shop's price then, and the stock
/// the package offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedSku {
    pub sku_id: String,
    pub color: String,
    pub size: String,
    pub cost: Fen,
    pub listed: Fen,
    pub stock: i64,
}

/// What one package put in a shop for one product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedProduct {
    pub user_id: String,
    pub shop_id: String,
    /// The shop's name then, so a record outlives its shop.
    pub shop_name: String,
    /// taobao | shopee | lazada | tiktok | douyin
    pub platform: String,
    pub package_id: String,
    pub product_id: String,
    pub item_no: String,
    /// The title as listed (with the rule's prefix and suffix).
    pub title: String,
    pub skus: Vec<ListedSku>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListingEvent {
    ProductListed {
        listed: Box<ListedProduct>,
        at: i64,
    },
    ListingRemoved {
        at: i64,
    },
    /// The seller marked the stall's changes up to `up_to` done.
    ChangesActedOn {
        up_to: ChangeMark,
        how: DoneHow,
        at: i64,
    },
}

impl ListingEvent {
    pub fn at(&self) -> i64 {
        match self {
            ListingEvent::ProductListed { at, .. }
            | ListingEvent::ListingRemoved { at }
            | ListingEvent::ChangesActedOn { at, .. } => *at,
        }
    }
}

impl DomainEvent for ListingEvent {
    fn event_type(&self) -> String {
        match self {
            ListingEvent::ProductListed { .. } => "ProductListed",
            ListingEvent::ListingRemoved { .. } => "ListingRemoved",
            ListingEvent::ChangesActedOn { .. } => "ChangesActedOn",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
