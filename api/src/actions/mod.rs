//! What staff and sellers do that more than one door offers: an HTTP call, a spreadsheet, a CLI
//! command. Each takes the application state and answers what it did (in the caller's language where
//! it words anything); the routes add only HTTP (extractors, the envelope), so the CLI and the
//! spreadsheet imports call these rather than the routes.

pub mod after_sales;
pub mod coupons;
pub mod listing;
pub mod order_list;
pub mod order_steps;
pub mod shipping;
pub mod waves;
pub mod withdrawals;
