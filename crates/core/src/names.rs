//! Names people can trust: what a shown name (a guest's seat, a program's name) may hold,
//! and the key by which two names look alike.
//!
//! A name is normalised with NFKC (full-width letters, ligatures and other compatibility
//! forms become the plain ones: `ｆｕｌｌ` is `full`) and refused when it holds:
//!
//! * control characters or line breaks;
//! * invisible characters, which Unicode calls default-ignorable (zero-width space U+200B,
//!   soft hyphen U+00AD, word joiner U+2060, Hangul fillers, variation selectors, ...), the
//!   bidirectional controls among them (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
//!   U+061C), which reorder whatever is printed after them;
//! * look-alike letters of more than one script (Latin `alice` written with a Cyrillic
//!   `а`): the characters that Unicode lists as confusable across scripts must all be of
//!   one script. A name wholly in one script (`Алиса`, `山田たろう`) is fine, and so is a
//!   name that adds letters no other script imitates (`Bob 山田`).
//!
//! Two names look alike when one of their [`look_keys`] is the same: the confusable
//! skeleton of Unicode's TR39 (`rn` and `m`, `1` and `l`, `0` and `O`, Cyrillic `а` and
//! Latin `a` have one skeleton), without regard to case. The host refuses a guest's name
//! that looks like an account's, and a new account whose name looks like another's.
//!
//! The Unicode data comes from maintained crates of the unicode-rs project, not from tables
//! of our own: `unicode-normalization` (NFKC) and `unicode-security` (TR39: identifier
//! types, which mark the default-ignorable code points; the skeleton; the characters
//! confusable across scripts and the resolved script set).
//!
//! ```
//! use tessera_core::names::{check, look_keys, NameError};
//! assert_eq!(check("ｆｕｌｌ", 40), Ok("full".to_string()));
//! assert_eq!(check("alice\u{200B}", 40), Err(NameError::Invisible));
//! assert_eq!(check("\u{0430}lice", 40), Err(NameError::MixedScripts));
//! assert_eq!(look_keys("rnary"), look_keys("Mary"));
//! ```

use unicode_normalization::UnicodeNormalization;
use unicode_security::general_security_profile::{GeneralSecurityProfile, IdentifierType};
use unicode_security::{is_potential_mixed_script_confusable_char, skeleton, MixedScript};

/// Why a name is refused; the messages are the ones people see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Nothing but blanks.
    #[error("{}", tessera_words::Words::words(self))]
    Empty,
    /// Longer than allowed (counted after normalisation).
    #[error("{}", tessera_words::Words::words(self))]
    TooLong(usize),
    /// A control character or a line break.
    #[error("{}", tessera_words::Words::words(self))]
    Control,
    /// A default-ignorable code point: invisible, or a bidirectional control.
    #[error("{}", tessera_words::Words::words(self))]
    Invisible,
    /// Look-alike letters of more than one script.
    #[error("{}", tessera_words::Words::words(self))]
    MixedScripts,
}

impl tessera_words::Words for NameError {
    fn words(&self) -> tessera_words::Msg {
        use tessera_words::words;
        match self {
            NameError::Empty => words!("name-empty"),
            NameError::TooLong(n) => words!("name-too-long", max = *n),
            NameError::Control => words!("name-control"),
            NameError::Invisible => words!("name-invisible"),
            NameError::MixedScripts => words!("name-mixed-scripts"),
        }
    }
}

/// `name` in NFKC, trimmed.
pub fn normalize(name: &str) -> String {
    let n: String = name.nfkc().collect();
    n.trim().to_string()
}

/// Whether `c` is invisible (a default-ignorable code point, the bidirectional controls
/// included).
pub fn is_invisible(c: char) -> bool {
    c.identifier_type() == Some(IdentifierType::Default_Ignorable)
}

/// `name` normalised ([`normalize`]) if it may be shown as a name of at most `max`
/// characters, else why not.
pub fn check(name: &str, max: usize) -> Result<String, NameError> {
    // the checks look at the name as given too: NFKC keeps every character refused here
    // (a control or invisible character has no compatibility form that hides it)
    let n = normalize(name);
    if n.is_empty() {
        return Err(NameError::Empty);
    }
    if name
        .chars()
        .chain(n.chars())
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))
    {
        return Err(NameError::Control);
    }
    if name.chars().chain(n.chars()).any(is_invisible) {
        return Err(NameError::Invisible);
    }
    if n.chars().count() > max {
        return Err(NameError::TooLong(max));
    }
    let look_alikes: String = n
        .chars()
        .filter(|&c| is_potential_mixed_script_confusable_char(c))
        .collect();
    if !look_alikes.is_single_script() {
        return Err(NameError::MixedScripts);
    }
    Ok(n)
}

/// The keys by which names look alike: two names look alike when they share one. The
/// first is the confusable skeleton of the lowercase name, in lowercase (`ALICE`, `a1ice`
/// and `аlice` share `alice`'s); the second the same of the skeleton of the name as given,
/// so that a capital `I` passes for an `l` (`AIice` looks like `Alice`). Both are the same
/// for most names.
pub fn look_keys(name: &str) -> [String; 2] {
    let n = normalize(name);
    let key = |s: &str| -> String {
        let lower = s.to_lowercase();
        let skel: String = skeleton(&lower).collect();
        skel.to_lowercase()
    };
    let given: String = skeleton(&n).collect();
    [key(&n), key(&given)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probes_of_the_issue_are_refused() {
        assert_eq!(check("alice\u{200B}", 40), Err(NameError::Invisible));
        assert_eq!(check("\u{0430}lice", 40), Err(NameError::MixedScripts));
        assert_eq!(check("al\u{00AD}ice", 40), Err(NameError::Invisible));
        assert_eq!(check("\u{202E}ecila", 40), Err(NameError::Invisible));
        // and their look-alike keys are alice's
        for n in [
            "alice\u{200B}",
            "\u{0430}lice",
            "al\u{00AD}ice",
            "ALICE",
            "a1ice",
            "AIice",
        ] {
            assert!(
                look_keys(n).iter().any(|k| look_keys("alice").contains(k)),
                "{n:?}: {:?}",
                look_keys(n)
            );
        }
    }

    #[test]
    fn every_bidirectional_control_and_invisible_character_is_refused() {
        for c in [
            '\u{202A}',
            '\u{202B}',
            '\u{202C}',
            '\u{202D}',
            '\u{202E}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{200E}',
            '\u{200F}',
            '\u{061C}',
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{3164}',
            '\u{115F}',
            '\u{FE0F}',
            '\u{034F}',
            '\u{E0041}',
        ] {
            assert_eq!(
                check(&format!("bo{c}b"), 40),
                Err(NameError::Invisible),
                "{c:?}"
            );
        }
        for c in ['\u{0007}', '\n', '\u{0085}', '\u{2028}', '\u{2029}'] {
            assert_eq!(
                check(&format!("bo{c}b"), 40),
                Err(NameError::Control),
                "{c:?}"
            );
        }
    }

    #[test]
    fn ordinary_names_of_any_script_pass_normalised() {
        for ok in [
            "Player 1",
            "José",
            "Алиса",
            "山田たろう",
            "Bob 山田",
            "level1 (2)",
            "Zoë 🦊",
        ] {
            assert_eq!(check(ok, 40), Ok(ok.to_string()), "{ok}");
        }
        assert_eq!(check("  ｆｕｌｌ ", 40), Ok("full".to_string()));
        assert_eq!(check("ﬁsh", 40), Ok("fish".to_string()));
        // José as e + a combining accent is the same name
        assert_eq!(check("Jose\u{301}", 40), Ok("José".to_string()));
        assert_eq!(check("   ", 40), Err(NameError::Empty));
        assert_eq!(check(&"x".repeat(41), 40), Err(NameError::TooLong(40)));
        // counted after NFKC: one ligature that expands to 18 characters
        assert_eq!(check("\u{FDFA}", 10), Err(NameError::TooLong(10)));
    }

    #[test]
    fn look_alike_names_share_a_key_and_others_do_not() {
        let alike = |a: &str, b: &str| look_keys(a).iter().any(|k| look_keys(b).contains(k));
        assert!(alike("rnary", "mary"));
        assert!(alike("B0B", "bob"));
        assert!(alike("Ian", "lan"));
        assert!(alike("ｍａｒｙ", "mary"));
        assert!(!alike("alice", "alicia"));
        assert!(!alike("bob", "rob"));
        assert!(!alike("Алиса", "alice"));
    }

    #[test]
    fn nothing_panics_on_odd_input() {
        for s in [
            "",
            "\u{0}",
            "\u{10FFFF}",
            "\u{FFFD}\u{FFFD}",
            "\u{301}\u{301}\u{301}",
        ] {
            let _ = check(s, 40);
            let _ = look_keys(s);
        }
    }
}
