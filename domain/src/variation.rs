//! A platform's spec text read as a colour and a size, and the rule that a colour or size written in
//! either language is the same one.
//!
//! Platforms write a variant's spec their own way: 抖店 `粉色;M` and its long form
//! `颜色分类:雾霾蓝;尺码:L`, Shopee `Pink,M`, TikTok `Pink, M`, a seller's sheet `Pink M`. Links and
//! batch rows compare the parts, never the raw text, so the same SKU is found whichever form a file
//! uses and whichever language the reader has chosen.

/// The English of the sizes the product itself names; any other size is the stall's own label
/// ("S", "110", "26") and reads the same in both languages.
pub const SIZES: &[(&str, &str)] = &[
    ("均码", "One size"),
    ("大码", "Plus size"),
    ("加大码", "Extra plus size"),
];

/// What else platforms call a one-size item, beside [`SIZES`]' English.
const ONE_SIZE_ALIASES: &[&str] = &[
    "free size",
    "freesize",
    "free",
    "f",
    "one-size",
    "onesize",
    "均码",
];

const COLOUR_LABELS: &[&str] = &[
    "颜色分类",
    "颜色",
    "顏色",
    "色彩",
    "color",
    "colour",
    "colors",
    "colours",
];
const SIZE_LABELS: &[&str] = &["尺码", "尺寸", "码数", "码", "size", "sizes"];

/// A spec's colour and size, each trimmed; either may be empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spec {
    pub colour: String,
    pub size: String,
}

impl Spec {
    /// The canonical text of the spec: `colour;size` (the form 抖店 writes, so keys stored before
    /// specs were parsed, such as `黑色;L`, stay equal), or the one part there is.
    pub fn key(&self) -> String {
        match (self.colour.is_empty(), self.size.is_empty()) {
            (false, false) => format!("{};{}", self.colour, self.size),
            (false, true) => self.colour.clone(),
            (true, false) => self.size.clone(),
            (true, true) => String::new(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.colour.is_empty() && self.size.is_empty()
    }
}

enum Part {
    Colour(String),
    Size(String),
    Unlabelled(String),
}

/// A label (`颜色分类`, `Size`) and its value, split at the first `:` or `：`; a part without a known
/// label is unlabelled, whole.
fn labelled(part: &str) -> Part {
    if let Some((label, value)) = part.split_once([':', '：']) {
        let label = label.trim().to_lowercase();
        let value = value.trim().to_string();
        if COLOUR_LABELS.contains(&label.as_str()) {
            return Part::Colour(value);
        }
        if SIZE_LABELS.contains(&label.as_str()) {
            return Part::Size(value);
        }
        return Part::Unlabelled(value);
    }
    Part::Unlabelled(part.trim().to_string())
}

/// Whether a word reads as a garment size: letter sizes (`XS` to `5XL`), numbers (`110`, `26`,
/// `36.5`), and the named sizes in either language.
pub fn looks_like_size(word: &str) -> bool {
    let word = word.trim();
    if word.is_empty() {
        return false;
    }
    let upper = word.to_uppercase();
    let letters = upper.trim_start_matches(|c: char| c.is_ascii_digit());
    let letter_size = matches!(letters, "XS" | "S" | "M" | "L" | "XL" | "XXL" | "XXXL" | "XXS")
        && (letters.len() == upper.len() || letters.starts_with('X'));
    let number = word.chars().all(|c| c.is_ascii_digit() || c == '.') && word.len() <= 5;
    letter_size
        || number
        || SIZES
            .iter()
            .any(|(zh, en)| *zh == word || en.eq_ignore_ascii_case(word))
        || ONE_SIZE_ALIASES.contains(&word.to_lowercase().as_str())
}

/// Reads a spec text as written by any platform: parts split at `;`, `,`, `/` or `|` (either
/// width), each with an optional label; without separators, a last word that reads as a size
/// (`Pink M`, `Light blue XL`). Unlabelled parts are the colour then the size, unless the first
/// alone reads as a size (`M,Pink`).
pub fn parse_spec(text: &str) -> Spec {
    let text = text.trim();
    let mut parts: Vec<&str> = text
        .split([';', '；', ',', '，', '/', '|', '、'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() == 1 && !parts[0].contains([':', '：']) {
        if let Some((colour, size)) = parts[0].rsplit_once(char::is_whitespace) {
            if looks_like_size(size) && !colour.trim().is_empty() {
                parts = vec![colour.trim(), size.trim()];
            }
        }
    }
    let mut spec = Spec::default();
    let mut unlabelled: Vec<String> = Vec::new();
    for part in parts {
        match labelled(part) {
            Part::Colour(v) => spec.colour = v,
            Part::Size(v) => spec.size = v,
            Part::Unlabelled(v) => unlabelled.push(v),
        }
    }
    let size_at = |parts: &[String]| {
        parts
            .iter()
            .rposition(|v| looks_like_size(v))
            .unwrap_or(parts.len() - 1)
    };
    match (spec.colour.is_empty(), spec.size.is_empty()) {
        (true, true) if unlabelled.len() == 1 => {
            let value = unlabelled.remove(0);
            if looks_like_size(&value) {
                spec.size = value;
            } else {
                spec.colour = value;
            }
        }
        (_, true) if !unlabelled.is_empty() && (unlabelled.len() >= 2 || !spec.colour.is_empty()) => {
            spec.size = unlabelled.remove(size_at(&unlabelled));
        }
        _ => {}
    }
    // What is left (a style, a lining) is the colour's name when the colour has no label of its
    // own: `白色,加绒,L`. Beside a labelled colour it is a third dimension jpmall has not got.
    if spec.colour.is_empty() {
        spec.colour = unlabelled.join(" ");
    }
    spec
}

fn fold(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `wanted` names the colour whose Chinese name is `zh` and English name `en`, in either
/// language, ignoring case and spacing.
pub fn colour_matches(wanted: &str, zh: &str, en: &str) -> bool {
    let wanted = fold(wanted);
    !wanted.is_empty() && (wanted == fold(zh) || (!en.trim().is_empty() && wanted == fold(en)))
}

/// Whether `wanted` is the start of, or is within, the colour's name in either language: the
/// search as a seller types (`pin` finds Pink).
pub fn colour_contains(wanted: &str, zh: &str, en: &str) -> bool {
    let wanted = fold(wanted);
    wanted.is_empty() || fold(zh).contains(&wanted) || fold(en).contains(&wanted)
}

/// The name a stored size (Chinese for the named sizes) is compared by.
fn size_key(size: &str) -> String {
    let size = fold(size);
    if ONE_SIZE_ALIASES.contains(&size.as_str()) {
        return "均码".to_string();
    }
    SIZES
        .iter()
        .find(|(zh, en)| fold(zh) == size || fold(en) == size)
        .map(|(zh, _)| zh.to_string())
        .unwrap_or(size)
}

/// Whether `wanted` is the stored size `stored`: the same label in any case, or the same named size
/// in either language (`One size` is `均码`). `L` is never `XL`.
pub fn size_matches(wanted: &str, stored: &str) -> bool {
    let wanted = size_key(wanted);
    !wanted.is_empty() && wanted == size_key(stored)
}

/// A colour's English name from a product's colours as stored (`products.colors`,
/// `[{"zh": …, "en": …}]`); empty when the product gives none.
pub fn english_colour(colours_json: &str, zh: &str) -> String {
    let colours: Vec<serde_json::Value> = serde_json::from_str(colours_json).unwrap_or_default();
    colours
        .iter()
        .find(|c| c.get("zh").and_then(|v| v.as_str()) == Some(zh))
        .and_then(|c| c.get("en").and_then(|v| v.as_str()))
        .map(|en| en.trim().to_string())
        .unwrap_or_default()
}

/// One SKU of a product as a spec is matched against it.
#[derive(Debug, Clone, Copy)]
pub struct SkuNames<'a> {
    pub id: &'a str,
    pub colour_zh: &'a str,
    pub colour_en: &'a str,
    pub size: &'a str,
}

/// The one SKU of a product that `spec` names: the colour in either language and the size, a part
/// the spec leaves out matching any. `None` when no SKU or more than one fits, so a line whose spec
/// cannot be told apart is never guessed.
pub fn sku_for_spec<'a>(skus: &[SkuNames<'a>], spec: &Spec) -> Option<&'a str> {
    let mut fits = skus.iter().filter(|k| {
        (spec.colour.is_empty() || colour_matches(&spec.colour, k.colour_zh, k.colour_en))
            && (spec.size.is_empty() || size_matches(&spec.size, k.size))
    });
    let first = fits.next()?;
    fits.next().is_none().then_some(first.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(colour: &str, size: &str) -> Spec {
        Spec {
            colour: colour.into(),
            size: size.into(),
        }
    }

    #[test]
    fn every_platforms_spec_text_reads_as_its_colour_and_size() {
        for (text, want) in [
            ("粉色;M", spec("粉色", "M")),
            ("颜色分类:雾霾蓝;尺码:L", spec("雾霾蓝", "L")),
            ("颜色分类：雾霾蓝；尺码：L", spec("雾霾蓝", "L")),
            ("尺码:L;颜色分类:雾霾蓝", spec("雾霾蓝", "L")),
            ("Pink,M", spec("Pink", "M")),
            ("Pink, M", spec("Pink", "M")),
            ("Pink / M", spec("Pink", "M")),
            ("Pink M", spec("Pink", "M")),
            ("Light blue XL", spec("Light blue", "XL")),
            ("Color:Haze blue,Size:2XL", spec("Haze blue", "2XL")),
            ("M,Pink", spec("Pink", "M")),
            ("黑色", spec("黑色", "")),
            ("Haze blue", spec("Haze blue", "")),
            ("XL", spec("", "XL")),
            ("  ", spec("", "")),
            ("白色,加绒,L", spec("白色 加绒", "L")),
            ("款式:长袖;尺码:M", spec("长袖", "M")),
        ] {
            assert_eq!(parse_spec(text), want, "{text}");
        }
    }

    #[test]
    fn a_spec_key_is_the_form_links_were_stored_with() {
        assert_eq!(parse_spec("黑色;L").key(), "黑色;L");
        assert_eq!(parse_spec("颜色分类:黑色;尺码:L").key(), "黑色;L");
        assert_eq!(parse_spec("Pink, M").key(), "Pink;M");
        assert_eq!(parse_spec("黑色").key(), "黑色");
        assert_eq!(parse_spec("").key(), "");
    }

    #[test]
    fn a_colour_is_found_by_either_name_and_a_size_only_by_its_own() {
        assert!(colour_matches("Pink", "粉色", "Pink"));
        assert!(colour_matches("pink", "粉色", "Pink"));
        assert!(colour_matches("粉色", "粉色", "Pink"));
        assert!(colour_matches("haze  blue", "雾霾蓝", "Haze blue"));
        assert!(!colour_matches("Pin", "粉色", "Pink"));
        assert!(!colour_matches("", "粉色", ""));
        assert!(colour_contains("pin", "粉色", "Pink"));
        assert!(colour_contains("霾", "雾霾蓝", "Haze blue"));
        assert!(!colour_contains("red", "粉色", "Pink"));

        assert!(size_matches("l", "L"));
        assert!(!size_matches("L", "XL"));
        assert!(!size_matches("XL", "XXL"));
        assert!(size_matches("One size", "均码"));
        assert!(size_matches("Free Size", "均码"));
        assert!(size_matches("Plus size", "大码"));
        assert!(!size_matches("", ""));
    }

    #[test]
    fn sizes_are_recognised_as_sizes_and_colours_are_not() {
        for size in [
            "S",
            "m",
            "XL",
            "XXL",
            "2XL",
            "5xl",
            "110",
            "36.5",
            "均码",
            "One size",
            "Free Size",
        ] {
            assert!(looks_like_size(size), "{size}");
        }
        for colour in ["Pink", "粉色", "blue", "Light", "X", "LL", "XLX"] {
            assert!(!looks_like_size(colour), "{colour}");
        }
    }

    #[test]
    fn a_spec_names_one_sku_of_a_product_or_none() {
        let skus = [
            SkuNames {
                id: "pm",
                colour_zh: "粉色",
                colour_en: "Pink",
                size: "M",
            },
            SkuNames {
                id: "pl",
                colour_zh: "粉色",
                colour_en: "Pink",
                size: "L",
            },
            SkuNames {
                id: "vl",
                colour_zh: "紫色",
                colour_en: "Purple",
                size: "L",
            },
            SkuNames {
                id: "hxl",
                colour_zh: "雾霾蓝",
                colour_en: "Haze blue",
                size: "XL",
            },
        ];
        assert_eq!(sku_for_spec(&skus, &parse_spec("粉色;M")), Some("pm"));
        assert_eq!(sku_for_spec(&skus, &parse_spec("Pink,L")), Some("pl"));
        assert_eq!(
            sku_for_spec(&skus, &parse_spec("颜色分类:紫色;尺码:L")),
            Some("vl")
        );
        assert_eq!(
            sku_for_spec(&skus, &parse_spec("紫色")),
            Some("vl"),
            "one size of the colour"
        );
        assert_eq!(
            sku_for_spec(&skus, &parse_spec("Haze blue L")),
            None,
            "L is not XL"
        );
        assert_eq!(
            sku_for_spec(&skus, &parse_spec("粉色")),
            None,
            "two sizes: not guessed"
        );
        assert_eq!(sku_for_spec(&skus, &parse_spec("黑色;M")), None);
        assert_eq!(english_colour(r#"[{"zh":"粉色","en":"Pink"}]"#, "粉色"), "Pink");
        assert_eq!(english_colour("not json", "粉色"), "");
    }
}
