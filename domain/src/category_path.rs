//! A category named in a cell of an imported sheet: by its code, by its own name when only one
//! category a product can be in has it, or by its path as the console writes it (`女装 › 卫衣`),
//! with `›`, `/` or `>` (or their full-width forms) between the parts, with or without spaces, and
//! each part the category's Chinese or English name (or, for the parent, its code). Categories are
//! two levels deep, and a product goes in a category without children.

/// What goes between a parent's name and its child's in a path.
pub const SEPARATORS: [char; 5] = ['›', '/', '>', '／', '＞'];

/// How the console writes a path: `女装 › 卫衣`.
pub const SHOWN_SEPARATOR: &str = " › ";

/// A category as the import sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: String,
    /// `None`: a top-level category.
    pub parent_id: Option<String>,
    pub name_zh: String,
    pub name_en: String,
}

/// Why a cell names no category a product can be in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Miss<'a> {
    /// Nothing is called that.
    Unknown,
    /// The category has children; a product goes in one of them.
    NotLeaf,
    /// More than one category a product can be in is called that: these.
    Ambiguous(Vec<&'a Category>),
}

/// The ways `text` reads as a parent's name and its child's: split at each separator in turn, both
/// sides trimmed and neither empty (a name may itself hold a separator, `卫衣/绒衫`). None when
/// the text has no separator between two names.
pub fn path_splits(text: &str) -> Vec<(&str, &str)> {
    text.char_indices()
        .filter(|(_, ch)| SEPARATORS.contains(ch))
        .map(|(at, ch)| (text[..at].trim(), text[at + ch.len_utf8()..].trim()))
        .filter(|(parent, child)| !parent.is_empty() && !child.is_empty())
        .collect()
}

/// The text without separators or spaces at its ends (`女装 ›` is `女装`).
fn trimmed(text: &str) -> &str {
    text.trim_matches(|ch: char| ch.is_whitespace() || SEPARATORS.contains(&ch))
}

/// A name as it is compared: its words with single spaces between them, in lower case.
fn normal(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn called(category: &Category, text: &str) -> bool {
    let text = normal(text);
    normal(&category.name_zh) == text || normal(&category.name_en) == text
}

fn has_children(categories: &[Category], category: &Category) -> bool {
    categories
        .iter()
        .any(|c| c.parent_id.as_deref() == Some(category.id.as_str()))
}

/// The category a product can be in that `text` names (see the module's comment).
pub fn resolve<'a>(categories: &'a [Category], text: &str) -> Result<&'a Category, Miss<'a>> {
    let text = text.trim();
    if let Some(found) = categories.iter().find(|c| c.id == text) {
        return leaf_of(categories, vec![found]);
    }
    let named: Vec<&Category> = categories.iter().filter(|c| called(c, text)).collect();
    if !named.is_empty() {
        return leaf_of(categories, named);
    }
    let bare = trimmed(text);
    if bare != text {
        return match bare {
            "" => Err(Miss::Unknown),
            _ => resolve(categories, bare),
        };
    }
    let mut found: Vec<&Category> = Vec::new();
    for (parent, child) in path_splits(text) {
        let parents: Vec<&str> = categories
            .iter()
            .filter(|c| c.parent_id.is_none() && (c.id == parent || called(c, parent)))
            .map(|c| c.id.as_str())
            .collect();
        for category in categories
            .iter()
            .filter(|c| c.parent_id.as_deref().is_some_and(|p| parents.contains(&p)) && called(c, child))
        {
            if !found.iter().any(|f| f.id == category.id) {
                found.push(category);
            }
        }
    }
    match found.as_slice() {
        [] => Err(Miss::Unknown),
        _ => leaf_of(categories, found),
    }
}

/// The one category without children among `found` (which is not empty).
fn leaf_of<'a>(categories: &'a [Category], found: Vec<&'a Category>) -> Result<&'a Category, Miss<'a>> {
    let leaves: Vec<&Category> = found
        .into_iter()
        .filter(|c| !has_children(categories, c))
        .collect();
    match leaves.as_slice() {
        [one] => Ok(one),
        [] => Err(Miss::NotLeaf),
        _ => Err(Miss::Ambiguous(leaves)),
    }
}

/// A category's path as the console shows it, in Chinese or English names: `女装 › 卫衣`, or the
/// top-level name alone. An English name left empty shows the Chinese one.
pub fn display_path(categories: &[Category], category: &Category, english: bool) -> String {
    let name = |c: &Category| {
        if english && !c.name_en.trim().is_empty() {
            c.name_en.clone()
        } else {
            c.name_zh.clone()
        }
    };
    match category
        .parent_id
        .as_deref()
        .and_then(|p| categories.iter().find(|c| c.id == p))
    {
        Some(parent) => format!("{}{SHOWN_SEPARATOR}{}", name(parent), name(category)),
        None => name(category),
    }
}

/// The categories a product can be in, each parent's children after it, in the order given.
pub fn leaves(categories: &[Category]) -> Vec<&Category> {
    let mut out = Vec::new();
    for top in categories.iter().filter(|c| c.parent_id.is_none()) {
        let children: Vec<&Category> = categories
            .iter()
            .filter(|c| c.parent_id.as_deref() == Some(top.id.as_str()))
            .collect();
        if children.is_empty() {
            out.push(top);
        }
        out.extend(children);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat(id: &str, parent: Option<&str>, zh: &str, en: &str) -> Category {
        Category {
            id: id.into(),
            parent_id: parent.map(String::from),
            name_zh: zh.into(),
            name_en: en.into(),
        }
    }

    /// The demo market's shape: 卫衣 under both 女装 and 男装, 连衣裙 only under 女装, a
    /// top-level category without children, and a name holding a separator.
    fn market() -> Vec<Category> {
        vec![
            cat("c1", None, "女装", "Women"),
            cat("c2", None, "男装", "Men"),
            cat("c3", None, "配饰", "Accessories"),
            cat("c105", Some("c1"), "卫衣", "Hoodie"),
            cat("c101", Some("c1"), "连衣裙", "Dress"),
            cat("c205", Some("c2"), "卫衣", "Hoodie"),
            cat("c206", Some("c2"), "卫衣/绒衫", "Sweatshirt"),
            cat("c207", Some("c2"), "休闲裤", "Casual trousers"),
        ]
    }

    fn id(categories: &[Category], text: &str) -> Result<String, String> {
        resolve(categories, text)
            .map(|c| c.id.clone())
            .map_err(|miss| format!("{miss:?}"))
    }

    #[test]
    fn a_path_splits_at_every_separator_with_or_without_spaces() {
        for text in [
            "女装 › 卫衣",
            "女装›卫衣",
            "女装/卫衣",
            "女装 / 卫衣",
            "女装>卫衣",
            "女装 > 卫衣",
            "女装／卫衣",
            "女装＞卫衣",
            "女装 ›  卫衣",
            "女装\u{3000}›\u{3000}卫衣",
        ] {
            assert_eq!(path_splits(text), [("女装", "卫衣")], "{text:?}");
        }
        assert!(path_splits("卫衣").is_empty());
        assert!(path_splits("女装 ›").is_empty());
        assert!(path_splits("› 卫衣").is_empty());
        assert_eq!(
            path_splits("男装 › 卫衣/绒衫"),
            [("男装", "卫衣/绒衫"), ("男装 › 卫衣", "绒衫")]
        );
    }

    #[test]
    fn a_code_or_a_unique_name_in_either_language_names_its_category() {
        let m = market();
        assert_eq!(id(&m, "c105"), Ok("c105".into()));
        assert_eq!(id(&m, " c205 "), Ok("c205".into()));
        assert_eq!(id(&m, "连衣裙"), Ok("c101".into()));
        assert_eq!(id(&m, "dress"), Ok("c101".into()), "English in any case");
        assert_eq!(id(&m, "casual  TROUSERS"), Ok("c207".into()), "spaces collapsed");
        assert_eq!(
            id(&m, "配饰"),
            Ok("c3".into()),
            "a top-level category without children"
        );
        assert_eq!(
            id(&m, "卫衣/绒衫"),
            Ok("c206".into()),
            "a name holding a separator is a name"
        );
    }

    #[test]
    fn a_path_names_the_child_of_its_parent_in_either_language() {
        let m = market();
        for (text, want) in [
            ("女装 › 卫衣", "c105"),
            ("女装/卫衣", "c105"),
            ("女装>卫衣", "c105"),
            ("女装 > 卫衣", "c105"),
            ("男装 › 卫衣", "c205"),
            ("Women › Hoodie", "c105"),
            ("men/hoodie", "c205"),
            ("Women > 卫衣", "c105"),
            ("女装 › Hoodie", "c105"),
            ("c2 › 卫衣", "c205"),
            ("男装 › 卫衣/绒衫", "c206"),
            ("Men › Sweatshirt", "c206"),
        ] {
            assert_eq!(id(&m, text), Ok(want.into()), "{text:?}");
        }
    }

    #[test]
    fn what_names_no_single_category_says_why() {
        let m = market();
        let miss = resolve(&m, "卫衣").unwrap_err();
        let Miss::Ambiguous(both) = miss else {
            panic!("{miss:?}")
        };
        assert_eq!(
            both.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            ["c105", "c205"]
        );
        assert!(matches!(resolve(&m, "hoodie"), Err(Miss::Ambiguous(_))));
        assert_eq!(resolve(&m, "女装"), Err(Miss::NotLeaf));
        assert_eq!(resolve(&m, "c1"), Err(Miss::NotLeaf));
        assert_eq!(resolve(&m, "女装 ›"), Err(Miss::NotLeaf));
        assert_eq!(
            resolve(&m, "男装 › 连衣裙"),
            Err(Miss::Unknown),
            "not a child of 男装"
        );
        assert_eq!(resolve(&m, "童装 › 卫衣"), Err(Miss::Unknown));
        assert_eq!(resolve(&m, "女装 › 卫衣 › 加绒"), Err(Miss::Unknown));
        assert_eq!(resolve(&m, "不存在"), Err(Miss::Unknown));
        assert_eq!(resolve(&m, "›"), Err(Miss::Unknown));
    }

    #[test]
    fn two_parents_of_one_name_leave_their_children_to_their_codes() {
        let mut m = market();
        m.push(cat("c9", None, "女装", "Women"));
        m.push(cat("c905", Some("c9"), "卫衣", "Hoodie"));
        assert!(matches!(resolve(&m, "女装 › 卫衣"), Err(Miss::Ambiguous(found)) if found.len() == 2));
        assert_eq!(id(&m, "c905"), Ok("c905".into()));
    }

    #[test]
    fn paths_show_as_the_console_writes_them_and_read_back() {
        let m = market();
        let shown: Vec<(String, String, String)> = leaves(&m)
            .into_iter()
            .map(|c| {
                (
                    c.id.clone(),
                    display_path(&m, c, false),
                    display_path(&m, c, true),
                )
            })
            .collect();
        assert_eq!(
            shown[0],
            ("c105".into(), "女装 › 卫衣".into(), "Women › Hoodie".into())
        );
        assert_eq!(
            shown.iter().map(|s| s.0.as_str()).collect::<Vec<_>>(),
            ["c105", "c101", "c205", "c206", "c207", "c3"]
        );
        for (code, zh, en) in &shown {
            assert_eq!(id(&m, zh).as_ref(), Ok(code), "{zh}");
            assert_eq!(id(&m, en).as_ref(), Ok(code), "{en}");
        }
        let unnamed = cat("c4", None, "童装", " ");
        assert_eq!(
            display_path(std::slice::from_ref(&unnamed), &unnamed, true),
            "童装"
        );
    }
}
