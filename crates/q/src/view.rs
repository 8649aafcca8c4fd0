//! What a seat sees of a game of Q ([`QView`], with its wire form), what anyone sees
//! ([`QPublic`]), and the moves listed for a player ([`listed_moves`]).

use crate::choice::Choice;
use crate::rules::Placement;
use crate::settings::{QMove, QRules};
use crate::strategy::StrategyKind;
use crate::{PubState, RuleSet};
use serde::{Deserialize, Serialize};
use tessera_core::{Score, Seat, View};

/// The key a view's JSON adds to the reference's JPub when the game plays the boxed rules
/// (`"rule-set": "boxed"`); a course game's view is the JPub alone.
pub const RULE_SET_KEY: &str = "rule-set";

/// What one seat sees: its public knowledge, plus whose turn it is.
///
/// JSON: the reference's JPub (the seat's record with its name, score and tiles, the
/// others' scores in turn order, the pile's size); under the boxed rules with one more
/// key, `"rule-set": "boxed"`. Read back, a view is the active player's: seat 0 to move,
/// the others after it, hand sizes estimated (a JPub does not carry them), the course's
/// rules unless the key says otherwise.
#[derive(Clone, Debug)]
pub struct QView {
    /// The viewer.
    pub seat: Seat,
    /// The seat to move, if any.
    pub to_move: Option<Seat>,
    /// The public knowledge with the viewer active (its hand, the others' scores in turn
    /// order after it, the pile's size).
    pub knowledge: PubState,
    /// The rules of the game.
    pub rules: QRules,
    /// Every seat's hand size, by seat (public: everyone sees how many tiles each takes).
    pub hand_sizes: Vec<usize>,
    /// Whether someone placed in the current round (under the course's rules a round
    /// without placements ends the game).
    pub placed_this_round: bool,
    /// Whether someone exchanged in the current round (under the boxed rules a round
    /// without placements or exchanges ends the game).
    pub exchanged_this_round: bool,
    /// Turns left in the current round.
    pub turns_left: usize,
    /// The seats still playing, in turn order from the seat to move.
    pub order: Vec<Seat>,
}

impl Serialize for QView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let jpub = crate::json::JPub::of(&self.knowledge);
        if self.rules.rule_set.is_course() {
            return jpub.serialize(s);
        }
        #[derive(Serialize)]
        struct WithRules<'a> {
            #[serde(flatten)]
            jpub: &'a crate::json::JPub,
            #[serde(rename = "rule-set")]
            rule_set: RuleSet,
        }
        WithRules {
            jpub: &jpub,
            rule_set: self.rules.rule_set,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for QView {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        use serde_json::value::RawValue;
        let raw = Box::<RawValue>::deserialize(d)?;
        // the rule set, when given, beside the JPub (whose numbers are read exactly from
        // its own text)
        let mut rule_set = RuleSet::Course;
        let mut text = std::borrow::Cow::Borrowed(raw.get());
        if raw.get().contains(RULE_SET_KEY) {
            let mut object: std::collections::BTreeMap<String, Box<RawValue>> =
                serde_json::from_str(raw.get()).map_err(D::Error::custom)?;
            if let Some(r) = object.remove(RULE_SET_KEY) {
                rule_set = serde_json::from_str(r.get()).map_err(D::Error::custom)?;
                text = std::borrow::Cow::Owned(
                    serde_json::to_string(&object).map_err(D::Error::custom)?,
                );
            }
        }
        let knowledge = crate::json::pub_from_json(&text).map_err(D::Error::custom)?;
        let n = 1 + knowledge.others.len();
        // a JPub does not say how many tiles the others hold: full hands while the pile
        // lasts is the best guess
        let hand_sizes = (0..n)
            .map(|i| {
                if i == 0 {
                    knowledge.active.hand.len()
                } else {
                    6
                }
            })
            .collect();
        Ok(QView {
            seat: Seat(0),
            to_move: Some(Seat(0)),
            rules: QRules {
                rule_set,
                ..QRules::for_players(n)
            },
            hand_sizes,
            placed_this_round: true,
            exchanged_this_round: false,
            turns_left: n,
            order: (0..n).map(|s| Seat(s as u8)).collect(),
            knowledge,
        })
    }
}

/// What anyone may see of a game of Q: the map, the scores, how many tiles each seat
/// holds and the pile's size. No hand, no pile order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QPublic {
    /// The rules.
    pub rules: QRules,
    /// The map (JMap).
    pub map: crate::Map,
    /// Scores by seat.
    pub scores: Vec<Score>,
    /// Tiles held, by seat.
    pub hand_sizes: Vec<usize>,
    /// Tiles in the pile.
    pub pile: usize,
    /// The seat to move (`None` at the end).
    pub to_move: Option<Seat>,
    /// The seats still playing, in turn order from the seat to move.
    pub order: Vec<Seat>,
}

/// The moves listed for a player under `rules`: pass, replace (if legal), every single
/// placement, and the dag and ldasg turns. (All multi-tile sequences are far too many to
/// list; any legal one is accepted by [`tessera_core::Game::play`].)
pub fn listed_moves(k: &PubState, rules: RuleSet) -> Vec<QMove> {
    let mut moves = vec![Choice::Pass];
    if k.pile >= k.active.hand.len() {
        moves.push(Choice::Replace);
    }
    let mut kinds = k.active.hand.clone();
    kinds.sort_unstable();
    kinds.dedup();
    for t in kinds {
        for c in rules.candidates(&k.map, t) {
            moves.push(Choice::Place(vec![Placement::new(c, t)]));
        }
    }
    for s in [StrategyKind::Dag, StrategyKind::Ldasg] {
        let m = s.turn_by(rules, k);
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

impl View for QView {
    type Move = QMove;
    fn seat(&self) -> Seat {
        self.seat
    }
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }
    fn legal_moves(&self) -> Vec<QMove> {
        if self.to_move == Some(self.seat) {
            listed_moves(&self.knowledge, self.rules.rule_set)
        } else {
            Vec::new()
        }
    }
}
