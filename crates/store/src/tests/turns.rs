//! Turn-based games' rows, the same on both backends: the accounts at the seats, the
//! turn with its deadline (read back after a restart, gone with the game's end), the
//! emails due (one claim per turn, only by the node that runs the game), the addresses.

use super::TempDb;
use crate::{
    AccountKind, GameId, GameStatus, NewGame, SeatRecord, Store, StoreError, StoreThread, Turn,
};
use std::time::Duration;

fn game() -> NewGame {
    let seat = |name: &str, kind: &str| SeatRecord {
        name: name.into(),
        kind: kind.into(),
        spec: None,
        account: None,
    };
    NewGame {
        game: "triominos".into(),
        status: GameStatus::Running,
        rules: serde_json::json!({}),
        seed: 1,
        seats: vec![
            seat("ann", "person"),
            seat("bob", "person"),
            seat("greedy", "bot"),
        ],
        secrets: vec![None, None, None],
        created: 0,
    }
}

async fn stop(store: Store, thread: StoreThread) {
    drop(store);
    tokio::task::spawn_blocking(move || thread.join())
        .await
        .unwrap();
}

/// `a` runs the games; `b` is another handle (another node on PostgreSQL, the same
/// store on SQLite: `shared`). `read_again(id)` reads a game's turn through a connection
/// of its own (what a restarted process reads).
async fn turns_deadlines_and_mails<F, Fut>(a: &Store, b: &Store, shared: bool, read_again: F)
where
    F: Fn(GameId) -> Fut,
    Fut: std::future::Future<Output = Option<Turn>>,
{
    let ann = a
        .accounts()
        .create_account("ann", AccountKind::Person, Some("h".into()))
        .await
        .unwrap();
    let bob = a
        .accounts()
        .create_account("bob", AccountKind::Person, Some("h".into()))
        .await
        .unwrap();
    let id = a.games().create(game()).await.unwrap();
    let t = a.turns();
    t.seat_accounts(id, vec![(0, ann.id), (1, bob.id)], 3)
        .await
        .unwrap();
    assert_eq!(
        t.seats_of(id).await.unwrap(),
        vec![Some(ann.id), Some(bob.id)]
    );
    assert_eq!(
        (t.live_of(ann.id).await.unwrap(), t.live().await.unwrap()),
        (1, 1)
    );
    assert_eq!(t.current(id).await.unwrap(), None);

    let day = 86_400_000;
    let first = Turn {
        at_move: 0,
        seat: 0,
        since: 1_000,
        deadline: 1_000 + 3 * day,
    };
    assert_eq!(t.missed(id).await.unwrap(), Vec::<u32>::new());
    t.begin(id, first, vec![0, 0, 0]).await.unwrap();
    if shared {
        // another node does not write a game it does not run
        match b.turns().begin(id, first, vec![5, 5, 5]).await {
            Err(StoreError::Fenced(g)) => assert_eq!(g, id),
            other => panic!("{other:?}"),
        }
    }
    let inbox = t.of_account(ann.id, 50).await.unwrap();
    assert_eq!(inbox.len(), 1);
    assert!(inbox[0].waits_for_me());
    assert_eq!(inbox[0].turn, Some(first));
    assert_eq!(inbox[0].players, ["ann", "bob", "greedy"]);
    assert_eq!(inbox[0].days, 3);
    assert!(!t.of_account(bob.id, 50).await.unwrap()[0].waits_for_me());

    // no email without an address
    assert!(t.due(i64::MAX, 10).await.unwrap().is_empty());
    t.set_email(ann.id, Some("ann@example.org".into()))
        .await
        .unwrap();
    assert_eq!(
        t.email_of(ann.id).await.unwrap().as_deref(),
        Some("ann@example.org")
    );
    assert!(
        t.due(999, 10).await.unwrap().is_empty(),
        "not waited long enough"
    );
    let due = t.due(1_000, 10).await.unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(
        (
            due[0].game,
            due[0].account,
            due[0].email.as_str(),
            due[0].account_name.as_str()
        ),
        (id, ann.id, "ann@example.org", "ann")
    );
    if shared {
        assert!(
            b.turns().due(i64::MAX, 10).await.unwrap().is_empty(),
            "a's game"
        );
        assert!(!b.turns().claim_mail(id, 1_000).await.unwrap());
    }
    assert!(t.claim_mail(id, 1_000).await.unwrap());
    assert!(
        !t.claim_mail(id, 1_000).await.unwrap(),
        "one email per turn"
    );
    assert!(t.due(i64::MAX, 10).await.unwrap().is_empty());
    t.log_mail(ann.id, id, true, day).await.unwrap();
    assert_eq!(t.mails_since(ann.id, 0).await.unwrap(), 1);
    assert_eq!(t.mails_since(bob.id, 0).await.unwrap(), 0);

    // the next turn: bob's, with its own deadline and email
    let second = Turn {
        at_move: 1,
        seat: 1,
        since: 5_000,
        deadline: 5_000 + day,
    };
    t.begin(id, second, vec![1, 0, 0]).await.unwrap();
    assert_eq!(t.current(id).await.unwrap(), Some(second));
    assert_eq!(
        b.turns().missed(id).await.unwrap(),
        vec![1, 0, 0],
        "the deadlines let pass go with the turn"
    );
    assert!(!t.of_account(ann.id, 50).await.unwrap()[0].waits_for_me());
    assert!(t.of_account(bob.id, 50).await.unwrap()[0].waits_for_me());
    assert!(
        t.due(i64::MAX, 10).await.unwrap().is_empty(),
        "bob has no address"
    );

    // the key every node reads is the first one stored
    let k = t.site_key("turn-seats", "first".into()).await.unwrap();
    assert_eq!(k, "first");
    assert_eq!(
        b.turns()
            .site_key("turn-seats", "second".into())
            .await
            .unwrap(),
        "first"
    );

    // a restart reads the same turn back
    assert_eq!(read_again(id).await, Some(second));

    // its end: no turn, no game in the inbox, none counted
    a.games()
        .end(id, "finished", serde_json::json!({}), 9)
        .await
        .unwrap();
    assert_eq!(t.current(id).await.unwrap(), None);
    assert!(t.of_account(ann.id, 50).await.unwrap().is_empty());
    assert_eq!(
        (t.live_of(ann.id).await.unwrap(), t.live().await.unwrap()),
        (0, 0)
    );
    t.set_email(ann.id, None).await.unwrap();
    assert_eq!(t.email_of(ann.id).await.unwrap(), None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_deadlines_and_mails_are_stored_on_sqlite() {
    let db = TempDb::new("tessera-turns", "sqlite");
    let (s, th) = Store::start(&db).unwrap();
    let path = db.to_path_buf();
    turns_deadlines_and_mails(&s, &s.clone(), false, |id| {
        let conn = crate::sqlite::open(&path).unwrap();
        let turn = crate::sql::now(crate::turns::current(&conn, id)).unwrap();
        async move { turn }
    })
    .await;
    stop(s, th).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turns_deadlines_and_mails_are_stored_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("turns");
    let (a, at) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let (b, bt) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    turns_deadlines_and_mails(&a, &b, true, |id| {
        let url = url.clone();
        async move {
            let (c, ct) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
            let turn = c.turns().current(id).await.unwrap();
            stop(c, ct).await;
            turn
        }
    })
    .await;
    stop(a, at).await;
    stop(b, bt).await;
}
