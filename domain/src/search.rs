//! What the keyword search indexes of a product and what a seller's query asks of that index.
//!
//! Chinese is indexed as every single character and every pair of adjacent characters of each run
//! of Han characters, not segmented by a dictionary: sellers search by one and two characters (衣,
//! 卫衣, 牛仔) and by market words no dictionary holds, and a pair index answers both exactly, where
//! a word index misses a word its dictionary splits differently and a trigram index cannot answer
//! two characters at all. A longer query asks for each of its pairs. Item numbers, English words
//! and digits are indexed whole, lower-cased, and matched as prefixes, so `a1` finds `A1-2301`.

use std::collections::BTreeSet;

/// Where a term was found, in the order relevance ranks matches: an exact item number first, then
/// titles, then the rest (stall, category and colour names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    ItemNo,
    Title,
    Other,
}

/// Longest term the index keeps: longer words are cut, and a query word is cut alike, so that it
/// still finds them as a prefix.
pub const MAX_TERM_CHARS: usize = 32;

/// Most words a query is read for; the rest are ignored.
pub const MAX_QUERY_WORDS: usize = 8;

/// `text` as the index compares it: lower case, full-width letters, digits and signs as their
/// ASCII forms (ＡＢＣ１２３ as abc123), the ideographic space as a space.
pub fn normalise(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{3000}' => ' ',
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `c` is a Han character (the unified ideographs and their first extensions).
pub fn is_han(c: char) -> bool {
    matches!(c,
        '\u{4E00}'..='\u{9FFF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{20000}'..='\u{2EBEF}')
}

/// A piece of normalised text: a run of Han characters, or a run of anything else that is neither
/// Han nor a separator (an English word, a number, an item number such as `a1-2301`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    Han(String),
    Other(String),
}

/// Signs that separate words, besides white space; `-`, `_`, `.`, `/` and `#` do not, as item
/// numbers hold them.
const SEPARATORS: &str = ",;:!?()[]{}<>\"'+*|、，。；：！？（）【】《》“”‘’·～";

fn separates(c: char) -> bool {
    c.is_whitespace() || c.is_control() || SEPARATORS.contains(c)
}

/// The words of `text` (normalised first), in order.
pub fn words(text: &str) -> Vec<Word> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut han = false;
    let flush = |current: &mut String, han: bool, words: &mut Vec<Word>| {
        let trimmed = current.trim_matches(|c| matches!(c, '-' | '_' | '.' | '/' | '#'));
        if !trimmed.is_empty() {
            words.push(if han {
                Word::Han(trimmed.to_string())
            } else {
                Word::Other(trimmed.to_string())
            });
        }
        current.clear();
    };
    for c in normalise(text).chars() {
        if separates(c) {
            flush(&mut current, han, &mut words);
            continue;
        }
        let is = is_han(c);
        if is != han && !current.is_empty() {
            flush(&mut current, han, &mut words);
        }
        han = is;
        current.push(c);
    }
    flush(&mut current, han, &mut words);
    words
}

fn cut(word: &str) -> String {
    word.chars().take(MAX_TERM_CHARS).collect()
}

/// The terms of `text` found in `field`, added to `terms`: each Han character and each pair of
/// adjacent ones, each other word whole and, when it holds signs, each of its letter-and-digit
/// parts (`a1-2301` also as `a1` and `2301`). An item number is kept whole as well, so that an
/// exact match can rank first.
pub fn index_terms(text: &str, field: Field, terms: &mut BTreeSet<(String, Field)>) {
    if field == Field::ItemNo {
        let whole = cut(normalise(text).trim());
        if !whole.is_empty() {
            terms.insert((whole, field));
        }
    }
    for word in words(text) {
        match word {
            Word::Han(run) => {
                let chars: Vec<char> = run.chars().collect();
                for (i, c) in chars.iter().enumerate() {
                    terms.insert((c.to_string(), field));
                    if let Some(next) = chars.get(i + 1) {
                        terms.insert((format!("{c}{next}"), field));
                    }
                }
            }
            Word::Other(word) => {
                for part in word.split(|c: char| !c.is_alphanumeric()) {
                    if !part.is_empty() {
                        terms.insert((cut(part), field));
                    }
                }
                terms.insert((cut(&word), field));
            }
        }
    }
}

/// What one word of a query asks of the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Needed {
    /// Every one of these terms, exactly (a Han word: its character, or each of its pairs).
    All(Vec<String>),
    /// Some term beginning with this (another word).
    Prefix(String),
}

/// A seller's query as the index reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// What each word asks; a product matches when it has what every word asks.
    pub needed: Vec<Needed>,
    /// The whole query as an item number would be stored, for the exact match that ranks first.
    pub item_no: String,
}

impl Query {
    /// `None` when `text` holds no word.
    pub fn parse(text: &str) -> Option<Query> {
        let mut needed: Vec<Needed> = Vec::new();
        for word in words(text) {
            let asked = match word {
                Word::Han(run) => {
                    let chars: Vec<char> = run.chars().collect();
                    let terms: Vec<String> = if chars.len() == 1 {
                        vec![run]
                    } else {
                        let mut pairs: Vec<String> =
                            chars.windows(2).map(|pair| pair.iter().collect()).collect();
                        pairs.sort();
                        pairs.dedup();
                        pairs
                    };
                    Needed::All(terms)
                }
                Word::Other(word) => Needed::Prefix(cut(&word)),
            };
            if !needed.contains(&asked) {
                needed.push(asked);
            }
            if needed.len() == MAX_QUERY_WORDS {
                break;
            }
        }
        if needed.is_empty() {
            return None;
        }
        Some(Query {
            needed,
            item_no: cut(normalise(text).trim()),
        })
    }

    /// The query read as pinyin: each word of letters that reads as syllables or initials asks
    /// for the pairs of that reading instead of a prefix, the other words as in [`Query::parse`].
    /// Words typed apart are read together first (`wei yi` as `weiyi`) when every word is of
    /// letters and together they are syllables. `None` when no word reads as pinyin.
    pub fn pinyin(text: &str) -> Option<Query> {
        let literal = Query::parse(text)?;
        let letters: Vec<String> = words(text)
            .into_iter()
            .map(|w| match w {
                Word::Other(w) if w.chars().all(|c| c.is_ascii_lowercase()) => Some(w),
                _ => None,
            })
            .collect::<Option<Vec<String>>>()
            .unwrap_or_default();
        // Only as syllables: words apart read as initials would be a guess (`black dress`).
        let joined = letters.concat();
        if letters.len() > 1 && cut_syllables(&joined).is_some() {
            if let Some(read) = read_as_pinyin(&joined) {
                return Some(Query {
                    needed: vec![Needed::All(read)],
                    item_no: literal.item_no,
                });
            }
        }
        let mut read_any = false;
        let needed: Vec<Needed> = literal
            .needed
            .into_iter()
            .map(|needed| match &needed {
                Needed::Prefix(word) => match read_as_pinyin(word) {
                    Some(read) => {
                        read_any = true;
                        Needed::All(read)
                    }
                    None => needed,
                },
                Needed::All(_) => needed,
            })
            .collect();
        read_any.then_some(Query {
            needed,
            item_no: literal.item_no,
        })
    }
}

/// The first letter of the pinyin of each Han character of `text`, lower case, other characters
/// left out (卫衣 as `wy`), for suggestions as a seller types initials.
pub fn initials(text: &str) -> String {
    use pinyin::ToPinyin;
    text.chars()
        .filter(|c| is_han(*c))
        .filter_map(|c| c.to_pinyin())
        .map(|p| p.first_letter())
        .collect()
}

/// What begins an index term of a reading (a pair of syllables, `py:weiyi`, or of initials,
/// `pi:wy`): `:` separates words, so no term of the text itself holds it, and a reading never
/// answers an English word's prefix (`wei` does not find 卫衣 as `py:weiyi`).
pub const PINYIN_MARK: &str = "py:";
pub const INITIALS_MARK: &str = "pi:";

/// The toneless pinyin of a Han character as a seller types it: `ü` as `v` (绿 as `lv`).
fn syllable(c: char) -> Option<String> {
    use pinyin::ToPinyin;
    c.to_pinyin().map(|p| p.plain().replace('ü', "v"))
}

/// The terms of how `text`'s Han runs read, added to `terms`: each pair of adjacent characters
/// as its two syllables (卫衣 as `py:weiyi`) and as its two initials (`pi:wy`). Pairs, as the
/// characters themselves are indexed: a reading typed whole or in part (`jiarong` of
/// 加绒连帽卫衣) asks for each of its pairs, and a single syllable or letter, which hundreds of
/// characters share, is not read.
pub fn reading_terms(text: &str, field: Field, terms: &mut BTreeSet<(String, Field)>) {
    for word in words(text) {
        let Word::Han(run) = word else { continue };
        let read: Vec<String> = run.chars().filter_map(syllable).collect();
        for pair in read.windows(2) {
            terms.insert((format!("{PINYIN_MARK}{}{}", pair[0], pair[1]), field));
            let initials: String = pair.iter().filter_map(|s| s.chars().next()).collect();
            terms.insert((format!("{INITIALS_MARK}{initials}"), field));
        }
    }
}

/// Every toneless syllable some Han character reads as, gathered once from the pinyin crate.
fn syllables() -> &'static std::collections::HashSet<String> {
    static SYLLABLES: std::sync::OnceLock<std::collections::HashSet<String>> = std::sync::OnceLock::new();
    SYLLABLES.get_or_init(|| ('\u{4E00}'..='\u{9FFF}').filter_map(syllable).collect())
}

/// Longest syllable (`zhuang`, `shuang`).
const MAX_SYLLABLE: usize = 6;

/// `word` (ASCII letters) cut into syllables, each as long as still lets the rest be cut
/// (`jiarong` as jia rong, `xian` as xian), or `None`.
fn cut_syllables(word: &str) -> Option<Vec<&str>> {
    if word.is_empty() {
        return Some(Vec::new());
    }
    for len in (1..=MAX_SYLLABLE.min(word.len())).rev() {
        let (head, rest) = word.split_at(len);
        if syllables().contains(head) {
            if let Some(mut tail) = cut_syllables(rest) {
                tail.insert(0, head);
                return Some(tail);
            }
        }
    }
    None
}

/// The letters that begin some syllable: every letter but `i`, `u` and `v`.
fn begins_syllable(c: char) -> bool {
    c.is_ascii_lowercase() && !matches!(c, 'i' | 'u' | 'v')
}

/// How a word of letters reads as pinyin: its pairs of syllables when it is two syllables or more
/// (`weiyi`: `py:weiyi`; `jiarong`), else its pairs of initials when it is two letters or more
/// that can begin syllables (`wy`: `pi:wy`; `cgjr`: `pi:cg`, `pi:gj`, `pi:jr`); `None` when it
/// reads as neither.
fn read_as_pinyin(word: &str) -> Option<Vec<String>> {
    if !word.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let pairs = |marked: Vec<String>| {
        let mut pairs: Vec<String> = marked.windows(2).map(|p| format!("{}{}", p[0], p[1])).collect();
        pairs.sort();
        pairs.dedup();
        pairs
    };
    if let Some(cut) = cut_syllables(word).filter(|cut| cut.len() >= 2) {
        let read: Vec<String> = cut.iter().map(|s| s.to_string()).collect();
        return Some(
            pairs(read)
                .into_iter()
                .map(|p| format!("{PINYIN_MARK}{p}"))
                .collect(),
        );
    }
    if word.len() >= 2 && word.chars().all(begins_syllable) {
        let letters: Vec<String> = word.chars().map(String::from).collect();
        return Some(
            pairs(letters)
                .into_iter()
                .map(|p| format!("{INITIALS_MARK}{p}"))
                .collect(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(text: &str, field: Field) -> Vec<String> {
        let mut terms = BTreeSet::new();
        index_terms(text, field, &mut terms);
        terms.into_iter().map(|(term, _)| term).collect()
    }

    #[test]
    fn full_width_and_upper_case_read_as_ascii_lower_case() {
        assert_eq!(normalise("ＡＢｃ１２３　Hoodie"), "abc123 hoodie");
    }

    #[test]
    fn han_runs_give_every_character_and_every_adjacent_pair() {
        assert_eq!(
            terms("加绒连帽卫衣", Field::Title),
            ["加", "加绒", "卫", "卫衣", "帽", "帽卫", "绒", "绒连", "衣", "连", "连帽"]
        );
    }

    #[test]
    fn words_split_at_script_changes_and_separators_but_keep_item_numbers_whole() {
        assert_eq!(
            words("2024新款A1-2301卫衣（男女同款）, Hoodie"),
            [
                Word::Other("2024".into()),
                Word::Han("新款".into()),
                Word::Other("a1-2301".into()),
                Word::Han("卫衣".into()),
                Word::Han("男女同款".into()),
                Word::Other("hoodie".into()),
            ]
        );
    }

    #[test]
    fn item_numbers_are_kept_whole_and_by_parts() {
        assert_eq!(terms("A1-2301", Field::ItemNo), ["2301", "a1", "a1-2301"]);
        assert_eq!(terms("Fleece hoodie", Field::Title), ["fleece", "hoodie"]);
    }

    #[test]
    fn a_query_asks_each_pair_of_a_han_word_and_a_prefix_of_any_other() {
        let query = Query::parse("黑色卫衣 A1").unwrap();
        assert_eq!(
            query.needed,
            [
                Needed::All(vec!["卫衣".into(), "色卫".into(), "黑色".into()]),
                Needed::Prefix("a1".into()),
            ]
        );
        assert_eq!(query.item_no, "黑色卫衣 a1");
        assert_eq!(
            Query::parse("衣").unwrap().needed,
            [Needed::All(vec!["衣".into()])]
        );
    }

    #[test]
    fn a_query_of_no_word_is_none_and_long_ones_are_bounded() {
        assert_eq!(Query::parse("  ，。 "), None);
        let long = "a b c d e f g h i j k";
        assert_eq!(Query::parse(long).unwrap().needed.len(), MAX_QUERY_WORDS);
        let word = "x".repeat(100);
        assert_eq!(
            Query::parse(&word).unwrap().needed,
            [Needed::Prefix("x".repeat(MAX_TERM_CHARS))]
        );
    }

    #[test]
    fn initials_are_the_pinyin_first_letters_of_han_characters() {
        assert_eq!(initials("卫衣"), "wy");
        assert_eq!(initials("牛仔裤 jeans"), "nzk");
    }

    #[test]
    fn han_pairs_are_also_indexed_as_their_syllables_and_initials() {
        let mut found = BTreeSet::new();
        reading_terms("加绒卫衣 A1 绿", Field::Title, &mut found);
        let found: Vec<String> = found.into_iter().map(|(term, _)| term).collect();
        assert_eq!(
            found,
            ["pi:jr", "pi:rw", "pi:wy", "py:jiarong", "py:rongwei", "py:weiyi"],
            "pairs only: a lone character (绿) is not read"
        );
        let mut found = BTreeSet::new();
        reading_terms("绿色", Field::Other, &mut found);
        assert!(
            found.contains(&("py:lvse".to_string(), Field::Other)),
            "ü typed as v"
        );
    }

    #[test]
    fn a_word_of_syllables_asks_for_their_pairs_and_one_of_initials_for_theirs() {
        let needed = |text: &str| Query::pinyin(text).map(|q| q.needed);
        assert_eq!(needed("weiyi"), Some(vec![Needed::All(vec!["py:weiyi".into()])]));
        assert_eq!(needed("WeiYi"), Some(vec![Needed::All(vec!["py:weiyi".into()])]));
        assert_eq!(needed("wei yi"), Some(vec![Needed::All(vec!["py:weiyi".into()])]));
        assert_eq!(
            needed("jiarongweiyi"),
            Some(vec![Needed::All(vec![
                "py:jiarong".into(),
                "py:rongwei".into(),
                "py:weiyi".into()
            ])])
        );
        assert_eq!(needed("wy"), Some(vec![Needed::All(vec!["pi:wy".into()])]));
        assert_eq!(
            needed("cgjr"),
            Some(vec![Needed::All(vec![
                "pi:cg".into(),
                "pi:gj".into(),
                "pi:jr".into()
            ])])
        );
        assert_eq!(
            needed("卫衣 jiarong"),
            Some(vec![
                Needed::All(vec!["卫衣".into()]),
                Needed::All(vec!["py:jiarong".into()])
            ])
        );
    }

    #[test]
    fn words_that_read_as_no_pinyin_are_not_read() {
        for text in ["hoodie", "a1-2301", "卫衣", "w", "wei", "slim", "2024"] {
            assert_eq!(Query::pinyin(text), None, "{text}");
        }
    }
}
