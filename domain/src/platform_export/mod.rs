//! Reading a platform's own order export (Douyin, TikTok Shop, Shopee, Lazada) as the seller downloads
//! it from the seller centre: which columns each platform writes, which layout a file is, and each
//! line read into what jpmall needs (order number, the item and SKU the platform names, quantity,
//! price, recipient). Recipient fields the platform masked or encrypted are named per line, never
//! passed on as if they were an address. The column lists and where they come from are in
//! docs/platform-exports.md.

mod layouts;
mod lines;
pub mod rates;
pub mod writeback;

pub use layouts::{layout_of, Field, Layout, LAYOUTS};
pub use lines::{hidden_text, price_fen, quantity_of, read_lines, PlatformLine, Problem};

use crate::order::Platform;

/// What a seller's link of a platform item covers: one spec of it (the platform's SKU), or the
/// whole item, each line then ordering the SKU its own spec names in the linked product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkScope {
    Sku,
    Product,
}

impl LinkScope {
    pub fn code(self) -> &'static str {
        match self {
            LinkScope::Sku => "sku",
            LinkScope::Product => "product",
        }
    }

    pub fn from_code(code: &str) -> Option<LinkScope> {
        match code {
            "sku" => Some(LinkScope::Sku),
            "product" => Some(LinkScope::Product),
            _ => None,
        }
    }
}

/// Why a file is not an export jpmall can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutError {
    /// No header row in the file.
    Empty,
    /// The file looks most like `platform`'s export but lacks these columns (the platform's own
    /// header names, in the platform's language).
    Lacks {
        platform: Platform,
        missing: Vec<&'static str>,
    },
    /// No platform was chosen and the file is no platform's export: each platform with the columns
    /// its export needs, and the platform the file looks most like with the columns it lacks.
    Unrecognised {
        needs: Vec<(Platform, Vec<&'static str>)>,
        closest: Platform,
        missing: Vec<&'static str>,
    },
}

/// The layout of a file whose header row is `header`: the one `chosen` names, or the platform whose
/// columns the header matches. A header missing any column the chosen layout needs is refused with
/// the columns it lacks; with no platform chosen, a header no layout fits is refused as no
/// platform's export, naming what each needs and the closest.
pub fn detect(header: &[String], chosen: Option<Platform>) -> Result<&'static Layout, LayoutError> {
    if header.iter().all(|h| h.trim().is_empty()) {
        return Err(LayoutError::Empty);
    }
    let candidates: Vec<&'static Layout> = match chosen {
        Some(platform) => vec![layout_of(platform)],
        None => LAYOUTS.iter().collect(),
    };
    let best = candidates
        .iter()
        .map(|layout| (layout, layout.missing(header)))
        .min_by_key(|(layout, missing)| (missing.len(), std::cmp::Reverse(layout.matched(header))))
        .expect("at least one layout");
    let (layout, missing) = best;
    if missing.is_empty() {
        Ok(layout)
    } else if chosen.is_some() {
        Err(LayoutError::Lacks {
            platform: layout.platform,
            missing,
        })
    } else {
        Err(LayoutError::Unrecognised {
            needs: LAYOUTS.iter().map(|l| (l.platform, l.required_names())).collect(),
            closest: layout.platform,
            missing,
        })
    }
}

#[cfg(test)]
mod tests;
