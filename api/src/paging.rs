//! The page and page size every list call takes, checked the same way by each: HTTP routes, exports
//! and the CLI.

use commands::Refusal;
use projections::catalog as read;
use serde::Deserialize;

use crate::error::AppError;

/// Page and page size of a list call: page 1 to `MAX_PAGE`, page size 1-100 (default 20). Calls with
/// other fields repeat the two rather than flattening this in: serde loses a flattened field's name.
#[derive(Debug, Default, Deserialize)]
pub struct Paging {
    pub page: Option<i64>,
    pub pagesize: Option<i64>,
}

/// Far past the end of any list, and low enough that the rows skipped before a page, `(page - 1) ×
/// pagesize`, stay a number both databases take (a larger page overflowed it into a negative
/// `OFFSET`, which PostgreSQL refuses).
pub const MAX_PAGE: i64 = 1_000_000;

impl Paging {
    pub fn checked(&self) -> Result<(i64, i64), AppError> {
        let page = self.page.unwrap_or(1);
        let pagesize = self.pagesize.unwrap_or(20);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(Refusal::new("paging.page_invalid")
                .on("page")
                .with("max", MAX_PAGE)
                .into());
        }
        if !(1..=read::MAX_PAGE_SIZE).contains(&pagesize) {
            return Err(Refusal::new("paging.pagesize_invalid")
                .on("pagesize")
                .with("max", read::MAX_PAGE_SIZE)
                .into());
        }
        Ok((page, pagesize))
    }
}
