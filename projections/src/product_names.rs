//! Product titles, colours and sizes in the reader's language.
//!
//! Order lines, after-sales and notices keep the Chinese title and colour they were written with
//! (events are history and never rewritten). The Chinese names are the keys: a line shown in
//! English takes the product's English title and the English name of that colour from the
//! product's colours, at read time, so an order placed in Chinese reads in English too. A name
//! with no English (a product deleted since, a colour renamed) stays as it was stored.

use std::collections::HashMap;

use domain::variation::SIZES;
use serde_json::Value;
use sqlx::{AnyPool, Row};

use crate::sites::Language;

/// A size in `lang`.
pub fn size_in(size: &str, lang: Language) -> String {
    match lang {
        Language::EnUs => SIZES
            .iter()
            .find(|(zh, _)| *zh == size)
            .map(|(_, en)| en.to_string())
            .unwrap_or_else(|| size.to_string()),
        Language::ZhCn => size.to_string(),
    }
}

/// A colour's name in `lang`, from a product's colours (`products.colors`, `[{"zh", "en"}]`); a
/// SKU and a line store the Chinese name.
pub fn colour_in(colours_json: &str, colour: &str, lang: Language) -> String {
    if lang == Language::ZhCn {
        return colour.to_string();
    }
    let colours: Vec<Value> = serde_json::from_str(colours_json).unwrap_or_default();
    colours
        .iter()
        .find(|c| c.get("zh").and_then(Value::as_str) == Some(colour))
        .and_then(|c| c.get("en").and_then(Value::as_str))
        .filter(|en| !en.trim().is_empty())
        .unwrap_or(colour)
        .to_string()
}

/// The English title and colours of some products, read once for a page of lines.
#[derive(Debug)]
pub struct ProductNames {
    lang: Language,
    by_product: HashMap<String, (String, String)>,
}

/// Product ids per `IN (…)` list.
const IN_LIST: usize = 500;

impl ProductNames {
    /// The names of `product_ids` in `lang`; reads nothing for Chinese, the stored language.
    pub async fn load(pool: &AnyPool, lang: Language, product_ids: &[&str]) -> sqlx::Result<ProductNames> {
        let mut names = ProductNames {
            lang,
            by_product: HashMap::new(),
        };
        if lang == Language::ZhCn {
            return Ok(names);
        }
        let mut ids: Vec<&str> = product_ids.iter().copied().filter(|id| !id.is_empty()).collect();
        ids.sort_unstable();
        ids.dedup();
        for chunk in ids.chunks(IN_LIST) {
            let marks: Vec<String> = (1..=chunk.len()).map(|n| format!("${n}")).collect();
            let sql = format!(
                "SELECT id, title_en, colors FROM products WHERE id IN ({})",
                marks.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for id in chunk {
                query = query.bind(*id);
            }
            for row in query.fetch_all(pool).await? {
                names
                    .by_product
                    .insert(row.get("id"), (row.get("title_en"), row.get("colors")));
            }
        }
        Ok(names)
    }

    /// The title of `product_id` in the reader's language; `stored` when it has none.
    pub fn title(&self, product_id: &str, stored: &str) -> String {
        match self.by_product.get(product_id) {
            Some((en, _)) if self.lang == Language::EnUs && !en.trim().is_empty() => en.clone(),
            _ => stored.to_string(),
        }
    }

    /// The colour `stored` (its Chinese name) of `product_id` in the reader's language.
    pub fn colour(&self, product_id: &str, stored: &str) -> String {
        match self.by_product.get(product_id) {
            Some((_, colours)) => colour_in(colours, stored, self.lang),
            None => stored.to_string(),
        }
    }

    /// A size in the reader's language.
    pub fn size(&self, stored: &str) -> String {
        size_in(stored, self.lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_reads_in_english_by_its_chinese_name() {
        let colours = r#"[{"zh":"黑色","en":"Black"},{"zh":"杏色","en":""}]"#;
        assert_eq!(colour_in(colours, "黑色", Language::EnUs), "Black");
        assert_eq!(colour_in(colours, "黑色", Language::ZhCn), "黑色");
        // no English name: the stored one, rather than nothing
        assert_eq!(colour_in(colours, "杏色", Language::EnUs), "杏色");
        assert_eq!(colour_in(colours, "红色", Language::EnUs), "红色");
    }

    #[test]
    fn the_free_size_has_an_english_name_and_stall_sizes_stay() {
        assert_eq!(size_in("均码", Language::EnUs), "One size");
        assert_eq!(size_in("均码", Language::ZhCn), "均码");
        assert_eq!(size_in("XL", Language::EnUs), "XL");
    }
}
