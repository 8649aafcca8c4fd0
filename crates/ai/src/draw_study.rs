//! When does a Triominos bot draw while it could place? The study behind
//! docs/strategies.md, "Triominos: which drawing strategy wins most".
//!
//! [`play`] plays 2-player games of one bot against an opponent (each deal twice, the bot in
//! each seat) and records every decision of the bot where it could both place and draw
//! voluntarily: the pile, the tray, the best placement's immediate score, the number of
//! legal placements, the draws already made this turn, and whether the bot drew. Decisions
//! are kept as counts per distinct situation ([`DrawStudy::cells`]), so memory stays
//! bounded however many games are played.

use crate::tournament::wilson;
use std::collections::BTreeMap;
use tessera_core::{derive_seed, rng_from_seed, Game, Seat, Strategy};
use tessera_triominos::{Move, Rules, TriominosGame, Turn, MAX_DRAWS};

/// The situation of one decision where the bot could place and could draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Situation {
    /// Tiles left in the pile (at least 1).
    pub pile: usize,
    /// Tiles on the bot's tray.
    pub tray: usize,
    /// The best legal placement's immediate score.
    pub best: i32,
    /// Legal placements (at least 1).
    pub placements: usize,
    /// Draws already made this turn (0 to 2).
    pub draws: u8,
}

impl Situation {
    /// The situation of `turn`, or `None` when the mover has no choice between placing and
    /// drawing: no legal placement, a forced opening, the pile empty or 3 draws made.
    pub fn of(turn: &Turn<'_>) -> Option<Situation> {
        if turn.forced.is_some() || turn.pile == 0 || turn.draws >= MAX_DRAWS {
            return None;
        }
        let mut v = Vec::new();
        turn.placements(&mut v);
        let best = v.iter().map(|s| s.score).max()?;
        Some(Situation {
            pile: turn.pile,
            tray: turn.tray.len(),
            best,
            placements: v.len(),
            draws: turn.draws,
        })
    }
}

/// Decisions and draws in one situation or bucket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Decisions.
    pub decisions: u64,
    /// Of which the bot drew.
    pub draws: u64,
}

impl Count {
    fn add(&mut self, other: Count) {
        self.decisions += other.decisions;
        self.draws += other.draws;
    }

    /// The draw rate with its 95% Wilson interval.
    pub fn rate(&self) -> (f64, [f64; 2]) {
        let n = self.decisions as f64;
        let p = if n > 0.0 { self.draws as f64 / n } else { 0.0 };
        (p, wilson(self.draws as f64, n))
    }
}

/// What a study measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrawStudy {
    /// Decisions by situation.
    pub cells: BTreeMap<Situation, Count>,
    /// Games played.
    pub games: u64,
    /// Games the bot won (a shared win counts half).
    pub bot_wins: f64,
    /// Games that hit the move limit.
    pub unfinished: u64,
    /// Moves the bot made (every kind, with or without a choice).
    pub bot_moves: u64,
    /// Voluntary and forced draws of the bot together.
    pub bot_draws_all: u64,
}

impl DrawStudy {
    /// Records one decision of the bot: `turn` before its move `mv`.
    pub fn record(&mut self, turn: &Turn<'_>, mv: &Move) {
        self.bot_moves += 1;
        let drew = *mv == Move::Draw;
        if drew {
            self.bot_draws_all += 1;
        }
        if let Some(s) = Situation::of(turn) {
            let c = self.cells.entry(s).or_default();
            c.decisions += 1;
            c.draws += drew as u64;
        }
    }

    /// Every decision with a choice together.
    pub fn total(&self) -> Count {
        let mut t = Count::default();
        for c in self.cells.values() {
            t.add(*c);
        }
        t
    }

    /// Decisions grouped by `key` (buckets in key order).
    pub fn by<K: Ord>(&self, key: impl Fn(&Situation) -> K) -> BTreeMap<K, Count> {
        let mut m = BTreeMap::new();
        for (s, c) in &self.cells {
            m.entry(key(s)).or_insert_with(Count::default).add(*c);
        }
        m
    }
}

/// The bucket of `x` among ascending lower bounds `bounds` (the first bound should be the
/// smallest possible value): its index and a label such as `5-9` or `40+`.
pub fn bucket(x: i64, bounds: &[i64]) -> (usize, String) {
    let i = bounds.iter().rposition(|&b| x >= b).unwrap_or(0);
    let label = match bounds.get(i + 1) {
        Some(&next) if next - 1 == bounds[i] => bounds[i].to_string(),
        Some(&next) => format!("{}-{}", bounds[i], next - 1),
        None => format!("{}+", bounds[i]),
    };
    (i, label)
}

/// Plays `games` 2-player games (rounded up to whole deals: each deal twice, the bot in
/// each seat) of the bot `bot` against `opponent`, with the standard rules, recording the
/// bot's decisions. Game `i` is deal `i / 2` with the seed a tournament of the same `seed`
/// uses, so the deals are those of `tessera tournament --seed SEED`. `done` is called after
/// every game with the study so far.
pub fn play(
    bot: &dyn Fn() -> Box<dyn Strategy<TriominosGame>>,
    opponent: &dyn Fn() -> Box<dyn Strategy<TriominosGame>>,
    games: u64,
    seed: u64,
    max_moves: usize,
    mut done: impl FnMut(&DrawStudy),
) -> Result<DrawStudy, String> {
    let rules = Rules::standard(2);
    let mut study = DrawStudy::default();
    for index in 0..games.div_ceil(2) * 2 {
        let deal = index / 2;
        let bot_seat = (index % 2) as usize;
        let mut bots: Vec<Box<dyn Strategy<TriominosGame>>> = if bot_seat == 0 {
            vec![bot(), opponent()]
        } else {
            vec![opponent(), bot()]
        };
        let mut game =
            TriominosGame::new(&rules, derive_seed(seed, deal)).map_err(|e| e.to_string())?;
        let mut rng = rng_from_seed(derive_seed(seed ^ 0xB075, index));
        let mut moves = 0;
        while let Some(seat) = game.to_move() {
            if moves >= max_moves {
                break;
            }
            let view = game.view(seat);
            let mv = bots[seat.index()].choose(&view, &mut rng);
            if seat == Seat(bot_seat as u8) {
                if let Some(turn) = view.turn() {
                    study.record(&turn, &mv);
                }
            }
            game.play(&mv)
                .map_err(|e| format!("game {index}: an illegal move: {e}"))?;
            moves += 1;
        }
        study.games += 1;
        match game.outcome() {
            Some(o) => {
                if o.winners.contains(&Seat(bot_seat as u8)) {
                    study.bot_wins += 1.0 / o.winners.len() as f64;
                }
            }
            None => study.unfinished += 1,
        }
        done(&study);
    }
    Ok(study)
}

/// Pile-size buckets (lower bounds).
pub const PILE_BUCKETS: &[i64] = &[1, 5, 10, 15, 20, 25, 30, 35];
/// Tray-size buckets (lower bounds).
pub const TRAY_BUCKETS: &[i64] = &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15];
/// Best-placement-score buckets (lower bounds).
pub const BEST_BUCKETS: &[i64] = &[0, 2, 5, 8, 11, 14, 16, 40];
/// Legal-placement-count buckets (lower bounds).
pub const PLACEMENT_BUCKETS: &[i64] = &[1, 2, 4, 8, 16, 32];

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// A markdown table of the draw rate by `key`, one row a bucket.
pub fn table<K: Ord>(
    study: &DrawStudy,
    title: &str,
    key: impl Fn(&Situation) -> (K, String),
) -> String {
    let mut rows: BTreeMap<K, (String, Count)> = BTreeMap::new();
    for (s, c) in &study.cells {
        let (k, label) = key(s);
        rows.entry(k)
            .or_insert_with(|| (label, Count::default()))
            .1
            .add(*c);
    }
    let mut out =
        format!("| {title} | decisions | drew | draw rate | 95% CI |\n|---|---|---|---|---|\n");
    for (label, c) in rows.values() {
        let (p, [lo, hi]) = c.rate();
        out += &format!(
            "| {label} | {} | {} | {} | [{}, {}] |\n",
            c.decisions,
            c.draws,
            pct(p),
            pct(lo),
            pct(hi)
        );
    }
    out
}

/// A markdown table of draws / decisions by two keys (rows by `row`, columns by `col`).
pub fn cross_table(
    study: &DrawStudy,
    title: &str,
    row: impl Fn(&Situation) -> (usize, String),
    col: impl Fn(&Situation) -> (usize, String),
) -> String {
    let mut cols: BTreeMap<usize, String> = BTreeMap::new();
    let mut cells: BTreeMap<(usize, usize), Count> = BTreeMap::new();
    let mut rows: BTreeMap<usize, String> = BTreeMap::new();
    for (s, c) in &study.cells {
        let (r, rl) = row(s);
        let (k, kl) = col(s);
        rows.insert(r, rl);
        cols.insert(k, kl);
        cells.entry((r, k)).or_default().add(*c);
    }
    let mut out = format!("| {title} |");
    for l in cols.values() {
        out += &format!(" {l} |");
    }
    out += "\n|---|";
    out += &"---|".repeat(cols.len());
    out += "\n";
    for (r, rl) in &rows {
        out += &format!("| {rl} |");
        for k in cols.keys() {
            match cells.get(&(*r, *k)) {
                Some(c) => out += &format!(" {}/{} |", c.draws, c.decisions),
                None => out += " |",
            }
        }
        out += "\n";
    }
    out
}

/// The whole report of a study: totals, then the draw rate by pile, tray, best score,
/// placements and draws made, then draws/decisions by best score and pile.
pub fn report(study: &DrawStudy) -> String {
    let t = study.total();
    let (p, [lo, hi]) = t.rate();
    let (w, [wlo, whi]) = (
        study.bot_wins / study.games.max(1) as f64,
        wilson(study.bot_wins, study.games as f64),
    );
    let mut out = format!(
        "games: {} (unfinished {}), bot win rate {} [{}, {}]\n\
         bot moves: {}, of them draws (voluntary or not): {}\n\
         decisions where the bot could place and draw: {}, it drew {}: {} [{}, {}]\n\n",
        study.games,
        study.unfinished,
        pct(w),
        pct(wlo),
        pct(whi),
        study.bot_moves,
        study.bot_draws_all,
        t.decisions,
        t.draws,
        pct(p),
        pct(lo),
        pct(hi)
    );
    let b = |x: usize, bounds| bucket(x as i64, bounds);
    out += &table(study, "pile", |s| b(s.pile, PILE_BUCKETS));
    out += "\n";
    out += &table(study, "tray", |s| b(s.tray, TRAY_BUCKETS));
    out += "\n";
    out += &table(study, "best placement score", |s| {
        bucket(s.best as i64, BEST_BUCKETS)
    });
    out += "\n";
    out += &table(study, "legal placements", |s| {
        b(s.placements, PLACEMENT_BUCKETS)
    });
    out += "\n";
    out += &table(study, "draws made this turn", |s| {
        (s.draws as usize, s.draws.to_string())
    });
    out += "\n";
    out += &cross_table(
        study,
        "drew/decisions: best score \\ pile",
        |s| bucket(s.best as i64, BEST_BUCKETS),
        |s| b(s.pile, PILE_BUCKETS),
    );
    out += "\n";
    out += &cross_table(
        study,
        "drew/decisions: tray \\ pile",
        |s| b(s.tray, TRAY_BUCKETS),
        |s| b(s.pile, PILE_BUCKETS),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::triominos::{Drawing, Heuristic, Placing};

    fn greedy() -> Box<dyn Strategy<TriominosGame>> {
        Box::new(tessera_triominos::strategy::Greedy::default())
    }

    fn always_draw() -> Box<dyn Strategy<TriominosGame>> {
        Box::new(Heuristic::new(
            Placing::Greedy,
            Drawing::Below {
                below: i32::MAX,
                max: 3,
                keep_pile: 0,
                max_tray: usize::MAX,
                min_tray: 1,
                max_placements: usize::MAX,
            },
            "always",
        ))
    }

    #[test]
    fn a_bot_that_never_draws_by_choice_records_no_draw() {
        let s = play(&greedy, &greedy, 4, 11, 100_000, |_| {}).unwrap();
        assert_eq!(s.games, 4);
        let t = s.total();
        assert!(t.decisions > 0);
        assert_eq!(t.draws, 0);
        // forced draws (no placement) are moves, not decisions with a choice
        assert!(s.bot_moves >= t.decisions);
        for c in s.cells.values() {
            assert!(c.draws <= c.decisions);
        }
    }

    #[test]
    fn a_bot_that_always_draws_records_every_choice_as_a_draw() {
        let s = play(&always_draw, &greedy, 2, 5, 100_000, |_| {}).unwrap();
        let t = s.total();
        assert!(t.decisions > 0);
        assert_eq!(t.draws, t.decisions);
        assert!(s.bot_draws_all >= t.draws);
        // every situation had a choice: a placement, a tile in the pile, fewer than 3 draws
        for s in s.cells.keys() {
            assert!(s.pile >= 1 && s.placements >= 1 && s.draws < MAX_DRAWS);
        }
    }

    #[test]
    fn the_search_told_never_to_draw_records_no_voluntary_draw() {
        let bot = || crate::registry::triominos("ismcts:iters=30,draw=never").unwrap();
        let s = play(&bot, &greedy, 2, 9, 100_000, |_| {}).unwrap();
        assert!(s.total().decisions > 0);
        assert_eq!(s.total().draws, 0);
    }

    #[test]
    fn the_tables_add_up_to_the_total() {
        let s = play(&always_draw, &greedy, 2, 3, 100_000, |_| {}).unwrap();
        let t = s.total();
        for by in [
            s.by(|x| bucket(x.pile as i64, PILE_BUCKETS).0),
            s.by(|x| bucket(x.tray as i64, TRAY_BUCKETS).0),
            s.by(|x| bucket(x.best as i64, BEST_BUCKETS).0),
            s.by(|x| x.draws as usize),
        ] {
            let sum: u64 = by.values().map(|c| c.decisions).sum();
            let drew: u64 = by.values().map(|c| c.draws).sum();
            assert_eq!((sum, drew), (t.decisions, t.draws));
        }
        // the same games again give the same counts (seeded)
        let again = play(&always_draw, &greedy, 2, 3, 100_000, |_| {}).unwrap();
        assert_eq!(again, s);
        let r = report(&s);
        assert!(
            r.contains(&format!("could place and draw: {}", t.decisions)),
            "{r}"
        );
    }

    #[test]
    fn buckets_have_labels() {
        assert_eq!(bucket(7, PILE_BUCKETS), (1, "5-9".to_string()));
        assert_eq!(bucket(1, PILE_BUCKETS), (0, "1-4".to_string()));
        assert_eq!(bucket(40, PILE_BUCKETS), (7, "35+".to_string()));
        assert_eq!(bucket(3, TRAY_BUCKETS), (2, "3".to_string()));
        assert_eq!(bucket(13, TRAY_BUCKETS), (10, "12-14".to_string()));
    }
}
