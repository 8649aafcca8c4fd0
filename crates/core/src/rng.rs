use rand::SeedableRng;

/// The random number generator of every game: ChaCha8, reproducible on every platform.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// The generator for a game seed. The same seed always gives the same sequence.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A seed derived from a base seed and a stream number (for example one per game of a
/// tournament, or one per bot), so that independent streams never share a sequence.
pub fn derive_seed(base: u64, stream: u64) -> u64 {
    // SplitMix64 finaliser over the pair: cheap, well mixed, stable.
    let mut z = base ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_same_sequence() {
        let a: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(rng_from_seed(7), |r, _: u32| Some(r.gen()))
            .collect();
        let b: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(rng_from_seed(7), |r, _: u32| Some(r.gen()))
            .collect();
        let c: Vec<u32> = (0..8)
            .map(|_| 0)
            .scan(rng_from_seed(8), |r, _: u32| Some(r.gen()))
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn derived_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| derive_seed(1, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
    }
}
