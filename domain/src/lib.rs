pub mod accounts;
pub mod constants;
pub mod money;
pub mod wallet;
