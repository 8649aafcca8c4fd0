//! The factored action space: one head per part of a move (Akropolis: the tile, its turn,
//! its cell) instead of one flat index, with a mask per head.
//!
//! A game's [`Encode::FACTORS`](crate::Encode::FACTORS) are the flat index's mixed-radix
//! digits, most significant first: action `a < F0 × F1 × ... × Fk` has the digits
//! `(a / (F1 × ... × Fk), ..., a % Fk)`. The actions past that product (Triominos' draw and
//! pass, Q's end, pass and exchange) are the first head's extra values `F0, F0 + 1, ...`,
//! with every later digit 0. So the heads' sizes are `F0 + extras, F1, ..., Fk`
//! ([`heads`]), and a choice of one value per head is one flat action ([`action`]).
//!
//! Masks: [`head_masks`] marks, per head, every value that some legal action has (each head
//! on its own); [`head_mask`] marks the values of one head that go on to a legal action
//! given the values already chosen for the heads before it (sampling head by head with it
//! gives a legal action every time).
//!
//! ```
//! use tessera_encode::factored::{action, digits, heads};
//! // Akropolis: tile slot 6, turn 6, cell 32 × 32
//! let f = [6, 6, 1024];
//! assert_eq!(heads(&f, 36_864), vec![6, 6, 1024]);
//! assert_eq!(digits(5 * 1024 + 7, &f, 36_864), Some(vec![0, 5, 7]));
//! assert_eq!(action(&[0, 5, 7], &f, 36_864), Some(5 * 1024 + 7));
//! // Q: kind 36, cell 1024, then end / pass / exchange as the first head's 36, 37, 38
//! assert_eq!(heads(&[36, 1024], 36_867), vec![39, 1024]);
//! assert_eq!(digits(36_865, &[36, 1024], 36_867), Some(vec![37, 0]));
//! ```

/// The sizes of the heads of `factors` over `actions` actions (the first holds the
/// actions past the digits' product); one head of `actions` when `factors` is empty.
pub fn heads(factors: &[usize], actions: usize) -> Vec<usize> {
    let Some((first, rest)) = factors.split_first() else {
        return vec![actions];
    };
    let product: usize = factors.iter().product();
    let mut out = vec![first + actions.saturating_sub(product)];
    out.extend_from_slice(rest);
    out
}

/// The heads' values of action `a`; `None` out of the space.
pub fn digits(a: usize, factors: &[usize], actions: usize) -> Option<Vec<usize>> {
    if a >= actions {
        return None;
    }
    if factors.is_empty() {
        return Some(vec![a]);
    }
    let product: usize = factors.iter().product();
    let mut out = vec![0; factors.len()];
    if a >= product {
        out[0] = factors[0] + (a - product);
        return Some(out);
    }
    let mut rest = a;
    for (k, f) in factors.iter().enumerate().rev() {
        out[k] = rest % f;
        rest /= f;
    }
    Some(out)
}

/// The action of one value per head; `None` for a value out of its head, or an extra
/// action of the first head with a later value not 0.
pub fn action(values: &[usize], factors: &[usize], actions: usize) -> Option<usize> {
    if factors.is_empty() {
        return values
            .first()
            .copied()
            .filter(|a| *a < actions && values.len() == 1);
    }
    if values.len() != factors.len() {
        return None;
    }
    let sizes = heads(factors, actions);
    if values.iter().zip(&sizes).any(|(v, s)| v >= s) {
        return None;
    }
    let product: usize = factors.iter().product();
    if values[0] >= factors[0] {
        return values[1..]
            .iter()
            .all(|v| *v == 0)
            .then(|| product + values[0] - factors[0]);
    }
    Some(values.iter().zip(factors).fold(0, |a, (v, f)| a * f + v))
}

/// Writes every head's mask into `out` (the heads' sizes concatenated; every entry
/// written): a value is marked when some action of `legal` has it.
pub fn head_masks(legal: &[usize], factors: &[usize], actions: usize, out: &mut [bool]) {
    out.iter_mut().for_each(|x| *x = false);
    let sizes = heads(factors, actions);
    for a in legal {
        let Some(d) = digits(*a, factors, actions) else {
            continue;
        };
        let mut at = 0;
        for (v, s) in d.iter().zip(&sizes) {
            if let Some(x) = out.get_mut(at + v) {
                *x = true;
            }
            at += s;
        }
    }
}

/// Writes the mask of head `prefix.len()` into `out` (of that head's size; every entry
/// written): the values that some action of `legal` has after the values `prefix` of the
/// heads before it. Nothing is marked when `prefix` has as many values as there are heads.
pub fn head_mask(
    legal: &[usize],
    factors: &[usize],
    actions: usize,
    prefix: &[usize],
    out: &mut [bool],
) {
    out.iter_mut().for_each(|x| *x = false);
    let k = prefix.len();
    for a in legal {
        let Some(d) = digits(*a, factors, actions) else {
            continue;
        };
        if k < d.len() && d[..k] == *prefix {
            if let Some(x) = out.get_mut(d[k]) {
                *x = true;
            }
        }
    }
}
