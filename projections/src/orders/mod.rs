//! Order read models: one row per order with its items, the timeline of its events, the
//! out-of-stock notices and the abnormal-order log; and the queries the order screens make.

mod item_lookup;
mod patch;
mod projection;
mod queries;
mod replay;
mod rows;
pub mod warehouse;

pub use item_lookup::{item_by_number, Item, ItemSku};

pub use projection::OrderBook;
pub use queries::{
    abnormal_page, detail, list, out_stock_page, AbnormalNotice, Counts, Filter, NoticePage, OrderItemView,
    OrderView, OrdersPage, ShortageNotice, Tab, TimelineEntry,
};
