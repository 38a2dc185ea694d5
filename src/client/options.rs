//! Game options (the `KEY=VALUE,...` text of BOTJOINGAMEREQUEST, packed by
//! `SOCGameOption.packOptionsToString`) into the engine's [`Rules`], or the reason we cannot
//! play them. Imports `crate::game` only.
//!
//! Values: `t`/`f` for booleans, `t12`/`f7` for int-with-boolean options, a number for ints,
//! text for strings (`SOCGameOption.packValue`).

use std::fmt;

use crate::game::Rules;

/// Why a game cannot be played with our engine; the client declines the invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable(pub String);

impl fmt::Display for Unplayable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unplayable {}

/// One option's value: its boolean part (if any) and its number (if any).
fn value(v: &str) -> (Option<bool>, Option<i32>) {
    let (b, rest) = match v.as_bytes().first() {
        Some(b't') => (Some(true), &v[1..]),
        Some(b'f') => (Some(false), &v[1..]),
        _ => (None, v),
    };
    (b, rest.parse().ok())
}

/// The rules of a game with these options (seats are all four here; the mirror narrows them
/// to the occupied ones).
///
/// # Errors
/// [`Unplayable`] naming the option when the game needs something the engine lacks: more than
/// 4 players, the 6-player or sea board, a scenario, VP outside 10–20, or an
/// option this client does not know.
pub fn rules_from_options(text: &str) -> Result<Rules, Unplayable> {
    let mut rules = Rules::default();
    let bad = |kv: &str, why: &str| Err(Unplayable(format!("game option {kv}: {why}")));
    for kv in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if kv == "-" || kv == "\t" {
            continue; // no options (SOCMessage.EMPTYSTR / "-")
        }
        let Some((key, v)) = kv.split_once('=') else {
            return bad(kv, "not KEY=VALUE");
        };
        let (on, n) = value(v);
        match key {
            "PL" => match n {
                Some(2..=4) => {}
                _ => return bad(kv, "only 2 to 4 players are supported"),
            },
            "PLB" | "SBL" if on == Some(true) => {
                return bad(kv, "only the classic 4-player board is supported")
            }
            // 6-player board and sea board details: without PLB/SBL they change nothing.
            "PLB" | "SBL" | "PLP" | "_BHW" => {}
            "RD" => rules.robber_not_to_desert = on == Some(true),
            "N7" => {
                rules.no_seven_rounds = match (on, n) {
                    (Some(true), Some(r)) if (1..=999).contains(&r) => r as u16,
                    (Some(true), _) => return bad(kv, "rounds must be 1 to 999"),
                    _ => 0,
                }
            }
            "N7C" => rules.no_seven_until_city = on == Some(true),
            "NT" => rules.no_player_trading = on == Some(true),
            // Break up clumps: only shapes the board the server sends.
            "BC" => {}
            "VP" => match (on, n) {
                (Some(true), Some(p)) if (10..=20).contains(&p) => rules.vp_to_win = p as u8,
                (Some(true), _) => return bad(kv, "victory points must be 10 to 20"),
                _ => {}
            },
            // Scenario-only options.
            "_VP_ALL" => {}
            "SC" if v.is_empty() => {}
            "SC" => return bad(kv, "scenarios are not supported"),
            k if k.starts_with("_SC_") && on != Some(true) => {}
            k if k.starts_with("_SC_") => return bad(kv, "scenarios are not supported"),
            // Undo of builds: people may undo their last build; the mirror follows the undo
            // (UNDOPUTPIECE) and our bot never asks for one.
            "UB" | "UBL" => {}
            _ => return bad(kv, "unknown option"),
        }
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_bot_game_options_are_the_default_rules() {
        // As a 2.7 server invites robots to a default game.
        assert_eq!(
            rules_from_options("BC=t4,N7=f7,RD=f,PL=4"),
            Ok(Rules::default())
        );
        assert_eq!(rules_from_options("-"), Ok(Rules::default()));
    }

    #[test]
    fn house_rules_reach_the_rules() {
        let r = rules_from_options("BC=t4,N7=t7,RD=t,PL=3,VP=t12,N7C=t,NT=t,UB=f").unwrap();
        assert_eq!(r.vp_to_win, 12);
        assert_eq!(r.no_seven_rounds, 7);
        assert!(r.robber_not_to_desert && r.no_seven_until_city && r.no_player_trading);
        assert_eq!(rules_from_options("VP=f15").unwrap().vp_to_win, 10);
        assert_eq!(rules_from_options("UB=t,UBL=t7"), Ok(Rules::default()));
    }

    #[test]
    fn games_we_cannot_play_name_the_option() {
        for (opts, key) in [
            ("PL=6,PLB=t", "PL=6"),
            ("PLB=t", "PLB=t"),
            ("SBL=t", "SBL=t"),
            ("SC=SC_FOG", "SC=SC_FOG"),
            ("VP=t25", "VP=t25"),
            ("ZZ=t", "ZZ=t"),
        ] {
            let e = rules_from_options(opts).unwrap_err();
            assert!(e.0.contains(key), "{opts}: {e}");
        }
    }
}
