//! What a program sends first: a sign-up (for a game's lobby or a table), or a request for
//! the list of open tables.

use crate::store::GameId;
use crate::tcp::{Dialect, TcpTransport};
use serde_json::{json, Value};
use tessera_core::is_valid_name;

/// A program's first message, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hello {
    /// A sign-up.
    SignUp(SignUp),
    /// `{"list": GAME}` (or `{"list": null}` for every game): the open tables.
    List(Option<String>),
    /// `{"resume": TOKEN}`: a program takes its seat again after the host restarted (the
    /// token came with its `setup`).
    Resume(String),
}

/// A sign-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignUp {
    /// The player's name (1 to 20 letters or digits).
    pub name: String,
    /// The game (`None`: the table's, or for a bare name the game that takes bare-name
    /// sign-ups).
    pub game: Option<String>,
    /// A table with an open seat (`None`: the game's lobby).
    pub table: Option<GameId>,
    /// A bare name: a program of the Q course, which speaks nothing but its calls.
    pub q_course: bool,
    /// A bot account's API token (the arena): the name is the account's.
    pub token: Option<String>,
    /// With a token: a rated game of the arena (matched by rating), not a lobby's.
    pub rated: bool,
    /// With `rated`: how many players (default 2).
    pub players: Option<usize>,
    /// With `rated`: after each rated game the same connection waits in the queue for the
    /// next one (the program closes it to stop).
    pub again: bool,
    /// With a token: a challenge made (to an account or a house level, by name) or
    /// accepted (by id): `concerns::arena::challenges`.
    pub challenge: Option<ChallengeAsk>,
}

/// A bot account's challenge in its sign-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeAsk {
    /// `"challenge": NAME`: the program challenges the account (or house level) NAME to
    /// the sign-up's game (`"rated"`, `"options"`, `"clock_s"` as asked) and waits for
    /// the answer.
    Make {
        /// Who is challenged.
        to: String,
        /// Rule options over the game's defaults (a JSON object, or null).
        options: Value,
        /// A person's seconds per move.
        clock_s: Option<u64>,
        /// A clock of the game instead (`"5+3"`).
        time_control: Option<String>,
    },
    /// `"accept": ID`: the program accepts challenge ID; its connection is its seat.
    Accept(u64),
}

/// Reads a program's first message:
///
/// * a JSON string, a name: a program of the Q course, for the game whose registration
///   takes bare-name sign-ups (Q);
/// * `{"name": NAME, "game": GAME}`: a seat at the next table of GAME (an open table of
///   the game if there is one, else one the lobby forms);
/// * `{"name": NAME, "table": ID}` (`"game"` may be given too): the open seat of a table;
/// * `{"list": GAME}` or `{"list": null}`: the open tables;
/// * `{"resume": TOKEN}`: a seat taken again after the host restarted;
/// * any of these objects may add `"moves": true` ([`asks_moves`]): the seat's legal
///   moves come with every `take-turn`;
/// * `{"token": API_TOKEN, "game": GAME, "rated": true, "players": N}` (`"name"` may be
///   given, the account's): a bot account's rated game of the arena; without `"rated"`,
///   a seat as above under the account's name.
///
/// ```
/// use tessera_server::vocab::signup::{parse, Hello, SignUp};
/// let s = parse(&serde_json::json!({"name": "alice", "game": "triominos"})).unwrap();
/// assert_eq!(s, Hello::SignUp(SignUp { name: "alice".into(), game: Some("triominos".into()), table: None, q_course: false, token: None, rated: false, players: None, again: false, challenge: None }));
/// assert!(matches!(parse(&serde_json::json!("bob")).unwrap(), Hello::SignUp(SignUp { q_course: true, .. })));
/// assert!(parse(&serde_json::json!("no spaces")).is_err());
/// assert_eq!(parse(&serde_json::json!({"list": "q"})).unwrap(), Hello::List(Some("q".into())));
/// // "moves" may come with a sign-up or a resume ([`asks_moves`] reads it), nothing else may
/// assert!(parse(&serde_json::json!({"name": "ada", "game": "q", "moves": true})).is_ok());
/// assert_eq!(parse(&serde_json::json!({"resume": "ab", "moves": true})).unwrap(), Hello::Resume("ab".into()));
/// assert!(parse(&serde_json::json!({"resume": "ab", "colour": "red"})).is_err());
/// ```
pub fn parse(v: &Value) -> Result<Hello, String> {
    let (name, game, table) = match v {
        Value::String(s) => (s.as_str(), None, None),
        Value::Object(m) if m.contains_key("resume") => {
            let keys = m.len() - usize::from(m.contains_key("moves"));
            return match (keys, &m["resume"]) {
                (1, Value::String(t)) if !t.is_empty() && t.len() <= 128 => {
                    Ok(Hello::Resume(t.clone()))
                }
                _ => Err("a resume is {\"resume\": TOKEN} (\"moves\" may be added)".into()),
            };
        }
        Value::Object(m) if m.contains_key("list") => {
            if m.len() != 1 {
                return Err("a list request is {\"list\": GAME} alone".into());
            }
            return match &m["list"] {
                Value::Null => Ok(Hello::List(None)),
                Value::String(g) => Ok(Hello::List(Some(g.clone()))),
                _ => Err("\"list\" takes a game's name or null".into()),
            };
        }
        Value::Object(m) => {
            if let Some(k) = m.keys().find(|k| {
                !matches!(
                    k.as_str(),
                    "name"
                        | "game"
                        | "table"
                        | "token"
                        | "rated"
                        | "players"
                        | "again"
                        | "moves"
                        | "challenge"
                        | "accept"
                        | "options"
                        | "clock_s"
                        | "time_control"
                )
            }) {
                return Err(format!("unknown key {k:?} in the sign-up"));
            }
            if m.contains_key("token") {
                return account_signup(m);
            }
            if ["challenge", "accept", "options", "clock_s", "time_control"]
                .iter()
                .any(|k| m.contains_key(*k))
            {
                return Err(
                    "a challenge is a bot account's: it needs its \"token\" (docs/protocol.md 1.7)"
                        .into(),
                );
            }
            if m.contains_key("rated") || m.contains_key("players") || m.contains_key("again") {
                return Err(
                    "a rated game needs a bot account's \"token\" (docs/protocol.md, the arena)"
                        .into(),
                );
            }
            let name = m
                .get("name")
                .and_then(Value::as_str)
                .ok_or("the sign-up has no \"name\"")?;
            let (game, table) = game_and_table(m)?;
            if game.is_none() && table.is_none() {
                // an object names its game or its table
                return Err("the sign-up names no \"game\" and no \"table\"".into());
            }
            (name, game, table)
        }
        _ => return Err(
            "a sign-up is a name, {\"name\", \"game\"}, {\"name\", \"table\"} or {\"list\": GAME}"
                .into(),
        ),
    };
    if !is_valid_name(name) {
        return Err(format!("bad name {name:?}: 1 to 20 letters or digits"));
    }
    Ok(Hello::SignUp(SignUp {
        name: name.to_string(),
        game,
        table,
        q_course: v.is_string(),
        token: None,
        rated: false,
        players: None,
        again: false,
        challenge: None,
    }))
}

/// Whether a first message asks for the seat's legal moves with every `take-turn`
/// (`"moves": true`, in a sign-up object or a resume): false when absent, an error when not
/// a boolean.
///
/// ```
/// use tessera_server::vocab::signup::asks_moves;
/// assert_eq!(asks_moves(&serde_json::json!({"name": "ada", "game": "q", "moves": true})), Ok(true));
/// assert_eq!(asks_moves(&serde_json::json!({"name": "ada", "game": "q"})), Ok(false));
/// assert_eq!(asks_moves(&serde_json::json!("ada")), Ok(false));
/// assert!(asks_moves(&serde_json::json!({"resume": "ab", "moves": 1})).is_err());
/// ```
pub fn asks_moves(v: &Value) -> Result<bool, String> {
    match v.get("moves") {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err("\"moves\" is true or false".into()),
    }
}

/// A sign-up's `"game"` (a name) and `"table"` (an id), each optional.
fn game_and_table(
    m: &serde_json::Map<String, Value>,
) -> Result<(Option<String>, Option<GameId>), String> {
    let game = match m.get("game") {
        None => None,
        Some(Value::String(g)) => Some(g.clone()),
        Some(_) => return Err("\"game\" is a game's name".into()),
    };
    let table = match m.get("table") {
        None => None,
        Some(t) => Some(GameId(t.as_u64().ok_or("\"table\" is a table's id")?)),
    };
    Ok((game, table))
}

/// A sign-up with a bot account's API token: `{"token", "game" | "table", "rated",
/// "players", "name"}` (the name, if given, is checked against the account's by the host).
fn account_signup(m: &serde_json::Map<String, Value>) -> Result<Hello, String> {
    let token = match m.get("token") {
        Some(Value::String(t)) if !t.is_empty() && t.len() <= 128 => t.clone(),
        _ => return Err("\"token\" is a bot account's API token".into()),
    };
    let name = match m.get("name") {
        None => String::new(),
        Some(Value::String(n)) if n.chars().count() <= 40 => n.clone(),
        Some(_) => return Err("\"name\" is the account's name".into()),
    };
    let (game, table) = game_and_table(m)?;
    let rated = match m.get("rated") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("\"rated\" is true or false".into()),
    };
    let players = match m.get("players") {
        None => None,
        Some(p) => Some(
            p.as_u64()
                .filter(|&n| (2..=64).contains(&n))
                .ok_or("\"players\" is a number of players, from 2")? as usize,
        ),
    };
    let again = match m.get("again") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("\"again\" is true or false".into()),
    };
    if again && !rated {
        return Err("\"again\" goes with \"rated\": true".into());
    }
    let challenge = challenge_of(m)?;
    match &challenge {
        Some(ChallengeAsk::Make { .. }) if game.is_none() || table.is_some() || again => {
            return Err("a challenge names its \"game\" (and no table, and no \"again\")".into())
        }
        Some(ChallengeAsk::Accept(_)) if game.is_some() || table.is_some() || rated || again => {
            return Err(
                "an acceptance is {\"token\", \"accept\": ID} (the challenge says the game)".into(),
            )
        }
        Some(_) => {}
        None => {
            if rated && (game.is_none() || table.is_some()) {
                return Err("a rated sign-up names its \"game\" (and no table)".into());
            }
            if game.is_none() && table.is_none() {
                return Err("the sign-up names no \"game\" and no \"table\"".into());
            }
        }
    }
    Ok(Hello::SignUp(SignUp {
        name,
        game,
        table,
        q_course: false,
        token: Some(token),
        rated,
        players,
        again,
        challenge,
    }))
}

/// A sign-up's challenge: `"challenge": NAME` (with `"options"`, `"clock_s"`), or
/// `"accept": ID`; neither: `None`.
fn challenge_of(m: &serde_json::Map<String, Value>) -> Result<Option<ChallengeAsk>, String> {
    let options = m.get("options").cloned().unwrap_or(Value::Null);
    if !(options.is_null() || options.is_object()) {
        return Err("\"options\" is an object of rule options".into());
    }
    let clock_s = match m.get("clock_s") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_u64().ok_or("\"clock_s\" is a number of seconds")?),
    };
    let time_control = match m.get("time_control") {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) => Some(t.clone()),
        Some(_) => {
            return Err("\"time_control\" is minutes+seconds as a string, as \"5+3\"".into())
        }
    };
    let clocked = m.contains_key("clock_s") || m.contains_key("time_control");
    match (m.get("challenge"), m.get("accept")) {
        (Some(_), Some(_)) => Err("a sign-up makes a challenge or accepts one, not both".into()),
        (Some(Value::String(to)), None) if !to.is_empty() && to.chars().count() <= 40 => {
            Ok(Some(ChallengeAsk::Make {
                to: to.clone(),
                options,
                clock_s,
                time_control,
            }))
        }
        (Some(_), None) => Err("\"challenge\" is the name of an account or a house level".into()),
        (None, Some(id)) => {
            if m.contains_key("options") || clocked {
                return Err("an acceptance takes the challenge's options as they are".into());
            }
            let id = id.as_u64().ok_or("\"accept\" is a challenge's id")?;
            Ok(Some(ChallengeAsk::Accept(id)))
        }
        (None, None) if m.contains_key("options") || clocked => {
            Err("\"options\", \"clock_s\" and \"time_control\" go with a \"challenge\"".into())
        }
        (None, None) => Ok(None),
    }
}

/// Tells a program why it is refused (Tessera's dialect: `{"error": REASON}`; the Q
/// course's programs are simply disconnected) and closes.
/// Tells a program why it is refused (Tessera's protocol) and closes its connection.
/// Tells a program why it is refused, and closes its connection.
pub async fn refuse_program(t: &mut TcpTransport, why: &str) {
    refuse(t, why).await
}

/// Tells a program why it is refused (an `error` message), and closes its connection.
pub async fn refuse(t: &mut TcpTransport, why: &str) {
    if t.dialect() == Dialect::Tessera {
        let _ = t.write(&json!({ "error": why }).to_string()).await;
    }
    t.shutdown().await;
}
