//! The file as 淘宝助理 would read it: each test decodes the bytes with a reader of its own, written
//! from the format's description rather than from the writer, so a writer bug the two shared would
//! not hide.

use std::collections::HashMap;

use super::*;
use crate::listing::rule::{ListingRule, Multiplier, Rounding};

const PACKAGE: &str = "jpmall-20240601";

fn sku(sku_id: &str, colour: &str, size: &str, price: i64, quantity: i64) -> TaobaoSku {
    TaobaoSku {
        sku_id: sku_id.into(),
        colour: colour.into(),
        size: size.into(),
        price: Fen(price),
        quantity,
    }
}

/// A dress in two colours and two sizes, as a shop lists it.
fn dress() -> TaobaoProduct {
    TaobaoProduct {
        product_id: "P0a1b2c3d4e5f".into(),
        item_no: "A-1024".into(),
        title: "【现货】夏季碎花连衣裙".into(),
        cid: Some(50010850),
        size_pid: None,
        province: "广东".into(),
        city: "广州".into(),
        skus: vec![
            sku("P0a1b2c3d4e5f-00000001", "红色", "S", 3590, 10),
            sku("P0a1b2c3d4e5f-00000002", "红色", "M", 3590, 0),
            sku("P0a1b2c3d4e5f-00000003", "蓝色", "S", 3990, 7),
            sku("P0a1b2c3d4e5f-00000004", "蓝色", "M", 3290, 25),
        ],
        main_pictures: (0..7)
            .map(|i| format!("products/P0a1b2c3d4e5f/main-{i}.jpg"))
            .collect(),
        detail_pictures: vec![
            "https://img.jpmall.cn/products/P0a1b2c3d4e5f/detail-0.jpg".into(),
            "https://img.jpmall.cn/products/P0a1b2c3d4e5f/detail-1.jpg".into(),
        ],
    }
}

/// A T-shirt with sizes only, one picture, no known category.
fn tee() -> TaobaoProduct {
    TaobaoProduct {
        product_id: "P99887766aabb".into(),
        item_no: "T-7".into(),
        title: "纯棉短袖T恤".into(),
        skus: vec![
            sku("P99887766aabb-0000000a", "", "L", 1990, 3),
            sku("P99887766aabb-0000000b", "", "XL", 1990, 4),
        ],
        main_pictures: vec!["products/P99887766aabb/main-0.jpg".into()],
        ..TaobaoProduct::default()
    }
}

// ---- The independent reader ----

/// The file decoded: its lines (without their `\r\n`) and its cells.
struct Sheet {
    lines: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Sheet {
    fn read(bytes: &[u8]) -> Sheet {
        assert_eq!(&bytes[..2], &[0xFF, 0xFE], "UTF-16LE byte-order mark");
        assert_eq!(bytes.len() % 2, 0, "whole UTF-16 code units");
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        let text = String::from_utf16(&units).expect("valid UTF-16");
        assert!(text.ends_with("\r\n"), "the last line ends too");
        let lines: Vec<String> = text[..text.len() - 2].split("\r\n").map(str::to_string).collect();
        for line in &lines {
            assert!(
                !line.contains(['\r', '\n']),
                "a line break inside a line: {line:?}"
            );
        }
        let rows = lines
            .iter()
            .map(|line| line.split('\t').map(unquote).collect())
            .collect();
        Sheet { lines, rows }
    }

    fn keys(&self) -> &[String] {
        &self.rows[1]
    }

    fn products(&self) -> &[Vec<String>] {
        &self.rows[3..]
    }

    /// The cell of product `index` under the English key `key`.
    fn cell(&self, index: usize, key: &str) -> &str {
        let column = self.keys().iter().position(|k| k == key).expect(key);
        &self.products()[index][column]
    }
}

/// A cell as a CSV reader takes it: quoted, its doubled quotes are one.
fn unquote(cell: &str) -> String {
    if cell.len() >= 2 && cell.starts_with('"') && cell.ends_with('"') {
        cell[1..cell.len() - 1].replace("\"\"", "\"")
    } else {
        assert!(!cell.contains('"'), "a quote in an unquoted cell: {cell:?}");
        cell.to_string()
    }
}

/// `skuProps` read back: (price, quantity, code, [(pid, vid)]) per SKU.
type SkuEntry = (String, i64, String, Vec<(u64, i64)>);

fn sku_entries(cell: &str) -> Vec<SkuEntry> {
    let mut entries = Vec::new();
    let mut rest = cell;
    while !rest.is_empty() {
        let mut fields = rest.splitn(4, ':');
        let price = fields.next().unwrap().to_string();
        let quantity = fields.next().unwrap().parse().unwrap();
        let code = fields.next().unwrap().to_string();
        let mut props_and_more = fields.next().unwrap();
        let mut props = Vec::new();
        // Properties run until the next entry's price, which has a '.' before its first ':'.
        loop {
            let (pair, after) = props_and_more.split_once(';').unwrap();
            let (pid, vid) = pair.split_once(':').unwrap();
            props.push((pid.parse().unwrap(), vid.parse().unwrap()));
            props_and_more = after;
            let next_is_price = after.split(':').next().is_some_and(|f| f.contains('.'));
            if after.is_empty() || next_is_price {
                break;
            }
        }
        entries.push((price, quantity, code, props));
        rest = props_and_more;
    }
    entries
}

/// `pid:vid:name;` entries read back.
fn named_values(cell: &str) -> HashMap<(u64, i64), String> {
    cell.split(';')
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            let mut fields = entry.splitn(3, ':');
            let pid = fields.next().unwrap().parse().unwrap();
            let vid = fields.next().unwrap().parse().unwrap();
            ((pid, vid), fields.next().unwrap().to_string())
        })
        .collect()
}

/// The uuids of the `picture` cell, by position.
fn picture_uuids(cell: &str) -> Vec<(String, usize)> {
    cell.split(';')
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            let (head, url) = entry.split_once('|').expect("a '|' in every picture entry");
            assert_eq!(url, "", "a packaged picture has no address");
            let fields: Vec<&str> = head.split(':').collect();
            assert_eq!(fields.len(), 4, "{head:?}");
            assert_eq!(fields[1], "1", "a main picture");
            assert_eq!(fields[3], "");
            (fields[0].to_string(), fields[2].parse().unwrap())
        })
        .collect()
}

fn yuan(cell: &str) -> Fen {
    Fen::parse_yuan(cell).unwrap()
}

// ---- The file's shape ----

#[test]
fn the_file_starts_with_the_utf16le_byte_order_mark() {
    let package = csv(&[dress()], PACKAGE).unwrap();
    assert_eq!(&package.bytes[..2], &BOM);
    assert_eq!(BOM, [0xFF, 0xFE]);
    // "v" of "version", little-endian.
    assert_eq!(&package.bytes[2..4], &[b'v', 0]);
    assert_eq!(package.csv_path, "jpmall-20240601.csv");
}

#[test]
fn three_header_lines_then_a_line_per_product_each_ending_crlf() {
    let package = csv(&[dress(), tee()], PACKAGE).unwrap();
    let sheet = Sheet::read(&package.bytes);
    assert_eq!(sheet.lines.len(), 5);
    assert_eq!(sheet.lines[0], "version 1.00");
    assert_eq!(sheet.products().len(), 2);
    assert_eq!(sheet.cell(0, "title"), "【现货】夏季碎花连衣裙");
    assert_eq!(sheet.cell(1, "title"), "纯棉短袖T恤");
    // Every "\n" in the text is part of a "\r\n".
    let units: Vec<u16> = package.bytes[2..]
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    let text = String::from_utf16(&units).unwrap();
    assert_eq!(text.matches('\n').count(), 5);
    assert_eq!(text.matches("\r\n").count(), 5);
    assert_eq!(text.matches('\r').count(), 5);
}

#[test]
fn an_empty_package_is_the_header_alone() {
    let sheet = Sheet::read(&csv(&[], PACKAGE).unwrap().bytes);
    assert_eq!(sheet.lines.len(), 3);
    assert!(sheet.products().is_empty());
}

#[test]
fn the_key_line_is_the_column_list_and_the_chinese_line_names_each() {
    let sheet = Sheet::read(&csv(&[dress()], PACKAGE).unwrap().bytes);
    let keys: Vec<&str> = COLUMNS.iter().map(|(key, _)| *key).collect();
    assert_eq!(sheet.keys(), keys);
    let names: Vec<&str> = COLUMNS.iter().map(|(_, name)| *name).collect();
    assert_eq!(sheet.rows[2], names);
    for row in sheet.products() {
        assert_eq!(row.len(), COLUMNS.len(), "every product has every column");
    }
}

#[test]
fn the_columns_are_taobao_assistants() {
    // The columns every 淘宝助理 exporter writes, in this order, then the four Tmall ones 571xz adds.
    let expected = "title cid seller_cids stuff_status location_state location_city item_type price \
        auction_increment num valid_thru freight_payer post_fee ems_fee express_fee has_invoice \
        has_warranty approve_status has_showcase list_time description cateProps postage_id \
        has_discount modified upload_fail_msg picture_status auction_point picture video skuProps \
        inputPids inputValues outer_id propAlias auto_fill num_id local_cid navigation_type user_name \
        syncStatus is_lighting_consigment is_xinpin foodparame features buyareatype global_stock_type \
        global_stock_country sub_stock_type item_size item_weight sell_promise custom_design_flag \
        wireless_desc barcode sku_barcode newprepay subtitle cpv_memo input_custom_cpv qualification \
        add_qualification o2o_bind_service tmall_extend product_combine tmall_item_prop_combine \
        taoschema_extend";
    let keys: Vec<&str> = COLUMNS.iter().map(|(key, _)| *key).collect();
    assert_eq!(keys, expected.split_whitespace().collect::<Vec<_>>());
    let names: HashMap<&str, &str> = COLUMNS.iter().copied().collect();
    assert_eq!(names["title"], "宝贝名称");
    assert_eq!(names["skuProps"], "销售属性组合");
    assert_eq!(names["outer_id"], "商家编码");
    assert_eq!(names["propAlias"], "销售属性别名");
    assert_eq!(names["input_custom_cpv"], "自定义属性值");
    assert_eq!(names["picture"], "新图片");
    assert_eq!(names["sku_barcode"], "sku 条形码");
    assert_eq!(names["o2o_bind_service"], "关联线下服务");
}

#[test]
fn columns_nothing_decides_hold_571xz_defaults() {
    let sheet = Sheet::read(&csv(&[dress()], PACKAGE).unwrap().bytes);
    for (key, value) in [
        ("stuff_status", "1"),
        ("item_type", "1"),
        ("valid_thru", "7"),
        ("freight_payer", "2"),
        ("approve_status", "1"),
        ("num_id", "0"),
        ("syncStatus", "2"),
        ("features", "mysize_tp:-1"),
        ("has_discount", "0"),
        ("has_invoice", "0"),
        ("seller_cids", ""),
        ("list_time", ""),
        ("video", ""),
        ("taoschema_extend", ""),
    ] {
        assert_eq!(sheet.cell(0, key), value, "{key}");
    }
    assert_eq!(sheet.cell(0, "location_state"), "广东");
    assert_eq!(sheet.cell(0, "location_city"), "广州");
}

// ---- Prices, quantities, codes ----

#[test]
fn sku_quantities_are_the_listed_stock_and_sum_to_num() {
    let product = dress();
    let sheet = Sheet::read(&csv(std::slice::from_ref(&product), PACKAGE).unwrap().bytes);
    let entries = sku_entries(sheet.cell(0, "skuProps"));
    assert_eq!(entries.len(), product.skus.len());
    let quantities: Vec<i64> = entries.iter().map(|(_, quantity, _, _)| *quantity).collect();
    assert_eq!(quantities, vec![10, 0, 7, 25]);
    let num: i64 = sheet.cell(0, "num").parse().unwrap();
    assert_eq!(num, quantities.iter().sum::<i64>());
    assert_eq!(num, 42);
}

#[test]
fn a_negative_stock_is_listed_as_none() {
    let mut product = tee();
    product.skus[0].quantity = -4;
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    let entries = sku_entries(sheet.cell(0, "skuProps"));
    assert_eq!(entries[0].1, 0);
    assert_eq!(sheet.cell(0, "num"), "4");
}

#[test]
fn every_sku_code_is_the_jpmall_sku_id_and_the_item_code_the_item_number() {
    let product = dress();
    let sheet = Sheet::read(&csv(std::slice::from_ref(&product), PACKAGE).unwrap().bytes);
    let codes: Vec<String> = sku_entries(sheet.cell(0, "skuProps"))
        .into_iter()
        .map(|(_, _, code, _)| code)
        .collect();
    let ids: Vec<String> = product.skus.iter().map(|sku| sku.sku_id.clone()).collect();
    assert_eq!(codes, ids);
    assert_eq!(sheet.cell(0, "outer_id"), "A-1024");
}

#[test]
fn sku_prices_are_the_listed_prices_and_the_item_price_the_lowest() {
    let sheet = Sheet::read(&csv(&[dress()], PACKAGE).unwrap().bytes);
    let prices: Vec<String> = sku_entries(sheet.cell(0, "skuProps"))
        .into_iter()
        .map(|(price, _, _, _)| price)
        .collect();
    assert_eq!(prices, vec!["35.90", "35.90", "39.90", "32.90"]);
    assert_eq!(sheet.cell(0, "price"), "32.90");
}

#[test]
fn the_shops_rule_sets_what_the_file_lists() {
    let rule = ListingRule {
        multiplier: Multiplier::parse("1.5").unwrap(),
        fixed_add: Fen::yuan(5),
        rounding: Rounding::Ends90,
        title_prefix: "【现货】".into(),
        stock_cap: Some(20),
        ..ListingRule::default()
    }
    .validate()
    .unwrap();
    // jpmall's SKUs: id, colour, size, cost, stock.
    let catalogue = [("S1", "黑色", "M", 2000, 50), ("S2", "黑色", "L", 3330, 12)];
    let skus = catalogue
        .iter()
        .map(|(id, colour, size, cost, stock)| TaobaoSku {
            sku_id: id.to_string(),
            colour: colour.to_string(),
            size: size.to_string(),
            price: rule.price(Fen(*cost)).unwrap().price,
            quantity: rule.listed_stock(*stock),
        })
        .collect();
    let product = TaobaoProduct {
        product_id: "P1".into(),
        item_no: "K-1".into(),
        title: rule.listed_title("针织开衫"),
        skus,
        ..TaobaoProduct::default()
    };
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    assert_eq!(sheet.cell(0, "title"), "【现货】针织开衫");
    let entries = sku_entries(sheet.cell(0, "skuProps"));
    // 20.00 → 35.00 → 35.90; 33.30 → 54.95 → 55.90. Stock 50 capped at 20.
    assert_eq!(entries[0].0, "35.90");
    assert_eq!(entries[1].0, "55.90");
    assert_eq!((entries[0].1, entries[1].1), (20, 12));
    assert_eq!(sheet.cell(0, "num"), "32");
    assert_eq!(sheet.cell(0, "price"), "35.90");
}

// ---- Sale properties ----

#[test]
fn colours_and_sizes_are_custom_values_named_in_prop_alias_and_input_custom_cpv() {
    let sheet = Sheet::read(&csv(&[dress()], PACKAGE).unwrap().bytes);
    assert_eq!(
        sheet.cell(0, "propAlias"),
        "1627207:-1001:红色;1627207:-1002:蓝色;20509:-1001:S;20509:-1002:M;"
    );
    assert_eq!(sheet.cell(0, "input_custom_cpv"), sheet.cell(0, "propAlias"));
    let names = named_values(sheet.cell(0, "propAlias"));
    let specs: Vec<(String, String)> = sku_entries(sheet.cell(0, "skuProps"))
        .into_iter()
        .map(|(_, _, _, props)| {
            assert_eq!(props.len(), 2);
            assert_eq!(props[0].0, COLOUR_PID);
            assert_eq!(props[1].0, SIZE_PID);
            assert!(
                props.iter().all(|(_, vid)| *vid < 0),
                "custom values have negative ids"
            );
            (names[&props[0]].clone(), names[&props[1]].clone())
        })
        .collect();
    let given: Vec<(String, String)> = dress()
        .skus
        .iter()
        .map(|sku| (sku.colour.clone(), sku.size.clone()))
        .collect();
    assert_eq!(specs, given);
}

#[test]
fn the_sku_props_cell_has_the_reference_form() {
    let product = TaobaoProduct {
        product_id: "P1".into(),
        skus: vec![sku("P1-1", "红色", "XL", 3500, 5)],
        ..TaobaoProduct::default()
    };
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    // 价格:数量:SKU商家编码:1627207:vid;20509:vid;
    assert_eq!(
        sheet.cell(0, "skuProps"),
        "35.00:5:P1-1:1627207:-1001;20509:-1001;"
    );
    assert_eq!(sheet.cell(0, "propAlias"), "1627207:-1001:红色;20509:-1001:XL;");
}

#[test]
fn every_sale_value_is_a_chosen_property_in_cate_props() {
    let sheet = Sheet::read(&csv(&[dress()], PACKAGE).unwrap().bytes);
    assert_eq!(
        sheet.cell(0, "cateProps"),
        "1627207:-1001;1627207:-1002;20509:-1001;20509:-1002;"
    );
    let chosen: Vec<&str> = sheet.cell(0, "cateProps").split_terminator(';').collect();
    for (_, _, _, props) in sku_entries(sheet.cell(0, "skuProps")) {
        for (pid, vid) in props {
            assert!(chosen.contains(&format!("{pid}:{vid}").as_str()));
        }
    }
}

#[test]
fn a_property_no_sku_names_is_left_out() {
    let sheet = Sheet::read(&csv(&[tee()], PACKAGE).unwrap().bytes);
    assert_eq!(
        sheet.cell(0, "skuProps"),
        "19.90:3:P99887766aabb-0000000a:20509:-1001;19.90:4:P99887766aabb-0000000b:20509:-1002;"
    );
    assert_eq!(sheet.cell(0, "propAlias"), "20509:-1001:L;20509:-1002:XL;");
    assert_eq!(
        sheet.cell(0, "cid"),
        "",
        "no category: the seller picks it in 淘宝助理"
    );
}

#[test]
fn a_sku_missing_a_value_the_others_have_gets_the_placeholder() {
    let product = TaobaoProduct {
        product_id: "P2".into(),
        skus: vec![sku("P2-1", "白色", "", 1000, 1), sku("P2-2", "", "XL", 1000, 1)],
        ..TaobaoProduct::default()
    };
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    assert_eq!(
        sheet.cell(0, "propAlias"),
        format!("1627207:-1001:白色;1627207:-1002:{NO_COLOUR};20509:-1001:{NO_SIZE};20509:-1002:XL;")
    );
}

#[test]
fn a_product_without_specs_still_lists_its_sku_code() {
    let product = TaobaoProduct {
        product_id: "P3".into(),
        item_no: "BAG-1".into(),
        skus: vec![sku("P3-1", "", "", 8800, 9)],
        ..TaobaoProduct::default()
    };
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    assert_eq!(sheet.cell(0, "skuProps"), "88.00:9:P3-1:1627207:-1001;");
    assert_eq!(sheet.cell(0, "propAlias"), format!("1627207:-1001:{NO_COLOUR};"));
    assert_eq!(sheet.cell(0, "outer_id"), "BAG-1");
}

#[test]
fn a_categorys_own_size_property_is_used() {
    let mut product = dress();
    product.size_pid = Some(20518);
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    assert!(sheet.cell(0, "skuProps").contains(";20518:-1001;"));
    assert!(sheet
        .cell(0, "propAlias")
        .ends_with("20518:-1001:S;20518:-1002:M;"));
    assert!(!sheet.cell(0, "propAlias").contains("20509"));
}

#[test]
fn value_names_with_separators_are_made_safe() {
    let product = TaobaoProduct {
        product_id: "P4".into(),
        skus: vec![sku("P4-1", "红:白;条纹", "M\tL", 1000, 1)],
        ..TaobaoProduct::default()
    };
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    let names = named_values(sheet.cell(0, "input_custom_cpv"));
    assert_eq!(names[&(COLOUR_PID, -1001)], "红：白；条纹");
    assert_eq!(names[&(SIZE_PID, -1001)], "M L");
}

// ---- Pictures ----

#[test]
fn every_picture_entry_has_its_tbi_file_and_there_are_at_most_five() {
    let product = dress();
    let package = csv(std::slice::from_ref(&product), PACKAGE).unwrap();
    let sheet = Sheet::read(&package.bytes);
    let uuids = picture_uuids(sheet.cell(0, "picture"));
    assert_eq!(uuids.len(), MAX_MAIN_PICTURES, "seven given, five listed");
    assert_eq!(package.pictures.len(), MAX_MAIN_PICTURES);
    for (position, (uuid, listed_at)) in uuids.iter().enumerate() {
        assert_eq!(*listed_at, position);
        assert_eq!(uuid.len(), 32);
        let path = format!("{PACKAGE}/{uuid}.tbi");
        let file = package
            .pictures
            .iter()
            .find(|file| file.path == path)
            .expect(&path);
        assert_eq!(
            file.key, product.main_pictures[position],
            "the picture at its position"
        );
    }
}

#[test]
fn a_product_without_pictures_has_an_empty_picture_cell() {
    let mut product = tee();
    product.main_pictures.clear();
    let package = csv(&[product], PACKAGE).unwrap();
    assert_eq!(Sheet::read(&package.bytes).cell(0, "picture"), "");
    assert!(package.pictures.is_empty());
}

#[test]
fn the_same_package_twice_is_the_same_file() {
    let first = csv(&[dress(), tee()], PACKAGE).unwrap();
    let second = csv(&[dress(), tee()], PACKAGE).unwrap();
    assert_eq!(first, second);
    // Another product's pictures have other names.
    let dress_names: Vec<&str> = first.pictures[..5].iter().map(|f| f.path.as_str()).collect();
    assert!(!dress_names.contains(&first.pictures[5].path.as_str()));
}

#[test]
fn a_product_listed_twice_names_its_pictures_once() {
    let package = csv(&[tee(), tee()], PACKAGE).unwrap();
    assert_eq!(Sheet::read(&package.bytes).products().len(), 2);
    assert_eq!(package.pictures.len(), 1);
}

#[test]
fn the_description_shows_the_detail_pictures_in_order() {
    let sheet = Sheet::read(&csv(&[dress()], PACKAGE).unwrap().bytes);
    assert_eq!(
        sheet.cell(0, "description"),
        "<P><IMG src='https://img.jpmall.cn/products/P0a1b2c3d4e5f/detail-0.jpg'></P>\
         <P><IMG src='https://img.jpmall.cn/products/P0a1b2c3d4e5f/detail-1.jpg'></P>"
    );
    // Quoted in the file, as 571xz writes it.
    let column = COLUMNS.iter().position(|(key, _)| *key == "description").unwrap();
    let raw: Vec<&str> = sheet.lines[3].split('\t').collect();
    assert!(raw[column].starts_with("\"<P>") && raw[column].ends_with("</P>\""));
}

// ---- Unsafe text ----

#[test]
fn a_title_with_tabs_quotes_and_line_breaks_stays_one_row() {
    let mut product = dress();
    product.title = "22\" 宽松\t衬衫\r\n第二行\n\"引号\"".into();
    let package = csv(&[product, tee()], PACKAGE).unwrap();
    let sheet = Sheet::read(&package.bytes);
    assert_eq!(sheet.lines.len(), 5, "still one line per product");
    assert_eq!(
        sheet.products()[0].len(),
        COLUMNS.len(),
        "still every column in its place"
    );
    assert_eq!(sheet.cell(0, "title"), "22\" 宽松 衬衫  第二行 \"引号\"");
    assert_eq!(sheet.cell(0, "cid"), "50010850");
    assert_eq!(sheet.cell(1, "title"), "纯棉短袖T恤");
}

#[test]
fn item_number_and_location_are_made_safe_too() {
    let mut product = tee();
    product.item_no = "T-7\t\"x\"".into();
    product.city = "杭\n州".into();
    let sheet = Sheet::read(&csv(&[product], PACKAGE).unwrap().bytes);
    assert_eq!(sheet.cell(0, "outer_id"), "T-7 \"x\"");
    assert_eq!(sheet.cell(0, "location_city"), "杭 州");
    assert_eq!(sheet.products()[0].len(), COLUMNS.len());
}

// ---- A second, independent read of the whole thing ----

#[test]
fn an_independent_reader_gets_title_price_and_pictures_back() {
    let products = vec![dress(), tee()];
    let package = csv(&products, PACKAGE).unwrap();

    // Decoded from scratch: by the key line, not by the writer's column list.
    let text: String = char::decode_utf16(
        package.bytes[2..]
            .chunks_exact(2)
            .map(|pair| u16::from_le_bytes([pair[0], pair[1]])),
    )
    .map(|c| c.unwrap())
    .collect();
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    let keys: Vec<&str> = lines[1].split('\t').collect();
    let at = |key: &str| keys.iter().position(|k| *k == key).unwrap();
    let files: HashMap<&str, &str> = package
        .pictures
        .iter()
        .map(|f| (f.path.as_str(), f.key.as_str()))
        .collect();

    for (product, line) in products.iter().zip(&lines[3..]) {
        let cells: Vec<String> = line.split('\t').map(unquote).collect();
        assert_eq!(cells[at("title")], product.title);
        let lowest = product.skus.iter().map(|sku| sku.price).min().unwrap();
        assert_eq!(yuan(&cells[at("price")]), lowest);
        let keys_back: Vec<&str> = picture_uuids(&cells[at("picture")])
            .iter()
            .map(|(uuid, _)| files[format!("{PACKAGE}/{uuid}.tbi").as_str()])
            .collect();
        let given: Vec<&str> = product.main_pictures.iter().take(5).map(String::as_str).collect();
        assert_eq!(keys_back, given);
    }
}

// ---- Streaming ----

#[test]
fn the_streaming_writer_writes_the_same_file() {
    let mut writer = TaobaoWriter::new(Vec::new(), PACKAGE).unwrap();
    writer.write_row(&dress()).unwrap();
    assert_eq!(writer.rows(), 1);
    assert_eq!(writer.pictures().len(), 5);
    writer.write_row(&tee()).unwrap();
    let (bytes, pictures) = writer.finish().unwrap();
    let whole = csv(&[dress(), tee()], PACKAGE).unwrap();
    assert_eq!(bytes, whole.bytes);
    assert_eq!(pictures, whole.pictures);
}

#[test]
fn a_refused_product_leaves_the_file_whole() {
    let mut writer = TaobaoWriter::new(Vec::new(), PACKAGE).unwrap();
    writer.write_row(&dress()).unwrap();
    let mut broken = tee();
    broken.skus[1].sku_id = "bad;code".into();
    assert!(writer.write_row(&broken).is_err());
    writer.write_row(&tee()).unwrap();
    assert_eq!(writer.rows(), 2);
    let (bytes, _) = writer.finish().unwrap();
    assert_eq!(bytes, csv(&[dress(), tee()], PACKAGE).unwrap().bytes);
}

/// An output that takes `room` bytes, then fails.
struct Full {
    room: usize,
}

impl std::io::Write for Full {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "full"));
        }
        let taken = buf.len().min(self.room);
        self.room -= taken;
        Ok(taken)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn an_output_that_fails_is_reported() {
    assert_eq!(
        TaobaoWriter::new(Full { room: 10 }, PACKAGE).err(),
        Some(TaobaoError::Write(std::io::ErrorKind::StorageFull))
    );
    let header = csv(&[], PACKAGE).unwrap().bytes.len();
    let mut writer = TaobaoWriter::new(Full { room: header + 100 }, PACKAGE).unwrap();
    assert_eq!(
        writer.write_row(&dress()),
        Err(TaobaoError::Write(std::io::ErrorKind::StorageFull))
    );
}

#[test]
fn a_package_of_two_hundred_products_is_written_row_by_row() {
    let mut writer = TaobaoWriter::new(Vec::new(), PACKAGE).unwrap();
    for n in 0..200 {
        let mut product = dress();
        product.product_id = format!("P{n:012}");
        product.skus = (0..24)
            .map(|s| {
                sku(
                    &format!("P{n:012}-{s:08}"),
                    &format!("色{}", s / 4),
                    &format!("{}", 150 + s % 4 * 5),
                    5000,
                    3,
                )
            })
            .collect();
        writer.write_row(&product).unwrap();
    }
    let (bytes, pictures) = writer.finish().unwrap();
    let sheet = Sheet::read(&bytes);
    assert_eq!(sheet.products().len(), 200);
    assert_eq!(pictures.len(), 200 * MAX_MAIN_PICTURES);
    assert!(sheet.products().iter().all(|row| row.len() == COLUMNS.len()));
    assert_eq!(sheet.cell(199, "num"), "72");
}

// ---- Refusals ----

#[test]
fn a_product_with_no_sku_is_refused() {
    let mut product = tee();
    product.skus.clear();
    let refused = Err(TaobaoError::NoSkus {
        product_id: "P99887766aabb".into(),
    });
    assert_eq!(check(&product), refused);
    assert_eq!(csv(&[product], PACKAGE).map(|_| ()), refused);
}

#[test]
fn a_sku_id_that_cannot_be_a_code_is_refused() {
    let too_long = "x".repeat(sale_props::MAX_CODE_BYTES + 1);
    for code in ["", "a:b", "a;b", "a b", "a\tb", "a\"b", too_long.as_str()] {
        let mut product = tee();
        product.skus[0].sku_id = code.to_string();
        assert_eq!(
            check(&product),
            Err(TaobaoError::SkuCodeUnfit {
                sku_id: code.to_string()
            }),
            "{code:?}"
        );
    }
    assert!(code_fits(&"x".repeat(64)));
    assert!(code_fits("P0a1b2c3d4e5f-0000a1b2"));
}

#[test]
fn a_sku_without_a_price_is_refused() {
    for price in [0, -100] {
        let mut product = tee();
        product.skus[1].price = Fen(price);
        assert_eq!(
            check(&product),
            Err(TaobaoError::PriceNotPositive {
                sku_id: "P99887766aabb-0000000b".into()
            })
        );
    }
}

#[test]
fn two_skus_of_one_spec_are_refused() {
    let mut product = dress();
    product.skus[3].colour = " 红色 ".into();
    product.skus[3].size = "M".into();
    assert_eq!(
        check(&product),
        Err(TaobaoError::SpecTwice {
            product_id: "P0a1b2c3d4e5f".into(),
            colour: "红色".into(),
            size: "M".into(),
        })
    );
    let no_specs = TaobaoProduct {
        product_id: "P5".into(),
        skus: vec![sku("P5-1", "", "", 100, 1), sku("P5-2", "", "", 100, 1)],
        ..TaobaoProduct::default()
    };
    assert!(matches!(check(&no_specs), Err(TaobaoError::SpecTwice { .. })));
}

#[test]
fn quantities_too_large_to_add_are_refused() {
    let mut product = tee();
    product.skus[0].quantity = i64::MAX;
    assert_eq!(
        check(&product),
        Err(TaobaoError::Overflow {
            product_id: "P99887766aabb".into()
        })
    );
}

#[test]
fn a_package_name_that_is_no_file_name_is_refused() {
    for name in [
        "", "  ", "a/b", "a\\b", "..", ".hidden", "a:b", "a*b", "a?b", "a\"b", "a<b", "a|b", "a\nb",
    ] {
        assert_eq!(
            csv(&[], name).map(|_| ()),
            Err(TaobaoError::PackageNameUnfit { name: name.into() }),
            "{name:?}"
        );
    }
    assert_eq!(
        package_folder(&"包".repeat(MAX_PACKAGE_NAME_CHARS + 1)).map(|_| ()),
        Err(TaobaoError::PackageNameUnfit {
            name: "包".repeat(MAX_PACKAGE_NAME_CHARS + 1)
        })
    );
    assert_eq!(package_folder(" 我的店铺 2024 "), Ok("我的店铺 2024".to_string()));
    let package = csv(&[tee()], " shop ").unwrap();
    assert_eq!(package.csv_path, "shop.csv");
    assert!(package.pictures[0].path.starts_with("shop/"));
}

#[test]
fn refusals_name_their_key() {
    let refusal = TaobaoError::SpecTwice {
        product_id: "P1".into(),
        colour: "红色".into(),
        size: "M".into(),
    };
    assert_eq!(refusal.key(), "listing.spec_twice");
    assert_eq!(
        refusal.params(),
        vec![
            ("product", "P1".to_string()),
            ("colour", "红色".to_string()),
            ("size", "M".to_string())
        ]
    );
    assert_eq!(
        TaobaoError::SkuCodeUnfit { sku_id: "a;b".into() }.key(),
        "listing.sku_code_unfit"
    );
}
