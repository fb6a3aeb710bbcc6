//! The after-sales read model: one row per after-sale holding its API object, and the queries the
//! after-sales screens and the operator make (the timeline from the log).

mod projection;
mod queries;
mod view;

pub use projection::AfterSaleBook;
pub use queries::{detail, in_language, list, AfterSaleCounts, AfterSaleFilter, AfterSalesPage};
pub use view::{AfterSaleView, BreakdownView, LineView};
