//! A message: an id of the catalogues and its arguments, with its JSON form.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// Words for people: a message id of the catalogues (`web/i18n/*.ftl`) and its arguments.
/// Displayed, it is its English rendering (see [`crate::render`] for another language).
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    id: Cow<'static, str>,
    args: Vec<(Cow<'static, str>, Arg)>,
}

/// A message's argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text shown as it is (a name, a tile's code).
    Text(String),
    /// A number (the catalogue may choose a plural form by it).
    Num(f64),
    /// A message, rendered first.
    Msg(Msg),
    /// A list, rendered `A, B, C`.
    List(Vec<Arg>),
    /// A list read with "and": `A, B and C`.
    And(Vec<Arg>),
}

// (a number argument is never NaN: a message equals itself)
impl Eq for Msg {}
impl Eq for Arg {}

/// The id of the message that shows text as it is: what is no words of ours (a program's
/// own reason, a record written before the catalogues).
pub const VERBATIM: &str = "verbatim";

impl Msg {
    /// The message `id` without arguments (add them with [`Msg::arg`]).
    pub fn new(id: impl Into<Cow<'static, str>>) -> Msg {
        Msg {
            id: id.into(),
            args: Vec::new(),
        }
    }

    /// Text that is no words of ours, shown as it is in every language: a program's own
    /// reason for an error, a name. Never for a sentence of Tessera's.
    pub fn verbatim(text: impl Into<String>) -> Msg {
        Msg::new(VERBATIM).arg("text", text.into())
    }

    /// The message with the argument `name` set to `value`.
    pub fn arg(mut self, name: impl Into<Cow<'static, str>>, value: impl Into<Arg>) -> Msg {
        self.set(name.into(), value.into());
        self
    }

    /// (kept sorted by name, one value a name: a message equals its JSON read back)
    fn set(&mut self, name: Cow<'static, str>, value: Arg) {
        match self
            .args
            .binary_search_by(|(k, _)| k.as_ref().cmp(name.as_ref()))
        {
            Ok(i) => self.args[i].1 = value,
            Err(i) => self.args.insert(i, (name, value)),
        }
    }

    /// Its id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Its arguments, by name.
    pub fn args(&self) -> impl Iterator<Item = (&str, &Arg)> {
        self.args.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// The argument `name`, if given.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

/// What can say itself in words for people: an error a player may be shown (a refused
/// move), whose `Display` is the English of the same message.
pub trait Words {
    /// Its words.
    fn words(&self) -> Msg;
}

impl Words for Msg {
    fn words(&self) -> Msg {
        self.clone()
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(m)
    }
}
impl<T: Into<Arg>> From<Vec<T>> for Arg {
    fn from(v: Vec<T>) -> Arg {
        Arg::List(v.into_iter().map(Into::into).collect())
    }
}
macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as f64)
            }
        }
    )*};
}
numbers!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize, f32, f64);

impl Arg {
    /// A list read with "and" (`A, B and C`).
    pub fn and<T: Into<Arg>>(items: impl IntoIterator<Item = T>) -> Arg {
        Arg::And(items.into_iter().map(Into::into).collect())
    }

    fn to_json(&self) -> Value {
        match self {
            Arg::Text(s) => Value::String(s.clone()),
            Arg::Num(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Value::from(*n as i64),
            Arg::Num(n) => serde_json::Number::from_f64(*n).map_or(Value::Null, Value::Number),
            Arg::Msg(m) => m.to_json(),
            Arg::List(v) => Value::Array(v.iter().map(Arg::to_json).collect()),
            Arg::And(v) => {
                let mut o = Map::new();
                o.insert(
                    "and".into(),
                    Value::Array(v.iter().map(Arg::to_json).collect()),
                );
                Value::Object(o)
            }
        }
    }

    fn from_json(v: &Value) -> Result<Arg, String> {
        Ok(match v {
            Value::String(s) => Arg::Text(s.clone()),
            Value::Number(n) => Arg::Num(n.as_f64().unwrap_or(0.0)),
            Value::Array(v) => Arg::List(v.iter().map(Arg::from_json).collect::<Result<_, _>>()?),
            Value::Object(o) => match o.get("and") {
                Some(Value::Array(v)) => {
                    Arg::And(v.iter().map(Arg::from_json).collect::<Result<_, _>>()?)
                }
                _ => Arg::Msg(Msg::from_json(v)?),
            },
            Value::Bool(b) => Arg::Text(b.to_string()),
            Value::Null => Arg::Text(String::new()),
        })
    }
}

impl Msg {
    /// Its JSON form: `{"id": ID, "args": {...}}` (no `args` when it has none).
    pub fn to_json(&self) -> Value {
        let mut o = Map::new();
        o.insert("id".into(), Value::String(self.id.to_string()));
        if !self.args.is_empty() {
            let args: Map<String, Value> = self
                .args
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_json()))
                .collect();
            o.insert("args".into(), Value::Object(args));
        }
        Value::Object(o)
    }

    /// Reads its JSON form; a plain string (words stored before the catalogues) is
    /// [`Msg::verbatim`].
    pub fn from_json(v: &Value) -> Result<Msg, String> {
        match v {
            Value::String(s) => Ok(Msg::verbatim(s.clone())),
            Value::Object(o) => {
                let id = o
                    .get("id")
                    .and_then(Value::as_str)
                    .ok_or("a message without its id")?;
                let mut m = Msg::new(id.to_string());
                if let Some(Value::Object(args)) = o.get("args") {
                    for (k, v) in args {
                        m.set(k.clone().into(), Arg::from_json(v)?);
                    }
                }
                Ok(m)
            }
            _ => Err(format!("not a message: {v}")),
        }
    }
}

impl Serialize for Msg {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Msg {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Msg, D::Error> {
        let v = Value::deserialize(d)?;
        Msg::from_json(&v).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_form_reads_back() {
        let m = crate::words!(
            "q-log-placed",
            who = "Ann",
            tiles = vec![Msg::new("q-tile").arg("color", "red")],
            points = "+4",
            n = 3,
            all = Arg::and(["a", "b"])
        );
        let j = serde_json::to_value(&m).unwrap();
        assert_eq!(j["id"], "q-log-placed");
        assert_eq!(j["args"]["n"], 3);
        assert_eq!(j["args"]["tiles"][0]["id"], "q-tile");
        assert_eq!(j["args"]["all"]["and"][1], "b");
        let back: Msg = serde_json::from_value(j).unwrap();
        assert_eq!(back, m);
        assert_eq!(
            crate::words!("q-tile", color = "red", shape = "square").english(),
            "red square"
        );
        assert_eq!(
            crate::render(
                crate::Lang::De,
                &crate::words!("q-tile", color = "red", shape = "square")
            ),
            "rotes Quadrat"
        );
        // words stored as text before the catalogues read as text
        let old: Msg = serde_json::from_value(Value::String("Ann resigned".into())).unwrap();
        assert_eq!(old, Msg::verbatim("Ann resigned"));
        assert_eq!(old.to_string(), "Ann resigned");
    }
}
