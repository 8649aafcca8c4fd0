//! The operator's actions, the same on both backends: bans (sessions and tokens refused
//! at once), aborts left for the host that runs the game (or done at once where no host
//! serves a SQLite file), the log; and the online backup of a served SQLite file.

use super::TempDb;
use crate::GameId;
use crate::{
    secret_hash, AccountKind, AdminDb, GameStatus, NewGame, PendingAbort, Refused, SeatRecord,
    Store, StoreError,
};
use std::time::Duration;

fn temp(name: &str) -> TempDb {
    TempDb::new("tessera-admin", name)
}

fn game(n: u64) -> NewGame {
    let seat = |name: &str| SeatRecord {
        name: name.into(),
        kind: "bot".into(),
        spec: Some("greedy".into()),
        account: None,
    };
    NewGame {
        game: "q".into(),
        status: GameStatus::Running,
        rules: serde_json::json!({}),
        seed: n,
        seats: vec![seat("ann"), seat("bob")],
        secrets: vec![None, None],
        created: 0,
    }
}

fn later() -> i64 {
    crate::now_ms() + 3_600_000
}

/// `store` serves, `admin` is the operator's command beside it.
async fn bans_aborts_and_the_log(store: &Store, admin: &AdminDb) {
    let accounts = store.accounts();
    let ann = accounts
        .create_account("Ann", AccountKind::Bot, Some("hash".into()))
        .await
        .unwrap();
    let bob = accounts
        .create_account("Bob", AccountKind::Bot, None)
        .await
        .unwrap();
    for (who, s) in [(&ann, "ann-1"), (&ann, "ann-2"), (&bob, "bob-1")] {
        accounts
            .add_session(&secret_hash(s), who.id, "csrf", later())
            .await
            .unwrap();
        accounts
            .add_token(who.id, &secret_hash(s), s)
            .await
            .unwrap();
    }
    let live = |s: &'static str| async move {
        (
            store
                .accounts()
                .session(&secret_hash(s), crate::now_ms())
                .await
                .unwrap()
                .is_some(),
            store
                .accounts()
                .token_account(&secret_hash(s))
                .await
                .unwrap()
                .is_some(),
        )
    };
    assert_eq!(live("ann-1").await, (true, true));
    let ban = admin.ban("ANN", Some("spam")).await.unwrap();
    assert_eq!(
        (ban.account, ban.already, ban.sessions, ban.tokens),
        (ann.id, false, 2, 2)
    );
    assert_eq!(live("ann-1").await, (false, false));
    assert_eq!(live("ann-2").await, (false, false));
    assert_eq!(live("bob-1").await, (true, true), "bob is not banned");
    assert_eq!(store.admin().banned().await.unwrap(), vec![ann.id]);
    assert_eq!(
        store.admin().ban_of(ann.id).await.unwrap(),
        Some(Some("spam".into()))
    );
    assert_eq!(store.admin().ban_of(bob.id).await.unwrap(), None);
    // a session made after the ban (a sign-in that raced it) is refused all the same
    accounts
        .add_session(&secret_hash("ann-3"), ann.id, "csrf", later())
        .await
        .unwrap();
    assert!(!live("ann-3").await.0);
    let again = admin.ban("ann", None).await.unwrap();
    assert_eq!((again.already, again.sessions, again.tokens), (true, 1, 0));
    accounts
        .add_session(&secret_hash("ann-4"), ann.id, "csrf", later())
        .await
        .unwrap();
    assert!(admin.unban("ann", Some("appeal")).await.unwrap());
    assert!(!admin.unban("ann", None).await.unwrap());
    assert!(live("ann-4").await.0, "unbanned: a new session works");
    assert!(!live("ann-1").await.1, "its tokens stay revoked");
    match admin.ban("nobody", None).await {
        Err(StoreError::Refused(Refused::NoAccount(n))) => assert_eq!(n, "nobody"),
        other => panic!("{other:?}"),
    }

    // aborts: refused for a game that is over or not there, else left for its host
    let games = store.games();
    let running = games.create(game(1)).await.unwrap();
    let over = games.create(game(2)).await.unwrap();
    games
        .end(over, "finished", serde_json::json!({}), 5)
        .await
        .unwrap();
    match admin.abort(over, None).await {
        Err(StoreError::Refused(Refused::Over(id, status))) => {
            assert_eq!((id, status.as_str()), (over, "finished"))
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        admin.abort(GameId(99_999), None).await,
        Err(StoreError::Refused(Refused::NoGame(GameId(99_999))))
    ));
    let listed = admin.live().await.unwrap();
    let row = listed.iter().find(|g| g.id == running).expect("listed");
    assert_eq!(
        (row.status.as_str(), row.seats.clone(), row.moves),
        ("running", vec!["ann".to_string(), "bob".to_string()], 0)
    );
    assert_eq!(row.node.as_deref(), Some(store.node()));
    assert!(listed.iter().all(|g| g.id != over));
    let entry = admin.abort(running, Some("cheating")).await.unwrap();
    assert_eq!((entry.action.as_str(), entry.done), ("abort", None));
    assert_eq!(entry.target, running.to_string());
    assert_eq!(
        store.admin().pending_aborts().await.unwrap(),
        vec![PendingAbort {
            entry: entry.id,
            game: running,
            reason: Some("cheating".into()),
        }]
    );
    assert!(store.admin().done(entry.id, store.node()).await.unwrap());
    assert!(!store.admin().done(entry.id, store.node()).await.unwrap());
    assert!(store.admin().pending_aborts().await.unwrap().is_empty());
    let done = admin.entry(entry.id).await.unwrap().unwrap();
    assert_eq!(done.node.as_deref(), Some(store.node()));
    assert!(done.done.is_some());

    let log = admin.log(0, 100).await.unwrap();
    let actions: Vec<(&str, &str, Option<&str>)> = log
        .iter()
        .map(|e| (e.action.as_str(), e.target.as_str(), e.reason.as_deref()))
        .collect();
    let running_id = running.to_string();
    assert_eq!(
        actions,
        vec![
            ("ban", "ANN", Some("spam")),
            ("ban", "ann", None),
            ("unban", "ann", Some("appeal")),
            ("unban", "ann", None),
            ("abort", running_id.as_str(), Some("cheating")),
        ]
    );
    assert!(log.windows(2).all(|w| w[0].id < w[1].id));
    assert_eq!(store.admin().log(log[3].id, 10).await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bans_aborts_and_the_log_on_a_served_file() {
    let db = temp("served");
    let (store, th) = Store::start(&db).unwrap();
    let admin = AdminDb::open(db.to_str().unwrap()).await.unwrap();
    assert!(admin.served(), "the host holds the file's lock");
    bans_aborts_and_the_log(&store, &admin).await;
    drop((store, admin));
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bans_aborts_and_the_log_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("admin");
    let (store, th) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let admin = AdminDb::open(&url).await.unwrap();
    assert!(admin.served());
    bans_aborts_and_the_log(&store, &admin).await;
    drop((store, admin));
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
}

/// Where no host serves the file, the command aborts the game itself, and no host can
/// start on the file while it holds it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abort_on_a_file_nobody_serves_is_done_at_once() {
    let db = temp("unserved");
    let (store, th) = Store::start(&db).unwrap();
    let id = store.games().create(game(1)).await.unwrap();
    drop(store);
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
    let admin = AdminDb::open(db.to_str().unwrap()).await.unwrap();
    assert!(!admin.served());
    assert!(matches!(Store::start(&db), Err(StoreError::Served(_))));
    let entry = admin.abort(id, Some("test")).await.unwrap();
    assert_eq!(entry.node.as_deref(), Some("local"));
    assert!(entry.done.is_some());
    drop(admin);
    let g = crate::get_at(db.to_str().unwrap(), id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(g.summary.status, GameStatus::Aborted);
    assert_eq!(
        g.summary.why.map(|w| w.to_string()).as_deref(),
        Some("aborted by the operator: test")
    );
    let (store, th) = Store::start(&db).unwrap();
    assert!(store.admin().pending_aborts().await.unwrap().is_empty());
    drop(store);
    tokio::task::spawn_blocking(move || th.join())
        .await
        .unwrap();
}

/// A backup taken while the host writes holds every game as it was, whole; a backup
/// never overwrites a file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_of_a_served_file_while_it_is_written() {
    let (db, copy) = (temp("backup-from"), temp("backup-to"));
    let (store, th) = Store::start(&db).unwrap();
    let mut ids = Vec::new();
    for n in 0..20 {
        let id = store.games().create(game(n)).await.unwrap();
        let moves = (0..10).map(|k| store.games().append(id, k, 0, false, "{}".into()));
        for r in futures_util::future::join_all(moves).await {
            r.unwrap();
        }
        if n % 2 == 0 {
            store
                .games()
                .end(id, "finished", serde_json::json!({"scores": [1, 2]}), 9)
                .await
                .unwrap();
        }
        ids.push(id);
    }
    // writes go on while it copies
    let writer = store.clone();
    let busy = tokio::spawn(async move {
        for n in 100..300 {
            let id = writer.games().create(game(n)).await.unwrap();
            writer
                .games()
                .append(id, 0, 0, false, "{}".into())
                .await
                .unwrap();
        }
    });
    let (from, to) = (db.to_path_buf(), copy.to_path_buf());
    tokio::task::spawn_blocking(move || crate::backup_file(&from, &to))
        .await
        .unwrap()
        .unwrap();
    busy.await.unwrap();
    let (from, to) = (db.to_path_buf(), copy.to_path_buf());
    let twice = tokio::task::spawn_blocking(move || crate::backup_file(&from, &to))
        .await
        .unwrap();
    assert!(matches!(twice, Err(StoreError::Url(_))), "{twice:?}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&*copy).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let (restored, rth) = Store::start(&copy).unwrap();
    for id in ids {
        let a = store.games().get(id).await.unwrap().unwrap();
        let b = restored.games().get(id).await.unwrap().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.moves.len(), 10);
    }
    drop((store, restored));
    for t in [th, rth] {
        tokio::task::spawn_blocking(move || t.join()).await.unwrap();
    }
}
