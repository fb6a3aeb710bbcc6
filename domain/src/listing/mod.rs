//! "List it in my shop" (一键铺货): a seller picks jpmall products and downloads a data package for
//! their own shop. The shop's pricing rule ([`rule`]) turns jpmall's cost into the price the shop
//! asks, [`taobao`] writes the 淘宝助理 (Taobao Assistant) file the seller uploads, [`douyin`]
//! lays out the 抖店 (Douyin shop) folders a seller publishes from by hand, and [`template`] fills
//! the blank category template a Shopee, Lazada or TikTok Shop seller downloads from their seller
//! centre.
//!
//! Every listed SKU carries its jpmall SKU id as the seller's code (商家编码), so an order the
//! seller later exports from that shop maps back to jpmall SKUs without anyone matching titles.

pub mod douyin;
pub mod record;
pub mod rule;
pub mod taobao;
pub mod template;
