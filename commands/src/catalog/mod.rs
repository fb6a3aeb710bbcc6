//! The catalogue's write side: the demo market seed, its pictures, favourites, follows and views,
//! and what staff change: shelf and stock.

pub mod changes;
pub mod content;
pub mod import;
pub mod import_record;
pub mod interest;
pub mod market;
pub mod notices;
pub mod pictures;
pub mod products;
pub mod search_index;
pub mod seed;
pub mod shelf;
pub mod stock;
pub mod structure;
