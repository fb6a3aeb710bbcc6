//! The vocabulary of the demo market: categories, markets, stall names, colours, sizes and title parts,
//! each in Chinese and English.

use super::pictures::Garment;

pub struct Leaf {
    pub id: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
    pub garment: Garment,
    /// Wholesale price range in yuan.
    pub price: (i64, i64),
    pub sizes: &'static [&'static str],
}

pub struct Family {
    pub id: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
    pub leaves: &'static [Leaf],
}

const WOMEN_SIZES: &[&str] = &["S", "M", "L", "XL"];
const MEN_SIZES: &[&str] = &["M", "L", "XL", "2XL", "3XL"];
const WAIST_SIZES: &[&str] = &["26", "27", "28", "29", "30", "31", "32"];
const KIDS_SIZES: &[&str] = &["90", "100", "110", "120", "130", "140"];
const FREE_SIZE: &[&str] = &["均码"];

pub const FAMILIES: &[Family] = &[
    Family {
        id: "c1",
        zh: "女装",
        en: "Women",
        leaves: &[
            Leaf {
                id: "c101",
                zh: "连衣裙",
                en: "Dress",
                garment: Garment::Dress,
                price: (39, 129),
                sizes: WOMEN_SIZES,
            },
            Leaf {
                id: "c102",
                zh: "T恤",
                en: "T-shirt",
                garment: Garment::Tee,
                price: (18, 45),
                sizes: WOMEN_SIZES,
            },
            Leaf {
                id: "c103",
                zh: "衬衫",
                en: "Shirt",
                garment: Garment::Shirt,
                price: (29, 79),
                sizes: WOMEN_SIZES,
            },
            Leaf {
                id: "c104",
                zh: "半身裙",
                en: "Skirt",
                garment: Garment::Skirt,
                price: (25, 69),
                sizes: WOMEN_SIZES,
            },
            Leaf {
                id: "c105",
                zh: "卫衣",
                en: "Hoodie",
                garment: Garment::Hoodie,
                price: (35, 89),
                sizes: FREE_SIZE,
            },
            Leaf {
                id: "c106",
                zh: "外套",
                en: "Coat",
                garment: Garment::Jacket,
                price: (69, 199),
                sizes: WOMEN_SIZES,
            },
            Leaf {
                id: "c107",
                zh: "阔腿裤",
                en: "Wide-leg trousers",
                garment: Garment::Pants,
                price: (32, 88),
                sizes: WAIST_SIZES,
            },
        ],
    },
    Family {
        id: "c2",
        zh: "男装",
        en: "Men",
        leaves: &[
            Leaf {
                id: "c201",
                zh: "T恤",
                en: "T-shirt",
                garment: Garment::Tee,
                price: (19, 49),
                sizes: MEN_SIZES,
            },
            Leaf {
                id: "c202",
                zh: "衬衫",
                en: "Shirt",
                garment: Garment::Shirt,
                price: (35, 89),
                sizes: MEN_SIZES,
            },
            Leaf {
                id: "c203",
                zh: "夹克",
                en: "Jacket",
                garment: Garment::Jacket,
                price: (79, 219),
                sizes: MEN_SIZES,
            },
            Leaf {
                id: "c204",
                zh: "休闲裤",
                en: "Casual trousers",
                garment: Garment::Pants,
                price: (39, 99),
                sizes: WAIST_SIZES,
            },
            Leaf {
                id: "c205",
                zh: "卫衣",
                en: "Hoodie",
                garment: Garment::Hoodie,
                price: (45, 109),
                sizes: MEN_SIZES,
            },
        ],
    },
    Family {
        id: "c3",
        zh: "童装",
        en: "Kids",
        leaves: &[
            Leaf {
                id: "c301",
                zh: "儿童T恤",
                en: "Kids' T-shirt",
                garment: Garment::Tee,
                price: (12, 32),
                sizes: KIDS_SIZES,
            },
            Leaf {
                id: "c302",
                zh: "儿童连衣裙",
                en: "Kids' dress",
                garment: Garment::Dress,
                price: (25, 69),
                sizes: KIDS_SIZES,
            },
            Leaf {
                id: "c303",
                zh: "儿童长裤",
                en: "Kids' trousers",
                garment: Garment::Pants,
                price: (18, 49),
                sizes: KIDS_SIZES,
            },
        ],
    },
];

/// (id, area site, zh, en)
pub const MARKETS: &[(&str, &str, &str, &str)] = &[
    (
        "m1",
        "cn",
        "广州十三行新中国大厦",
        "Guangzhou Shisanhang New China Mall",
    ),
    (
        "m2",
        "cn",
        "杭州四季青服装市场",
        "Hangzhou Sijiqing Clothing Market",
    ),
    ("m3", "sea", "广州沙河南城", "Guangzhou Shahe Nancheng"),
    ("m4", "sea", "广州白马服装城", "Guangzhou Baima Clothing City"),
    ("m5", "global", "虎门富民时装城", "Humen Fumin Fashion City"),
    ("m6", "global", "濮院毛衫城", "Puyuan Knitwear City"),
];

pub const STALL_NAMES: &[&str] = &[
    "韩潮女装",
    "衣恋坊",
    "木子家",
    "小鹿服饰",
    "森屿",
    "初见女装",
    "暖阳童装",
    "星河男装",
    "优品汇",
    "潮牌社",
    "左岸时光",
    "花语",
    "简念",
    "米兰风尚",
    "素年",
    "阿布家",
    "甜心屋",
    "大码优选",
    "原色工坊",
    "南风",
    "北城旧事",
    "棉麻记",
    "一朵",
    "青柠",
    "蓝调牛仔",
    "格子铺",
    "布衣阁",
    "时尚前线",
    "童趣乐园",
    "绅士派",
    "街角",
    "浅夏",
    "橙子家",
    "云裳",
    "墨白",
    "鹿角巷",
    "七月",
    "悠然",
    "尚品男装",
    "小确幸",
];

/// (zh, en, rgb)
pub const COLOURS: &[(&str, &str, [u8; 3])] = &[
    ("黑色", "Black", [32, 32, 34]),
    ("白色", "White", [246, 246, 244]),
    ("米白", "Off-white", [238, 232, 214]),
    ("卡其", "Khaki", [195, 176, 145]),
    ("杏色", "Apricot", [237, 205, 170]),
    ("粉色", "Pink", [244, 170, 190]),
    ("红色", "Red", [200, 40, 50]),
    ("酒红", "Burgundy", [128, 30, 50]),
    ("橙色", "Orange", [240, 130, 40]),
    ("黄色", "Yellow", [245, 205, 60]),
    ("浅蓝", "Light blue", [160, 200, 235]),
    ("雾霾蓝", "Haze blue", [110, 140, 170]),
    ("藏青", "Navy", [30, 45, 90]),
    ("军绿", "Army green", [85, 100, 60]),
    ("牛油果绿", "Avocado", [170, 190, 110]),
    ("灰色", "Grey", [140, 140, 140]),
    ("咖啡色", "Coffee", [110, 75, 50]),
    ("紫色", "Purple", [140, 100, 170]),
];

pub const STYLES: &[(&str, &str)] = &[
    ("韩版", "Korean-style"),
    ("法式", "French"),
    ("复古", "Vintage"),
    ("简约", "Minimalist"),
    ("ins风", "Trendy"),
    ("港风", "Hong Kong-style"),
    ("日系", "Japanese"),
    ("街头", "Streetwear"),
    ("甜美", "Sweet"),
    ("通勤", "Office"),
];
pub const MATERIALS: &[(&str, &str)] = &[
    ("纯棉", "cotton"),
    ("冰丝", "ice-silk"),
    ("雪纺", "chiffon"),
    ("针织", "knit"),
    ("牛仔", "denim"),
    ("亚麻", "linen"),
    ("灯芯绒", "corduroy"),
    ("醋酸", "acetate"),
];
pub const FITS: &[(&str, &str)] = &[
    ("宽松", "loose"),
    ("修身", "slim"),
    ("oversize", "oversized"),
    ("高腰", "high-waist"),
    ("短款", "cropped"),
    ("中长款", "midi"),
];
pub const FEATURES: &[(&str, &str)] = &[
    ("百搭", "versatile"),
    ("显瘦", "slimming"),
    ("设计感", "designer"),
    ("小众", "niche"),
    ("撞色", "colour-block"),
    ("印花", "printed"),
];
pub const SEASONS: &[(&str, &str)] = &[
    ("2026夏季新款", "2026 summer"),
    ("2026秋冬新款", "2026 autumn-winter"),
];
