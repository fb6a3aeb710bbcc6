/// Why a listing record refused a command. People see the message under [`ListingError::key`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListingError {
    #[error("listing not found")]
    NotFound,
    #[error("a listing needs at least one SKU")]
    NoSkus,
    #[error("{sku_id} is listed twice")]
    SkuTwice { sku_id: String },
    #[error("{sku_id} needs a price above zero")]
    PriceNotPositive { sku_id: String },
    #[error("{sku_id} cannot list a negative stock")]
    StockNegative { sku_id: String },
}

impl ListingError {
    /// Stable catalogue key; never renamed.
    pub fn key(&self) -> &'static str {
        match self {
            ListingError::NotFound => "listing.not_found",
            ListingError::NoSkus => "listing.no_skus",
            ListingError::SkuTwice { .. } => "listing.sku_twice",
            ListingError::PriceNotPositive { .. } => "listing.price_not_positive",
            ListingError::StockNegative { .. } => "listing.stock_negative",
        }
    }

    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            ListingError::SkuTwice { sku_id }
            | ListingError::PriceNotPositive { sku_id }
            | ListingError::StockNegative { sku_id } => vec![("sku", sku_id.clone())],
            _ => Vec::new(),
        }
    }

    pub fn field(&self) -> Option<&'static str> {
        match self {
            ListingError::NotFound => Some("ids"),
            _ => Some("product_ids"),
        }
    }
}
