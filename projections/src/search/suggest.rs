//! Suggestions as a seller types: the market's names that hold what was typed, or whose pinyin
//! initials begin with it (`wy` → 卫衣), then the titles of the best matching products.
//!
//! The names (categories, stalls and colours that some product on the shelf has) are a few
//! hundred: they are held in memory and matched there, refreshed in the background once they
//! are older than [`FRESH_FOR`] or the catalogue changed, so typing never waits on gathering them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use domain::search::{initials, normalise};
use serde::Serialize;
use sqlx::{AnyPool, Row};

use crate::catalog::{conditions, ListTotals, Over, ProductFilter, Sort};
use crate::sites::Language;

/// Most suggestions answered.
pub const MAX_SUGGESTIONS: usize = 10;
/// Most of them that are product titles.
const MAX_TITLES: usize = 3;
/// How long gathered names are used before they are gathered again.
const FRESH_FOR: Duration = Duration::from_secs(60);

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Category,
    Colour,
    Stall,
    Title,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    pub text: String,
    pub kind: Kind,
}

#[derive(Debug, Clone)]
struct Name {
    kind: Kind,
    zh: String,
    en: String,
    /// Both names as the index compares them, and the pinyin initials of the Chinese one.
    zh_key: String,
    en_key: String,
    initials: String,
}

impl Name {
    fn new(kind: Kind, zh: &str, en: &str) -> Self {
        Self {
            kind,
            zh_key: normalise(zh),
            en_key: normalise(en),
            initials: initials(zh),
            zh: zh.to_string(),
            en: en.to_string(),
        }
    }

    /// How well the name matches `typed` (normalised), lower better, or `None`: a name that
    /// begins with it, then one whose initials do, then one that holds it.
    fn closeness(&self, typed: &str) -> Option<u8> {
        let letters = typed.chars().all(|c| c.is_ascii_alphabetic());
        if self.zh_key.starts_with(typed) || self.en_key.starts_with(typed) {
            Some(0)
        } else if letters && !self.initials.is_empty() && self.initials.starts_with(typed) {
            Some(1)
        } else if self.zh_key.contains(typed) || self.en_key.contains(typed) {
            Some(2)
        } else {
            None
        }
    }
}

#[derive(Default)]
struct Gathered {
    names: Arc<Vec<Name>>,
    at: Option<Instant>,
}

/// The market's names, per server.
#[derive(Default)]
pub struct Vocabulary {
    gathered: Arc<RwLock<Gathered>>,
    gathering: Arc<AtomicBool>,
}

impl Vocabulary {
    /// The catalogue changed: the names are gathered again at the next suggestion.
    pub fn invalidate(&self) {
        self.gathered.write().unwrap_or_else(|p| p.into_inner()).at = None;
    }

    async fn names(&self, pool: &AnyPool) -> sqlx::Result<Arc<Vec<Name>>> {
        let (names, at) = {
            let gathered = self.gathered.read().unwrap_or_else(|p| p.into_inner());
            (gathered.names.clone(), gathered.at)
        };
        if at.is_some_and(|at| at.elapsed() < FRESH_FOR) {
            return Ok(names);
        }
        let first = names.is_empty() && at.is_none();
        if first {
            let fresh = Arc::new(gather(pool).await?);
            *self.gathered.write().unwrap_or_else(|p| p.into_inner()) = Gathered {
                names: fresh.clone(),
                at: Some(Instant::now()),
            };
            return Ok(fresh);
        }
        if !self.gathering.swap(true, Ordering::AcqRel) {
            let (pool, gathered, gathering) = (pool.clone(), self.gathered.clone(), self.gathering.clone());
            tokio::spawn(async move {
                match gather(&pool).await {
                    Ok(fresh) => {
                        *gathered.write().unwrap_or_else(|p| p.into_inner()) = Gathered {
                            names: Arc::new(fresh),
                            at: Some(Instant::now()),
                        };
                    }
                    Err(e) => tracing::warn!("gathering the names suggested: {e}"),
                }
                gathering.store(false, Ordering::Release);
            });
        }
        Ok(names)
    }
}

/// The names of categories, stalls and colours that some product on the shelf has.
async fn gather(pool: &AnyPool) -> sqlx::Result<Vec<Name>> {
    let mut names = Vec::new();
    for row in sqlx::query(
        "SELECT c.name_zh, c.name_en FROM categories c WHERE EXISTS \
         (SELECT 1 FROM products p JOIN categories l ON l.id = p.category_id \
          WHERE p.on_shelf = 1 AND (l.id = c.id OR l.parent_id = c.id))",
    )
    .fetch_all(pool)
    .await?
    {
        names.push(Name::new(
            Kind::Category,
            &row.get::<String, _>("name_zh"),
            &row.get::<String, _>("name_en"),
        ));
    }
    for row in sqlx::query(
        "SELECT s.name FROM stalls s WHERE EXISTS (SELECT 1 FROM products p WHERE p.stall_id = s.id AND p.on_shelf = 1)",
    )
    .fetch_all(pool)
    .await?
    {
        let name: String = row.get("name");
        names.push(Name::new(Kind::Stall, &name, &name));
    }
    let mut colours = std::collections::BTreeSet::new();
    for row in sqlx::query("SELECT DISTINCT colors FROM products WHERE on_shelf = 1")
        .fetch_all(pool)
        .await?
    {
        let list: Vec<serde_json::Value> =
            serde_json::from_str(&row.get::<String, _>("colors")).unwrap_or_default();
        for colour in list {
            let zh = colour.get("zh").and_then(|v| v.as_str()).unwrap_or_default();
            let en = colour.get("en").and_then(|v| v.as_str()).unwrap_or(zh);
            if !zh.is_empty() {
                colours.insert((zh.to_string(), en.to_string()));
            }
        }
    }
    for (zh, en) in colours {
        names.push(Name::new(Kind::Colour, &zh, &en));
    }
    Ok(names)
}

/// Names matching `typed`, best first, in `lang`, each text once.
fn matching_names(names: &[Name], typed: &str, lang: Language) -> Vec<Suggestion> {
    let mut found: Vec<(u8, Kind, usize, &Name)> = names
        .iter()
        .filter_map(|name| {
            let shown = if lang == Language::EnUs {
                &name.en
            } else {
                &name.zh
            };
            name.closeness(typed)
                .map(|closeness| (closeness, name.kind, shown.chars().count(), name))
        })
        .collect();
    found.sort_by(|a, b| (a.0, a.1, a.2).cmp(&(b.0, b.1, b.2)).then(a.3.zh.cmp(&b.3.zh)));
    let mut suggestions: Vec<Suggestion> = Vec::new();
    for (_, kind, _, name) in found {
        let text = if lang == Language::EnUs {
            &name.en
        } else {
            &name.zh
        };
        if !suggestions.iter().any(|s| &s.text == text) {
            suggestions.push(Suggestion {
                text: text.clone(),
                kind,
            });
        }
    }
    suggestions
}

/// What to suggest for `keyword` in the area site (`""`: all).
pub async fn suggest(
    pool: &AnyPool,
    vocabulary: &Vocabulary,
    totals: &ListTotals,
    keyword: &str,
    area_site: &str,
    lang: Language,
) -> sqlx::Result<Vec<Suggestion>> {
    let typed = normalise(keyword.trim());
    if typed.is_empty() {
        return Ok(Vec::new());
    }
    let names = vocabulary.names(pool).await?;
    let mut suggestions = matching_names(&names, &typed, lang);
    suggestions.truncate(MAX_SUGGESTIONS - MAX_TITLES);
    let site = ProductFilter {
        area_site: area_site.to_string(),
        ..ProductFilter::default()
    };
    let found = super::Found {
        filter: conditions(&site, Sort::Relevance, 0, Over::SearchTerms),
        sort: Sort::Relevance,
    };
    let (_, ids) = super::product_ids(pool, totals, &found, keyword, (1, MAX_TITLES as i64)).await?;
    for id in ids {
        let title: Option<String> = sqlx::query("SELECT title_zh, title_en FROM products WHERE id = $1")
            .bind(&id)
            .fetch_optional(pool)
            .await?
            .map(|r| {
                if lang == Language::EnUs {
                    r.get("title_en")
                } else {
                    r.get("title_zh")
                }
            });
        if let Some(text) = title.filter(|t| !suggestions.iter().any(|s| &s.text == t)) {
            suggestions.push(Suggestion {
                text,
                kind: Kind::Title,
            });
        }
    }
    suggestions.truncate(MAX_SUGGESTIONS);
    Ok(suggestions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<Name> {
        vec![
            Name::new(Kind::Category, "卫衣", "Hoodies"),
            Name::new(Kind::Category, "连衣裙", "Dresses"),
            Name::new(Kind::Colour, "白色", "White"),
            Name::new(Kind::Stall, "伊衣服饰", "伊衣服饰"),
            Name::new(Kind::Colour, "米白", "Off-white"),
        ]
    }

    #[test]
    fn initials_find_the_chinese_name() {
        let found = matching_names(&names(), "wy", Language::ZhCn);
        assert_eq!(
            found[0],
            Suggestion {
                text: "卫衣".into(),
                kind: Kind::Category
            }
        );
    }

    #[test]
    fn a_name_beginning_with_what_was_typed_comes_before_one_holding_it() {
        let found: Vec<String> = matching_names(&names(), "白", Language::ZhCn)
            .into_iter()
            .map(|s| s.text)
            .collect();
        assert_eq!(found, ["白色", "米白"]);
        let found: Vec<String> = matching_names(&names(), "衣", Language::ZhCn)
            .into_iter()
            .map(|s| s.text)
            .collect();
        assert_eq!(found, ["卫衣", "连衣裙", "伊衣服饰"], "categories before stalls");
    }

    #[test]
    fn english_shows_english_names() {
        let found = matching_names(&names(), "ho", Language::EnUs);
        assert_eq!(
            found,
            [Suggestion {
                text: "Hoodies".into(),
                kind: Kind::Category
            }]
        );
        let found: Vec<String> = matching_names(&names(), "white", Language::EnUs)
            .into_iter()
            .map(|s| s.text)
            .collect();
        assert_eq!(found, ["White", "Off-white"]);
    }
}
