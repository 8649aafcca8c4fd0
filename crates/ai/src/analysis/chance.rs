//! The win chance a graph shows over a game ([`chances`]): it moves at the seat's own moves
//! by what they lost, and between them only where a search's estimate moved beyond the
//! noise of two searches.

use super::verdict::{Chance, Verdict, MARGIN_ERRORS};

/// The win chance to show around each of `verdicts` (the moves of one seat, in the order
/// played, each with its search): see [`Chance`]. The first move's `before` is its
/// search's. So the line moves at the seat's moves by what they lost
/// ([`Verdict::lost`]), and between them only where the others' moves (or what the seat
/// drew) changed the estimate beyond the noise of two searches.
pub fn chances<'a, M: 'a>(verdicts: impl IntoIterator<Item = &'a Verdict<M>>) -> Vec<Chance> {
    let mut out = Vec::new();
    // the chance shown after the seat's previous move, and the error of the estimate it
    // stands for
    let mut carried: Option<(f64, f64)> = None;
    for v in verdicts {
        // (a carried chance that the move's loss would take below 0 or above 1 is not kept:
        // the line would then drop by less than the move lost)
        let (before, kept) = match carried {
            Some((c, e))
                if (v.before - c).abs()
                    <= MARGIN_ERRORS * (e * e + v.before_error * v.before_error).sqrt()
                    && (0.0..=1.0).contains(&(c - v.lost)) =>
            {
                (c, true)
            }
            _ => (v.before, false),
        };
        let after = (before - v.lost).clamp(0.0, 1.0);
        // the reference of the next comparison: a carried chance keeps the error of the
        // estimate it came from; a new one has this search's error on the move played
        let error = match carried {
            Some((_, e)) if kept => e.max(v.after_error),
            _ => v.after_error,
        };
        carried = Some((after, error));
        out.push(Chance {
            before,
            after,
            carried: kept,
        });
    }
    out
}
