//! A product's main pictures as 淘宝助理 finds them: each a `<uuid>.tbi` file in the folder named like
//! the package, listed in the `picture` cell by its uuid and position.
//!
//! The uuid is a hash of the product, the position and the picture, not a random one as 571xz uses:
//! the same package built twice is the same file, byte for byte, and a picture that changed gets a
//! new name, so 淘宝助理 never keeps showing the old one it already read.

use serde::{Deserialize, Serialize};

/// Taobao shows five main pictures; 571xz writes no more.
pub const MAX_MAIN_PICTURES: usize = 5;

/// A file the package's zip must hold: the picture the caller knows as `key`, at `path`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PictureFile {
    pub path: String,
    pub key: String,
}

/// The name of the `position`th main picture of a product: 32 lowercase hex digits, as 571xz's
/// uuids without dashes.
pub(super) fn picture_name(product_id: &str, position: usize, key: &str) -> String {
    // 0xFF never occurs in UTF-8, so no two different inputs run together into the same bytes.
    let mut hash = Fnv1a128::new();
    hash.write(product_id.as_bytes());
    hash.write(&[0xFF]);
    hash.write(position.to_string().as_bytes());
    hash.write(&[0xFF]);
    hash.write(key.as_bytes());
    format!("{:032x}", hash.finish())
}

/// The `picture` cell for pictures named `names`, in order: `<uuid>:1:<position>:|;` each. The 1
/// marks a main picture (a colour's picture would be 2), and nothing follows the `|` because the
/// picture is a file in the package, not an address on Taobao.
pub(super) fn picture_cell(names: &[String]) -> String {
    let mut cell = String::new();
    for (position, name) in names.iter().enumerate() {
        cell.push_str(&format!("{name}:1:{position}:|;"));
    }
    cell
}

/// The path of a picture inside the package's zip.
pub(super) fn picture_path(package: &str, name: &str) -> String {
    format!("{package}/{name}.tbi")
}

/// FNV-1a, 128 bits: small enough to write here, and its names are as long as a uuid's.
struct Fnv1a128(u128);

impl Fnv1a128 {
    const OFFSET_BASIS: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

    fn new() -> Self {
        Fnv1a128(Self::OFFSET_BASIS)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u128::from(byte);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    fn finish(&self) -> u128 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fnv(text: &str) -> String {
        let mut hash = Fnv1a128::new();
        hash.write(text.as_bytes());
        format!("{:032x}", hash.finish())
    }

    #[test]
    fn the_hash_is_fnv1a_128() {
        // FNV-1a 128 of these inputs: the empty one is the offset basis itself.
        assert_eq!(fnv(""), "6c62272e07bb014262b821756295c58d");
        assert_eq!(fnv("a"), "d228cb696f1a8caf78912b704e4a8964");
        assert_eq!(fnv("foobar"), "343e1662793c64bf6f0d3597ba446f18");
    }

    #[test]
    fn names_are_the_same_for_the_same_picture_and_differ_otherwise() {
        let name = picture_name("P1a2b3c4d5e6f", 0, "products/P1/main-0.jpg");
        assert_eq!(name.len(), 32);
        assert!(name
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        assert_eq!(name, picture_name("P1a2b3c4d5e6f", 0, "products/P1/main-0.jpg"));
        assert_ne!(name, picture_name("P1a2b3c4d5e6f", 1, "products/P1/main-0.jpg"));
        assert_ne!(name, picture_name("P1a2b3c4d5e6e", 0, "products/P1/main-0.jpg"));
        assert_ne!(name, picture_name("P1a2b3c4d5e6f", 0, "products/P1/main-0.png"));
        // The separator keeps "ab" + "1" apart from "a" + "b1".
        assert_ne!(picture_name("P1", 11, "k"), picture_name("P11", 1, "k"));
    }

    #[test]
    fn the_cell_lists_each_picture_by_position() {
        let names = vec!["a".repeat(32), "b".repeat(32)];
        assert_eq!(
            picture_cell(&names),
            format!("{}:1:0:|;{}:1:1:|;", "a".repeat(32), "b".repeat(32))
        );
        assert_eq!(picture_cell(&[]), "");
        assert_eq!(picture_path("jpmall", "abc"), "jpmall/abc.tbi");
    }
}
