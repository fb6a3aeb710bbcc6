//! Text made safe for a cell of the tab-separated file: a tab would start the next column and a line
//! break the next product, so a title pasted with either would shift or split its row.

use std::borrow::Cow;

/// `text` on one line: every control character (tabs, line breaks, NUL) and the Unicode line and
/// paragraph separators become a space, and the ends are trimmed.
pub(super) fn one_line(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}');
    let text = text.trim_matches(|c: char| c.is_whitespace() || breaks(c));
    if text.contains(breaks) {
        Cow::Owned(text.chars().map(|c| if breaks(c) { ' ' } else { c }).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// Appends one cell. A cell with a double quote is quoted, its quotes doubled, the way 淘宝助理 and
/// the CSV reader 571xz reads packages with (opencsv) take it: unquoted, a quote in the middle of a
/// title would open a quoted run that swallows the tabs after it.
pub(super) fn push_cell(row: &mut String, text: &str) {
    let text = one_line(text);
    if text.contains('"') {
        push_quoted(row, &text);
    } else {
        row.push_str(&text);
    }
}

/// Appends one cell in double quotes, inner quotes doubled. The description is always written so,
/// as 571xz writes it: HTML is where a reader would most expect quoting.
pub(super) fn push_quoted(row: &mut String, text: &str) {
    let text = one_line(text);
    row.push('"');
    row.push_str(&text.replace('"', "\"\""));
    row.push('"');
}

/// A property value's name inside `propAlias` and `input_custom_cpv`, where `:` parts a value's
/// fields and `;` ends it: both are written in their full-width forms, which read the same to a
/// buyer.
pub(super) fn value_name(text: &str) -> String {
    one_line(text).replace(':', "：").replace(';', "；")
}

/// The description: each detail picture in its own paragraph, the way 淘宝助理 lays out pictures,
/// attributes in single quotes as 571xz writes them, so the cell needs no doubled quotes.
pub(super) fn description(detail_pictures: &[String]) -> String {
    let mut html = String::new();
    for url in detail_pictures {
        let url = url_in_attribute(url.trim());
        if url.is_empty() {
            continue;
        }
        html.push_str("<P><IMG src='");
        html.push_str(&url);
        html.push_str("'></P>");
    }
    html
}

/// A URL that cannot end the attribute or the tag it sits in: quotes, angle brackets, whitespace
/// and control characters are percent-encoded, as a browser would send them anyway.
fn url_in_attribute(url: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| matches!(c, '\'' | '"' | '<' | '>') || c.is_whitespace() || c.is_control();
    if !url.contains(unsafe_char) {
        return Cow::Borrowed(url);
    }
    let mut encoded = String::with_capacity(url.len() + 8);
    for c in url.chars() {
        if unsafe_char(c) {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                encoded.push_str(&format!("%{byte:02X}"));
            }
        } else {
            encoded.push(c);
        }
    }
    Cow::Owned(encoded)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> String {
        let mut row = String::new();
        push_cell(&mut row, text);
        row
    }

    #[test]
    fn tabs_and_line_breaks_become_spaces() {
        assert_eq!(cell("夏季\t连衣裙\r\n新款\n"), "夏季 连衣裙  新款");
        assert_eq!(cell("a\u{0}b\u{2028}c\u{85}d"), "a b c d");
        assert_eq!(cell("  plain  "), "plain");
        assert!(matches!(one_line("plain"), Cow::Borrowed("plain")));
    }

    #[test]
    fn a_cell_with_quotes_is_quoted_with_them_doubled() {
        assert_eq!(cell("22\" 显示器"), "\"22\"\" 显示器\"");
        assert_eq!(cell("\"引号\""), "\"\"\"引号\"\"\"");
        assert_eq!(cell("no quotes"), "no quotes");
        let mut row = String::new();
        push_quoted(&mut row, "<P>a\tb</P>");
        assert_eq!(row, "\"<P>a b</P>\"");
    }

    #[test]
    fn value_names_keep_no_separator() {
        assert_eq!(value_name("红:白;蓝"), "红：白；蓝");
        assert_eq!(value_name(" XL\t"), "XL");
    }

    #[test]
    fn the_description_holds_each_detail_picture() {
        let urls = vec![
            "https://img.jpmall.cn/d/1.jpg".to_string(),
            "  ".to_string(),
            "https://img.jpmall.cn/d/2 x'\"<>.jpg".to_string(),
        ];
        assert_eq!(
            description(&urls),
            "<P><IMG src='https://img.jpmall.cn/d/1.jpg'></P>\
             <P><IMG src='https://img.jpmall.cn/d/2%20x%27%22%3C%3E.jpg'></P>"
        );
        assert_eq!(description(&[]), "");
    }
}
