//! Every HTTP suite, each a module, in one test binary: the workspace's largest link is done once
//! instead of once per suite, and the suites' tests run side by side (`cargo test` runs one binary's
//! tests in parallel, and binaries one after another). Run one suite with `cargo test --release -p
//! tests --test suites -- orders::`.

mod accounts;
mod addresses;
mod after_sales;
mod cart;
mod catalog;
mod catalogue_admin;
mod concurrency;
mod coupons;
mod english;
mod excel;
mod funds;
mod hardening;
mod item_numbers;
mod listing;
mod listing_templates;
mod messages;
mod operations;
mod operator;
mod orders;
mod orders_crash;
mod platform_orders;
mod product_import;
mod projections;
mod providers;
mod search;
mod sites;
mod snapshots;
mod staff;
mod uploads;
mod validation;
mod warehouse;
mod waves;
