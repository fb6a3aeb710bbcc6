pub mod accounts;
pub mod address;
pub mod calendar;
pub mod catalog;
pub mod constants;
pub mod money;
pub mod order;
pub mod wallet;
