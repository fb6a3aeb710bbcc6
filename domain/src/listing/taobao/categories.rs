//! Taobao's category ids (`cid`) for the market's categories, where they are known: a row's `cid`
//! puts the item in its category when 淘宝助理 imports it, so the seller does not pick it for every
//! product. Matched by the category's Chinese name under its parent's, since staff name the
//! categories in the console; a category not here is left empty and picked in 淘宝助理.
//!
//! The ids are the leaf categories of 女装/女士精品 (16) as Taobao's publishing page lists them
//! (`upload.taobao.com/auction/json/reload_cats.htm?sid=16`). Men's and children's clothing are not
//! here: their leaves are numbered apart and we have not seen them listed, so none is guessed.

/// (parent, category, Taobao's cid): a name the market uses beside the Taobao leaf it belongs to.
const WOMEN: &[(&str, u64)] = &[
    ("连衣裙", 50010850),
    ("T恤", 50000671),
    ("衬衫", 162104),
    ("半身裙", 1623),
    ("短裙", 1623),
    ("卫衣", 50008898),
    ("卫衣/绒衫", 50008898),
    ("外套", 50011277),
    ("短外套", 50011277),
    ("休闲裤", 162201),
    ("阔腿裤", 162201),
    ("牛仔裤", 162205),
    ("打底裤", 50007068),
    ("毛衣", 162103),
    ("毛针织衫", 50000697),
    ("针织衫", 50000697),
    ("蕾丝衫/雪纺衫", 162116),
    ("雪纺衫", 162116),
    ("风衣", 50008901),
    ("毛呢外套", 50013194),
    ("棉衣/棉服", 50008900),
    ("羽绒服", 50008899),
    ("西装", 50008897),
    ("马夹", 50013196),
    ("背心吊带", 121412004),
    ("皮衣", 50008904),
];

/// The names a women's clothing parent category goes by.
const WOMEN_PARENTS: &[&str] = &["女装", "女装/女士精品", "女士精品"];

/// Taobao's cid for the category named `name` under `parent`, when known.
pub fn cid_for(parent: &str, name: &str) -> Option<u64> {
    if !WOMEN_PARENTS.contains(&parent.trim()) {
        return None;
    }
    let name = name.trim();
    WOMEN.iter().find(|(n, _)| *n == name).map(|(_, cid)| *cid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn womens_categories_map_to_their_taobao_leaves_and_others_to_none() {
        assert_eq!(cid_for("女装", "连衣裙"), Some(50010850));
        assert_eq!(cid_for(" 女装 ", " T恤 "), Some(50000671));
        assert_eq!(cid_for("女装", "阔腿裤"), Some(162201));
        assert_eq!(cid_for("女装", "外套"), Some(50011277));
        // a men's T-shirt is another leaf, not known here
        assert_eq!(cid_for("男装", "T恤"), None);
        assert_eq!(cid_for("童装", "儿童连衣裙"), None);
        assert_eq!(cid_for("女装", "汉服"), None);
    }
}
