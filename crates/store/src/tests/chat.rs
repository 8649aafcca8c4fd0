//! The chat of the tables, the same on both backends: lines numbered from 0 per game in
//! the order written, capped per game, read back in order with who said them; reports
//! once per line and reporter, of lines that exist, listed newest first with their lines.

use super::TempDb;
use crate::{GameId, NewLine, Store, StoreThread};
use std::time::Duration;

async fn stop(store: Store, thread: StoreThread) {
    drop(store);
    tokio::task::spawn_blocking(move || thread.join())
        .await
        .unwrap();
}

fn said(
    room: &str,
    seat: Option<usize>,
    name: &str,
    text: Option<&str>,
    phrase: Option<&str>,
) -> NewLine {
    NewLine {
        room: room.into(),
        account: seat.is_none().then_some(7),
        seat,
        name: name.into(),
        text: text.map(Into::into),
        phrase: phrase.map(Into::into),
    }
}

/// `a` and `b`: two handles of one store (two nodes on PostgreSQL).
async fn chat_is_kept_capped_and_reported(a: &Store, b: &Store) {
    let (g, other) = (GameId(41), GameId(42));
    let lines = [
        said("players", Some(0), "Ann", Some("hi Bob"), None),
        said("players", Some(1), "Bob", None, Some("chat-gg")),
        said("spectators", None, "eve", Some("nice move ‹x›"), None),
    ];
    for (i, l) in lines.iter().enumerate() {
        let store = if i % 2 == 0 { a } else { b };
        assert_eq!(
            store.chat().add(g, l.clone(), 4).await.unwrap(),
            Some(i as u64)
        );
    }
    // another game counts from 0
    assert_eq!(
        a.chat().add(other, lines[0].clone(), 4).await.unwrap(),
        Some(0)
    );
    // the fourth line of g is its last: the fifth is refused
    assert_eq!(b.chat().add(g, lines[1].clone(), 4).await.unwrap(), Some(3));
    assert_eq!(a.chat().add(g, lines[1].clone(), 4).await.unwrap(), None);
    let read = b.chat().of_game(g).await.unwrap();
    assert_eq!(read.len(), 4);
    assert_eq!(read.iter().map(|l| l.n).collect::<Vec<_>>(), [0, 1, 2, 3]);
    assert_eq!(read[0].text.as_deref(), Some("hi Bob"));
    assert_eq!(read[0].seat, Some(0));
    assert_eq!(read[0].account, None);
    assert_eq!(read[1].phrase.as_deref(), Some("chat-gg"));
    assert_eq!(read[1].text, None);
    assert_eq!(read[2].room, "spectators");
    assert_eq!(read[2].account, Some(7));
    assert_eq!(read[2].text.as_deref(), Some("nice move ‹x›"));
    assert!(read[0].at > 0 && read[0].at <= read[3].at);
    assert!(a.chat().of_game(GameId(43)).await.unwrap().is_empty());
    // reports: once per line and reporter, of lines that exist
    assert!(a.chat().report(g, 2, Some(1), "ann").await.unwrap());
    assert!(
        !b.chat().report(g, 2, Some(1), "ann").await.unwrap(),
        "once"
    );
    assert!(b.chat().report(g, 2, None, "Bob").await.unwrap());
    assert!(
        !a.chat().report(g, 9, Some(1), "ann").await.unwrap(),
        "no line 9"
    );
    assert!(a.chat().report(other, 0, None, "Bob").await.unwrap());
    let reports = b.chat().reports(10).await.unwrap();
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0].game, other, "newest first");
    assert_eq!(reports[1].by, "Bob");
    assert_eq!(reports[2].by, "ann");
    assert_eq!(reports[2].line.name, "eve");
    assert_eq!(reports[2].line.text.as_deref(), Some("nice move ‹x›"));
    assert_eq!(
        reports[2].account_name, None,
        "account 7 is no account of this store"
    );
    assert_eq!(b.chat().reports(1).await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_on_sqlite() {
    let db = TempDb::new("tessera-chat", "sqlite");
    let (s, th) = Store::start(&db).unwrap();
    chat_is_kept_capped_and_reported(&s, &s.clone()).await;
    stop(s, th).await;
    // the lines outlive the process
    let (s, th) = Store::start(&db).unwrap();
    assert_eq!(s.chat().of_game(GameId(41)).await.unwrap().len(), 4);
    stop(s, th).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_on_postgres() {
    let Some(pg) = tessera_pgtest::cluster() else {
        return;
    };
    let url = pg.database("chat");
    let (a, at) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    let (b, bt) = Store::open(&url, Duration::from_secs(5)).await.unwrap();
    chat_is_kept_capped_and_reported(&a, &b).await;
    stop(a, at).await;
    stop(b, bt).await;
}
