//! Editorial content of the demo site, in Chinese and English.

/// (title zh, title en, link)
pub const BANNERS: &[(&str, &str, &str)] = &[
    (
        "秋冬新款上新，一件也能代发",
        "Autumn-winter arrivals: drop-ship from one piece",
        "/recentnew",
    ),
    (
        "爆款专区：近 90 天热销",
        "Hot items: best sellers of the last 90 days",
        "/recentBK",
    ),
    (
        "东南亚精选：Shopee、Lazada 卖家首选",
        "Southeast Asia picks for Shopee and Lazada sellers",
        "/recentFl_asia",
    ),
];

/// (title zh, title en, content zh, content en, pinned)
pub const NOTICES: &[(&str, &str, &str, &str, bool)] = &[
    (
        "双十一期间发货安排",
        "Shipping during Singles' Day",
        "11 月 10 日至 11 月 13 日订单量大，档口备货时间延长 1-2 天。请提前下单，已付款订单按付款顺序发货。",
        "From 10 to 13 November order volumes are high and stalls need one or two extra days to prepare stock. Please order early; paid orders ship in the order they were paid.",
        true,
    ),
    (
        "质检服务说明",
        "About quality inspection",
        "基础质检每件 0.30 元，检查款式、颜色、尺码与明显瑕疵；高级质检每件 1.30 元，另外检查做工细节并拍照留存。",
        "Basic inspection costs 0.30 yuan per item and checks style, colour, size and visible flaws; advanced inspection costs 1.30 yuan per item and also checks workmanship, with photos kept on file.",
        false,
    ),
    (
        "新增 TikTok 与 Lazada 平台订单",
        "TikTok and Lazada platform orders are here",
        "现在可以直接提交 TikTok、Lazada 平台订单并上传面单，与抖音、Shopee 订单一样由平台代发。",
        "You can now submit TikTok and Lazada platform orders with their shipping labels; they are drop-shipped just like Douyin and Shopee orders.",
        false,
    ),
    (
        "售后规则更新",
        "After-sales rules updated",
        "退货类售后须在签收后 30 天内申请。已发货商品不退快递费、质检费和服务费；退款服务费按退款件数收取。",
        "Returns must be requested within 30 days of receipt. Shipped goods do not get courier, inspection or service fees back; refund service fees are charged per refunded item.",
        false,
    ),
    (
        "钱包提现到账时间",
        "When withdrawals arrive",
        "工作日 16:00 前提交的提现当天审核，通常 1 个工作日内到账。请先绑定收款账户。",
        "Withdrawals requested before 16:00 on a working day are reviewed the same day and usually arrive within one working day. Bind a payout account first.",
        false,
    ),
    (
        "春节档口休市安排",
        "Stall closures for the Spring Festival",
        "各市场档口将于除夕前一周陆续休市，请留意档口公告并提前备货。",
        "Stalls close one after another from a week before New Year's Eve; watch the stall notices and stock up early.",
        false,
    ),
];

/// (category zh, category en, title zh, title en, content zh, content en)
pub const TUTORIALS: &[(&str, &str, &str, &str, &str, &str)] = &[
    (
        "新手入门", "Getting started", "三分钟了解一件代发", "Drop-shipping in three minutes",
        "在档口选款后加入代发购物车，填写收件人即可下单。平台从档口采购、质检并代您发货，您无需囤货。",
        "Pick styles from the stalls, add them to the drop-shipping cart and enter the recipient. The platform buys from the stall, inspects and ships for you, so you keep no stock.",
    ),
    (
        "新手入门", "Getting started", "如何找到同款", "Finding the same style",
        "在商品详情点击“搜同款”，或在搜同款页面上传图片，系统按图片相似度列出各档口的相似商品，最相近的排在最前。",
        "On a product page choose “same style”, or upload a picture on the same-style page: products from all stalls are listed by picture similarity, the closest first.",
    ),
    (
        "新手入门", "Getting started", "下载商品图片包", "Downloading image packages",
        "在商品详情点击“下载图片”，可得到按主图、详情图、颜色图分好文件夹的压缩包，便于上架到您的店铺。",
        "On a product page choose “download images” to get a zip with folders for main, detail and colour pictures, ready to list in your shop.",
    ),
    (
        "订单与代发", "Orders and drop-shipping", "平台订单怎么下", "Placing platform orders",
        "选择抖音、TikTok、Shopee 或 Lazada，填写平台订单号、快递公司并上传面单文件，按面单发货。",
        "Choose Douyin, TikTok, Shopee or Lazada, enter the platform order number and courier, and upload the shipping label; the parcel ships on that label.",
    ),
    (
        "订单与代发", "Orders and drop-shipping", "缺货与异常订单", "Out-of-stock and abnormal orders",
        "档口缺货时缺货部分自动退款到钱包，并在缺货通知中提醒；异常订单会说明原因并等待处理。",
        "When a stall is out of stock, the missing part is refunded to your wallet and listed in out-of-stock notices; abnormal orders say why and wait to be resolved.",
    ),
    (
        "售后与资金", "After-sales and funds", "申请退款、退货与换货", "Refunds, returns and exchanges",
        "在订单中选择商品申请售后。退货审核通过后请填写退货物流单号；错发类异常退货扣除 3.00 元保险费。",
        "Choose the items in an order to ask for after-sales. Once a return is approved, enter its tracking number; a wrong-item abnormal return deducts a 3.00 yuan insurance fee.",
    ),
    (
        "售后与资金", "After-sales and funds", "充值与提现", "Top-ups and withdrawals",
        "扫码充值即时到账；提现前请绑定收款人和收款账号，提现金额不能超过余额。",
        "QR top-ups arrive at once; before withdrawing bind a payee and payout account, and withdraw no more than your balance.",
    ),
];

/// (category zh, category en, title zh, title en, description zh, description en, url)
pub const RESOURCES: &[(&str, &str, &str, &str, &str, &str, &str)] = &[
    (
        "电商平台",
        "Marketplaces",
        "抖店",
        "Douyin Shop",
        "抖音电商商家后台",
        "Douyin e-commerce seller centre",
        "https://fxg.jinritemai.com",
    ),
    (
        "电商平台",
        "Marketplaces",
        "TikTok Shop",
        "TikTok Shop",
        "TikTok Shop 卖家中心",
        "TikTok Shop seller centre",
        "https://seller.tiktokglobalshop.com",
    ),
    (
        "电商平台",
        "Marketplaces",
        "Shopee",
        "Shopee",
        "Shopee 跨境卖家中心",
        "Shopee cross-border seller centre",
        "https://seller.shopee.cn",
    ),
    (
        "电商平台",
        "Marketplaces",
        "Lazada",
        "Lazada",
        "Lazada 全球卖家中心",
        "Lazada global seller centre",
        "https://gsp.lazada.com",
    ),
    (
        "物流",
        "Logistics",
        "菜鸟",
        "Cainiao",
        "物流轨迹查询与跨境物流",
        "Parcel tracking and cross-border logistics",
        "https://www.cainiao.com",
    ),
    (
        "物流",
        "Logistics",
        "顺丰速运",
        "SF Express",
        "国内快递下单与查询",
        "Domestic express shipping and tracking",
        "https://www.sf-express.com",
    ),
    (
        "工具",
        "Tools",
        "稿定设计",
        "Gaoding Design",
        "商品主图与海报在线设计",
        "Online design of product pictures and posters",
        "https://www.gaoding.com",
    ),
    (
        "工具",
        "Tools",
        "1688",
        "1688",
        "源头工厂与批发货源",
        "Factories and wholesale sourcing",
        "https://www.1688.com",
    ),
];
