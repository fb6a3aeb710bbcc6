//! The columns of a 淘宝助理 data package, in the order the file has them: the English key 淘宝助理
//! reads a column by, and the Chinese name a seller sees when opening the file.
//!
//! The list is the one 571xz's package writer (`createDataPackage`) puts in its header, the four
//! Tmall columns at the end included, so a package opens in the same 淘宝助理 versions. Where that
//! writer's Chinese row differs from 淘宝助理's own names it follows 淘宝助理: `input_custom_cpv`
//! is 自定义属性值, and 571xz's Chinese row lacks two of the Tmall columns, which would shift every
//! Chinese name after them.

/// (English key, Chinese name) of every column.
pub const COLUMNS: &[(&str, &str)] = &[
    ("title", "宝贝名称"),
    ("cid", "宝贝类目"),
    ("seller_cids", "店铺类目"),
    ("stuff_status", "新旧程度"),
    ("location_state", "省"),
    ("location_city", "城市"),
    ("item_type", "出售方式"),
    ("price", "宝贝价格"),
    ("auction_increment", "加价幅度"),
    ("num", "宝贝数量"),
    ("valid_thru", "有效期"),
    ("freight_payer", "运费承担"),
    ("post_fee", "平邮"),
    ("ems_fee", "EMS"),
    ("express_fee", "快递"),
    ("has_invoice", "发票"),
    ("has_warranty", "保修"),
    ("approve_status", "放入仓库"),
    ("has_showcase", "橱窗推荐"),
    ("list_time", "开始时间"),
    ("description", "宝贝描述"),
    ("cateProps", "宝贝属性"),
    ("postage_id", "邮费模版ID"),
    ("has_discount", "会员打折"),
    ("modified", "修改时间"),
    ("upload_fail_msg", "上传状态"),
    ("picture_status", "图片状态"),
    ("auction_point", "返点比例"),
    ("picture", "新图片"),
    ("video", "视频"),
    ("skuProps", "销售属性组合"),
    ("inputPids", "用户输入ID串"),
    ("inputValues", "用户输入名-值对"),
    ("outer_id", "商家编码"),
    ("propAlias", "销售属性别名"),
    ("auto_fill", "代充类型"),
    ("num_id", "数字ID"),
    ("local_cid", "本地ID"),
    ("navigation_type", "宝贝分类"),
    ("user_name", "用户名称"),
    ("syncStatus", "宝贝状态"),
    ("is_lighting_consigment", "闪电发货"),
    ("is_xinpin", "新品"),
    ("foodparame", "食品专项"),
    ("features", "尺码库"),
    ("buyareatype", "采购地"),
    ("global_stock_type", "库存类型"),
    ("global_stock_country", "国家地区"),
    ("sub_stock_type", "库存计数"),
    ("item_size", "物流体积"),
    ("item_weight", "物流重量"),
    ("sell_promise", "退换货承诺"),
    ("custom_design_flag", "定制工具"),
    ("wireless_desc", "无线详情"),
    ("barcode", "商品条形码"),
    ("sku_barcode", "sku 条形码"),
    ("newprepay", "7天退货"),
    ("subtitle", "宝贝卖点"),
    ("cpv_memo", "属性值备注"),
    ("input_custom_cpv", "自定义属性值"),
    ("qualification", "商品资质"),
    ("add_qualification", "增加商品资质"),
    ("o2o_bind_service", "关联线下服务"),
    ("tmall_extend", "tmall扩展字段"),
    ("product_combine", "产品组合"),
    ("tmall_item_prop_combine", "tmall属性组合"),
    ("taoschema_extend", "taoschema扩展字段"),
];

/// The first line of the file, the format's version 淘宝助理 checks before reading the rest.
pub const VERSION_LINE: &str = "version 1.00";

/// What a column holds when nothing about the product decides it: the values 571xz writes (new
/// goods, fixed price, seven days, the buyer pays the postage, no rebate), except where jpmall cannot
/// promise something for the seller. An invoice, a warranty, the shop's showcase slots and its
/// members' discount are the seller's to choose; a discount on would also cut into the margin the
/// pricing rule just set. Columns not named are empty.
pub fn fixed_value(key: &str) -> &'static str {
    match key {
        "stuff_status" => "1",
        "item_type" => "1",
        "auction_increment" => "0",
        "valid_thru" => "7",
        "freight_payer" => "2",
        "post_fee" | "ems_fee" | "express_fee" => "0",
        "has_invoice" | "has_warranty" | "has_showcase" | "has_discount" => "0",
        "approve_status" => "1",
        "postage_id" => "0",
        "auction_point" => "0",
        "auto_fill" => "0",
        // A new item: Taobao gives it its number when it is uploaded.
        "num_id" => "0",
        "local_cid" => "0",
        "navigation_type" => "1",
        "syncStatus" => "2",
        "is_lighting_consigment" => "0",
        "is_xinpin" => "0",
        // No size chart: the seller's own, if any, is picked in 淘宝助理.
        "features" => "mysize_tp:-1",
        "sell_promise" => "0",
        _ => "",
    }
}
