//! A pick wave (波次, aggregate id `BC…`): the paid orders waiting for stock gathered into one pick
//! list, each line marked got or missed at its stall, then closed: the missed units are taken from the
//! orders paid last, and the plan of which order is short of what is fixed in the closing event, so
//! settling the orders (prepared, or an out-of-stock refund) can be redone after a crash to the same end.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod events;
pub mod model;

#[cfg(test)]
mod tests;

pub use aggregate::{Wave, WaveStatus};
pub use commands::WaveCommand;
pub use errors::WaveError;
pub use events::WaveEvent;
pub use model::{OrderOutcome, OrderPlan, PickLine, SettledOrder, WaveOrder, WaveOrderLine};
