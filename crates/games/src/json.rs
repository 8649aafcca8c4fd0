//! A serde form as a JSON value.

use serde_json::Value;

/// A serde form as a JSON value (through its text: some forms hold integers of any size).
pub(crate) fn to_value<T: serde::Serialize + ?Sized>(v: &T) -> Value {
    serde_json::to_string(v)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null)
}
