//! Property tests of the string parsers: no input makes them panic, and printing a
//! parsed string gives it back.

use proptest::prelude::*;
use tessera_akropolis::{
    is_move_string_well_formed, is_state_string_well_formed, Akropolis, Move, Pool, Pos, Rules,
    Setup, Variants,
};

fn move_string() -> impl Strategy<Value = String> {
    (
        1u8..=61,
        0u8..100,
        any::<bool>(),
        0u8..100,
        any::<bool>(),
        0u8..6,
    )
        .prop_map(|(t, y, north, x, west, r)| {
            let ns = if north && y > 0 { 'N' } else { 'S' };
            let ew = if west && x > 0 { 'W' } else { 'E' };
            format!("{t:02}{ns}{y:02}{ew}{x:02}R{r}")
        })
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,80}") {
        let _ = is_move_string_well_formed(&s);
        let _ = is_state_string_well_formed(&s);
        let _ = Akropolis::parse(&s);
        let _ = Pos::parse(&s);
        let _ = Variants::parse(&s);
        if let Ok(p) = s.parse::<Pool>() {
            prop_assert_eq!(p.to_string(), s);
        }
    }

    #[test]
    fn pool_like_text_never_panics(s in "([2-4]:)?([0-6][0-9][hmbtgqHMBTG]{3}){0,4}([2-4]:([0-6][0-9][hmbtgqHMBTGx]{3}){0,4}){0,2}") {
        if let Ok(p) = s.parse::<Pool>() {
            prop_assert_eq!(p.to_string(), s);
        }
    }

    #[test]
    fn state_like_text_never_panics(s in "[2-4][hmbtgHMBTG]{5};[0-9]{1,13};(P[0-9]{3}([0-9]{2}[NSEW][0-9]{2}[NSEW][0-9]{2}R[0-9]){0,3};){2,4}") {
        if let Ok(setup) = s.parse::<Setup>() {
            prop_assert_eq!(setup.to_string(), s.clone());
            if let Ok(g) = Akropolis::parse(&s) {
                prop_assert_eq!(g.to_string(), s);
                let _ = g.valid_moves();
                let _ = g.complete_scores();
                let _ = g.is_over();
            }
        }
    }

    #[test]
    fn valid_moves_round_trip(s in move_string()) {
        let m: Move = s.parse().unwrap();
        prop_assert_eq!(m.to_string(), s);
    }

    #[test]
    fn mangled_moves_never_panic(s in move_string(), i in 0usize..10, c in any::<char>()) {
        let mut chars: Vec<char> = s.chars().collect();
        chars[i] = c;
        let t: String = chars.into_iter().collect();
        if let Ok(m) = t.parse::<Move>() {
            prop_assert_eq!(m.to_string(), t);
        }
    }

    #[test]
    fn states_of_real_games_round_trip(seed in 0u64..500, players in 2u8..=4, moves in 0usize..40) {
        let mut g = Akropolis::new(Rules::new(players, Variants::ALL), seed).unwrap();
        for k in 0..moves {
            let legal = g.valid_moves();
            if legal.is_empty() { break; }
            g.play(legal[(seed as usize + k * 7) % legal.len()]).unwrap();
        }
        let s = g.to_string();
        prop_assert!(is_state_string_well_formed(&s));
        let back = Akropolis::parse(&s).unwrap();
        prop_assert_eq!(back.to_string(), s);
        prop_assert_eq!(back.valid_moves().len(), g.valid_moves().len());
        prop_assert_eq!(back.complete_scores(), g.complete_scores());
    }
}
