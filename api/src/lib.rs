//! HTTP API and CLI of jpmall: the unishop-style routes, the envelope, sessions, uploads, the static
//! storefront, and the `jpmall` command line.

pub mod actions;
pub mod app;
pub mod audit;
pub mod backup;
pub mod cli;
pub mod client_addr;
pub mod config;
pub mod config_check;
pub mod data_folder;
pub mod envelope;
pub mod error;
pub mod excel;
pub mod extract;
pub mod i18n;
pub mod keys;
pub mod listing_job;
pub mod listing_package;
pub mod listing_template;
pub mod live;
pub mod media;
pub mod operations;
pub mod package;
pub mod paging;
pub mod providers;
mod routes;
pub mod settings;
pub mod staff_gate;
pub mod state;
pub mod web;

/// Every HTTP route of the API, the storefront and the console: the one way in to the route layer,
/// which nothing else in the crate imports.
pub use routes::router;
