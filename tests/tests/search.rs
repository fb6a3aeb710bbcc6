//! Keyword search as a seller uses it: two-character and one-character Chinese, item numbers
//! exact and by their beginning, English words, mixed queries, nothing found; what is off the
//! shelf never found; a product edited found by its new words at once; relevance, filters, sorts
//! and totals; suggestions by text and by pinyin initials.

use std::collections::HashSet;

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::Row;
use tests::{on_both_engines, TestApp};

const U: &str = "/jpmall/addons/unishop";
const MARKET: usize = 80;

on_both_engines!(
    keyword_search_finds_what_a_market_calls_things,
    search_follows_the_shelf_and_edits_at_once,
    suggestions_complete_names_and_pinyin_initials,
);

async fn search(app: &TestApp, body: Value) -> Value {
    let (status, reply) = app.post(&format!("{U}/product/lists"), body).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"].clone()
}

fn ids(page: &Value) -> Vec<String> {
    page["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect()
}

/// Every product `keyword` finds, walking its pages, with the total each page reported.
async fn every_page(app: &TestApp, mut body: Value) -> (i64, Vec<String>) {
    let mut found = Vec::new();
    let mut total = -1;
    for page in 1.. {
        body["page"] = json!(page);
        body["pagesize"] = json!(7);
        let reply = search(app, body.clone()).await;
        let this_total = reply["total"].as_i64().unwrap();
        assert!(
            total == -1 || total == this_total,
            "every page reports the same total"
        );
        total = this_total;
        let page_ids = ids(&reply);
        if page_ids.is_empty() {
            break;
        }
        found.extend(page_ids);
    }
    let distinct: HashSet<_> = found.iter().collect();
    assert_eq!(distinct.len(), found.len(), "no product on two pages");
    (total, found)
}

/// What a product on the shelf is found by, as its own text: item number, both titles, its
/// stall's, categories' and colours' names, lower case.
async fn shelf_texts(app: &TestApp) -> Vec<(String, String, String)> {
    let rows = sqlx::query(
        "SELECT p.id, p.item_no, p.title_zh, p.title_en, s.name, c.name_zh, c.name_en, \
         COALESCE(pc.name_zh, ''), COALESCE(pc.name_en, ''), p.colors \
         FROM products p JOIN stalls s ON s.id = p.stall_id JOIN categories c ON c.id = p.category_id \
         LEFT JOIN categories pc ON pc.id = c.parent_id WHERE p.on_shelf = 1",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap();
    rows.iter()
        .map(|r| {
            let others: Vec<String> = (4..=9).map(|i| r.get::<String, _>(i)).collect();
            (
                r.get::<String, _>(0),
                r.get::<String, _>(2).to_lowercase() + " " + &r.get::<String, _>(3).to_lowercase(),
                r.get::<String, _>(1).to_lowercase() + " " + &others.join(" ").to_lowercase(),
            )
        })
        .collect()
}

async fn upload_picture(app: &TestApp, token: &str) -> Value {
    use image::{ImageFormat, Rgba, RgbaImage};
    let mut png = Vec::new();
    RgbaImage::from_fn(64, 64, |x, y| Rgba([x as u8 * 3, y as u8 * 2, 90, 255]))
        .write_to(&mut std::io::Cursor::new(&mut png), ImageFormat::Png)
        .unwrap();
    let part = reqwest::multipart::Part::bytes(png).file_name("front.png");
    let (status, reply) = app
        .send(
            app.client
                .post(app.url("/jpmall/admin/catalog/pictures/upload"))
                .header("admin-token", token)
                .multipart(reqwest::multipart::Form::new().part("file", part)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"].clone()
}

struct Made {
    catalogue: String,
    stall: String,
    category: String,
    picture: Value,
}

impl Made {
    async fn new(app: &TestApp) -> Self {
        let catalogue = app.staff("13900001901", "catalogue", &[]).await;
        let row = sqlx::query("SELECT stall_id, category_id FROM products ORDER BY id LIMIT 1")
            .fetch_one(&app.db().pool)
            .await
            .unwrap();
        let picture = upload_picture(app, &catalogue).await;
        Self {
            catalogue,
            stall: row.get(0),
            category: row.get(1),
            picture,
        }
    }

    /// Saves (creates, or updates `id`) a product and puts it on the shelf; answers its id.
    async fn save(
        &self,
        app: &TestApp,
        id: Option<&str>,
        item_no: &str,
        zh: &str,
        en: &str,
        colour: (&str, &str),
    ) -> String {
        let mut body = json!({"item_no": item_no, "title_zh": zh, "title_en": en,
               "category_id": self.category, "stall_id": self.stall, "price": "59.00",
               "colours": [{"name_zh": colour.0, "name_en": colour.1}],
               "sizes": ["M"], "skus": [{"color": colour.0, "size": "M", "stock": 10}],
               "main_pictures": [self.picture["url"]], "detail_pictures": [],
               "is_hot": false, "is_sea": false});
        if let Some(id) = id {
            body["id"] = json!(id);
        }
        let (status, made) = app.as_staff(&self.catalogue, "catalog/products/save", body).await;
        assert_eq!(status, StatusCode::OK, "{made}");
        let id = made["data"]["id"].as_str().unwrap().to_string();
        self.shelve(app, &id, true).await;
        id
    }

    async fn shelve(&self, app: &TestApp, id: &str, on: bool) {
        let (status, reply) = app
            .as_staff(
                &self.catalogue,
                "catalog/products/shelf",
                json!({"ids": [id], "on_shelf": on}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{reply}");
    }
}

async fn keyword_search_finds_what_a_market_calls_things(app: &TestApp) {
    app.seed(MARKET).await;
    let made = Made::new(app).await;
    let hoodie = made
        .save(
            app,
            None,
            "WY-2301",
            "加绒连帽卫衣",
            "Fleece hooded sweatshirt",
            ("白色", "White"),
        )
        .await;
    let tee = made
        .save(
            app,
            None,
            "WY-23",
            "纯棉圆领T恤",
            "Cotton crew tee",
            ("白色", "White"),
        )
        .await;
    let skirt = made
        .save(
            app,
            None,
            "QZ-88",
            "黑色法式碎花裙子",
            "French floral skirt",
            ("红色", "Red"),
        )
        .await;
    let texts = shelf_texts(app).await;
    let holding = |word: &str| -> HashSet<String> {
        texts
            .iter()
            .filter(|(_, titles, rest)| titles.contains(word) || rest.contains(word))
            .map(|(id, _, _)| id.clone())
            .collect()
    };

    // Two characters and one: every product holding them, in titles or names, and no other.
    for word in ["卫衣", "裙", "衬衫", "白"] {
        let (total, found) = every_page(app, json!({"keyword": word})).await;
        let expected = holding(word);
        assert!(!expected.is_empty(), "{word} is in the market");
        assert_eq!(total as usize, expected.len(), "{word}");
        assert_eq!(found.iter().cloned().collect::<HashSet<_>>(), expected, "{word}");
    }
    // Relevance: a title match before a match of a colour only; ties by popularity.
    let black = search(app, json!({"keyword": "黑色", "pagesize": 100})).await;
    assert_eq!(
        black["list"][0]["id"],
        skirt.as_str(),
        "the title holds 黑色; the rest only as a colour"
    );
    let popularity: Vec<i64> = black["list"].as_array().unwrap()[1..]
        .iter()
        .map(|p| p["popularity"].as_i64().unwrap())
        .collect();
    assert!(popularity.windows(2).all(|w| w[0] >= w[1]), "{popularity:?}");

    // Item numbers: the exact one first, then those it begins; any case.
    let exact = search(app, json!({"keyword": "wy-23"})).await;
    assert_eq!(ids(&exact), [tee.as_str(), hoodie.as_str()]);
    let begun = search(app, json!({"keyword": "WY-2"})).await;
    assert_eq!(begun["total"], 2);
    assert_eq!(
        ids(&search(app, json!({"keyword": "qz-88"})).await),
        [skirt.as_str()]
    );
    let seeded: String = sqlx::query("SELECT item_no FROM products WHERE id = $1")
        .bind(commands::catalog::seed::product_id(7))
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
        .get(0);
    let first = search(app, json!({"keyword": seeded})).await;
    assert_eq!(first["list"][0]["id"], commands::catalog::seed::product_id(7));

    // English words, any case, a word found by its beginning; mixed with Chinese.
    assert_eq!(
        ids(&search(app, json!({"keyword": "FLEECE hooded"})).await),
        [hoodie.as_str()]
    );
    assert_eq!(
        ids(&search(app, json!({"keyword": "swea"})).await),
        [hoodie.as_str()]
    );
    assert_eq!(
        ids(&search(app, json!({"keyword": "卫衣 fleece"})).await),
        [hoodie.as_str()]
    );
    assert_eq!(
        ids(&search(app, json!({"keyword": "floral 黑色"})).await),
        [skirt.as_str()]
    );
    let (english, _) = every_page(app, json!({"keyword": "Dress"})).await;
    assert!(english > 0);
    let english_page = app
        .post_lang(
            &format!("{U}/product/lists"),
            "en_US",
            json!({"keyword": "fleece"}),
        )
        .await
        .1;
    assert_eq!(
        english_page["data"]["list"][0]["title"],
        "Fleece hooded sweatshirt"
    );

    // Nothing found.
    for nothing in ["蕾丝吊带", "zzqx", "!!!", "WY-2301x"] {
        let page = search(app, json!({"keyword": nothing})).await;
        assert_eq!(
            (page["total"].as_i64(), ids(&page).len()),
            (Some(0), 0),
            "{nothing}"
        );
    }

    // A keyword with the list's filters and sorts: the totals are of what the filter keeps.
    let cheap = search(
        app,
        json!({"keyword": "卫衣", "price_max": "60", "sort": "price_asc", "pagesize": 100}),
    )
    .await;
    let prices: Vec<f64> = cheap["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["price"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(
        prices.iter().all(|p| *p <= 60.0) && prices.windows(2).all(|w| w[0] <= w[1]),
        "{prices:?}"
    );
    assert_eq!(cheap["total"].as_u64(), Some(prices.len() as u64));
    let in_stall = search(
        app,
        json!({"keyword": "白", "stall_id": made.stall, "pagesize": 100}),
    )
    .await;
    let stall_ids: HashSet<String> = ids(&in_stall).into_iter().collect();
    assert!(stall_ids.contains(&hoodie) && stall_ids.contains(&tee));
    let (stall_total, _) = every_page(app, json!({"keyword": "白", "stall_id": made.stall})).await;
    assert_eq!(stall_total as usize, stall_ids.len());

    // Too long, or a control character: refused by name, on both calls.
    for path in ["product/lists", "product/suggest"] {
        for (bad, msg) in [
            ("长".repeat(51), "keyword is too long: at most 50 characters"),
            (
                "卫\u{0007}衣".to_string(),
                "keyword contains control characters, which are not allowed",
            ),
        ] {
            let (status, reply) = app
                .post_lang(&format!("{U}/{path}"), "en_US", json!({"keyword": bad}))
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
            assert_eq!(reply["msg"], msg);
        }
    }
}

async fn search_follows_the_shelf_and_edits_at_once(app: &TestApp) {
    app.seed(20).await;
    let made = Made::new(app).await;
    let id = made
        .save(
            app,
            None,
            "JX-77",
            "加绒连帽卫衣",
            "Fleece hooded sweatshirt",
            ("白色", "White"),
        )
        .await;
    assert_eq!(ids(&search(app, json!({"keyword": "连帽"})).await), [id.as_str()]);

    made.shelve(app, &id, false).await;
    for word in ["连帽", "JX-77", "fleece"] {
        assert_eq!(
            search(app, json!({"keyword": word})).await["total"],
            0,
            "off the shelf: {word}"
        );
    }
    made.shelve(app, &id, true).await;
    assert_eq!(
        ids(&search(app, json!({"keyword": "jx-77"})).await),
        [id.as_str()]
    );

    made.save(
        app,
        Some(&id),
        "JX-78",
        "真丝蕾丝吊带",
        "Silk lace camisole",
        ("白色", "White"),
    )
    .await;
    assert_eq!(
        ids(&search(app, json!({"keyword": "吊带"})).await),
        [id.as_str()],
        "the new title"
    );
    assert_eq!(
        ids(&search(app, json!({"keyword": "camisole"})).await),
        [id.as_str()]
    );
    assert_eq!(
        ids(&search(app, json!({"keyword": "JX-78"})).await),
        [id.as_str()]
    );
    for old in ["连帽", "fleece", "JX-77"] {
        assert_eq!(
            search(app, json!({"keyword": old})).await["total"],
            0,
            "the old words: {old}"
        );
    }

    // A stall renamed is found by its new name at once; a closed stall's products are not.
    let rename = json!({"id": made.stall, "market_id": stall_market(app, &made.stall).await,
                        "name": "蕾丝小铺", "floor": "1F", "number": "A1", "contact": "", "wechat": "",
                        "category_id": made.category});
    let owner = app.staff("13900001909", "owner", &[]).await;
    let (status, reply) = app.as_staff(&owner, "catalog/stalls/save", rename.clone()).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let by_stall = search(app, json!({"keyword": "小铺"})).await;
    assert!(ids(&by_stall).contains(&id), "{by_stall}");
    let mut closed = rename;
    closed["status"] = json!("closed");
    let (status, reply) = app.as_staff(&owner, "catalog/stalls/save", closed).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(search(app, json!({"keyword": "小铺"})).await["total"], 0);

    // `jpmall rebuild search` gives the same index as the writes kept.
    let before = index_rows(app).await;
    commands::catalog::search_index::rebuild(app.db(), &|_, _| {})
        .await
        .unwrap();
    assert_eq!(index_rows(app).await, before);
}

async fn stall_market(app: &TestApp, stall: &str) -> String {
    sqlx::query("SELECT market_id FROM stalls WHERE id = $1")
        .bind(stall)
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
        .get(0)
}

async fn index_rows(app: &TestApp) -> Vec<(String, i64, i64, String, String)> {
    sqlx::query(
        "SELECT term, rank, popularity, product_id, area_site_id FROM search_terms \
         ORDER BY product_id, term",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
    .collect()
}

async fn suggest(app: &TestApp, lang: &str, keyword: &str) -> Vec<(String, String)> {
    let (status, reply) = app
        .post_lang(&format!("{U}/product/suggest"), lang, json!({"keyword": keyword}))
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["data"]["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["text"].as_str().unwrap().to_string(),
                s["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

async fn suggestions_complete_names_and_pinyin_initials(app: &TestApp) {
    app.seed(MARKET).await;
    let wy = suggest(app, "zh_CN", "wy").await;
    assert_eq!(wy[0], ("卫衣".to_string(), "category".to_string()), "{wy:?}");
    let typed = suggest(app, "zh_CN", "卫").await;
    assert_eq!(
        typed[0],
        ("卫衣".to_string(), "category".to_string()),
        "{typed:?}"
    );
    assert!(
        typed
            .iter()
            .any(|(text, kind)| kind == "title" && text.contains("卫衣")),
        "titles of products found: {typed:?}"
    );
    assert!(typed.len() <= 10);
    let colour = suggest(app, "zh_CN", "黑").await;
    assert!(
        colour.contains(&("黑色".to_string(), "colour".to_string())),
        "{colour:?}"
    );
    let english = suggest(app, "en_US", "hood").await;
    assert!(
        english
            .iter()
            .all(|(text, _)| !text.chars().any(domain::search::is_han)),
        "nothing Chinese in English: {english:?}"
    );
    assert!(
        english
            .iter()
            .any(|(text, kind)| kind == "category" && text.starts_with("Hood")),
        "{english:?}"
    );
    assert!(suggest(app, "zh_CN", "").await.is_empty());
    assert!(suggest(app, "zh_CN", "zzqx").await.is_empty());
}
