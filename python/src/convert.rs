//! JSON values to Python values and back, and the engine's errors as Python exceptions.

use pyo3::exceptions::{PyException, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};
use tessera_games::EntryError;

pyo3::create_exception!(
    tessera,
    TesseraError,
    PyException,
    "Something asked of a Tessera game was refused; the message is the engine's reason."
);
pyo3::create_exception!(
    tessera,
    IllegalMove,
    TesseraError,
    "A move the engine refused (or a move asked for after the end)."
);
pyo3::create_exception!(
    tessera,
    SettingsError,
    TesseraError,
    "Bad rules, options, seats or seat number."
);
pyo3::create_exception!(tessera, BotError, TesseraError, "A bot spec was refused.");
pyo3::create_exception!(
    tessera,
    RecordError,
    TesseraError,
    "A record could not be read or replayed."
);
pyo3::create_exception!(tessera, UnknownGame, TesseraError, "No game of that name.");

/// The engine's error as the matching Python exception.
pub fn err(e: EntryError) -> PyErr {
    let text = e.to_string();
    match e {
        EntryError::UnknownGame { .. } => UnknownGame::new_err(text),
        EntryError::Settings(_) | EntryError::Refused(_) => SettingsError::new_err(text),
        EntryError::Bot { .. } => BotError::new_err(text),
        EntryError::Record(_) => RecordError::new_err(text),
        EntryError::Play(_) => IllegalMove::new_err(text),
    }
}

/// A JSON value as a Python value (objects as dicts, arrays as lists).
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(to_py(py, x)?)?;
            }
            list.into_any()
        }
        Value::Object(m) => {
            let dict = PyDict::new(py);
            for (k, x) in m {
                dict.set_item(k, to_py(py, x)?)?;
            }
            dict.into_any()
        }
    })
}

/// A Python value (None, bool, int, float, str, list, tuple, dict with str keys) as JSON.
pub fn from_py(o: &Bound<'_, PyAny>) -> PyResult<Value> {
    if o.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = o.downcast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = o.extract::<i64>() {
        return Ok(Value::from(i));
    }
    if let Ok(u) = o.extract::<u64>() {
        return Ok(Value::from(u));
    }
    if let Ok(s) = o.downcast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(f) = o.downcast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| PyTypeError::new_err("a float that is not finite"));
    }
    if let Ok(d) = o.downcast::<PyDict>() {
        let mut m = Map::new();
        for (k, x) in d.iter() {
            let key: String = k
                .extract()
                .map_err(|_| PyTypeError::new_err("dict keys must be str"))?;
            m.insert(key, from_py(&x)?);
        }
        return Ok(Value::Object(m));
    }
    if let Ok(l) = o.downcast::<PyList>() {
        return l
            .iter()
            .map(|x| from_py(&x))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    if let Ok(t) = o.downcast::<PyTuple>() {
        return t
            .iter()
            .map(|x| from_py(&x))
            .collect::<PyResult<_>>()
            .map(Value::Array);
    }
    if let Ok(x) = o.extract::<f64>() {
        // numpy scalars and the like
        if x.fract() == 0.0 && x.abs() < 9.0e15 {
            return Ok(Value::from(x as i64));
        }
        return Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| PyTypeError::new_err("a float that is not finite"));
    }
    Err(PyTypeError::new_err(format!(
        "cannot pass a {} to the engine (JSON values only)",
        o.get_type().name()?
    )))
}

/// A serde form as a Python value.
pub fn ser_to_py<'py, T: serde::Serialize>(py: Python<'py>, t: &T) -> PyResult<Bound<'py, PyAny>> {
    // through the text: some forms hold integers of any size
    let text = serde_json::to_string(t).map_err(|e| TesseraError::new_err(e.to_string()))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| TesseraError::new_err(e.to_string()))?;
    to_py(py, &v)
}
