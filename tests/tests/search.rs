//! Keyword search as a seller uses it: two-character and one-character Chinese, item numbers
//! exact and by their beginning, English words, mixed queries, nothing found; what is off the
//! shelf never found; a product edited found by its new words at once; relevance, filters, sorts
//! and totals; suggestions by text and by pinyin initials; keywords in full pinyin or initials.

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
    every_filter_and_sort_keeps_to_what_the_keyword_finds,
    pinyin_and_initials_find_what_titles_stalls_and_categories_read,
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
        "SELECT p.id, p.item_no, p.title_zh, p.title_en, s.name AS stall_name, \
         c.name_zh AS category_zh, c.name_en AS category_en, \
         COALESCE(pc.name_zh, '') AS parent_zh, COALESCE(pc.name_en, '') AS parent_en, p.colors \
         FROM products p JOIN stalls s ON s.id = p.stall_id JOIN categories c ON c.id = p.category_id \
         LEFT JOIN categories pc ON pc.id = c.parent_id WHERE p.on_shelf = 1",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap();
    rows.iter()
        .map(|r| {
            let others: Vec<String> = [
                "stall_name",
                "category_zh",
                "category_en",
                "parent_zh",
                "parent_en",
                "colors",
            ]
            .into_iter()
            .map(|column| r.get::<String, _>(column))
            .collect();
            (
                r.get::<String, _>("id"),
                r.get::<String, _>("title_zh").to_lowercase()
                    + " "
                    + &r.get::<String, _>("title_en").to_lowercase(),
                r.get::<String, _>("item_no").to_lowercase() + " " + &others.join(" ").to_lowercase(),
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
            stall: row.get("stall_id"),
            category: row.get("category_id"),
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
        let body = self.body(id, item_no, zh, en, colour, ("59.00", false));
        self.save_body(app, body).await
    }

    /// A product's save request; `(price, hot)` as staff type them.
    #[allow(clippy::too_many_arguments)]
    fn body(
        &self,
        id: Option<&str>,
        item_no: &str,
        zh: &str,
        en: &str,
        colour: (&str, &str),
        (price, hot): (&str, bool),
    ) -> Value {
        let mut body = json!({"item_no": item_no, "title_zh": zh, "title_en": en,
               "category_id": self.category, "stall_id": self.stall, "price": price,
               "colours": [{"name_zh": colour.0, "name_en": colour.1}],
               "sizes": ["M"], "skus": [{"color": colour.0, "size": "M", "stock": 10}],
               "main_pictures": [self.picture["url"]], "detail_pictures": [],
               "is_hot": hot, "is_sea": false});
        if let Some(id) = id {
            body["id"] = json!(id);
        }
        body
    }

    /// Saves a product's request and puts it on the shelf; answers its id.
    async fn save_body(&self, app: &TestApp, body: Value) -> String {
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
    let seeded: String = sqlx::query_scalar("SELECT item_no FROM products WHERE id = $1")
        .bind(commands::catalog::seed::product_id(7))
        .fetch_one(&app.db().pool)
        .await
        .unwrap();
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
            ("长".repeat(51), "Keyword is too long: at most 50 characters."),
            (
                "卫\u{0007}衣".to_string(),
                "Keyword contains control characters, which are not allowed.",
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
    sqlx::query_scalar("SELECT market_id FROM stalls WHERE id = $1")
        .bind(stall)
        .fetch_one(&app.db().pool)
        .await
        .unwrap()
}

/// Every index row: its term, product and the columns the lists filter and sort by.
async fn index_rows(app: &TestApp) -> Vec<(String, String, Vec<i64>, Vec<String>)> {
    sqlx::query(
        "SELECT term, product_id, rank, popularity, price, sales, shelf_at, is_hot, is_sea, \
         area_site_id, stall_id, category_id FROM search_terms ORDER BY product_id, term",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|r| {
        (
            r.get("term"),
            r.get("product_id"),
            [
                "rank",
                "popularity",
                "price",
                "sales",
                "shelf_at",
                "is_hot",
                "is_sea",
            ]
            .into_iter()
            .map(|column| r.get(column))
            .collect(),
            ["area_site_id", "stall_id", "category_id"]
                .into_iter()
                .map(|column| r.get(column))
                .collect(),
        )
    })
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

/// Under every filter and sort of the lists, a keyword finds exactly the products it finds alone
/// that the filter keeps, in the order the sort gives them without a keyword; after a product's
/// price, flags and shelf date change, at once.
async fn every_filter_and_sort_keeps_to_what_the_keyword_finds(app: &TestApp) {
    app.seed(MARKET).await;
    let pool = &app.db().pool;
    let (parent, stall): (String, String) = (
        sqlx::query_scalar("SELECT parent_id FROM categories WHERE parent_id IS NOT NULL LIMIT 1")
            .fetch_one(pool)
            .await
            .unwrap(),
        sqlx::query_scalar("SELECT stall_id FROM products GROUP BY stall_id ORDER BY COUNT(*) DESC LIMIT 1")
            .fetch_one(pool)
            .await
            .unwrap(),
    );
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let new_since = (now - projections::catalog::NEW_ARRIVAL_SECONDS + 3_599).div_euclid(3_600) * 3_600;
    // (the filter asked, the same filter in SQL over `p`)
    let filters = [
        (json!({}), "TRUE".to_string()),
        (json!({"scene": "hot"}), "p.is_hot = TRUE".to_string()),
        (json!({"scene": "sea"}), "p.is_sea = TRUE".to_string()),
        (json!({"scene": "new"}), format!("p.shelf_at >= {new_since}")),
        (
            json!({"category_id": parent}),
            format!(
                "p.category_id IN (SELECT id FROM categories WHERE id = '{parent}' OR parent_id = '{parent}')"
            ),
        ),
        (json!({"stall_id": stall}), format!("p.stall_id = '{stall}'")),
        (
            json!({"price_min": "40", "price_max": "80"}),
            "p.price BETWEEN 4000 AND 8000".to_string(),
        ),
    ];
    let sorts = [
        ("newest", "p.shelf_at DESC, p.id DESC"),
        ("popularity", "p.popularity DESC, p.id DESC"),
        ("price_asc", "p.price ASC, p.id ASC"),
        ("price_desc", "p.price DESC, p.id DESC"),
        ("sales", "p.sales DESC, p.id DESC"),
        ("relevance", ""),
    ];
    let check = |keyword: String| {
        let filters = filters.clone();
        async move {
            let keyword = keyword.as_str();
            let (_, alone) = every_page(app, json!({"keyword": keyword})).await;
            assert!(!alone.is_empty(), "{keyword} is in the market");
            let listed: Vec<String> = alone.iter().map(|id| format!("'{id}'")).collect();
            for (asked, sql) in &filters {
                for (sort, order) in sorts {
                    let mut body = asked.clone();
                    body["keyword"] = json!(keyword);
                    body["sort"] = json!(sort);
                    let (total, found) = every_page(app, body).await;
                    let expected: Vec<String> = sqlx::query(&format!(
                        "SELECT p.id FROM products p WHERE p.id IN ({}) AND {sql} ORDER BY {}",
                        listed.join(", "),
                        if order.is_empty() { "p.id" } else { order }
                    ))
                    .fetch_all(pool)
                    .await
                    .unwrap()
                    .iter()
                    .map(|r| r.get("id"))
                    .collect();
                    let what = format!("{keyword} {asked} {sort}");
                    assert_eq!(total as usize, expected.len(), "{what}");
                    if order.is_empty() {
                        let found: HashSet<_> = found.into_iter().collect();
                        assert_eq!(found, expected.into_iter().collect(), "{what}");
                    } else {
                        assert_eq!(found, expected, "{what}");
                    }
                }
            }
        }
    };
    // One term, a prefix of several terms, two words, and the first letter of the item numbers:
    // a prefix of more terms than SQLite walks one by one.
    let letter: String =
        sqlx::query_scalar("SELECT LOWER(SUBSTR(item_no, 1, 1)) FROM products ORDER BY id LIMIT 1")
            .fetch_one(pool)
            .await
            .unwrap();
    let terms: i64 =
        sqlx::query_scalar("SELECT COUNT(DISTINCT term) FROM search_terms WHERE term >= $1 AND term < $2")
            .bind(&letter)
            .bind(format!("{letter}\u{10FFFF}"))
            .fetch_one(pool)
            .await
            .unwrap();
    assert!(terms > 8, "{letter}: {terms} terms");
    for keyword in ["衣", "d", "黑色 dress", &letter] {
        check(keyword.to_string()).await;
    }

    // A product's price and flags changed by staff, and its shelf date by shelving it again: the
    // index's copies follow at once.
    let made = Made::new(app).await;
    let colour = ("白色", "White");
    let id = made
        .save(app, None, "HX-01", "加绒卫衣", "Fleece hoodie", colour)
        .await;
    let hot = json!({"keyword": "加绒卫衣", "scene": "hot"});
    assert!(!ids(&search(app, hot.clone()).await).contains(&id));
    let cheaper = made.body(
        Some(&id),
        "HX-01",
        "加绒卫衣",
        "Fleece hoodie",
        colour,
        ("0.01", true),
    );
    assert_eq!(made.save_body(app, cheaper).await, id);
    assert!(ids(&search(app, hot).await).contains(&id));
    let cheapest = search(app, json!({"keyword": "卫衣", "sort": "price_asc"})).await;
    assert_eq!(ids(&cheapest)[0], id, "the new price sorts it first");
    made.shelve(app, &id, false).await;
    made.shelve(app, &id, true).await;
    let newest = search(app, json!({"keyword": "卫衣", "sort": "newest"})).await;
    assert_eq!(ids(&newest)[0], id, "shelved again: the newest");
    check("衣".to_string()).await;
}

/// What each product on the shelf reads as in pinyin (`domain::search::reading_terms`): of its
/// Chinese title, and of its stall's and categories' names.
async fn shelf_readings(app: &TestApp) -> Vec<(String, HashSet<String>, HashSet<String>)> {
    use domain::search::{reading_terms, Field};
    let rows = sqlx::query(
        "SELECT p.id, p.title_zh, s.name AS stall_name, c.name_zh AS category_zh, \
         COALESCE(pc.name_zh, '') AS parent_zh \
         FROM products p JOIN stalls s ON s.id = p.stall_id JOIN categories c ON c.id = p.category_id \
         LEFT JOIN categories pc ON pc.id = c.parent_id WHERE p.on_shelf = 1",
    )
    .fetch_all(&app.db().pool)
    .await
    .unwrap();
    rows.iter()
        .map(|r| {
            let read = |columns: &[&str]| -> HashSet<String> {
                let mut terms = std::collections::BTreeSet::new();
                for column in columns {
                    reading_terms(&r.get::<String, _>(*column), Field::Title, &mut terms);
                }
                terms.into_iter().map(|(term, _)| term).collect()
            };
            (
                r.get("id"),
                read(&["title_zh"]),
                read(&["stall_name", "category_zh", "parent_zh"]),
            )
        })
        .collect()
}

/// A keyword in full pinyin (with or without spaces) or in initials finds every product whose
/// title, stall or categories read so and no other, titles first; a keyword found as typed is not
/// read; the rebuild indexes the same readings.
async fn pinyin_and_initials_find_what_titles_stalls_and_categories_read(app: &TestApp) {
    app.seed(MARKET).await;
    let made = Made::new(app).await;
    let hoodie = made
        .save(
            app,
            None,
            "PY-1",
            "加绒连帽卫衣",
            "Fleece hooded sweatshirt",
            ("白色", "White"),
        )
        .await;
    pinyin_finds(app, &hoodie).await;
    commands::catalog::search_index::rebuild(app.db(), &|_, _| {})
        .await
        .unwrap();
    pinyin_finds(app, &hoodie).await;
}

/// What [`pinyin_and_initials_find_what_titles_stalls_and_categories_read`] checks, of the index
/// as written and as rebuilt; `hoodie` is 加绒连帽卫衣.
async fn pinyin_finds(app: &TestApp, hoodie: &str) {
    let readings = shelf_readings(app).await;
    for (keyword, needs) in [
        ("weiyi", vec!["py:weiyi"]),
        ("wei yi", vec!["py:weiyi"]),
        ("WeiYi", vec!["py:weiyi"]),
        ("jiarong", vec!["py:jiarong"]),
        ("wy", vec!["pi:wy"]),
        ("jrlmwy", vec!["pi:jr", "pi:rl", "pi:lm", "pi:mw", "pi:wy"]),
    ] {
        let holds = |terms: &HashSet<String>| needs.iter().all(|n| terms.contains(*n));
        let expected: HashSet<String> = readings
            .iter()
            .filter(|(_, title, other)| {
                let all: HashSet<String> = title.union(other).cloned().collect();
                holds(&all)
            })
            .map(|(id, _, _)| id.clone())
            .collect();
        assert!(expected.contains(hoodie), "{keyword}");
        let (total, found) = every_page(app, json!({"keyword": keyword})).await;
        assert_eq!(total as usize, expected.len(), "{keyword}");
        assert_eq!(
            found.iter().cloned().collect::<HashSet<_>>(),
            expected,
            "{keyword}"
        );
        // Titles that read so before products found by their stall or category only.
        let by_title: Vec<bool> = found
            .iter()
            .map(|id| readings.iter().any(|(of, title, _)| of == id && holds(title)))
            .collect();
        assert!(
            by_title.windows(2).all(|w| w[0] >= w[1]),
            "{keyword}: {by_title:?}"
        );
    }
    // A word of Chinese and one of pinyin; the title's initials whole find it first.
    assert_eq!(
        ids(&search(app, json!({"keyword": "卫衣 jiarong"})).await),
        [hoodie]
    );
    assert_eq!(ids(&search(app, json!({"keyword": "jrlmwy"})).await)[0], hoodie);
    // Found as typed, not read: `swea` is the beginning of an English word.
    assert_eq!(ids(&search(app, json!({"keyword": "swea"})).await), [hoodie]);
}
