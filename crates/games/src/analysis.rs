//! A game's analysis for people and programs, whatever the game: each judged move with its
//! words, the search's best moves in words, the better move (on the board, and why it is
//! better) where the move played lost beyond the search's error, and each seat's summary:
//! what its decisions lost and what luck did, in a sentence. Computed by
//! [`crate::GameEntry::analyze`] with [`tessera_ai::analysis`] (each move judged from its
//! seat's view only).

use crate::error::EntryError;
use crate::json::to_value;
use crate::registration::Registration;
use serde::Serialize;
use serde_json::Value;
use tessera_ai::analysis::{account, Account, MoveAnalysis};
use tessera_core::{Record, Seat};
use tessera_words::Words as _;
use tessera_words::{words, Msg};

pub use tessera_ai::analysis::{
    AnalysisConfig, Chance, Class, DEFAULT_ITERATIONS, THRESHOLDS, VERDICT_MARGIN,
};
pub use tessera_ai::Budget;

/// The analysis of a game's moves by some of its seats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The game's name.
    pub game: String,
    /// The players' names by seat.
    pub players: Vec<String>,
    /// The seats analysed.
    pub seats: Vec<usize>,
    /// The search's budget per move, in words (`400 iterations`, `200 ms`).
    pub budget: Msg,
    /// The search's settings in words (`exploration 0.4, rollouts of 20 moves`: the game's
    /// strongest level's when it is an `ismcts` spec).
    pub search: Msg,
    /// The seed of the searches.
    pub seed: u64,
    /// The upper bounds of win chance lost of best, good, inaccuracy and mistake.
    pub thresholds: [f64; 4],
    /// Moves in the record.
    pub total_moves: usize,
    /// The analysed moves, in order.
    pub moves: Vec<AnalyzedMove>,
    /// Each analysed seat's summary, by seat.
    pub summaries: Vec<SeatSummary>,
}

/// One analysed move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalyzedMove {
    /// Its number in the record (0-based; the replay's step is `index + 1`).
    pub index: usize,
    /// The seat that played it.
    pub seat: usize,
    /// The move played (its serde form).
    #[serde(rename = "move")]
    pub played: Value,
    /// What it did, in words.
    pub words: Msg,
    /// The seat's estimated win chance of the position (after the search's best move).
    pub before: f64,
    /// The seat's estimated win chance after the move played: `before - lost`.
    pub after: f64,
    /// What the move lost against the search's best (0 when it was the best; below 0 when
    /// it did better on the search's deals, within the error): the one number of the move.
    pub lost: f64,
    /// The search's own error on `lost` (two standard errors).
    pub margin: f64,
    /// `lost` when it is beyond `margin`, else 0.
    pub loss: f64,
    /// The class ([`Class::judged`]; `unjudged`: too few iterations to tell).
    pub class: Class,
    /// Whether the move played is the search's best.
    pub best_played: bool,
    /// The win chance a graph shows before and after the move (`after = before - lost`,
    /// within [0, 1]): the estimates with the noise between two searches taken out (the
    /// chance after the seat's previous move carried across the others' moves unless they
    /// changed it beyond the searches' error).
    pub chance: Chance,
    /// The search's best moves, the best first.
    pub best: Vec<Suggestion>,
    /// Moves the search tried.
    pub searched: usize,
    /// Iterations of the search.
    pub iterations: u32,
    /// The public view after the search's best move instead of the one played, when a
    /// better move is shown (the move lost at least 2% beyond the search's error); else
    /// `null`.
    pub better: Value,
    /// Why the better move is better, in points and win chance (`null` when none is shown).
    pub why: Option<Msg>,
}

/// One of the search's best moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Suggestion {
    /// The move (its serde form).
    #[serde(rename = "move")]
    pub mv: Value,
    /// What it would have done, in words.
    pub words: Msg,
    /// Iterations through it.
    pub visits: u32,
    /// The seat's estimated win chance after it (its mean over the search).
    pub win: f64,
}

/// A seat's game in a few numbers and a sentence: what its decisions lost, what luck did
/// ([`tessera_ai::analysis::account`]), its moves by class.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: usize,
    /// Its moves analysed.
    pub moves: usize,
    /// Of them, those with a choice (the search tried more than one move).
    pub choices: usize,
    /// Its moves by class.
    pub classes: Classes,
    /// The win chance at the start: an even share (1 / seats).
    pub start: f64,
    /// The win chance at the end: the result when the game is over, else the chance after
    /// the seat's last move.
    pub end: f64,
    /// Whether the game is over.
    pub over: bool,
    /// The win chance its decisions lost against the search's best (the sum of its moves'
    /// `lost`).
    pub play: f64,
    /// The search's error on `play` and `luck` (two standard errors).
    pub margin: f64,
    /// The win chance that moved on the tiles drawn and the others' moves:
    /// `end - start + play`.
    pub luck: f64,
    /// Whether the search had too few iterations for a verdict (most of the seat's moves
    /// with a choice unjudged).
    pub too_few: bool,
    /// The summary in a sentence: who played how, and what decided the game.
    pub words: Msg,
}

/// A seat's moves by class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Classes {
    /// Best (or within the search's error of the best).
    pub best: usize,
    /// Good.
    pub good: usize,
    /// Inaccuracies.
    pub inaccuracy: usize,
    /// Mistakes.
    pub mistake: usize,
    /// Blunders.
    pub blunder: usize,
    /// Without a verdict (too few iterations).
    pub unjudged: usize,
}

impl Classes {
    fn count(&mut self, c: Class) {
        *match c {
            Class::Best => &mut self.best,
            Class::Good => &mut self.good,
            Class::Inaccuracy => &mut self.inaccuracy,
            Class::Mistake => &mut self.mistake,
            Class::Blunder => &mut self.blunder,
            Class::Unjudged => &mut self.unjudged,
        } += 1;
    }
}

/// A budget in words.
pub fn budget_words(b: Budget) -> Msg {
    match b {
        Budget::Iterations(n) => words!("budget-iterations", n = n),
        // a player reads a CPU budget as the time it thinks
        Budget::Time(t) | Budget::Cpu(t) => words!("budget-ms", ms = t.as_millis() as u64),
        Budget::Capped { iterations, time } => words!(
            "budget-capped",
            n = iterations,
            ms = time.as_millis() as u64
        ),
    }
}

/// A win chance (or a change of it) in whole percent.
fn percent(x: f64) -> i64 {
    (100.0 * x).round() as i64
}

/// A change of win chance in whole percent with its sign: `+55`, `−41` (a minus sign).
fn signed_percent(x: f64) -> String {
    match percent(x) {
        p if p < 0 => format!("\u{2212}{}", -p),
        p => format!("+{p}"),
    }
}

/// Where the summary calls a seat's decisions close to the best: under 10% of win chance
/// lost over the game.
pub const CLOSE: f64 = 0.10;

/// The summary of `account` (the seat's name `who`) in a sentence:
///
/// - too few iterations (most moves with a choice unjudged): says so, and nothing else;
/// - else what the decisions lost (none under 1%, close to the best under [`CLOSE`], within
///   the search's error when no more than `margin`, else their cost), then what decided the game: luck (`luck`, the tiles drawn and the others'
///   moves) when it moved the win chance more than the decisions by more than the search's
///   error on them (`margin`), the decisions when they moved it more by more than that,
///   else that the search cannot tell (with its error); an unfinished game: luck so far.
pub fn summary_words(who: &str, a: &Account, budget: &Msg) -> Msg {
    if a.too_few {
        return words!(
            "analysis-too-few",
            who = who,
            judged = a.choices - a.unjudged,
            choices = a.choices,
            budget = budget.clone(),
            default = DEFAULT_ITERATIONS
        );
    }
    let lost = percent(a.play.max(0.0));
    let play = if a.play < 0.01 {
        words!("analysis-play-none", who = who)
    } else if a.play < CLOSE {
        words!("analysis-play-close", who = who, lost = lost)
    } else if a.play <= a.margin {
        // not below 0 beyond doubt: the search cannot tell the decisions from its best
        words!(
            "analysis-play-within",
            who = who,
            lost = lost,
            margin = percent(a.margin)
        )
    } else {
        words!("analysis-play-cost", who = who, lost = lost)
    };
    let luck = signed_percent(a.luck);
    let decided = if !a.over {
        words!("analysis-luck-so-far", luck = luck)
    } else if (a.luck.abs() - a.play).abs() <= a.margin {
        words!(
            "analysis-decided-unclear",
            luck = luck,
            margin = percent(a.margin)
        )
    } else if a.luck.abs() > a.play {
        words!("analysis-decided-luck", luck = luck)
    } else {
        words!("analysis-decided-play", luck = luck)
    };
    words!("analysis-verdict", play = play, decided = decided)
}

/// A move's lines of words read as one (the analysis lists a move in a line): `A; B; C`.
fn joined(lines: Vec<Msg>) -> Msg {
    lines
        .into_iter()
        .rev()
        .reduce(|rest, line| words!("lines", first = line, rest = rest))
        .unwrap_or_else(|| Msg::verbatim(""))
}

/// Why the better move is better: its points now against the move played's, and the win
/// chances shown for both (`chance`: the graph's, so the words and the graph agree).
fn why(better_points: i32, played_points: i32, lost: f64, chance: &Chance) -> Msg {
    let points = match better_points.cmp(&played_points) {
        std::cmp::Ordering::Greater => "more",
        std::cmp::Ordering::Less => "fewer",
        std::cmp::Ordering::Equal => "same",
    };
    words!(
        "analysis-why",
        points = points,
        better = crate::signed(better_points),
        played = crate::signed(played_points),
        gain = percent(lost),
        win = percent(chance.before),
        chance = percent(chance.after)
    )
}

/// The analysis of `record` (a game `G`'s record as JSON) for `seats` (every seat when
/// empty): [`crate::GameEntry::analyze`].
pub(crate) fn analyze<G: Registration>(
    record: &Value,
    seats: &[usize],
    config: &AnalysisConfig,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Analysis, EntryError> {
    let record: Record<G> =
        serde_json::from_str(&record.to_string()).map_err(|e| EntryError::Record(e.to_string()))?;
    let seat_list: Vec<Seat> = seats
        .iter()
        .map(|&s| {
            u8::try_from(s)
                .map(Seat)
                .map_err(|_| EntryError::Settings(format!("there is no seat {s}")))
        })
        .collect::<Result<_, _>>()?;
    let judged = tessera_ai::analysis::analyze_record(&record, &seat_list, config, progress)
        .map_err(|e| match e {
            tessera_ai::analysis::AnalysisError::Record(r) => EntryError::Record(r.to_string()),
            tessera_ai::analysis::AnalysisError::Stopped => {
                EntryError::Play("the analysis was stopped".into())
            }
            other => EntryError::Settings(other.to_string()),
        })?;
    // words and the board after a better move, from the record's (public) states
    let names = &record.players;
    let mut game =
        G::new(&record.rules, record.seed).map_err(|e| EntryError::Record(e.to_string()))?;
    let mut moves = Vec::with_capacity(judged.len());
    let mut next = judged.iter().peekable();
    for (i, mv) in record.moves.iter().enumerate() {
        let before = game.clone();
        let seat = game.to_move().unwrap_or(Seat(0));
        game.play(mv)
            .map_err(|e| EntryError::Record(format!("move {i} is illegal: {e}")))?;
        let Some(m) = next.next_if(|m| m.index == i) else {
            continue;
        };
        moves.push(analyzed_move::<G>(&before, &game, seat, mv, m, names));
    }
    let mut seats: Vec<usize> = if seats.is_empty() {
        (0..game.seats()).collect()
    } else {
        seats.to_vec()
    };
    seats.sort_unstable();
    seats.dedup();
    let budget = budget_words(config.budget);
    let result = game
        .outcome()
        .map(|o| tessera_ai::finished_rewards(&o, game.seats()));
    let summaries = seats
        .iter()
        .map(|&s| {
            summary(
                s,
                game.seats(),
                &judged,
                &moves,
                result.as_deref(),
                names,
                &budget,
            )
        })
        .collect();
    Ok(Analysis {
        game: G::NAME.to_string(),
        players: record.players.clone(),
        seats,
        budget,
        search: tessera_ai::analysis::search_words(&tessera_ai::analysis::search_config::<G>(
            config,
        )),
        seed: config.seed,
        thresholds: THRESHOLDS,
        total_moves: record.moves.len(),
        moves,
        summaries,
    })
}

/// The summary of `seat`: its account from the judged moves, its classes, its sentence.
fn summary<M>(
    seat: usize,
    seats: usize,
    judged: &[MoveAnalysis<M>],
    moves: &[AnalyzedMove],
    result: Option<&[f64]>,
    names: &[String],
    budget: &Msg,
) -> SeatSummary {
    let a = account(Seat(seat as u8), seats, judged, result);
    let mut classes = Classes::default();
    for m in moves.iter().filter(|m| m.seat == seat) {
        classes.count(m.class);
    }
    let who = names
        .get(seat)
        .filter(|n| !n.is_empty())
        .cloned()
        .unwrap_or_else(|| format!("{}", seat + 1));
    SeatSummary {
        seat,
        moves: a.moves,
        choices: a.choices,
        classes,
        start: a.start,
        end: a.end,
        over: a.over,
        play: a.play,
        margin: a.margin,
        luck: a.luck,
        too_few: a.too_few,
        words: summary_words(&who, &a, budget),
    }
}

/// One judged move `m` in words: the move played (`mv`, by `seat`, from `before` to
/// `after`), the search's best, and the better move's board and reasons when one is shown.
fn analyzed_move<G: Registration>(
    before: &G,
    after: &G,
    seat: Seat,
    mv: &G::Move,
    m: &MoveAnalysis<G::Move>,
    names: &[String],
) -> AnalyzedMove {
    let points = |to: &G| {
        to.scores().get(seat.index()).copied().unwrap_or(0)
            - before.scores().get(seat.index()).copied().unwrap_or(0)
    };
    // each listed move played once: its words, and the state after it
    let tried: Vec<(Msg, Option<G>)> = m
        .verdict
        .best
        .iter()
        .map(|c| {
            let mut next = before.clone();
            match next.play(&c.mv) {
                Ok(()) => (
                    joined(G::describe(Some(before), &next, seat, &c.mv, names)),
                    Some(next),
                ),
                Err(e) => (words!("analysis-not-a-move", why = e.words()), None),
            }
        })
        .collect();
    let played_words = joined(G::describe(Some(before), after, seat, mv, names));
    // words that read the same as another listed move's (the same tile for the same
    // points elsewhere) say where each puts its tile
    let mut listed: Vec<(&G::Move, &Msg)> = vec![(mv, &played_words)];
    listed.extend(
        m.verdict
            .best
            .iter()
            .zip(&tried)
            .map(|(c, (w, _))| (&c.mv, w)),
    );
    let place = |c: &G::Move, w: &Msg| {
        if listed.iter().any(|(o, ow)| *o != c && *ow == w) {
            words!(
                "analysis-move-place",
                words = w.clone(),
                place = G::move_place(c)
            )
        } else {
            w.clone()
        }
    };
    let best: Vec<Suggestion> = m
        .verdict
        .best
        .iter()
        .zip(&tried)
        .map(|(c, (w, _))| Suggestion {
            mv: to_value(&c.mv),
            words: place(&c.mv, w),
            visits: c.visits,
            win: c.win,
        })
        .collect();
    let (better, why) = match tried.first() {
        Some((_, Some(s))) if m.has_better() => (
            to_value(&s.public_view()),
            Some(why(points(s), points(after), m.lost, &m.chance)),
        ),
        _ => (Value::Null, None),
    };
    AnalyzedMove {
        index: m.index,
        seat: m.seat.index(),
        played: to_value(mv),
        words: place(mv, &played_words),
        before: m.before,
        after: m.after,
        lost: m.lost,
        margin: m.margin,
        loss: m.loss,
        class: m.class,
        best_played: m.best_played,
        chance: m.chance,
        best,
        searched: m.moves,
        iterations: m.iterations,
        better,
        why,
    }
}
