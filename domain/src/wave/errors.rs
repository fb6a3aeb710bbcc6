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
    #[error("stall {stall_id} is not on this pick list")]
    UnknownStall { stall_id: String },
    #[error("no line here is left unmarked")]
    NothingToMark,
    #[error("{sku_id} was marked missing {missed} of {quantity}; clear the miss to mark it got")]
    MissMarked {
        sku_id: String,
        missed: i64,
        quantity: i64,
    },
    #[error("{sku_id} is not marked missed")]
    NotMissed { sku_id: String },
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
            WaveError::UnknownStall { .. } => "wave.unknown_stall",
            WaveError::NothingToMark => "wave.nothing_to_mark",
            WaveError::MissMarked { .. } => "wave.miss_marked",
            WaveError::NotMissed { .. } => "wave.not_missed",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            WaveError::UnknownLine { sku_id } => vec![("sku_id", sku_id.clone())],
            WaveError::MissedOutOfRange { sku_id, quantity } => {
                vec![("sku_id", sku_id.clone()), ("quantity", quantity.to_string())]
            }
            WaveError::UnknownStall { stall_id } => vec![("stall_id", stall_id.clone())],
            WaveError::MissMarked {
                sku_id,
                missed,
                quantity,
            } => vec![
                ("sku_id", sku_id.clone()),
                ("missed", missed.to_string()),
                ("quantity", quantity.to_string()),
            ],
            WaveError::NotMissed { sku_id } => vec![("sku_id", sku_id.clone())],
            _ => Vec::new(),
        }
    }

    pub fn field(&self) -> Option<&'static str> {
        match self {
            WaveError::UnknownLine { .. } => Some("sku_id"),
            WaveError::MissedOutOfRange { .. } | WaveError::MissMarked { .. } => Some("missed"),
            WaveError::UnknownStall { .. } => Some("stall_id"),
            WaveError::NotMissed { .. } => Some("sku_id"),
            _ => None,
        }
    }
}
