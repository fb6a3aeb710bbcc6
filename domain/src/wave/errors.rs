/// Why a wave refused a command. People see the message under [`WaveError::key`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WaveError {
    #[error("the wave already exists")]
    AlreadyCreated,
    #[error("wave not found")]
    NotCreated,
    #[error("no paid orders wait for stock here")]
    Empty,
    #[error("the wave is closed")]
    Closed,
    #[error("the wave is not closed")]
    NotClosed,
    #[error("{sku_id} is not on this pick list")]
    UnknownLine { sku_id: String },
    #[error("the missed quantity must be 0 to {quantity}")]
    MissedOutOfRange { sku_id: String, quantity: i64 },
}

impl WaveError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            WaveError::AlreadyCreated => "wave.already_created",
            WaveError::NotCreated => "wave.not_found",
            WaveError::Empty => "wave.empty",
            WaveError::Closed => "wave.closed",
            WaveError::NotClosed => "wave.not_closed",
            WaveError::UnknownLine { .. } => "wave.unknown_line",
            WaveError::MissedOutOfRange { .. } => "wave.missed_out_of_range",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            WaveError::UnknownLine { sku_id } => vec![("sku_id", sku_id.clone())],
            WaveError::MissedOutOfRange { sku_id, quantity } => {
                vec![("sku_id", sku_id.clone()), ("quantity", quantity.to_string())]
            }
            _ => Vec::new(),
        }
    }

    pub fn field(&self) -> Option<&'static str> {
        match self {
            WaveError::UnknownLine { .. } => Some("sku_id"),
            WaveError::MissedOutOfRange { .. } => Some("missed"),
            _ => None,
        }
    }
}
