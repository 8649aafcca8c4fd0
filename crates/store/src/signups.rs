//! The accounts made from each address (`signups`): a sign-up takes a place of its
//! address's day before the account is made (and gives it back if the account is not
//! made), so the cap of accounts per address per day holds across restarts and nodes.
//! Each statement and each operation written once over [`Sql`]; rows older than a day go
//! as new ones come, so no address is kept longer.

use crate::error::StoreError;
use crate::sql::{int, Sql, Stmt};

/// 24 hours in ms: the window of the cap.
pub const DAY_MS: i64 = 24 * 3600 * 1000;

/// A place for a sign-up from `$1` at `$2`, taken only while the address has fewer than
/// `$4` since `$3`.
pub(crate) const CLAIM: Stmt = sql!(
    "INSERT INTO signups (address, at) SELECT $1, $2
     WHERE (SELECT COUNT(*) FROM signups WHERE address = $1 AND at > $3) < $4 RETURNING id"
);
pub(crate) const GIVE_BACK: Stmt = sql!("DELETE FROM signups WHERE id = $1");
pub(crate) const PRUNE: Stmt = sql!("DELETE FROM signups WHERE at <= $1");

/// Takes a place for a sign-up from `address` at `now` while it has had fewer than `most`
/// in the 24 hours before; its id, or `None` when it has had its most.
pub(crate) async fn claim<S: Sql>(
    db: &S,
    address: &str,
    now: i64,
    most: u64,
) -> Result<Option<u64>, StoreError> {
    let since = now.saturating_sub(DAY_MS);
    db.execute(&PRUNE, &[since.into()]).await?;
    let row = db
        .query_opt(
            &CLAIM,
            &[address.into(), now.into(), since.into(), int(most)],
        )
        .await?;
    row.map(|r| r.int(0).map(|id| id as u64)).transpose()
}

/// Gives back the place `id` (its account was not made).
pub(crate) async fn give_back<S: Sql>(db: &S, id: u64) -> Result<(), StoreError> {
    db.execute(&GIVE_BACK, &[int(id)]).await?;
    Ok(())
}

/// Every statement of this file.
#[cfg(test)]
pub(crate) const STATEMENTS: &[Stmt] = &[CLAIM, GIVE_BACK, PRUNE];
