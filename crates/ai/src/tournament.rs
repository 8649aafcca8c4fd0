//! Tournaments: many games between strategies, in parallel, with duplicate deals and the
//! statistics to compare them (win rates with Wilson intervals, mean scores with normal
//! intervals, Bradley-Terry Elo ratings, seat advantage).
//!
//! Game `i` of a tournament is deal `i / seats` played in rotation `i % seats`: every deal
//! (one seed: the same tiles in the same order) is played once with each strategy in each
//! seat, which cancels the luck of the deal. Sharding splits the deals into contiguous
//! ranges, so shards of one study merge into exactly the games of the whole.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use tessera_core::{derive_seed, rng_from_seed, Game, Seat, Strategy};

/// One finished game of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Game index in the tournament.
    pub index: u64,
    /// The deal (its seed is derived from the tournament seed and this number).
    pub deal: u64,
    /// The strategy names by seat.
    pub seats: Vec<String>,
    /// Final scores by seat.
    pub scores: Vec<i32>,
    /// Winning seats.
    pub winners: Vec<usize>,
    /// Moves played.
    pub moves: usize,
    /// Whether the game hit the move limit before ending (counted as no winner).
    #[serde(default)]
    pub unfinished: bool,
    /// By seat, the CPU time (ms) of the thread that played the game while the seat chose
    /// its moves ([`crate::clock`]): what a bot with a time budget actually got, whatever
    /// the machine's load. Empty in results recorded before it was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cpu_ms: Vec<f64>,
    /// By seat, the moves it made (with [`GameResult::cpu_ms`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seat_moves: Vec<u32>,
}

/// What to play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentConfig {
    /// Strategy specs, one per seat (rotated over the seats).
    pub players: Vec<String>,
    /// Games in the whole tournament (rounded up to whole deals).
    pub games: u64,
    /// Base seed.
    pub seed: u64,
    /// Play only shard `k` (1-based) of `n`.
    pub shard: Option<(u64, u64)>,
    /// Move limit per game (guards against a game that never ends).
    pub max_moves: usize,
}

impl TournamentConfig {
    /// The game indices this run plays.
    pub fn indices(&self) -> std::ops::Range<u64> {
        let seats = self.players.len().max(1) as u64;
        let deals = self.games.div_ceil(seats);
        let (lo, hi) = match self.shard {
            Some((k, n)) if n > 0 && (1..=n).contains(&k) => (deals * (k - 1) / n, deals * k / n),
            _ => (0, deals),
        };
        lo * seats..hi * seats
    }
}

/// Builds a fresh strategy from its spec (an error names what is wrong).
pub type MakeStrategy<G> = dyn Fn(&str) -> Result<Box<dyn Strategy<G>>, String> + Sync;

/// Plays the tournament's games in parallel on all cores. `make` builds a fresh strategy
/// from a spec for every game; `done` is called after each game (for progress bars).
pub fn play<G: Game>(
    rules: &G::Rules,
    config: &TournamentConfig,
    make: &MakeStrategy<G>,
    done: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, String> {
    play_games(rules, config, config.indices(), true, make, done)
}

/// Plays `config.games` games with the players always in the seats of `config.players`
/// (never rotated; the shard is ignored): game `i` is deal `i`. For a game whose seats are
/// not interchangeable, such as a solo game against an automated opponent in the last
/// seat; with the same seed, every rules plays the same deals.
pub fn play_fixed<G: Game>(
    rules: &G::Rules,
    config: &TournamentConfig,
    make: &MakeStrategy<G>,
    done: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, String> {
    play_games(rules, config, 0..config.games, false, make, done)
}

fn play_games<G: Game>(
    rules: &G::Rules,
    config: &TournamentConfig,
    indices: std::ops::Range<u64>,
    rotate: bool,
    make: &MakeStrategy<G>,
    done: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, String> {
    // build every strategy once up front so that a bad spec fails before any game
    for p in &config.players {
        make(p)?;
    }
    let n = config.players.len();
    // with fixed seats every game is a deal of its own
    let per_deal = if rotate { n.max(1) as u64 } else { 1 };
    let mut results: Vec<GameResult> = indices
        .into_par_iter()
        .map(|index| {
            let deal = index / per_deal;
            let rotation = (index % per_deal) as usize;
            let seats: Vec<String> = (0..n)
                .map(|s| config.players[(s + rotation) % n].clone())
                .collect();
            let mut bots: Vec<Box<dyn Strategy<G>>> =
                seats.iter().map(|s| make(s)).collect::<Result<_, _>>()?;
            let mut game =
                G::new(rules, derive_seed(config.seed, deal)).map_err(|e| e.to_string())?;
            let mut rng = rng_from_seed(derive_seed(config.seed ^ 0xB075, index));
            // the thread's CPU time from one move to the next goes to the seat that moved
            let mut cpu_ms = vec![0.0; n];
            let mut seat_moves = vec![0u32; n];
            let mut clock = crate::clock::thread_cpu();
            let moves = tessera_core::play_out(
                &mut game,
                &mut bots,
                &mut rng,
                config.max_moves,
                |seat, _, _| {
                    let now = crate::clock::thread_cpu();
                    if let (Some(c), Some(m)) = (
                        cpu_ms.get_mut(seat.index()),
                        seat_moves.get_mut(seat.index()),
                    ) {
                        *c += now.saturating_sub(clock).as_secs_f64() * 1000.0;
                        *m += 1;
                    }
                    clock = now;
                },
            )
            .map_err(|e| format!("game {index}: a strategy played an illegal move: {e}"))?;
            let outcome = game.outcome();
            let r = GameResult {
                index,
                deal,
                seats,
                scores: game.scores(),
                winners: outcome
                    .as_ref()
                    .map(|o| o.winners.iter().map(|s| s.index()).collect())
                    .unwrap_or_default(),
                moves: moves.len(),
                unfinished: outcome.is_none(),
                cpu_ms,
                seat_moves,
            };
            done(&r);
            Ok(r)
        })
        .collect::<Result<_, String>>()?;
    results.sort_by_key(|r| r.index);
    Ok(results)
}

/// A round robin: every two of `config.players` play `config.games` 2-player games (one
/// tournament of the two, with the same seed and so the same deals), pair by pair in the
/// order (0, 1), (0, 2), ..., (1, 2), ... `play_pair` plays one pair's tournament. The games
/// are numbered on across pairs, so [`summarize`] rates every player from all of them.
pub fn round_robin<E>(
    config: &TournamentConfig,
    mut play_pair: impl FnMut(&TournamentConfig) -> Result<Vec<GameResult>, E>,
) -> Result<Vec<GameResult>, E> {
    let n = config.players.len();
    let mut all = Vec::new();
    let mut offset = 0;
    for i in 0..n {
        for j in i + 1..n {
            let pair = TournamentConfig {
                players: vec![config.players[i].clone(), config.players[j].clone()],
                shard: None,
                ..config.clone()
            };
            let games = pair.indices();
            for mut r in play_pair(&pair)? {
                r.index += offset;
                all.push(r);
            }
            offset += games.end;
        }
    }
    Ok(all)
}

/// The statistics of one strategy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrategySummary {
    /// The spec.
    pub name: String,
    /// Seats it played (a game with it in two seats counts twice).
    pub games: u64,
    /// Wins; a shared win counts as a share.
    pub wins: f64,
    /// wins / games.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    /// Mean final score.
    pub mean_score: f64,
    /// Normal 95% interval of the mean score.
    pub score_ci95: [f64; 2],
    /// Bradley-Terry rating on the Elo scale (mean 1500), from every pair of seats.
    pub elo: f64,
    /// 95% interval of the rating with the others' held where they are
    /// ([`bradley_terry_ci`]); `None` for a strategy that met nobody.
    #[serde(default)]
    pub elo_ci95: Option<[f64; 2]>,
    /// Mean CPU time (ms) a move of it took ([`GameResult::cpu_ms`]); `None` when its
    /// games did not record it.
    #[serde(default)]
    pub cpu_ms_per_move: Option<f64>,
}

/// Two strategies' games against each other (every pair of seats they held in one game).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairSummary {
    /// The first strategy (in the order of first appearance).
    pub a: String,
    /// The second strategy.
    pub b: String,
    /// How many times they met.
    pub games: u64,
    /// Times `a` scored more than `b`; a tie counts half.
    pub a_wins: f64,
    /// a_wins / games.
    pub win_rate: f64,
    /// Wilson 95% interval of `win_rate`.
    pub ci95: [f64; 2],
}

/// A tournament's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games summarised.
    pub games: u64,
    /// Games per second of the run (0 for merged results).
    pub games_per_s: f64,
    /// Per strategy, in the order of first appearance.
    pub strategies: Vec<StrategySummary>,
    /// Win rate of each seat, whatever the strategy (seat advantage), with Wilson intervals.
    pub seat_win_rate: Vec<(f64, [f64; 2])>,
    /// Games that hit the move limit.
    pub unfinished: u64,
    /// Every two strategies that met, by score (a round robin's table of pairs).
    #[serde(default)]
    pub pairs: Vec<PairSummary>,
}

/// Wilson score interval for `wins` successes in `n` trials at 95%.
pub fn wilson(wins: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Summarises results (of one run or merged shards).
pub fn summarize(results: &[GameResult], seconds: f64) -> Summary {
    let mut names: Vec<String> = Vec::new();
    for r in results {
        for s in &r.seats {
            if !names.contains(s) {
                names.push(s.clone());
            }
        }
    }
    let idx = |name: &str| names.iter().position(|n| n == name).expect("collected");
    let k = names.len();
    let mut games = vec![0u64; k];
    let mut wins = vec![0f64; k];
    let mut scores: Vec<Vec<f64>> = vec![Vec::new(); k];
    // pairwise: won[i][j] = times i beat j (ties half)
    let mut won = vec![vec![0f64; k]; k];
    let seats_max = results.iter().map(|r| r.seats.len()).max().unwrap_or(0);
    let mut seat_wins = vec![0f64; seats_max];
    let mut seat_games = vec![0f64; seats_max];
    // CPU ms and moves, by strategy, of the games that recorded them
    let mut cpu = vec![(0f64, 0u64); k];
    for r in results {
        for (seat, name) in r.seats.iter().enumerate() {
            if let (Some(ms), Some(m)) = (r.cpu_ms.get(seat), r.seat_moves.get(seat)) {
                cpu[idx(name)].0 += ms;
                cpu[idx(name)].1 += u64::from(*m);
            }
        }
    }
    for r in results {
        let share = if r.winners.is_empty() {
            0.0
        } else {
            1.0 / r.winners.len() as f64
        };
        for (seat, name) in r.seats.iter().enumerate() {
            let i = idx(name);
            games[i] += 1;
            scores[i].push(r.scores[seat] as f64);
            seat_games[seat] += 1.0;
            if r.winners.contains(&seat) {
                wins[i] += share;
                seat_wins[seat] += share;
            }
        }
        for a in 0..r.seats.len() {
            for b in 0..r.seats.len() {
                let (i, j) = (idx(&r.seats[a]), idx(&r.seats[b]));
                if a == b || i == j {
                    continue;
                }
                if r.scores[a] > r.scores[b] {
                    won[i][j] += 1.0;
                } else if r.scores[a] == r.scores[b] {
                    won[i][j] += 0.5;
                }
            }
        }
    }
    let elo = bradley_terry(&won);
    let elo_ci = bradley_terry_ci(&won, &elo);
    let mut pairs = Vec::new();
    for i in 0..k {
        for j in i + 1..k {
            let n = won[i][j] + won[j][i];
            if n > 0.0 {
                pairs.push(PairSummary {
                    a: names[i].clone(),
                    b: names[j].clone(),
                    games: n.round() as u64,
                    a_wins: won[i][j],
                    win_rate: won[i][j] / n,
                    ci95: wilson(won[i][j], n),
                });
            }
        }
    }
    let strategies = (0..k)
        .map(|i| {
            let n = games[i] as f64;
            let mean = if n > 0.0 {
                scores[i].iter().sum::<f64>() / n
            } else {
                0.0
            };
            let var = if n > 1.0 {
                scores[i].iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0)
            } else {
                0.0
            };
            let half = 1.96 * (var / n.max(1.0)).sqrt();
            StrategySummary {
                name: names[i].clone(),
                games: games[i],
                wins: wins[i],
                win_rate: if n > 0.0 { wins[i] / n } else { 0.0 },
                ci95: wilson(wins[i], n),
                mean_score: mean,
                score_ci95: [mean - half, mean + half],
                elo: elo[i],
                elo_ci95: elo_ci[i].map(|h| [elo[i] - h, elo[i] + h]),
                cpu_ms_per_move: (cpu[i].1 > 0).then(|| cpu[i].0 / cpu[i].1 as f64),
            }
        })
        .collect();
    Summary {
        games: results.len() as u64,
        games_per_s: if seconds > 0.0 {
            results.len() as f64 / seconds
        } else {
            0.0
        },
        strategies,
        seat_win_rate: (0..seats_max)
            .map(|s| {
                (
                    seat_wins[s] / seat_games[s].max(1.0),
                    wilson(seat_wins[s], seat_games[s]),
                )
            })
            .collect(),
        unfinished: results.iter().filter(|r| r.unfinished).count() as u64,
        pairs,
    }
}

/// Seat 0 against seat 1 over games with fixed seats ([`play_fixed`]): a player against a
/// fixed opponent, such as a bot against the Architect of the Akropolis solo game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SoloSummary {
    /// Games summarised.
    pub games: u64,
    /// Games seat 0 won alone (by the game's own outcome, its tie-breaks included).
    pub wins: u64,
    /// Games won by both seats (a tie the game's tie-breaks do not settle).
    pub shared: u64,
    /// Games seat 1 won alone.
    pub losses: u64,
    /// Games that hit the move limit (no winner; neither a win nor a loss).
    pub unfinished: u64,
    /// wins / games: a shared game is not a win.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: [f64; 2],
    /// Mean of seat 0's score minus seat 1's.
    pub mean_margin: f64,
    /// Normal 95% interval of the mean margin.
    pub margin_ci95: [f64; 2],
    /// Mean final score of seat 0 and of seat 1.
    pub mean_scores: [f64; 2],
}

/// Summarises games of seat 0 against seat 1 (results of [`play_fixed`] with two players).
pub fn summarize_solo(results: &[GameResult]) -> SoloSummary {
    let n = results.len() as f64;
    let score = |r: &GameResult, seat: usize| r.scores.get(seat).copied().unwrap_or(0) as f64;
    let count = |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count() as u64;
    let wins = count(&|r| r.winners == [0]);
    let shared = count(&|r| r.winners.contains(&0) && r.winners.contains(&1));
    let losses = count(&|r| r.winners == [1]);
    let unfinished = count(&|r| r.unfinished);
    let margins: Vec<f64> = results.iter().map(|r| score(r, 0) - score(r, 1)).collect();
    let mean = |xs: &mut dyn Iterator<Item = f64>| if n > 0.0 { xs.sum::<f64>() / n } else { 0.0 };
    let mean_margin = mean(&mut margins.iter().copied());
    let var = if n > 1.0 {
        margins
            .iter()
            .map(|m| (m - mean_margin).powi(2))
            .sum::<f64>()
            / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n.max(1.0)).sqrt();
    SoloSummary {
        games: results.len() as u64,
        wins,
        shared,
        losses,
        unfinished,
        win_rate: if n > 0.0 { wins as f64 / n } else { 0.0 },
        ci95: wilson(wins as f64, n),
        mean_margin,
        margin_ci95: [mean_margin - half, mean_margin + half],
        mean_scores: [
            mean(&mut results.iter().map(|r| score(r, 0))),
            mean(&mut results.iter().map(|r| score(r, 1))),
        ],
    }
}

/// Bradley-Terry strengths by the MM algorithm (Hunter 2004), on the Elo scale with mean
/// 1500. A small prior (half a win and half a loss against a virtual equal) keeps
/// unbeaten or winless strategies finite.
pub fn bradley_terry(won: &[Vec<f64>]) -> Vec<f64> {
    let k = won.len();
    if k == 0 {
        return Vec::new();
    }
    let mut p = vec![1.0f64; k];
    for _ in 0..500 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let w: f64 = won[i].iter().sum::<f64>() + 0.5;
            let mut denom = 1.0 / (p[i] + 1.0); // the prior's virtual game
            for j in 0..k {
                let n = won[i][j] + won[j][i];
                if i != j && n > 0.0 {
                    denom += n / (p[i] + p[j]);
                }
            }
            next[i] = w / denom;
        }
        let g = next.iter().map(|x| x.ln()).sum::<f64>() / k as f64;
        for x in &mut next {
            *x /= g.exp();
        }
        p = next;
    }
    p.iter().map(|x| 1500.0 + 400.0 * x.log10()).collect()
}

/// Half-widths of the 95% intervals of Bradley-Terry ratings `elo` (fitted to `won`), each
/// with the other ratings held where they are: 1.96 / sqrt of the strategy's Fisher
/// information (the sum over its games of p(1 - p) at the fitted ratings), on the Elo
/// scale. It says how precisely a strategy's own games place it among the others (what a
/// fixed anchor needs); the field's own uncertainty is not in it, and an interval relative
/// to the mean would be (a strategy that never won is placed only by a bound, and would
/// widen every interval). `None` for a strategy that met nobody.
pub fn bradley_terry_ci(won: &[Vec<f64>], elo: &[f64]) -> Vec<Option<f64>> {
    let k = won.len();
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..k)
        .map(|i| {
            let info: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| {
                    let n = won[i][j] + won[j][i];
                    let p = 1.0 / (1.0 + 10f64.powf((elo[j] - elo[i]) / 400.0));
                    n * p * (1.0 - p)
                })
                .sum();
            (info > 0.0).then(|| 1.959_963_984_540_054 * scale / info.sqrt())
        })
        .collect()
}

/// The seat of a strategy name in a result, if it played.
pub fn seat_of(r: &GameResult, name: &str) -> Option<Seat> {
    r.seats
        .iter()
        .position(|s| s == name)
        .map(|i| Seat(i as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        let [lo, hi] = wilson(60.0, 100.0);
        assert!(
            (lo - 0.5020).abs() < 1e-3 && (hi - 0.6906).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.0, 0.0), [0.0, 1.0]);
        let [lo, _] = wilson(0.0, 10.0);
        assert_eq!(lo, 0.0);
    }

    #[test]
    fn bradley_terry_orders_strengths() {
        // a beats b 75% of the time: about 191 Elo apart
        let won = vec![vec![0.0, 750.0], vec![250.0, 0.0]];
        let e = bradley_terry(&won);
        assert!((e[0] - e[1] - 190.8).abs() < 5.0, "{e:?}");
        assert!(((e[0] + e[1]) / 2.0 - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn rating_intervals_shrink_with_the_games_as_the_information_says() {
        // two even players, n games: each one's information is n/4, so the half-width is
        // 1.96 * 2 / sqrt(n) * 400 / ln 10 (34.0 Elo for 400 games, half that for 1,600)
        for (n, want) in [(400.0, 34.05), (1600.0, 17.02)] {
            let won = vec![vec![0.0, n / 2.0], vec![n / 2.0, 0.0]];
            let e = bradley_terry(&won);
            for h in bradley_terry_ci(&won, &e) {
                let h = h.expect("it played");
                assert!((h - want).abs() < 0.05, "{n} games: ±{h}, not ±{want}");
            }
        }
        // lopsided games say less (900 of 1,000: information 90, not 250), and a player
        // that met nobody has no interval
        let won = vec![
            vec![0.0, 900.0, 0.0],
            vec![100.0, 0.0, 0.0],
            vec![0.0, 0.0, 0.0],
        ];
        let e = bradley_terry(&won);
        let ci = bradley_terry_ci(&won, &e);
        let even = 1.96 * 400.0 / std::f64::consts::LN_10 / 250f64.sqrt();
        let (a, b) = (ci[0].unwrap(), ci[1].unwrap());
        assert!((a / even - (250.0f64 / 90.0).sqrt()).abs() < 0.01, "{ci:?}");
        assert!((a - b).abs() < 1e-9, "the same games place both: {ci:?}");
        assert_eq!(ci[2], None, "{ci:?}");
    }

    #[test]
    fn the_summary_gives_every_pair_that_met() {
        let game = |index, seats: [&str; 2], scores: [i32; 2]| GameResult {
            index,
            deal: index,
            seats: seats.iter().map(|s| s.to_string()).collect(),
            scores: scores.to_vec(),
            winners: vec![usize::from(scores[1] > scores[0])],
            moves: 1,
            unfinished: false,
            cpu_ms: vec![],
            seat_moves: vec![],
        };
        let results = vec![
            game(0, ["a", "b"], [3, 1]),
            game(1, ["b", "a"], [2, 2]),
            game(2, ["b", "c"], [5, 1]),
        ];
        let s = summarize(&results, 1.0);
        let pairs: Vec<(&str, &str, u64, f64)> = s
            .pairs
            .iter()
            .map(|p| (p.a.as_str(), p.b.as_str(), p.games, p.a_wins))
            .collect();
        assert_eq!(pairs, vec![("a", "b", 2, 1.5), ("b", "c", 1, 1.0)]);
        assert_eq!(s.pairs[0].ci95, wilson(1.5, 2.0));
        // every strategy here is connected to the others: each has an interval around it
        for st in &s.strategies {
            let [lo, hi] = st.elo_ci95.expect("an interval");
            assert!(lo < st.elo && st.elo < hi, "{st:?}");
        }
    }

    #[test]
    fn shards_partition_the_games() {
        let mut c = TournamentConfig {
            players: vec!["a".into(), "b".into()],
            games: 101,
            seed: 1,
            shard: None,
            max_moves: 10,
        };
        let all: Vec<u64> = c.indices().collect();
        assert_eq!(all.len(), 102);
        let mut joined = Vec::new();
        for k in 1..=3 {
            c.shard = Some((k, 3));
            joined.extend(c.indices());
        }
        assert_eq!(joined, all);
    }

    #[test]
    fn a_round_robin_plays_every_pair() {
        let config = TournamentConfig {
            players: vec!["a".into(), "b".into(), "c".into(), "d".into()],
            games: 3, // rounded up to 4: two deals in both seat orders
            seed: 5,
            shard: Some((1, 2)), // ignored: every pair plays all its games
            max_moves: 10,
        };
        let mut asked = Vec::new();
        let results = round_robin(&config, |pair| {
            asked.push(pair.players.clone());
            assert_eq!((pair.games, pair.seed, pair.shard), (3, 5, None));
            Ok::<_, String>(
                pair.indices()
                    .map(|index| GameResult {
                        index,
                        deal: index / 2,
                        seats: vec![pair.players[0].clone(), pair.players[1].clone()],
                        scores: vec![1, 0],
                        winners: vec![0],
                        moves: 1,
                        unfinished: false,
                        cpu_ms: vec![],
                        seat_moves: vec![],
                    })
                    .collect(),
            )
        })
        .unwrap();
        let pairs: Vec<[&str; 2]> = vec![
            ["a", "b"],
            ["a", "c"],
            ["a", "d"],
            ["b", "c"],
            ["b", "d"],
            ["c", "d"],
        ];
        assert_eq!(
            asked,
            pairs
                .iter()
                .map(|p| vec![p[0].to_string(), p[1].to_string()])
                .collect::<Vec<_>>()
        );
        assert_eq!(results.len(), 6 * 4);
        // numbered on across the pairs
        let indices: Vec<u64> = results.iter().map(|r| r.index).collect();
        assert_eq!(indices, (0..24).collect::<Vec<u64>>());
        let s = summarize(&results, 1.0);
        assert!(s.strategies.iter().all(|x| x.games == 3 * 4), "{s:?}");
        // an error of one pair stops the round robin
        let mut n = 0;
        let e = round_robin(&config, |_| {
            n += 1;
            Err::<Vec<GameResult>, _>("bad")
        });
        assert_eq!((e, n), (Err("bad"), 1));
    }

    #[test]
    fn a_solo_summary_counts_seat_zero_against_seat_one() {
        let r = |i: u64, scores: [i32; 2], winners: Vec<usize>| GameResult {
            index: i,
            deal: i,
            seats: vec!["bot".into(), "architect".into()],
            scores: scores.to_vec(),
            winners,
            moves: 1,
            unfinished: false,
            cpu_ms: vec![],
            seat_moves: vec![],
        };
        let rs = vec![
            r(0, [10, 4], vec![0]),
            r(1, [7, 7], vec![1]), // a tie on points settled by the game for seat 1
            r(2, [5, 5], vec![0, 1]),
            r(3, [2, 9], vec![1]),
        ];
        let s = summarize_solo(&rs);
        assert_eq!((s.games, s.wins, s.shared, s.losses), (4, 1, 1, 2));
        assert_eq!(s.win_rate, 0.25);
        assert_eq!(s.ci95, wilson(1.0, 4.0));
        // margins 6, 0, 0, -7
        assert!((s.mean_margin + 0.25).abs() < 1e-9, "{s:?}");
        assert!(s.margin_ci95[0] < s.mean_margin && s.mean_margin < s.margin_ci95[1]);
        assert_eq!(s.mean_scores, [6.0, 6.25]);
        assert_eq!(summarize_solo(&[]).games, 0);
    }

    #[test]
    fn summary_counts_wins_and_seats() {
        let r = |i: u64, seats: [&str; 2], scores: [i32; 2], winners: Vec<usize>| GameResult {
            index: i,
            deal: i / 2,
            seats: seats.iter().map(|s| s.to_string()).collect(),
            scores: scores.to_vec(),
            winners,
            moves: 1,
            unfinished: false,
            cpu_ms: vec![],
            seat_moves: vec![],
        };
        let rs = vec![
            r(0, ["a", "b"], [10, 5], vec![0]),
            r(1, ["b", "a"], [7, 7], vec![0, 1]),
            r(2, ["a", "b"], [1, 9], vec![1]),
        ];
        let s = summarize(&rs, 1.0);
        assert_eq!(s.games, 3);
        assert_eq!(s.strategies[0].name, "a");
        assert_eq!(s.strategies[0].wins, 1.5);
        assert_eq!(s.strategies[1].wins, 1.5);
        assert!((s.strategies[0].mean_score - 6.0).abs() < 1e-9);
        assert_eq!(s.seat_win_rate.len(), 2);
        assert!((s.seat_win_rate[0].0 - 0.5).abs() < 1e-9);
    }
}
