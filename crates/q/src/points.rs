//! [`Points`]: a player's score, a natural number wide enough for the huge scores some
//! reference tests use (up to 2^256 - 1; JSON naturals are unbounded).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A natural number below 2^256. Additions saturate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points([u64; 4]); // most significant limb first, so the derived order is numeric

impl Points {
    /// Zero.
    pub const ZERO: Points = Points([0; 4]);

    /// The value of a `u64`.
    pub const fn new(n: u64) -> Points {
        Points([0, 0, 0, n])
    }

    /// Adds, saturating at the largest value.
    pub fn plus(self, n: u64) -> Points {
        let mut limbs = self.0;
        let mut carry = n;
        for l in limbs.iter_mut().rev() {
            let (s, o) = l.overflowing_add(carry);
            *l = s;
            carry = o as u64;
            if carry == 0 {
                return Points(limbs);
            }
        }
        Points([u64::MAX; 4])
    }

    /// The sum, or `None` past 2^256 - 1.
    pub fn checked_add(self, other: Points) -> Option<Points> {
        let mut limbs = self.0;
        let mut carry = 0u64;
        for i in (0..4).rev() {
            let (s1, o1) = limbs[i].overflowing_add(other.0[i]);
            let (s2, o2) = s1.overflowing_add(carry);
            limbs[i] = s2;
            carry = (o1 || o2) as u64;
        }
        (carry == 0).then_some(Points(limbs))
    }

    /// `self - other`, or `None` when `other` is larger.
    pub fn checked_sub(self, other: Points) -> Option<Points> {
        if other > self {
            return None;
        }
        let mut limbs = self.0;
        let mut borrow = 0u64;
        for i in (0..4).rev() {
            let (d1, o1) = limbs[i].overflowing_sub(other.0[i]);
            let (d2, o2) = d1.overflowing_sub(borrow);
            limbs[i] = d2;
            borrow = (o1 || o2) as u64;
        }
        Some(Points(limbs))
    }

    /// The value, if it fits a `u64`.
    pub fn to_u64(self) -> Option<u64> {
        (self.0[..3] == [0, 0, 0]).then_some(self.0[3])
    }

    /// Parses a decimal natural (digits only); `None` if malformed or too large.
    pub fn parse(text: &str) -> Option<Points> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut limbs = [0u64; 4];
        for b in text.bytes() {
            // limbs = limbs * 10 + digit
            let mut carry = (b - b'0') as u128;
            for l in limbs.iter_mut().rev() {
                let v = (*l as u128) * 10 + carry;
                *l = v as u64;
                carry = v >> 64;
            }
            if carry != 0 {
                return None;
            }
        }
        Some(Points(limbs))
    }

    fn divmod10(self) -> (Points, u64) {
        let mut rem: u128 = 0;
        let mut q = [0u64; 4];
        for (i, l) in self.0.iter().enumerate() {
            let cur = (rem << 64) | (*l as u128);
            q[i] = (cur / 10) as u64;
            rem = cur % 10;
        }
        (Points(q), rem as u64)
    }
}

impl From<u64> for Points {
    fn from(n: u64) -> Self {
        Points::new(n)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.to_u64() {
            return write!(f, "{n}");
        }
        let mut digits = Vec::new();
        let mut x = *self;
        while x != Points::ZERO {
            let (q, r) = x.divmod10();
            digits.push(b'0' + r as u8);
            x = q;
        }
        digits.reverse();
        f.write_str(std::str::from_utf8(&digits).unwrap_or("0"))
    }
}

impl Serialize for Points {
    /// As a JSON number (exact, however large).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(n) => s.serialize_u64(n),
            None => {
                let raw = serde_json::value::RawValue::from_string(self.to_string())
                    .map_err(serde::ser::Error::custom)?;
                raw.serialize(s)
            }
        }
    }
}

impl<'de> Deserialize<'de> for Points {
    /// From a JSON natural of any size (exactly, when read from JSON text).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<serde_json::value::RawValue>::deserialize(d)?;
        let text = raw.get().trim();
        Points::parse(text)
            .ok_or_else(|| D::Error::custom(format!("{text} is not a natural number below 2^256")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_naturals_parse_print_add_and_compare() {
        let big = "5745230745203742503472503472503472503754320753420753";
        let p = Points::parse(big).unwrap();
        assert_eq!(p.to_string(), big);
        assert_eq!(
            p.plus(7).to_string(),
            "5745230745203742503472503472503472503754320753420760"
        );
        assert!(Points::parse("5475037425037425075432074503").unwrap() < p);
        assert_eq!(
            Points::new(5).plus(u64::MAX).to_string(),
            "18446744073709551620"
        );
        assert_eq!(Points::parse("-1"), None);
        assert_eq!(Points::parse("1.5"), None);
        assert_eq!(Points::parse(&"9".repeat(100)), None);
        let v: Points = serde_json::from_str(big).unwrap();
        assert_eq!(v, p);
        assert_eq!(serde_json::to_string(&p).unwrap(), big);
        assert_eq!(serde_json::to_string(&Points::new(3)).unwrap(), "3");
        let q = p.plus(10);
        assert_eq!(q.checked_sub(p), Some(Points::new(10)));
        assert_eq!(p.checked_sub(q), None);
        assert_eq!(p.checked_add(Points::new(10)), Some(q));
    }
}
