//! Invitations and sign-ups, the same on both backends: an invitation is open until each
//! invited seat accepts (then one start claims it, whichever node asks), or it is
//! declined, withdrawn or expired (no game, nobody's count); what counts against the caps
//! of turn-based games per account, per address and in all; the places of sign-ups per
//! address and day.

use super::TempDb;
use crate::{
    AccountKind, Counted, GameStatus, InvitationState, NewGame, NewInvitation, SeatRecord, Store,
    StoreThread,
};
use serde_json::json;
use std::time::Duration;

async fn stop(store: Store, thread: StoreThread) {
    drop(store);
    tokio::task::spawn_blocking(move || thread.join())
        .await
        .unwrap();
}

fn game() -> NewGame {
    let seat = |name: &str| SeatRecord {
        name: name.into(),
        kind: "person".into(),
        spec: None,
        account: None,
    };
    NewGame {
        game: "triominos".into(),
        status: GameStatus::Waiting,
        rules: json!({}),
        seed: 1,
        seats: vec![seat("ann"), seat("bob")],
        secrets: vec![None, None],
        created: 0,
    }
}

fn invite(maker: u64, address: &str, invitees: Vec<(usize, u64)>, expires: i64) -> NewInvitation {
    NewInvitation {
        maker,
        address: address.into(),
        request: json!({"game": "triominos", "days": 3}),
        expires,
        invitees,
        game: None,
    }
}

/// `a` and `b`: two handles on one store (two nodes on PostgreSQL).
async fn invitations_are_answered_and_counted(a: &Store, b: &Store) {
    let person = |name: &'static str| async move {
        a.accounts()
            .create_account(name, AccountKind::Person, Some("h".into()))
            .await
            .unwrap()
    };
    let (ann, bob, carol) = (
        person("ann").await,
        person("bob").await,
        person("carol").await,
    );
    let inv = a.invitations();
    let (now, day) = (1_000_000, 86_400_000);
    let count = |what: Counted, at: i64| async move { inv.count(what, at).await.unwrap() };

    // ann invites bob: open, counted as ann's (and her address's), not bob's
    let first = inv
        .make(
            invite(ann.id, "10.0.0.1", vec![(1, bob.id)], now + day),
            now,
            None,
        )
        .await
        .unwrap();
    let got = b.invitations().get(first, now).await.unwrap().unwrap();
    assert_eq!(got.state, InvitationState::Pending);
    assert_eq!((got.maker, got.maker_name.as_str()), (ann.id, "ann"));
    assert_eq!(got.request["days"], 3);
    assert_eq!(got.invitees.len(), 1);
    assert_eq!(
        (got.invitees[0].seat, got.invitees[0].name.as_str()),
        (1, "bob")
    );
    assert!(!got.all_accepted());
    assert_eq!(count(Counted::Account(ann.id), now).await, 1);
    assert_eq!(
        count(Counted::Account(bob.id), now).await,
        0,
        "not accepted"
    );
    assert_eq!(count(Counted::Address("10.0.0.1".into()), now).await, 1);
    assert_eq!(count(Counted::Address("10.0.0.2".into()), now).await, 0);
    assert_eq!(count(Counted::All, now).await, 1);
    assert_eq!(count(Counted::Sent(ann.id), now).await, 1);
    assert_eq!(count(Counted::Received(bob.id), now).await, 1);
    assert_eq!(count(Counted::Received(carol.id), now).await, 0);
    let bobs = inv.of_account(bob.id, now, now - day, 50).await.unwrap();
    assert_eq!(bobs.iter().map(|i| i.id).collect::<Vec<_>>(), vec![first]);
    assert!(inv
        .of_account(carol.id, now, now - day, 50)
        .await
        .unwrap()
        .is_empty());

    // only bob accepts, once; then he counts it too
    assert!(!inv.accept(first, carol.id, now).await.unwrap());
    assert!(
        !inv.withdraw(first, bob.id, now).await.unwrap(),
        "not bob's"
    );
    assert!(inv.accept(first, bob.id, now + 1).await.unwrap());
    assert!(!inv.accept(first, bob.id, now + 2).await.unwrap());
    assert_eq!(count(Counted::Account(bob.id), now).await, 1);
    assert_eq!(count(Counted::Received(bob.id), now).await, 0);
    let got = inv.get(first, now).await.unwrap().unwrap();
    assert_eq!(got.invitees[0].accepted, Some(now + 1));
    assert!(got.all_accepted());

    // one start claims it, whichever handle asks first
    let id = a.games().create(game()).await.unwrap();
    let other = a.games().create(game()).await.unwrap();
    let (x, y) = tokio::join!(
        a.invitations().start(first, id, now + 3),
        b.invitations().start(first, other, now + 3)
    );
    let (x, y) = (x.unwrap(), y.unwrap());
    assert!(x != y, "exactly one start: {x} {y}");
    let started = if x { id } else { other };
    let got = inv.get(first, now).await.unwrap().unwrap();
    assert_eq!(
        (got.state, got.game, got.ended),
        (InvitationState::Started, Some(started), Some(now + 3))
    );
    assert!(
        !inv.decline(first, bob.id, now + 4).await.unwrap(),
        "started"
    );
    // its game counts from the address now (while it lives), no longer as an invitation
    assert_eq!(count(Counted::Address("10.0.0.1".into()), now).await, 1);
    assert_eq!(count(Counted::Sent(ann.id), now).await, 0);
    a.turns()
        .seat_accounts(started, vec![(0, ann.id), (1, bob.id)], 3)
        .await
        .unwrap();
    assert_eq!(count(Counted::Account(ann.id), now).await, 1);
    assert_eq!(count(Counted::Account(bob.id), now).await, 1);
    assert_eq!(count(Counted::All, now).await, 1);

    // declined: ann sees it so for a day, carol no longer; nobody counts it
    let second = inv
        .make(
            invite(ann.id, "10.0.0.1", vec![(1, carol.id)], now + day),
            now,
            None,
        )
        .await
        .unwrap();
    assert_eq!(count(Counted::Account(ann.id), now).await, 2);
    assert!(inv.decline(second, carol.id, now + 5).await.unwrap());
    assert!(!inv.withdraw(second, ann.id, now + 6).await.unwrap());
    assert_eq!(count(Counted::Account(ann.id), now + 6).await, 1);
    assert_eq!(count(Counted::Received(carol.id), now + 6).await, 0);
    let anns = inv
        .of_account(ann.id, now + 6, now - day, 50)
        .await
        .unwrap();
    assert_eq!(anns.len(), 1);
    assert_eq!(
        (anns[0].id, anns[0].state),
        (second, InvitationState::Declined)
    );
    assert!(inv
        .of_account(carol.id, now + 6, now - day, 50)
        .await
        .unwrap()
        .is_empty());

    // withdrawn: only by its maker
    let third = inv
        .make(
            invite(carol.id, "10.0.0.2", vec![(0, bob.id)], now + day),
            now,
            None,
        )
        .await
        .unwrap();
    assert!(!inv.withdraw(third, bob.id, now).await.unwrap());
    assert!(inv.withdraw(third, carol.id, now).await.unwrap());
    assert_eq!(
        inv.get(third, now).await.unwrap().unwrap().state,
        InvitationState::Withdrawn
    );
    assert_eq!(count(Counted::Address("10.0.0.2".into()), now).await, 0);

    // unanswered past its expiry: expired, answered by nobody, counted by nobody
    let fourth = inv
        .make(
            invite(bob.id, "10.0.0.3", vec![(1, ann.id)], now + 10),
            now,
            None,
        )
        .await
        .unwrap();
    assert_eq!(count(Counted::Address("10.0.0.3".into()), now + 9).await, 1);
    assert_eq!(
        count(Counted::Address("10.0.0.3".into()), now + 10).await,
        0
    );
    assert_eq!(count(Counted::Received(ann.id), now + 10).await, 0);
    assert_eq!(
        inv.get(fourth, now + 10).await.unwrap().unwrap().state,
        InvitationState::Expired
    );
    assert!(!inv.accept(fourth, ann.id, now + 10).await.unwrap());
    assert!(!inv.decline(fourth, ann.id, now + 10).await.unwrap());
    let bobs = inv
        .of_account(bob.id, now + 10, now - day, 50)
        .await
        .unwrap();
    assert_eq!(
        bobs.iter().map(|i| (i.id, i.state)).collect::<Vec<_>>(),
        vec![(fourth, InvitationState::Expired)],
        "its maker sees it expired"
    );

    // a game with nobody invited is started at once (counted from its address while it
    // lives); the rows of ended ones go as new ones come
    let solo = a.games().create(game()).await.unwrap();
    let fifth = inv
        .make(
            NewInvitation {
                game: Some(solo),
                ..invite(carol.id, "10.0.0.2", vec![], now + day)
            },
            now,
            None,
        )
        .await
        .unwrap();
    assert_eq!(
        inv.get(fifth, now).await.unwrap().unwrap().state,
        InvitationState::Started
    );
    assert_eq!(count(Counted::Address("10.0.0.2".into()), now).await, 1);
    assert_eq!(count(Counted::Sent(carol.id), now).await, 0);
    a.games()
        .end(solo, "aborted", json!({}), now)
        .await
        .unwrap();
    assert_eq!(count(Counted::Address("10.0.0.2".into()), now).await, 0);
    let later = now + 3 * day;
    assert!(
        inv.get(second, later).await.unwrap().is_some(),
        "nothing forgotten unless asked"
    );
    inv.make(
        invite(carol.id, "10.0.0.2", vec![(0, bob.id)], later + day),
        later,
        Some(later - day),
    )
    .await
    .unwrap();
    for gone in [second, third, fourth, fifth] {
        assert_eq!(inv.get(gone, later).await.unwrap(), None, "{gone}");
    }
    assert!(
        inv.get(first, later).await.unwrap().is_some(),
        "its game lives"
    );
}

async fn signups_are_counted_per_address_and_day(s: &Store) {
    let acc = s.accounts();
    let a = acc.claim_signup("10.0.0.1", 2).await.unwrap();
    let b = acc.claim_signup("10.0.0.1", 2).await.unwrap();
    assert!(a.is_some() && b.is_some());
    assert_eq!(acc.claim_signup("10.0.0.1", 2).await.unwrap(), None);
    assert!(acc.claim_signup("10.0.0.2", 2).await.unwrap().is_some());
    // a place given back (no account made) is free again
    acc.give_back_signup(b.unwrap()).await.unwrap();
    assert!(acc.claim_signup("10.0.0.1", 2).await.unwrap().is_some());
    assert_eq!(acc.claim_signup("10.0.0.1", 2).await.unwrap(), None);
}

/// A seat left for whoever has the link: taken once, by the first to claim it (on either
/// handle), accepted as it is taken, never after the invitation's end.
async fn link_seats_are_taken_once(a: &Store, b: &Store) {
    let person = |name: &'static str| async move {
        a.accounts()
            .create_account(name, AccountKind::Person, Some("h".into()))
            .await
            .unwrap()
    };
    let (dora, eve, finn) = (
        person("dora").await,
        person("eve").await,
        person("finn").await,
    );
    let (now, day) = (2_000_000, 86_400_000);
    // dora's invitation names nobody: seat 1 is for whoever has its link
    let id = a
        .invitations()
        .make(invite(dora.id, "10.0.0.9", vec![], now + day), now, None)
        .await
        .unwrap();
    let (x, y) = tokio::join!(
        a.invitations().claim(id, 1, eve.id, now + 1),
        b.invitations().claim(id, 1, finn.id, now + 1)
    );
    let (x, y) = (x.unwrap(), y.unwrap());
    assert!(x != y, "exactly one takes the seat: {x} {y}");
    let taker = if x { eve.id } else { finn.id };
    let got = b.invitations().get(id, now + 2).await.unwrap().unwrap();
    assert_eq!(got.invitees.len(), 1);
    assert_eq!(
        (
            got.invitees[0].seat,
            got.invitees[0].account,
            got.invitees[0].accepted
        ),
        (1, taker, Some(now + 1))
    );
    assert!(got.all_accepted());
    // counted as the taker's game, and not as an invitation it still has to answer
    assert_eq!(
        a.invitations()
            .count(Counted::Account(taker), now + 2)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        a.invitations()
            .count(Counted::Received(taker), now + 2)
            .await
            .unwrap(),
        0
    );
    // another seat of an invitation past its expiry is not taken
    assert!(!a
        .invitations()
        .claim(id, 2, eve.id, now + day + 1)
        .await
        .unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitations_and_signups_on_sqlite() {
    let db = TempDb::new("tessera-invitations", "sqlite");
    let (s, th) = Store::start(&db).unwrap();
    invitations_are_answered_and_counted(&s, &s.clone()).await;
    signups_are_counted_per_address_and_day(&s).await;
    link_seats_are_taken_once(&s, &s.clone()).await;
    stop(s, th).await;
    // the rows outlive the process
    let (s, th) = Store::start(&db).unwrap();
    assert_eq!(
        s.accounts().claim_signup("10.0.0.1", 2).await.unwrap(),
        None
    );
    let ann = s
        .accounts()
        .account_by_name("ann")
        .await
        .unwrap()
        .unwrap()
        .0;
    assert_eq!(
        s.invitations()
            .count(Counted::Account(ann.id), 1_000_000)
            .await
            .unwrap(),
        1
    );
    stop(s, th).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitations_and_signups_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("invitations");
    let (a, at) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let (b, bt) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    invitations_are_answered_and_counted(&a, &b).await;
    signups_are_counted_per_address_and_day(&b).await;
    link_seats_are_taken_once(&a, &b).await;
    stop(a, at).await;
    stop(b, bt).await;
}

/// A store of version 8 (turn-based games before invitations): `turns` gains the column of
/// the deadlines let pass, and the new tables are there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_8_store_gains_invitations_and_the_deadlines_let_pass() {
    let path = TempDb::new("tessera-invitations", "v8");
    {
        let (s, th) = Store::start(&path).unwrap();
        stop(s, th).await;
        let db = rusqlite::Connection::open(&*path).unwrap();
        db.execute_batch(
            "DROP TABLE invitees; DROP TABLE invitations; DROP TABLE signups;
             ALTER TABLE turns DROP COLUMN missed; PRAGMA user_version = 8;",
        )
        .unwrap();
    }
    let (s, th) = Store::start(&path).unwrap();
    let id = s.games().create(game()).await.unwrap();
    let turn = crate::Turn {
        at_move: 0,
        seat: 0,
        since: 1,
        deadline: 2,
    };
    s.turns().begin(id, turn, vec![2, 1]).await.unwrap();
    assert_eq!(s.turns().missed(id).await.unwrap(), vec![2, 1]);
    assert!(s
        .accounts()
        .claim_signup("10.0.0.1", 1)
        .await
        .unwrap()
        .is_some());
    stop(s, th).await;
}
