//! Sites, area sites and site documents (reference data).

use serde::Serialize;
use sqlx::{AnyPool, Row};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    ZhCn,
    EnUs,
}

impl Language {
    pub fn code(self) -> &'static str {
        match self {
            Language::ZhCn => "zh_CN",
            Language::EnUs => "en_US",
        }
    }

    fn pick<'a>(self, zh: &'a str, en: &'a str) -> &'a str {
        match self {
            Language::ZhCn => zh,
            Language::EnUs => en,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ServiceContacts {
    pub qq: String,
    pub wechat: String,
    pub phone: String,
    pub hours: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SiteInfo {
    pub site: String,
    pub name: String,
    pub logo: String,
    pub default_language: String,
    pub service: ServiceContacts,
}

/// The site by code; an empty code means the default site.
pub async fn site_info(pool: &AnyPool, code: &str, lang: Language) -> sqlx::Result<Option<SiteInfo>> {
    let row = sqlx::query(
        "SELECT code, name_zh, name_en, logo, default_language, service_qq, service_wechat, service_phone, \
         hours_zh, hours_en FROM sites WHERE ($1 = '' AND is_default = TRUE) OR code = $1",
    )
    .bind(code.trim())
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| SiteInfo {
        site: r.get("code"),
        name: lang
            .pick(&r.get::<String, _>("name_zh"), &r.get::<String, _>("name_en"))
            .to_string(),
        logo: r.get("logo"),
        default_language: r.get("default_language"),
        service: ServiceContacts {
            qq: r.get("service_qq"),
            wechat: r.get("service_wechat"),
            phone: r.get("service_phone"),
            hours: lang
                .pick(&r.get::<String, _>("hours_zh"), &r.get::<String, _>("hours_en"))
                .to_string(),
        },
    }))
}

#[derive(Debug, Clone, Serialize)]
pub struct AreaSite {
    pub id: String,
    pub name: String,
}

pub async fn area_sites(pool: &AnyPool, lang: Language) -> sqlx::Result<Vec<AreaSite>> {
    let rows = sqlx::query("SELECT id, name_zh, name_en FROM area_sites ORDER BY sort, id")
        .fetch_all(pool)
        .await?;
    Ok(rows
        .iter()
        .map(|r| AreaSite {
            id: r.get("id"),
            name: lang
                .pick(&r.get::<String, _>("name_zh"), &r.get::<String, _>("name_en"))
                .to_string(),
        })
        .collect())
}

pub async fn area_site_exists(pool: &AnyPool, id: &str) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT 1 FROM area_sites WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?
        .is_some())
}

#[derive(Debug, Clone, Serialize)]
pub struct Document {
    pub title: String,
    pub content: String,
}

/// A site document in the language asked, falling back to Chinese.
pub async fn document(pool: &AnyPool, slug: &str, lang: Language) -> sqlx::Result<Option<Document>> {
    let row = sqlx::query(
        "SELECT title, content FROM documents WHERE slug = $1 AND language IN ($2, 'zh_CN') \
         ORDER BY CASE WHEN language = $2 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(slug)
    .bind(lang.code())
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| Document {
        title: r.get("title"),
        content: r.get("content"),
    }))
}
