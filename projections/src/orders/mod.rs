//! Order read models: one row per order with its items, the out-of-stock notices and the
//! abnormal-order log; and the queries the order screens make (the timeline from the log).

mod item_lookup;
mod patch;
mod projection;
mod queries;
mod replay;
mod rows;
pub mod warehouse;

pub use item_lookup::{item_by_number, Item, ItemSku};

pub use crate::timeline::TimelineEntry;
pub use projection::OrderBook;
pub use queries::{
    abnormal_page, awaiting_payment, detail, list, out_stock_page, AbnormalNotice, Counts, Filter,
    NoticePage, OrderItemView, OrderView, OrdersPage, ShortageNotice, Tab,
};
