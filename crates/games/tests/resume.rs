//! A game that goes on after a pause whose stored moves had already ended it (the host
//! was killed between storing the last move and storing the end): the referee reports it
//! finished at once, its winners by the scores, without waiting for anybody.

use std::time::Duration;
use tessera_core::{rng_from_seed, Game, Record};
use tessera_referee::{
    async_trait, resume, run, Bot, CancellationToken, Player, PlayerError, RefereeConfig, Status,
};
use tessera_triominos::{Rules as TriominosRules, TriominosGame};

/// A program that never comes back: every call waits forever.
struct Gone(String);

#[async_trait]
impl Player<TriominosGame> for Gone {
    fn name(&self) -> &str {
        &self.0
    }
    async fn setup(
        &mut self,
        _: &<TriominosGame as Game>::View,
        _: &[<TriominosGame as Game>::Tile],
    ) -> Result<(), PlayerError> {
        std::future::pending().await
    }
    async fn take_turn(
        &mut self,
        _: &<TriominosGame as Game>::View,
    ) -> Result<<TriominosGame as Game>::Move, PlayerError> {
        std::future::pending().await
    }
    async fn new_tiles(&mut self, _: &[<TriominosGame as Game>::Tile]) -> Result<(), PlayerError> {
        std::future::pending().await
    }
    async fn win(&mut self, _: bool) -> Result<(), PlayerError> {
        std::future::pending().await
    }
}

#[tokio::test]
async fn a_game_its_stored_moves_ended_is_finished_at_once_on_resume() {
    let rules = TriominosRules::standard(2);
    let names = vec!["ann".to_string(), "bob".to_string()];
    let config = RefereeConfig::default();
    let stop = CancellationToken::new();
    for seed in 1..=4u64 {
        // a whole game of two bots
        let players: Vec<Box<dyn Player<TriominosGame>>> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let s = tessera_ai::registry::triominos("greedy").unwrap();
                Box::new(Bot::new(n.clone(), s, rng_from_seed(seed * 10 + i as u64)))
                    as Box<dyn Player<TriominosGame>>
            })
            .collect();
        let game = TriominosGame::new(&rules, seed).unwrap();
        let record = Record::new(rules.clone(), seed, names.clone());
        let first = run(game, record, players, &config, &mut (), &stop)
            .await
            .unwrap();
        assert_eq!(first.status, Status::Finished);
        assert!(!first.winners.is_empty());
        // its moves, stored, replayed after a restart; its programs never come back
        let mut game = TriominosGame::new(&rules, seed).unwrap();
        for mv in &first.record.moves {
            game.play(mv).unwrap();
        }
        let mut record = Record::new(rules.clone(), seed, names.clone());
        record.moves = first.record.moves.clone();
        let gone: Vec<Box<dyn Player<TriominosGame>>> = names
            .iter()
            .map(|n| Box::new(Gone(n.clone())) as Box<dyn Player<TriominosGame>>)
            .collect();
        let again = tokio::time::timeout(
            Duration::from_secs(60),
            resume(game, record, Vec::new(), gone, &config, &mut (), &stop),
        )
        .await
        .expect("nobody is waited for")
        .unwrap();
        assert_eq!(again.status, Status::Finished, "seed {seed}");
        assert_eq!(again.winners, first.winners, "seed {seed}");
        assert_eq!(again.record.moves, first.record.moves);
        assert_eq!(again.record.outcome, first.record.outcome);
        assert!(again.ejected.is_empty());
    }
}
