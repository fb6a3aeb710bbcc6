use std::time::{SystemTime, UNIX_EPOCH};

/// Unix seconds now: the only clock the write side reads, so business times are consistent.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}
