//! The rules every piece of text a client sends must pass before anything else looks at it: a
//! length limit per field and no control characters. They are checked at the edge (the request
//! extractors), so a NUL that PostgreSQL would refuse half-way through a command never gets in, and a
//! 100,000-character filter never reaches a query.

/// Fields whose values may span lines (a remark, a reason, a notice's content).
const MULTILINE: &[&str] = &[
    "remark",
    "remark_template",
    "reason",
    "resolution",
    "content",
    "content_en",
    "description",
    "comment",
];

/// The longest value, in characters, a field takes; fields not named take [`DEFAULT_MAX_CHARS`].
const LIMITS: &[(&str, usize)] = &[
    // RSA-2048 ciphertext in base64 is 344 characters.
    ("password", 1024),
    ("repassword", 1024),
    ("oldpassword", 1024),
    ("newpassword", 1024),
    ("content", 20_000),
    ("content_en", 20_000),
    ("description", 2_000),
    ("remark", 1_000),
    ("remark_template", 1_000),
    ("reason", 1_000),
    ("resolution", 1_000),
    ("comment", 1_000),
    ("images", 500),
    ("image", 500),
    ("avatar", 500),
    ("label_file", 500),
    ("url", 500),
    ("request_id", 64),
    ("order_no", 32),
    ("source_order_no", 64),
    ("tracking_no", 64),
    ("keyword", 50),
    ("mobile", 20),
    ("phone", 30),
    ("code", 16),
    ("captcha", 16),
    ("item_no", 64),
    // A platform's names for an item and its variant (`domain::platform_export`): titles run long.
    ("item_key", 300),
    ("sku_key", 300),
];

/// Every other text field: names, ids, codes, filters, address lines.
pub const DEFAULT_MAX_CHARS: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextFault {
    TooLong { max: usize },
    ControlCharacter,
}

/// The limit of a field, by the last name in its path (`lines[0].sku_id` → `sku_id`).
pub fn max_chars(field: &str) -> usize {
    let leaf = leaf_name(field);
    LIMITS
        .iter()
        .find(|(name, _)| *name == leaf)
        .map_or(DEFAULT_MAX_CHARS, |(_, max)| *max)
}

fn leaf_name(field: &str) -> &str {
    let last = field.rsplit('.').next().unwrap_or(field);
    last.split('[').next().unwrap_or(last)
}

fn allowed_control(c: char, multiline: bool) -> bool {
    multiline && matches!(c, '\n' | '\r' | '\t')
}

/// Checks one value of the field named by `field` (a JSON path or a query parameter's name).
pub fn check(field: &str, value: &str) -> Result<(), TextFault> {
    let multiline = MULTILINE.contains(&leaf_name(field));
    if value
        .chars()
        .any(|c| c.is_control() && !allowed_control(c, multiline))
    {
        return Err(TextFault::ControlCharacter);
    }
    let max = max_chars(field);
    // Counting stops past the limit, so a huge value costs no more than a long one.
    if value.chars().take(max + 1).count() > max {
        return Err(TextFault::TooLong { max });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_refused_except_line_breaks_in_multiline_fields() {
        assert_eq!(check("recipient", "张\u{0}三"), Err(TextFault::ControlCharacter));
        assert_eq!(
            check("address.detail", "路\n1号"),
            Err(TextFault::ControlCharacter)
        );
        assert_eq!(check("remark", "a\u{7f}"), Err(TextFault::ControlCharacter));
        assert_eq!(check("remark", "a\u{85}"), Err(TextFault::ControlCharacter));
        assert_eq!(check("remark", "a\u{0}"), Err(TextFault::ControlCharacter));
        assert_eq!(check("remark", "第一行\r\n第二行\t"), Ok(()));
        assert_eq!(check("lines[2].remark", "a\nb"), Ok(()));
        assert_eq!(check("recipient", "张三 Zhang"), Ok(()));
    }

    #[test]
    fn every_field_has_a_limit() {
        assert_eq!(max_chars("recipient"), DEFAULT_MAX_CHARS);
        assert_eq!(max_chars("order_no"), 32);
        assert_eq!(max_chars("address.detail"), DEFAULT_MAX_CHARS);
        assert_eq!(max_chars("images[3]"), 500);
        assert_eq!(check("order_no", &"1".repeat(32)), Ok(()));
        assert_eq!(
            check("order_no", &"1".repeat(33)),
            Err(TextFault::TooLong { max: 32 })
        );
        assert_eq!(
            check("keyword", &"卫".repeat(100_000)),
            Err(TextFault::TooLong { max: 50 })
        );
        // Characters, not bytes: fifty Chinese characters are a valid keyword.
        assert_eq!(check("keyword", &"卫".repeat(50)), Ok(()));
    }
}
