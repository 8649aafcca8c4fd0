//! Every string a player sees is in the catalogues (`web/i18n/*.ftl`), in every language:
//! the catalogues are sound and alike (`tessera_words::check_catalogues`), every message id
//! the server's code names (`words!("id")`, `Msg::new("id")`, a busy refusal's id) and every
//! id the web client names (`t('id')`) is there, and so is every word the registry sends
//! (each game's about, rules, options and bots) and every family of ids the pages build
//! from the server's data (`status-NAME`, `strength-NAME`, `class-NAME`, ...). The browser
//! test `web/e2e/lang.test.mjs` checks the other side: that a German page shows no text the
//! catalogue did not give.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tessera_games::{OptionKind, Registry};
use tessera_words::{has, render, Lang, Msg, LANGS};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The files under `dir` (recursively) whose name ends with `ext`.
fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() && !["target", "node_modules", "fluent", "e2e"].contains(&name) {
            files(&p, ext, out);
        } else if name.ends_with(ext) {
            out.push(p);
        }
    }
}

/// The quoted literals that follow each of `openers` (`words!(` then a quoted id) in `text`,
/// whatever the white space between: each must be an id of the catalogues.
fn ids_after(text: &str, openers: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for opener in openers {
        let mut rest = text;
        while let Some(i) = rest.find(opener) {
            // (a name that only ends so is another: `count(` is no `t(`)
            let before = rest[..i].chars().next_back();
            rest = &rest[i + opener.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '$')) {
                continue;
            }
            let t = rest.trim_start();
            let Some(q) = t.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
                continue;
            };
            let body = &t[1..];
            let Some(end) = body.find(q) else { continue };
            // (every literal there is an id: words typed where an id belongs, `busy("the
            // server is busy")`, are reported as a missing id)
            out.push(body[..end].to_string());
        }
    }
    out
}

fn missing(ids: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    ids.into_iter().filter(|id| !has(id)).collect()
}

#[test]
fn words_typed_where_an_id_belongs_are_found() {
    let text = r#"busy("the server is busy", 2); t('nav-new'); say("lobby-x"); count('mistake')"#;
    let found = ids_after(text, &["busy(", "t(", "say("]);
    assert_eq!(found, ["the server is busy", "nav-new", "lobby-x"]);
    assert_eq!(
        missing(found),
        BTreeSet::from(["the server is busy".to_string(), "lobby-x".to_string()])
    );
}

#[test]
fn the_catalogues_are_sound_and_alike() {
    let problems = tessera_words::check_catalogues();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_id_the_server_names_is_in_the_catalogues() {
    let mut sources = Vec::new();
    files(&root().join("crates"), ".rs", &mut sources);
    assert!(
        sources.len() > 100,
        "the crates' sources: {}",
        sources.len()
    );
    let mut ids = Vec::new();
    for f in &sources {
        let text = std::fs::read_to_string(f).unwrap();
        // (a test may name an id no catalogue has, to see it shown as it is)
        if text.contains("no-such-words") {
            continue;
        }
        ids.extend(ids_after(
            &text,
            &[
                "words!(",
                "Msg::new(",
                "Busy(",
                "busy(",
                "CannotDraw(",
                "BANNED: &str =",
                "BUSY_ADDRESS: &str =",
                "SignIn(",
                "OUT_OF_TIME: &'static str =",
            ],
        ));
    }
    assert!(ids.len() > 200, "ids named by the server: {}", ids.len());
    let gone = missing(ids);
    assert!(
        gone.is_empty(),
        "named in crates/ but in no catalogue: {gone:?}"
    );
}

#[test]
fn every_id_the_web_client_names_is_in_the_catalogues() {
    let mut sources = Vec::new();
    files(&root().join("web"), ".js", &mut sources);
    let mut ids = Vec::new();
    for f in &sources {
        let text = std::fs::read_to_string(f).unwrap();
        ids.extend(ids_after(
            &text,
            &["t(", "say(", "data-words=", "words: t("],
        ));
    }
    let index = std::fs::read_to_string(root().join("web/index.html")).unwrap();
    ids.extend(ids_after(&index, &["data-words="]));
    assert!(ids.len() > 300, "ids named by web/: {}", ids.len());
    let gone = missing(ids);
    assert!(
        gone.is_empty(),
        "named in web/ but in no catalogue: {gone:?}"
    );
}

#[test]
fn every_id_the_pages_build_from_the_servers_data_is_there() {
    let mut ids: Vec<String> = Vec::new();
    // the statuses the server sends (the lobby, the end line)
    ids.extend(
        tessera_server::store::GameStatus::ALL
            .iter()
            .map(|s| format!("status-{}", s.as_str())),
    );
    // the analysis' classes
    for c in [
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
        "unjudged",
    ] {
        ids.push(format!("class-{c}"));
    }
    // the moves that place nothing, held for a confirmation (play.js)
    ids.extend(["held-draw", "held-pass", "held-replace"].map(String::from));
    // the languages' own names (the header's switch)
    ids.extend(LANGS.iter().map(|l| format!("lang-{}", l.code())));
    // Akropolis' districts (akropolis.js)
    for d in ["houses", "markets", "barracks", "temples", "gardens"] {
        ids.extend([
            format!("akropolis-{d}"),
            format!("akropolis-column-{d}"),
            format!("akro-how-{d}"),
            format!("akro-variant-{d}"),
        ]);
    }
    ids.push("akropolis-quarry".into());
    // the pools of ratings (arena.js)
    ids.extend(["pool-duel", "pool-multi"].map(String::from));
    let registry = Registry::standard();
    let mut shown: Vec<Msg> = Vec::new();
    for e in registry.iter() {
        let info = e.info();
        shown.push(info.about.clone());
        shown.extend(info.rules_help.iter().cloned());
        assert!(!info.rules_help.is_empty(), "{}: rules help", info.name);
        for o in &info.options {
            shown.extend([o.label.clone(), o.help.clone()]);
            match &o.kind {
                OptionKind::Choice { values } => {
                    shown.extend(values.iter().map(|(_, m)| m.clone()))
                }
                OptionKind::Letters { letters } => {
                    shown.extend(letters.iter().map(|(_, m)| m.clone()))
                }
                OptionKind::Integer { .. } => {}
            }
        }
        for b in &info.bots {
            shown.push(b.about.clone());
            if !b.strength.is_empty() {
                ids.push(format!("strength-{}", b.strength));
            }
        }
    }
    ids.extend(shown.iter().map(|m| m.id().to_string()));
    let gone = missing(ids);
    assert!(
        gone.is_empty(),
        "built by the pages but in no catalogue: {gone:?}"
    );
    // and each renders in every language, with every argument it names given
    for m in &shown {
        for lang in LANGS {
            let text = render(lang, m);
            assert!(
                !text.is_empty() && !text.contains("{$") && !text.contains("{ $"),
                "{:?} in {}: {text}",
                m,
                lang.code()
            );
        }
    }
}

#[test]
fn a_game_reads_in_german_and_in_english() {
    // one message, two languages: the log line of a Q placement
    let tile = tessera_words::words!("q-tile", color = "purple", shape = "clover");
    let line = tessera_words::words!(
        "q-log-placed-points",
        who = "Ann",
        tiles = vec![tile],
        points = "+4",
        qs = 1,
        finished = "no"
    );
    assert_eq!(
        render(Lang::En, &line),
        "Ann placed purple clover for +4 — Q bonus!"
    );
    assert_eq!(
        render(Lang::De, &line),
        "Ann legt an: violettes Kleeblatt (+4) — Q-Bonus!"
    );
    let ended = tessera_words::words!(
        "log-game-over",
        scores = vec![
            tessera_words::words!("name-score", who = "Ann", score = 12),
            tessera_words::words!("name-score", who = "Bob", score = 9)
        ],
        winners = tessera_words::Arg::and(["Ann"]),
        count = 1
    );
    assert_eq!(
        render(Lang::En, &ended),
        "Game over: Ann 12, Bob 9; Ann wins"
    );
    assert_eq!(
        render(Lang::De, &ended),
        "Spielende: Ann 12, Bob 9; Ann gewinnt"
    );
}
