//! The assignment's string notations: moves (`18S00E02R0`), states and settings.
//!
//! Raw strings are checked once into typed values: [`Move`] (a tile, an origin and a
//! rotation) and [`Setup`] (a well-formed state string, not yet built into cities).

use crate::hex::Pos;
use crate::tile::{District, Hex, TileId};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Why a string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// A move string is malformed.
    #[error("malformed move {0:?} (expected e.g. 18S00E02R0)")]
    Move(String),
    /// A position string is malformed.
    #[error("malformed position {0:?} (expected e.g. S01E02)")]
    Position(String),
    /// A settings string is malformed.
    #[error(
        "malformed settings {0:?} (expected a player count 2-4 and hmbtg, upper case = variant on)"
    )]
    Settings(String),
    /// A state string is malformed.
    #[error("malformed state: {0}")]
    State(String),
    /// A pool string is malformed.
    #[error("malformed pool: {0}")]
    Pool(String),
}

/// A move: put `tile`'s first hex at `origin`, its second in direction `rotation`, its
/// third in direction `rotation + 1` (directions clockwise from N, mod 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The tile taken from the Construction Site.
    pub tile: TileId,
    /// Where its first hex goes.
    pub origin: Pos,
    /// 0..=5.
    pub rotation: u8,
}

impl Move {
    /// The three positions the move covers (origin, second, third), if all lie within
    /// the notation's range.
    pub fn positions(self) -> Option<[Pos; 3]> {
        Some([
            self.origin,
            self.origin.neighbour(self.rotation)?,
            self.origin.neighbour(self.rotation + 1)?,
        ])
    }
}

impl FromStr for Move {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Move, NotationError> {
        let err = || NotationError::Move(s.chars().take(40).collect());
        let b = s.as_bytes();
        if b.len() != 10 || !s.is_ascii() || b[8] != b'R' {
            return Err(err());
        }
        if !(b[0].is_ascii_digit() && b[1].is_ascii_digit() && b[9].is_ascii_digit()) {
            return Err(err());
        }
        let tile = TileId::new((b[0] - b'0') * 10 + (b[1] - b'0')).ok_or_else(err)?;
        let origin = Pos::parse(&s[2..8]).ok_or_else(err)?;
        let rotation = b[9] - b'0';
        if rotation > 5 {
            return Err(err());
        }
        Ok(Move {
            tile,
            origin,
            rotation,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}R{}", self.tile, self.origin, self.rotation)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Which of the five scoring variants are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants(u8);

impl Variants {
    /// No variant.
    pub const NONE: Variants = Variants(0);
    /// All five.
    pub const ALL: Variants = Variants(31);

    /// Whether the variant of this district type is on.
    pub fn has(self, d: District) -> bool {
        self.0 & (1 << d as u8) != 0
    }

    /// With the variant of `d` switched on or off.
    pub fn with(self, d: District, on: bool) -> Variants {
        if on {
            Variants(self.0 | 1 << d as u8)
        } else {
            Variants(self.0 & !(1 << d as u8))
        }
    }

    /// Parses the five letters `hmbtg` (upper case = on), e.g. `HmBtg`.
    pub fn parse(s: &str) -> Option<Variants> {
        let b = s.as_bytes();
        if b.len() != 5 {
            return None;
        }
        let mut v = Variants::NONE;
        for (i, d) in District::ALL.into_iter().enumerate() {
            let l = d.letter() as u8;
            if b[i] == l.to_ascii_uppercase() {
                v = v.with(d, true);
            } else if b[i] != l {
                return None;
            }
        }
        Some(v)
    }
}

impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in District::ALL {
            let c = d.letter();
            write!(
                f,
                "{}",
                if self.has(d) {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            )?;
        }
        Ok(())
    }
}

impl Serialize for Variants {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Variants {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variants, D::Error> {
        let s = String::deserialize(d)?;
        Variants::parse(&s).ok_or_else(|| serde::de::Error::custom(NotationError::Settings(s)))
    }
}

/// One player's part of a state string: stones and moves in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSetup {
    /// Stones held (0..=99).
    pub stones: u8,
    /// Moves made, in order.
    pub moves: Vec<Move>,
}

/// A well-formed state string, checked but not yet built into cities.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Player count, 2..=4.
    pub players: u8,
    /// Scoring variants.
    pub variants: Variants,
    /// The player to move (< players).
    pub turn: u8,
    /// The Construction Site in cost order (1..=6 tiles).
    pub site: Vec<TileId>,
    /// Each player's stones and moves.
    pub seats: Vec<PlayerSetup>,
}

impl FromStr for Setup {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Setup, NotationError> {
        let bad = |why: &str| NotationError::State(why.to_string());
        if !s.is_ascii() {
            return Err(bad("not ASCII"));
        }
        let Some(body) = s.strip_suffix(';') else {
            return Err(bad("does not end with ';'"));
        };
        let parts: Vec<&str> = body.split(';').collect();
        let settings = parts[0];
        let sb = settings.as_bytes();
        if sb.len() != 6 || !(b'2'..=b'4').contains(&sb[0]) {
            return Err(NotationError::Settings(settings.chars().take(20).collect()));
        }
        let players = sb[0] - b'0';
        let variants = Variants::parse(&settings[1..])
            .ok_or_else(|| NotationError::Settings(settings.to_string()))?;
        if parts.len() != 2 + players as usize {
            return Err(bad("wrong number of sections for the player count"));
        }
        let mut seen = [false; 62];
        let mut take = |t: TileId| -> Result<(), NotationError> {
            if !t.in_pool(players as usize) {
                return Err(NotationError::State(format!(
                    "tile {t} is not used with {players} players"
                )));
            }
            if std::mem::replace(&mut seen[t.number() as usize], true) {
                return Err(NotationError::State(format!("tile {t} appears twice")));
            }
            Ok(())
        };
        let shared = parts[1].as_bytes();
        if shared.len() < 3 || shared.len() & 1 == 0 || shared.len() > 13 {
            return Err(bad(
                "the shared section must be a turn digit and 1-6 tile ids",
            ));
        }
        if !shared[0].is_ascii_digit() || shared[0] - b'0' >= players {
            return Err(bad("bad turn digit"));
        }
        let turn = shared[0] - b'0';
        let mut site = Vec::with_capacity(6);
        for pair in shared[1..].chunks(2) {
            if !(pair[0].is_ascii_digit() && pair[1].is_ascii_digit()) {
                return Err(bad("bad tile id in the site"));
            }
            let t = TileId::new((pair[0] - b'0') * 10 + (pair[1] - b'0'))
                .ok_or_else(|| bad("bad tile id in the site"))?;
            take(t)?;
            site.push(t);
        }
        let mut seats = Vec::with_capacity(players as usize);
        for k in 0..players {
            let p = parts[2 + k as usize];
            let pb = p.as_bytes();
            if pb.len() < 4 || pb[0] != b'P' || pb[1] != b'0' + k {
                return Err(NotationError::State(format!(
                    "player {k} section must start P{k}"
                )));
            }
            if !(pb[2].is_ascii_digit() && pb[3].is_ascii_digit()) {
                return Err(bad("bad stone count"));
            }
            let stones = (pb[2] - b'0') * 10 + (pb[3] - b'0');
            let rest = &p[4..];
            if rest.len() / 10 * 10 != rest.len() {
                return Err(NotationError::State(format!(
                    "player {k}: moves are 10 characters each"
                )));
            }
            let mut moves = Vec::with_capacity(rest.len() / 10);
            for i in (0..rest.len()).step_by(10) {
                let m: Move = rest[i..i + 10].parse()?;
                take(m.tile)?;
                moves.push(m);
            }
            seats.push(PlayerSetup { stones, moves });
        }
        Ok(Setup {
            players,
            variants,
            turn,
            site,
            seats,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{};{}", self.players, self.variants, self.turn)?;
        for t in &self.site {
            write!(f, "{t}")?;
        }
        write!(f, ";")?;
        for (k, p) in self.seats.iter().enumerate() {
            write!(f, "P{k}{:02}", p.stones)?;
            for m in &p.moves {
                write!(f, "{m}")?;
            }
            write!(f, ";")?;
        }
        Ok(())
    }
}

/// A pool string: sections `2:`, `3:`, `4:` (the player count from which their tiles
/// are used), each a run of tiles `IDabc` (2-digit id, then origin, second and third
/// hex), ids strictly increasing. The game's pool is [`crate::TILE_POOL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// (first player count using the tile, tile id, its three hexes), in order.
    pub tiles: Vec<(u8, TileId, [Hex; 3])>,
}

impl Pool {
    /// The pool's tiles used with this many players.
    pub fn for_players(&self, players: u8) -> impl Iterator<Item = (TileId, [Hex; 3])> + '_ {
        self.tiles
            .iter()
            .filter(move |t| t.0 <= players)
            .map(|t| (t.1, t.2))
    }
}

impl FromStr for Pool {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Pool, NotationError> {
        let bad = |why: String| NotationError::Pool(why);
        if !s.is_ascii() {
            return Err(bad("not ASCII".into()));
        }
        let b = s.as_bytes();
        let mut i = 0;
        let mut section = 0u8;
        let mut last = 0u8;
        let mut tiles = Vec::new();
        while i < b.len() {
            if i + 1 < b.len() && b[i + 1] == b':' {
                let n = b[i].wrapping_sub(b'0');
                if !(2..=4).contains(&n) || n <= section {
                    return Err(bad(format!("bad section header at {i}")));
                }
                if section != 0
                    && tiles.last().map(|t: &(u8, TileId, [Hex; 3])| t.0) != Some(section)
                {
                    return Err(bad(format!("empty section {section}:")));
                }
                section = n;
                i += 2;
                continue;
            }
            if section == 0 {
                return Err(bad("the pool must open with a section like 2:".into()));
            }
            if i + 5 > b.len() || !b[i].is_ascii_digit() || !b[i + 1].is_ascii_digit() {
                return Err(bad(format!("bad tile at {i}")));
            }
            let id = TileId::new((b[i] - b'0') * 10 + (b[i + 1] - b'0'))
                .filter(|t| t.number() > last)
                .ok_or_else(|| bad(format!("bad or repeated tile id at {i}")))?;
            let mut hexes = [Hex::Quarry; 3];
            for (k, h) in hexes.iter_mut().enumerate() {
                *h = Hex::from_char(b[i + 2 + k] as char)
                    .ok_or_else(|| bad(format!("bad hex at {}", i + 2 + k)))?;
            }
            last = id.number();
            tiles.push((section, id, hexes));
            i += 5;
        }
        if section != 0 && tiles.last().map(|t| t.0) != Some(section) {
            return Err(bad(format!("empty section {section}:")));
        }
        Ok(Pool { tiles })
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut section = 0;
        for (s, id, h) in &self.tiles {
            if *s != section {
                write!(f, "{s}:")?;
                section = *s;
            }
            write!(f, "{id}{}{}{}", h[0], h[1], h[2])?;
        }
        Ok(())
    }
}

/// Whether a string is a well-formed move.
pub fn is_move_string_well_formed(s: &str) -> bool {
    s.parse::<Move>().is_ok()
}

/// Whether a string is a well-formed state.
pub fn is_state_string_well_formed(s: &str) -> bool {
    s.parse::<Setup>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_and_refuse_garbage() {
        for s in ["18S00E02R0", "61N99W99R5", "01S00E00R3"] {
            assert_eq!(s.parse::<Move>().unwrap().to_string(), s);
        }
        for s in [
            "62S00E00R0",
            "00S00E00R0",
            "18N00E02R0",
            "18S00W00R0",
            "18S00E02R6",
            "18S00E02R",
            "",
            "18S00E02Q0",
            "1éS00E02R0",
        ] {
            assert!(s.parse::<Move>().is_err(), "{s}");
        }
    }

    #[test]
    fn the_pool_round_trips_and_matches_the_tiles() {
        let pool: Pool = crate::TILE_POOL.parse().unwrap();
        assert_eq!(pool.to_string(), crate::TILE_POOL);
        assert_eq!(pool.for_players(3).count(), 49);
        for (id, hexes) in pool.for_players(4) {
            assert_eq!(id.hexes(), hexes);
        }
        for bad in [
            "",
            "01hbt",
            "2:01hbx",
            "2:01hbt01hbt",
            "3:01hbt2:02Mbq",
            "2:01hb",
        ] {
            assert!(bad.parse::<Pool>().is_err() || bad.is_empty(), "{bad}");
        }
    }

    #[test]
    fn states_round_trip_and_refuse_garbage() {
        let s = "2hmBtg;1101620;P00018S00E02R0;P102;";
        assert_eq!(s.parse::<Setup>().unwrap().to_string(), s);
        for bad in [
            "",
            "2hmbtg;010181620;P001;P102",
            "5hmbtg;010181620;P001;P102;",
            "2hmbtg;210181620;P001;P102;",
            "2hmbtg;010181640;P001;P102;",
            "2hmbtg;010181610;P001;P102;",
            "2hmbtg;0;P001;P102;",
            "2hmbtg;010181620;P101;P002;",
            "2hmbtg;010181620;P001;P102;P203;",
            "2hmbtg;010181620;P00118S00E02R0;P102;",
        ] {
            assert!(bad.parse::<Setup>().is_err(), "{bad}");
        }
    }
}
