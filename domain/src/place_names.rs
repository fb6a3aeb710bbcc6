//! The English (pinyin) of China's division names, for sellers who read no Chinese to pick a
//! province, city and district. The Chinese name stays what an address stores and a parcel
//! carries; this is only how the choice reads.

use pinyin::ToPinyin;

/// Names whose pinyin reading is not the characters' commonest, or whose English is not pinyin.
const OWN_NAMES: &[(&str, &str)] = &[
    ("内蒙古自治区", "Inner Mongolia"),
    ("西藏自治区", "Tibet"),
    ("香港特别行政区", "Hong Kong"),
    ("澳门特别行政区", "Macau"),
    ("陕西省", "Shaanxi"),
    ("重庆市", "Chongqing"),
    ("市辖区", "City districts"),
    ("县", "Counties"),
    ("省直辖县级行政区划", "County-level divisions"),
    ("自治区直辖县级行政区划", "County-level divisions"),
];

/// Readings of characters whose commonest reading is not the one place names use.
const PLACE_READINGS: &[(char, &str)] = &[
    ('重', "chong"),
    ('长', "chang"),
    ('厦', "xia"),
    ('六', "lu"),
    ('蚌', "beng"),
    ('莘', "shen"),
    ('番', "pan"),
    ('单', "shan"),
    ('乐', "le"),
    ('都', "du"),
    ('曲', "qu"),
    ('行', "xing"),
    ('干', "gan"),
    ('大', "da"),
];

/// Administrative endings, longest first, and their English.
const ENDINGS: &[(&str, &str)] = &[
    ("维吾尔自治区", ""),
    ("壮族自治区", ""),
    ("回族自治区", ""),
    ("自治区", ""),
    ("特别行政区", ""),
    ("自治州", " Autonomous Prefecture"),
    ("自治县", " Autonomous County"),
    ("自治旗", " Autonomous Banner"),
    ("林区", " Forestry District"),
    ("新区", " New Area"),
    ("地区", " Prefecture"),
    ("省", ""),
    ("市", ""),
    ("区", " District"),
    ("县", " County"),
    ("旗", " Banner"),
    ("盟", " League"),
];

/// `name` in English: pinyin of its stem, capitalised, with its ending in English
/// (`广东省` → `Guangdong`, `白云区` → `Baiyun District`).
pub fn english_place_name(name: &str) -> String {
    if let Some((_, own)) = OWN_NAMES.iter().find(|(zh, _)| *zh == name) {
        return own.to_string();
    }
    let (stem, ending) = ENDINGS
        .iter()
        .find_map(|(zh, en)| {
            name.strip_suffix(zh)
                .filter(|stem| stem.chars().count() >= 2 || (!stem.is_empty() && en.is_empty()))
                .map(|stem| (stem, *en))
        })
        .unwrap_or((name, ""));
    let mut spelled = String::new();
    for c in stem.chars() {
        let reading = PLACE_READINGS
            .iter()
            .find(|(han, _)| *han == c)
            .map(|(_, r)| *r)
            .or_else(|| c.to_pinyin().map(|p| p.plain()));
        match reading {
            Some(r) => spelled.push_str(r),
            None => spelled.push(c),
        }
    }
    let mut chars = spelled.chars();
    let capitalised = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
        None => String::new(),
    };
    format!("{capitalised}{ending}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provinces_cities_and_districts_read_in_pinyin_with_english_endings() {
        assert_eq!(english_place_name("广东省"), "Guangdong");
        assert_eq!(english_place_name("广州市"), "Guangzhou");
        assert_eq!(english_place_name("白云区"), "Baiyun District");
        assert_eq!(english_place_name("广西壮族自治区"), "Guangxi");
        assert_eq!(english_place_name("重庆市"), "Chongqing");
        assert_eq!(english_place_name("长沙市"), "Changsha");
        assert_eq!(english_place_name("厦门市"), "Xiamen");
        assert_eq!(
            english_place_name("延边朝鲜族自治州"),
            "Yanbianchaoxianzu Autonomous Prefecture"
        );
        assert_eq!(english_place_name("正定县"), "Zhengding County");
    }

    #[test]
    fn nothing_han_is_left_in_any_name() {
        for name in ["市辖区", "县", "和平区", "东区", "城区", "郊区", "矿区"] {
            let english = english_place_name(name);
            assert!(
                !english.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{name} → {english}"
            );
        }
    }
}
