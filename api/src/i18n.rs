//! Server messages in the request's `content-language`: zh_CN (default and fallback) and en_US.

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::http::HeaderMap;
pub use projections::sites::Language;

const ZH_CN: &str = include_str!("../messages/zh_CN.json");
const EN_US: &str = include_str!("../messages/en_US.json");

pub fn language_of(headers: &HeaderMap) -> Language {
    let value = headers
        .get("content-language")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if value.trim().to_ascii_lowercase().starts_with("en") {
        Language::EnUs
    } else {
        Language::ZhCn
    }
}

fn catalogue(lang: Language) -> &'static HashMap<String, String> {
    static ZH: OnceLock<HashMap<String, String>> = OnceLock::new();
    static EN: OnceLock<HashMap<String, String>> = OnceLock::new();
    let (cell, source) = match lang {
        Language::ZhCn => (&ZH, ZH_CN),
        Language::EnUs => (&EN, EN_US),
    };
    cell.get_or_init(|| serde_json::from_str(source).expect("message catalogues are valid JSON (tested)"))
}

/// The message for `key` with `{name}` placeholders filled; an unknown key falls back to Chinese and
/// then to the key itself, so a missing entry shows up instead of hiding the error.
pub fn message(lang: Language, key: &str, params: &[(&str, String)]) -> String {
    let template = catalogue(lang)
        .get(key)
        .or_else(|| catalogue(Language::ZhCn).get(key))
        .map(String::as_str)
        .unwrap_or(key);
    let text = params.iter().fold(template.to_string(), |text, (name, value)| {
        text.replace(&format!("{{{name}}}"), &param_label(lang, name, value))
    });
    // An English message is a sentence; one that opens with a field's or column's name (written
    // lower case to sit inside other sentences) gets its capital here.
    if lang == Language::EnUs && (template.starts_with("{field}") || template.starts_with("{column}")) {
        let mut chars = text.chars();
        return match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => text,
        };
    }
    text
}

/// Some parameters are codes (an order's `status`, the `action` refused); the catalogue names them
/// under `param.<name>.<code>`, and anything else is shown as it is.
fn param_label(lang: Language, name: &str, value: &str) -> String {
    let label = |value: &str| catalogue(lang).get(&format!("param.{name}.{value}")).cloned();
    // A field is named by its JSON path (`address.detail`, `lines[0].remark`); its last name is
    // what a person recognises.
    let leaf = || {
        let last = value.rsplit('.').next().unwrap_or(value);
        label(last.split('[').next().unwrap_or(last))
    };
    label(value)
        .or_else(|| if name == "field" { leaf() } else { None })
        .unwrap_or_else(|| value.to_string())
}

pub fn has_key(key: &str) -> bool {
    catalogue(Language::ZhCn).contains_key(key) && catalogue(Language::EnUs).contains_key(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogues_have_the_same_keys_and_no_empty_values() {
        let (zh, en) = (catalogue(Language::ZhCn), catalogue(Language::EnUs));
        let mut zh_keys: Vec<_> = zh.keys().collect();
        let mut en_keys: Vec<_> = en.keys().collect();
        zh_keys.sort();
        en_keys.sort();
        assert_eq!(zh_keys, en_keys);
        assert!(zh.values().chain(en.values()).all(|v| !v.trim().is_empty()));
    }

    #[test]
    fn placeholders_are_the_same_in_both_languages() {
        let names = |s: &str| {
            let mut v: Vec<String> = s
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(n, _)| n.to_string()))
                .collect();
            v.sort();
            v
        };
        for (key, zh) in catalogue(Language::ZhCn) {
            assert_eq!(names(zh), names(&catalogue(Language::EnUs)[key]), "{key}");
        }
    }

    #[test]
    fn reads_the_language_header() {
        let mut headers = HeaderMap::new();
        assert_eq!(language_of(&headers), Language::ZhCn);
        headers.insert("content-language", "en_US".parse().unwrap());
        assert_eq!(language_of(&headers), Language::EnUs);
        headers.insert("content-language", "fr_FR".parse().unwrap());
        assert_eq!(language_of(&headers), Language::ZhCn);
    }

    #[test]
    fn fills_placeholders() {
        let text = message(Language::EnUs, "sms.cooldown", &[("seconds", "42".into())]);
        assert_eq!(text, "Sent too often, please try again in 42 seconds.");
    }
}
