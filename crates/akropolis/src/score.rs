//! Scoring a city: stars of visible plazas times the value of qualifying districts.

use crate::city::City;
use crate::notation::Variants;
use crate::tile::District;

const HOUSE: u8 = 1;
const MARKET: u8 = 2;
const BARRACKS: u8 = 3;
const TEMPLE: u8 = 4;
const GARDEN: u8 = 5;
const MARKET_PLAZA: u8 = 7;
const QUARRY: u8 = 11;

/// How district values are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoreOptions {
    /// Every district counts as this level instead of its height (the solo Architect
    /// Callicrates counts its districts as level 2).
    pub level: Option<u8>,
}

/// A city's score by district type (houses, markets, barracks, temples, gardens), and
/// the number of visible quarries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CityScore {
    /// Stars x values per district type, in `hmbtg` order.
    pub districts: [u32; 5],
    /// Stars per district type.
    pub stars: [u32; 5],
    /// Values of the qualifying districts per type (before multiplying by the stars):
    /// what a district type would score per star.
    pub values: [u32; 5],
    /// Visible quarries.
    pub quarries: u32,
}

impl CityScore {
    /// The sum of the five district scores.
    pub fn total(&self) -> u32 {
        self.districts.iter().sum()
    }
}

/// Scores a city with the given variants.
pub fn score_city(city: &City, variants: Variants, opts: ScoreOptions) -> CityScore {
    let mut out = CityScore::default();
    let mut values = [0u32; 5];
    // house cells: (cell, value)
    let mut houses = [(0u16, 0u32); 256];
    let mut nh = 0usize;
    let built = city.built_cells();
    for &c in built {
        let i = c as usize;
        let code = city.code_at(i);
        let height = city.height_at(i) as u32;
        let value = opts.level.map(u32::from).unwrap_or(height);
        match code {
            6..=10 => {
                let d = District::ALL[(code - 6) as usize];
                out.stars[d as usize] += d.plaza_stars();
            }
            QUARRY => out.quarries += 1,
            HOUSE if nh < houses.len() => {
                houses[nh] = (c, value);
                nh += 1;
            }
            MARKET => {
                let ns = city.neighbours(i);
                if ns.iter().any(|&n| city.code_at(n) == MARKET) {
                    continue;
                }
                let double = variants.has(District::Market)
                    && ns.iter().any(|&n| city.code_at(n) == MARKET_PLAZA);
                values[1] += if double { 2 * value } else { value };
            }
            BARRACKS => {
                let empty = city
                    .neighbours(i)
                    .iter()
                    .filter(|&&n| city.height_at(n) == 0)
                    .count();
                if empty >= 1 {
                    let double = variants.has(District::Barracks) && (empty == 3 || empty == 4);
                    values[2] += if double { 2 * value } else { value };
                }
            }
            TEMPLE => {
                let full = city.neighbours(i).iter().all(|&n| city.height_at(n) > 0);
                if full {
                    let double = variants.has(District::Temple) && value >= 2;
                    values[3] += if double { 2 * value } else { value };
                }
            }
            GARDEN => {
                let double = variants.has(District::Garden)
                    && city.neighbours(i).iter().any(|&n| is_lake(city, n));
                values[4] += if double { 2 * value } else { value };
            }
            _ => {}
        }
    }
    values[0] = house_value(city, &houses[..nh], variants.has(District::House));
    for (d, v) in values.iter().enumerate() {
        out.districts[d] = out.stars[d] * v;
    }
    out.values = values;
    out
}

/// An empty hex whose six neighbours are all built.
fn is_lake(city: &City, n: usize) -> bool {
    city.height_at(n) == 0
        && !city.is_border(n)
        && city.neighbours(n).iter().all(|&m| city.height_at(m) > 0)
}

/// The value of the largest group of adjacent houses (ties: the highest value).
fn house_value(city: &City, houses: &[(u16, u32)], variant: bool) -> u32 {
    let _ = city;
    let n = houses.len();
    let mut seen = [false; 256];
    let mut stack = [0usize; 256];
    let mut best = (0usize, 0u32);
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut sp = 0;
        stack[sp] = start;
        sp += 1;
        let (mut count, mut value) = (0usize, 0u32);
        while sp > 0 {
            sp -= 1;
            let k = stack[sp];
            count += 1;
            value += houses[k].1;
            let ns = city.neighbours(houses[k].0 as usize);
            for (j, h) in houses.iter().enumerate() {
                if !seen[j] && ns.contains(&(h.0 as usize)) {
                    seen[j] = true;
                    stack[sp] = j;
                    sp += 1;
                }
            }
        }
        if (count, value) > best {
            best = (count, value);
        }
    }
    let v = best.1;
    if variant && v >= 10 {
        2 * v
    } else {
        v
    }
}
