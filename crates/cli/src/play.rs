//! `tessera play GAME`: one subcommand per game of the registry, its flags drawn from the
//! game's rule options, its bots listed in its help.

use crate::common;
use anyhow::{Context, Result};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{value_parser, Arg, ArgAction, ArgMatches};
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tessera_games::text::{Console, TerminalArgs};
use tessera_games::{GameInfo, OptionKind, Registry, RuleOption};
use tessera_referee::Status;

/// The `play` command: a subcommand per game.
pub fn command(registry: &Registry) -> clap::Command {
    let games: Vec<String> = registry
        .iter()
        .map(|e| format!("  {:<12} {}", e.name(), e.info().title))
        .collect();
    clap::Command::new("play")
        .about("Play a game in the terminal, with people and/or bots")
        .subcommand_required(true)
        // an unknown game gets our error, which lists the games
        .allow_external_subcommands(true)
        .subcommands(registry.iter().map(|e| {
            // the rules this command plays without a flag: the game's own defaults (Q: the
            // course's 30 copies), which may differ from the New game form's (3)
            let rules = e
                .rules(e.info().seats.0, &Value::Null)
                .unwrap_or(Value::Null);
            game_command(e.info(), &rules)
        }))
        .after_help(format!("Games:\n{}", games.join("\n")))
}

/// A value of a choice as typed (`null`, meaning "off", is not typed: the flag is left out).
fn typed(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        v => Some(v.to_string()),
    }
}

fn option_arg(o: &RuleOption, rules: &Value) -> Arg {
    let default = typed(rules.get(o.key).unwrap_or(&o.default)).unwrap_or_else(|| "none".into());
    let mut help = o.help.to_string();
    if let Some(first) = help.get(..1) {
        help.replace_range(..1, &first.to_uppercase());
    }
    let arg = Arg::new(o.key)
        .long(o.key.replace('_', "-"))
        .value_name(o.key.to_uppercase())
        .help(format!("{help} (default: {default})"));
    match &o.kind {
        OptionKind::Choice { values } => {
            arg.value_parser(PossibleValuesParser::new(values.iter().filter_map(
                |(v, label)| Some(PossibleValue::new(typed(v)?).help(label.to_string())),
            )))
        }
        OptionKind::Integer { min, max } => arg.value_parser(value_parser!(i64).range(*min..=*max)),
        OptionKind::Letters { letters } => arg.value_name(
            letters
                .iter()
                .map(|(c, _)| c.to_string())
                .collect::<String>(),
        ),
    }
}

/// The players nobody names: a person against the default bot, or alone in a solo game.
fn default_players(info: &GameInfo, solo: bool) -> String {
    let bot = info.bots.first().map_or("random", |b| b.name);
    let mut players = vec!["human"];
    if !solo {
        players.extend(std::iter::repeat_n(bot, info.seats.0.saturating_sub(1)));
    }
    players.join(",")
}

fn game_command(info: &GameInfo, rules: &Value) -> clap::Command {
    let mut bots = vec![format!(
        "Players (--players, one per seat, comma-separated): `human` (typed at this terminal), or a bot \
         spec `NAME` or `NAME:key=value,...`:"
    )];
    for b in &info.bots {
        bots.push(format!("  {:<10} {}", b.name, b.about));
        if !b.params.is_empty() {
            bots.push(format!("  {:<10} parameters: {}", "", b.params));
        }
    }
    if let Some(s) = &info.solo {
        bots.push(format!(
            "With --{}, one player plays against the bot {} (in the last seat).",
            s.option.replace('_', "-"),
            s.bot
        ));
    }
    let mut c = clap::Command::new(info.name)
        .about(format!("{}: {}", info.title, info.about))
        .arg(
            Arg::new("players")
                .long("players")
                .value_name("LIST")
                .help(format!(
                    "The players, {} to {} (default: {}; see below)",
                    info.seats.0,
                    info.seats.1,
                    default_players(info, false)
                )),
        )
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_name("N")
                .value_parser(value_parser!(u64))
                .help("Seed of the game: the same seed and players give the same game (default: a fresh one, printed)"),
        )
        .arg(
            Arg::new("rules")
                .long("rules")
                .value_name("JSON")
                .help("More rule fields, a JSON object laid over the standard rules (the flags below win)"),
        )
        .arg(
            Arg::new("record")
                .long("record")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help("Write the game's record (JSON) to FILE; replay it with `tessera replay FILE`"),
        )
        .arg(
            Arg::new("quiet")
                .long("quiet")
                .action(ArgAction::SetTrue)
                .help("Print only the start and the end, not every move"),
        )
        .arg(
            Arg::new("no-wait")
                .long("no-wait")
                .action(ArgAction::SetTrue)
                .help(
                    "Exit as soon as the game ends (at a terminal, the result otherwise stays \
                     on screen until a key is pressed; piped input never waits)",
                ),
        );
    for o in &info.options {
        c = c.arg(option_arg(o, rules));
    }
    c.after_help(bots.join("\n"))
}

/// The rule options given as flags, as a JSON object of rule fields.
fn options(info: &GameInfo, m: &ArgMatches) -> Value {
    let mut out = Map::new();
    for o in &info.options {
        let value = match &o.kind {
            OptionKind::Choice { values } => m.get_one::<String>(o.key).and_then(|t| {
                values
                    .iter()
                    .find(|(v, _)| typed(v).as_deref() == Some(t.as_str()))
                    .map(|(v, _)| v.clone())
            }),
            OptionKind::Integer { .. } => m.get_one::<i64>(o.key).map(|n| Value::from(*n)),
            OptionKind::Letters { .. } => {
                m.get_one::<String>(o.key).map(|s| Value::from(s.clone()))
            }
        };
        if let Some(v) = value {
            out.insert(o.key.to_string(), v);
        }
    }
    Value::Object(out)
}

/// Runs `tessera play GAME ...` (`game`: the subcommand's name and matches).
pub fn run(registry: &Registry, game: &str, m: &ArgMatches) -> Result<()> {
    let entry = registry.find(game)?;
    let info = entry.info();
    let options = options(info, m);
    let rules = m
        .get_one::<String>("rules")
        .map(|text| serde_json::from_str::<Value>(text).context("--rules is not JSON"))
        .transpose()?;
    let solo = info.solo.as_ref().is_some_and(|s| {
        let on = |v: Option<&Value>| v.is_some_and(|v| !v.is_null());
        on(options.get(s.option)) || on(rules.as_ref().and_then(|r| r.get(s.option)))
    });
    let players = match m.get_one::<String>("players") {
        Some(list) => common::player_list(list)?,
        None => common::player_list(&default_players(info, solo))?,
    };
    let seed = m
        .get_one::<u64>("seed")
        .copied()
        .unwrap_or_else(rand::random);
    let args = TerminalArgs {
        players,
        options,
        rules,
        seed,
        quiet: m.get_flag("quiet"),
        console: Arc::new(Mutex::new(Console::stdio())),
    };
    let outcome = entry.terminal(&args)?;
    if let Some(path) = m.get_one::<PathBuf>("record") {
        common::write_json(path, &outcome.record)?;
        println!(
            "Record written to {} (replay: tessera replay {}).",
            path.display(),
            path.display()
        );
    }
    if outcome.status == Status::Finished && !m.get_flag("no-wait") {
        hold_the_end();
    }
    Ok(())
}

/// Keeps the end of a game on screen until a key is pressed, when a person at a terminal
/// runs it (standard input and output both terminals): a window opened to run `tessera
/// play` closes when it exits, taking the result with it. Piped or scripted input never
/// waits.
fn hold_the_end() {
    use std::io::{IsTerminal, Write};
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return;
    }
    print!("Press any key to close. ");
    let _ = std::io::stdout().flush();
    // one key, without Enter (the terminal in raw mode while it waits)
    let _ = console::Term::stdout().read_key();
    println!();
}
