//! The one difference between the backends every operation is written over: [`Sql`]
//! (run a [`Stmt`] with [`Param`]s, get [`Row`]s), implemented for a rusqlite connection
//! (`crate::sqlite`: it completes at once, driven by [`now`]) and for tokio-postgres'
//! client and transaction (`crate::pg`).

use crate::error::StoreError;
use std::future::Future;

/// A statement, written once with `sql!` and expanded into each dialect's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stmt {
    /// SQLite's text.
    pub sqlite: &'static str,
    /// PostgreSQL's text.
    pub pg: &'static str,
}

/// A parameter of a statement (`$1` is the first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Param<'a> {
    /// An integer (SQLite `INTEGER`; PostgreSQL `BIGINT`, or whatever integer or real
    /// type the parameter is).
    Int(i64),
    /// A real number.
    Real(f64),
    /// A text.
    Text(&'a str),
    /// SQL's `NULL`.
    Null,
    /// A truth value (SQLite: 0 or 1).
    Bool(bool),
}

impl<'a> From<i64> for Param<'a> {
    fn from(v: i64) -> Param<'a> {
        Param::Int(v)
    }
}

impl<'a> From<&'a str> for Param<'a> {
    fn from(v: &'a str) -> Param<'a> {
        Param::Text(v)
    }
}

impl<'a> From<&'a String> for Param<'a> {
    fn from(v: &'a String) -> Param<'a> {
        Param::Text(v)
    }
}

impl<'a> From<f64> for Param<'a> {
    fn from(v: f64) -> Param<'a> {
        Param::Real(v)
    }
}

impl<'a> From<bool> for Param<'a> {
    fn from(v: bool) -> Param<'a> {
        Param::Bool(v)
    }
}

impl<'a, T: Into<Param<'a>>> From<Option<T>> for Param<'a> {
    fn from(v: Option<T>) -> Param<'a> {
        v.map_or(Param::Null, Into::into)
    }
}

/// An id (a game's [`crate::GameId`] too) or count as a parameter.
pub fn int(v: impl Into<u64>) -> Param<'static> {
    let v: u64 = v.into();
    Param::Int(v.min(i64::MAX as u64) as i64)
}

/// A value of a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    /// `NULL`.
    Null,
    /// An integer.
    Int(i64),
    /// A real number.
    Real(f64),
    /// A text.
    Text(String),
    /// A truth value (PostgreSQL's `BOOLEAN`).
    Bool(bool),
}

/// A row of a result.
#[derive(Clone, Debug, PartialEq)]
pub struct Row(pub Vec<Val>);

impl Row {
    fn at(&self, i: usize) -> Result<&Val, StoreError> {
        self.0.get(i).ok_or(StoreError::Column(i))
    }

    /// Column `i`, an integer (or `NULL`).
    pub fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError> {
        match self.at(i)? {
            Val::Null => Ok(None),
            Val::Int(v) => Ok(Some(*v)),
            Val::Bool(b) => Ok(Some(*b as i64)),
            _ => Err(StoreError::Column(i)),
        }
    }

    /// Column `i`, an integer.
    pub fn int(&self, i: usize) -> Result<i64, StoreError> {
        self.opt_int(i)?.ok_or(StoreError::Column(i))
    }

    /// Column `i`, a truth value (an integer on SQLite).
    pub fn bool(&self, i: usize) -> Result<bool, StoreError> {
        match self.at(i)? {
            Val::Bool(b) => Ok(*b),
            Val::Int(v) => Ok(*v != 0),
            _ => Err(StoreError::Column(i)),
        }
    }

    /// Column `i`, a text (or `NULL`).
    pub fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
        match self.at(i)? {
            Val::Null => Ok(None),
            Val::Text(t) => Ok(Some(t.clone())),
            _ => Err(StoreError::Column(i)),
        }
    }

    /// Column `i`, a text.
    pub fn text(&self, i: usize) -> Result<String, StoreError> {
        self.opt_text(i)?.ok_or(StoreError::Column(i))
    }

    /// Column `i`, a text of JSON, read.
    pub fn json<T: serde::de::DeserializeOwned>(&self, i: usize) -> Result<T, StoreError> {
        match self.at(i)? {
            Val::Text(t) => Ok(serde_json::from_str(t)?),
            _ => Err(StoreError::Column(i)),
        }
    }
}

/// A connection (or transaction) of either backend. Every operation of the store is one
/// `async fn` generic over it.
pub(crate) trait Sql {
    /// Runs `st`; the number of rows it changed.
    async fn execute(&self, st: &Stmt, params: &[Param<'_>]) -> Result<u64, StoreError>;
    /// Runs `st`; its rows.
    async fn query(&self, st: &Stmt, params: &[Param<'_>]) -> Result<Vec<Row>, StoreError>;
    /// Runs `st`; its first row, if any.
    async fn query_opt(&self, st: &Stmt, params: &[Param<'_>]) -> Result<Option<Row>, StoreError>;
}

/// Runs a future that completes when first polled (an operation on a SQLite connection,
/// which never waits), on the thread that calls it.
pub(crate) fn now<F: Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    match f.as_mut().poll(&mut cx) {
        std::task::Poll::Ready(v) => v,
        std::task::Poll::Pending => unreachable!("an operation on SQLite waited"),
    }
}
