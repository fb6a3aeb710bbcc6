//! Catalogue values shared by the write and read sides.

/// Words of a [`LookHash`].
pub const LOOK_WORDS: usize = 13;

/// The perceptual hash same-style search compares by Hamming distance: 784 bits of which 720 are a
/// colour layout (the picture averaged into 4 x 4 cells, each RGB value quantised to 16 levels and
/// thermometer-coded, so the Hamming distance is the L1 distance of the layouts) and 64 a gradient
/// hash of the grey picture (the cut). Grey-only hashes of 64 bits see little more than the
/// silhouette: on the demo market they ranked a planted look-alike first for 6 of 60 products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookHash(pub [u64; LOOK_WORDS]);

impl LookHash {
    pub fn distance(&self, other: &LookHash) -> u32 {
        self.0
            .iter()
            .zip(other.0.iter())
            .map(|(a, b)| (a ^ b).count_ones())
            .sum()
    }

    pub fn to_hex(&self) -> String {
        self.0.iter().map(|w| format!("{w:016x}")).collect()
    }

    pub fn from_hex(hex: &str) -> Option<LookHash> {
        if hex.len() != LOOK_WORDS * 16 || !hex.is_ascii() {
            return None;
        }
        let mut words = [0u64; LOOK_WORDS];
        for (i, word) in words.iter_mut().enumerate() {
            *word = u64::from_str_radix(&hex[i * 16..(i + 1) * 16], 16).ok()?;
        }
        Some(LookHash(words))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_differing_bits() {
        let a = LookHash([0; LOOK_WORDS]);
        let mut b = a;
        b.0[0] = 0b1011;
        b.0[12] = 1 << 63;
        assert_eq!(a.distance(&b), 4);
        assert_eq!(LookHash::from_hex(&b.to_hex()), Some(b));
        assert_eq!(LookHash::from_hex(&"g".repeat(LOOK_WORDS * 16)), None);
    }
}
