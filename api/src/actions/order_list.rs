//! Which orders a list asks for (tab, numbers, platform, time), checked the same way for a seller's list, the operator's queue and `jpmall ops order list`.

use commands::Refusal;
use domain::order::Platform;
use projections::orders::{Filter, Tab};
use serde::Deserialize;

use crate::error::AppError;
use crate::paging::Paging;

#[derive(Deserialize, Default)]
pub struct ListBody {
    page: Option<i64>,
    pagesize: Option<i64>,
    #[serde(default)]
    tab: String,
    #[serde(default)]
    order_no: String,
    #[serde(default)]
    source_order_no: String,
    #[serde(default)]
    platform: String,
    start_time: Option<i64>,
    end_time: Option<i64>,
}

impl ListBody {
    pub fn for_tab(tab: String, pagesize: i64) -> Self {
        Self {
            tab,
            pagesize: Some(pagesize),
            ..Self::default()
        }
    }
}

/// The list filter of a request; `user_id` `None` for the operator.
pub fn filter_of(body: &ListBody, user_id: Option<String>) -> Result<(Filter, i64, i64), AppError> {
    let (page, pagesize) = Paging {
        page: body.page,
        pagesize: body.pagesize,
    }
    .checked()?;
    let tab = Tab::from_code(body.tab.trim()).ok_or_else(|| Refusal::new("order.tab_invalid").on("tab"))?;
    let platform = body.platform.trim();
    if !platform.is_empty() && Platform::from_code(platform).is_none() {
        return Err(Refusal::new("order.platform_required").on("platform").into());
    }
    if let (Some(start), Some(end)) = (body.start_time, body.end_time) {
        if end < start {
            return Err(Refusal::new("fund.end_before_start").on("end_time").into());
        }
    }
    Ok((
        Filter {
            user_id,
            tab,
            order_no: body.order_no.clone(),
            source_order_no: body.source_order_no.clone(),
            platform: platform.to_string(),
            start: body.start_time,
            end: body.end_time,
        },
        page,
        pagesize,
    ))
}
