//! The catalogues (the web client's `web/i18n/LANG.ftl`, compiled in) and the rendering of
//! a [`Msg`] in one of their languages with `fluent-bundle`, the Fluent project's own
//! implementation (plural rules from CLDR through `intl_pluralrules`).

use crate::msg::{Arg, Msg};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// A language of the catalogues.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: the terminal's, the protocols' and the API's `error` text.
    En,
    /// German.
    De,
}

/// Every language, English first.
pub const LANGS: [Lang; 2] = [Lang::En, Lang::De];

impl Lang {
    /// Its code (`en`, `de`): the catalogue's file name.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }
}

/// The Fluent source of a language's catalogue.
pub fn catalogue_source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../../../web/i18n/en.ftl"),
        Lang::De => include_str!("../../../web/i18n/de.ftl"),
    }
}

impl Msg {
    /// Its English words (as `Display` writes them).
    pub fn english(&self) -> String {
        render(Lang::En, self)
    }
}

impl std::fmt::Display for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english())
    }
}

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static EN: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    static DE: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::De => &DE,
    };
    cell.get_or_init(|| {
        let id = lang.code().parse().expect("a language code");
        let mut b = FluentBundle::new_concurrent(vec![id]);
        // plain text, as the browser's bundle makes it: no bidirectional isolation marks
        b.set_use_isolating(false);
        // (a catalogue that does not parse fails `check_catalogues`; what parsed is used)
        let res = FluentResource::try_new(catalogue_source(lang).to_string())
            .unwrap_or_else(|(res, _)| res);
        let _ = b.add_resource(res);
        b
    })
}

/// `msg` in `lang`. A message the catalogue lacks (a bug `check_catalogues` and the tests
/// find) shows its id.
pub fn render(lang: Lang, msg: &Msg) -> String {
    let b = bundle(lang);
    let Some(pattern) = b.get_message(msg.id()).and_then(|m| m.value()) else {
        return msg.id().to_string();
    };
    let mut args = FluentArgs::new();
    for (k, v) in msg.args() {
        let value = match v {
            Arg::Num(n) => FluentValue::from(*n),
            other => FluentValue::from(arg_text(lang, other)),
        };
        args.set(k.to_string(), value);
    }
    let mut errors = Vec::new();
    b.format_pattern(pattern, Some(&args), &mut errors)
        .into_owned()
}

fn arg_text(lang: Lang, a: &Arg) -> String {
    match a {
        Arg::Text(s) => s.clone(),
        Arg::Num(n) => n.to_string(),
        Arg::Msg(m) => render(lang, m),
        Arg::List(v) => v
            .iter()
            .map(|x| arg_text(lang, x))
            .collect::<Vec<_>>()
            .join(", "),
        Arg::And(v) => {
            let items: Vec<String> = v.iter().map(|x| arg_text(lang, x)).collect();
            match items.split_last() {
                None => String::new(),
                Some((last, [])) => last.clone(),
                Some((last, rest)) => render(
                    lang,
                    &Msg::new("list-and")
                        .arg("a", rest.join(", "))
                        .arg("b", last.clone()),
                ),
            }
        }
    }
}

/// The variables each message of a catalogue uses (its own and those of the messages it
/// refers to, which share its arguments), by id; and the catalogue's syntax errors.
fn variables(source: &str) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let (res, mut errors) = match fluent_syntax::parser::parse(source) {
        Ok(r) => (r, Vec::new()),
        Err((r, e)) => (r, e.iter().map(|e| format!("{e:?}")).collect()),
    };
    // each message's own variables (`$x`) and the messages it names (`{ other }`)
    let mut own: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
    for entry in &res.body {
        if let ast::Entry::Message(m) = entry {
            let mut refs = (BTreeSet::new(), BTreeSet::new());
            if let Some(p) = &m.value {
                pattern_vars(p, &mut refs);
            }
            own.insert(m.id.name.to_string(), refs);
        } else if let ast::Entry::Junk { content } = entry {
            errors.push(format!("junk: {content}"));
        }
    }
    let mut out = BTreeMap::new();
    for id in own.keys() {
        let mut vars = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut todo = vec![id.clone()];
        while let Some(next) = todo.pop() {
            if !seen.insert(next.clone()) {
                continue;
            }
            match own.get(&next) {
                Some((v, refs)) => {
                    vars.extend(v.iter().cloned());
                    todo.extend(refs.iter().cloned());
                }
                None => errors.push(format!("{id} refers to {next}, which is not there")),
            }
        }
        out.insert(id.clone(), vars);
    }
    (out, errors)
}

/// (variables, messages referred to)
type Refs = (BTreeSet<String>, BTreeSet<String>);

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut Refs) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut Refs) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut Refs) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.0.insert(id.name.to_string());
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            vars.1.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

/// What is wrong with the catalogues, one line a problem (none: they are sound): a
/// catalogue that does not parse, or refers to a message it lacks; a message one language
/// has and another lacks (but a language's own helpers of grammar, named `CODE-...`, used
/// by its messages only: German adjective endings); a translation that uses other
/// variables than the English (a name left out, an argument the program never gives).
pub fn check_catalogues() -> Vec<String> {
    let mut problems = Vec::new();
    let (en, errors) = variables(catalogue_source(Lang::En));
    problems.extend(errors.into_iter().map(|e| format!("en.ftl: {e}")));
    for lang in &LANGS[1..] {
        let code = lang.code();
        let (other, errors) = variables(catalogue_source(*lang));
        problems.extend(errors.into_iter().map(|e| format!("{code}.ftl: {e}")));
        for (id, vars) in &en {
            match other.get(id) {
                None => problems.push(format!("{code}.ftl lacks {id}")),
                Some(v) if v != vars => {
                    problems.push(format!("{code}.ftl: {id} uses {v:?}, the English {vars:?}"))
                }
                _ => {}
            }
        }
        let own = format!("{code}-");
        for id in other
            .keys()
            .filter(|id| !en.contains_key(*id) && !id.starts_with(&own))
        {
            problems.push(format!("{code}.ftl has {id}, which en.ftl lacks"));
        }
    }
    problems
}

/// Whether the English catalogue has the message `id`.
pub fn has(id: &str) -> bool {
    bundle(Lang::En).has_message(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words;

    #[test]
    fn the_catalogues_are_sound() {
        let problems = check_catalogues();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn a_message_renders_in_each_language_with_plurals_and_lists() {
        let m = words!("moves-count", n = 1);
        assert_eq!(render(Lang::En, &m), "1 move");
        assert_eq!(render(Lang::En, &words!("moves-count", n = 2)), "2 moves");
        assert_eq!(render(Lang::De, &words!("moves-count", n = 1)), "1 Zug");
        assert_eq!(render(Lang::De, &words!("moves-count", n = 2)), "2 Züge");
        let and = Msg::verbatim("x").arg("text", Arg::and(["Ann", "Bob", "Cy"]));
        assert_eq!(render(Lang::En, &and), "Ann, Bob and Cy");
        assert_eq!(render(Lang::De, &and), "Ann, Bob und Cy");
        // no isolation marks around arguments
        assert!(!render(Lang::En, &m).contains('\u{2068}'));
        // an unknown id shows itself
        let unknown = Msg::new(String::from("no-such-words"));
        assert_eq!(render(Lang::En, &unknown), "no-such-words");
    }
}
