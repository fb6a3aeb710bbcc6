//! The read side: projections that turn the event log into read tables, the runner that keeps them
//! caught up, and the query functions the API calls.

pub mod accounts;
pub mod addresses;
pub mod after_sales;
pub mod bulk;
pub mod cart;
pub mod catalog;
pub mod catalog_admin;
pub mod coupons;
pub mod desk;
pub mod excel_jobs;
pub mod follow;
pub mod forward;
pub mod labels;
pub mod listing_notices;
pub mod listings;
pub mod messages;
pub mod orders;
pub mod platform_imports;
pub mod platform_rates;
pub mod product_imports;
pub mod product_names;
pub mod ranking;
pub mod refund_audit;
pub mod runner;
pub mod search;
mod set_aside;
pub mod sites;
pub mod staff;
pub mod timeline;
pub mod wallet;
pub mod wallet_audit;
pub mod waves;

pub use runner::{Carry, Projection, Replayable, Runner};
