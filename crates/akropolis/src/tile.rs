//! Hex contents (districts, plazas, quarries), tiles and the pool.

use std::fmt;

/// The five district types, in the order of the settings string `hmbtg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum District {
    /// Houses (`h`, plaza `H`).
    House = 0,
    /// Markets (`m`, plaza `M`).
    Market = 1,
    /// Barracks (`b`, plaza `B`).
    Barracks = 2,
    /// Temples (`t`, plaza `T`).
    Temple = 3,
    /// Gardens (`g`, plaza `G`).
    Garden = 4,
}

impl District {
    /// All five, in settings order.
    pub const ALL: [District; 5] = [
        District::House,
        District::Market,
        District::Barracks,
        District::Temple,
        District::Garden,
    ];

    /// The lower-case letter of the district.
    pub fn letter(self) -> char {
        b"hmbtg"[self as usize] as char
    }

    /// The stars of one plaza of this type.
    pub fn plaza_stars(self) -> u32 {
        [1, 2, 2, 2, 3][self as usize]
    }

    /// The English name.
    pub fn name(self) -> &'static str {
        ["houses", "markets", "barracks", "temples", "gardens"][self as usize]
    }
}

/// What one hex of a tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hex {
    /// A district (lower-case letter).
    District(District),
    /// A plaza (upper-case letter).
    Plaza(District),
    /// A quarry (`q`).
    Quarry,
}

impl Hex {
    /// The one-character code (`h m b t g`, `H M B T G`, `q`).
    pub fn char(self) -> char {
        match self {
            Hex::District(d) => d.letter(),
            Hex::Plaza(d) => d.letter().to_ascii_uppercase(),
            Hex::Quarry => 'q',
        }
    }

    /// Reads a one-character code.
    pub fn from_char(c: char) -> Option<Hex> {
        Some(match c {
            'q' => Hex::Quarry,
            _ => {
                let i = "hmbtg".find(c.to_ascii_lowercase())?;
                let d = District::ALL[i];
                if c.is_ascii_uppercase() {
                    Hex::Plaza(d)
                } else {
                    Hex::District(d)
                }
            }
        })
    }

    /// A compact code: 1-5 districts, 6-10 plazas, 11 quarry (0 is kept for "empty").
    pub(crate) fn code(self) -> u8 {
        match self {
            Hex::District(d) => 1 + d as u8,
            Hex::Plaza(d) => 6 + d as u8,
            Hex::Quarry => 11,
        }
    }

    /// The inverse of [`Hex::code`] (`None` for 0 or out of range).
    pub(crate) fn from_code(code: u8) -> Option<Hex> {
        match code {
            1..=5 => Some(Hex::District(District::ALL[code as usize - 1])),
            6..=10 => Some(Hex::Plaza(District::ALL[code as usize - 6])),
            11 => Some(Hex::Quarry),
            _ => None,
        }
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The tile pool, as in the assignment (`2:` every game, `3:` 3+ players, `4:` 4 players).
pub const TILE_POOL: &str = "2:01hbt02Mbq03qhb04Bhq05Bqq06Bht07gqq08qbm09qtm10qmb11Gqh12qmh13Ghq14qtb15hgm16Bmh17Mhg18Hmb19qhh20hgb21Mth22Mqq23Tqq24Gqq25qmg26mqq27qbm28Hqq29Thq30tqq31Tqh32Hgq33Hqq34Thb35htm36qmt37Hqq3:38hmb39qth40qbg41qhh42qhm43Tqq44hqq45qmh46Htm47Ghb48Bqh49Mqq4:50bqq51Bqq52Hqm53Gmh54Mqt55qht56Thm57qgh58qhh59qbh60qhb61qhm";

/// The contents of tiles 01..=61 (index 0 is unused), parsed from [`TILE_POOL`] at compile time.
const CONTENTS: [[u8; 3]; 62] = {
    let b = TILE_POOL.as_bytes();
    let mut out = [[0u8; 3]; 62];
    let mut i = 0;
    while i < b.len() {
        if b[i + 1] == b':' {
            i += 2;
            continue;
        }
        let id = ((b[i] - b'0') * 10 + (b[i + 1] - b'0')) as usize;
        let mut k = 0;
        while k < 3 {
            out[id][k] = code_of(b[i + 2 + k]);
            k += 1;
        }
        i += 5;
    }
    out
};

const fn code_of(c: u8) -> u8 {
    match c {
        b'h' => 1,
        b'm' => 2,
        b'b' => 3,
        b't' => 4,
        b'g' => 5,
        b'H' => 6,
        b'M' => 7,
        b'B' => 8,
        b'T' => 9,
        b'G' => 10,
        _ => 11,
    }
}

/// The number of tiles in play for a player count: 37, 49 or 61 (0 if out of 2..=4).
pub fn pool_size(players: usize) -> usize {
    match players {
        2 => 37,
        3 => 49,
        4 => 61,
        _ => 0,
    }
}

/// A tile of the pool, `01..=61`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileId(u8);

impl TileId {
    /// The tile with this number, if it is in `1..=61`.
    pub fn new(n: u8) -> Option<TileId> {
        (1..=61).contains(&n).then_some(TileId(n))
    }

    /// The tile's number (1..=61).
    pub fn number(self) -> u8 {
        self.0
    }

    /// The three hexes: origin, second, third.
    pub fn hexes(self) -> [Hex; 3] {
        let c = CONTENTS[self.0 as usize];
        [c[0], c[1], c[2]].map(|code| Hex::from_code(code).unwrap_or(Hex::Quarry))
    }

    pub(crate) fn codes(self) -> [u8; 3] {
        CONTENTS[self.0 as usize]
    }

    /// Whether the tile shows a plaza.
    pub fn has_plaza(self) -> bool {
        self.hexes().iter().any(|h| matches!(h, Hex::Plaza(_)))
    }

    /// Whether this tile is in play with `players` players.
    pub fn in_pool(self, players: usize) -> bool {
        (self.0 as usize) <= pool_size(players)
    }

    /// Every tile in play for a player count.
    pub fn pool(players: usize) -> impl Iterator<Item = TileId> {
        (1..=pool_size(players) as u8).map(TileId)
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_pool_string() {
        let mut s = String::new();
        for id in 1..=61u8 {
            if id == 1 {
                s.push_str("2:");
            } else if id == 38 {
                s.push_str("3:");
            } else if id == 50 {
                s.push_str("4:");
            }
            let t = TileId::new(id).unwrap();
            s.push_str(&t.to_string());
            for h in t.hexes() {
                s.push(h.char());
            }
        }
        assert_eq!(s, TILE_POOL);
        assert!(TileId::new(0).is_none() && TileId::new(62).is_none());
        assert_eq!(TileId::pool(3).count(), 49);
    }
}
