//! The write side: every change of state goes through here, either as a command to an event-sourced
//! aggregate (through a cqrs-es framework over the configured event store) or as a write to a plain
//! reference table.

pub mod accounts;
pub mod actor;
pub mod addresses;
pub mod after_sales;
pub mod audit_actions;
pub mod captcha;
pub mod cart;
pub mod catalog;
pub mod clock;
pub mod command_queue;
pub mod coupons;
pub mod data_folders;
pub mod db;
pub mod error;
pub mod excel_jobs;
pub mod forward;
pub mod labels;
pub mod listing;
pub mod messages;
mod migrations;
pub mod orders;
pub mod payments;
pub mod platform_rates;
pub mod sms;
pub mod snapshots;
pub mod staff;
pub mod store;
pub mod uploads;
pub mod wallet;
pub mod waves;

pub use db::{Database, Engine};
pub use error::{Error, Refusal};
