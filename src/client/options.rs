//! Game options (the `KEY=VALUE,...` text of BOTJOINGAMEREQUEST, packed by
//! `SOCGameOption.packOptionsToString`) into the engine's [`Rules`], or the reason we cannot
//! play them. Imports `crate::game` only.
//!
//! Values: `t`/`f` for booleans, `t12`/`f7` for int-with-boolean options, a number for ints,
//! text for strings (`SOCGameOption.packValue`).

use std::fmt;

use crate::game::{BoardKind, Classic, Rules, Shape, Six, ALL_SIX_SEATS};

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
    rules_on::<Classic>(text)
}

/// Whether a game's options make it a game of the 6-player board: `PL` above 4, or the
/// 6-player board asked for (`PLB`; `SOCGame.maxPlayers` is then 6).
pub fn six_player(text: &str) -> bool {
    text.split(',').any(|kv| match kv.trim().split_once('=') {
        Some(("PL", v)) => value(v).1.is_some_and(|n| n > 4),
        Some(("PLB", v)) => value(v).0 == Some(true),
        _ => false,
    })
}

/// Whether a game's options make it a game of the sea board (`SOCGame.hasSeaBoard`): the
/// large board asked for (`SBL`), or any scenario (`SC`; every scenario is played on it).
pub fn sea_board(text: &str) -> bool {
    text.split(',').any(|kv| match kv.trim().split_once('=') {
        Some(("SBL", v)) => value(v).0 == Some(true),
        Some(("SC", v)) => !v.trim().is_empty(),
        _ => false,
    })
}

/// The board a game's options ask for, by the server's rules: the sea board for `SBL` or a
/// scenario, with six seats when [`six_player`] also holds (`SOCGame.maxPlayers`).
pub fn board_kind(text: &str) -> BoardKind {
    match (sea_board(text), six_player(text)) {
        (false, false) => BoardKind::Classic,
        (false, true) => BoardKind::Six,
        (true, false) => BoardKind::Sea,
        (true, true) => BoardKind::Sea6,
    }
}

/// The scenarios whose rules the engine plays: the island scenarios that are a board layout
/// and the land-area points of `_SC_SEAC` only (`SOCScenario`: "No main option or special
/// rules, only a board layout and SVP"), and SC_FOG, whose fog hexes the server reveals when
/// a road, ship or settlement is built beside one (REVEALFOGHEX, followed by the mirror; the
/// builder's resource or gold pick comes as the server's own messages). A game of another is
/// declined by name: SC_CLVI, SC_PIRI, SC_FTRI and SC_WOND bring pieces or rules of their own
/// (see `docs/engine.md`).
pub const PLAYED_SCENARIOS: &[&str] = &["SC_4ISL", "SC_NSHO", "SC_TTD", "SC_FOG"];

/// The oldest scenario version every played scenario has (`SOCScenario.minVersion` of each
/// is 2000), announced as the `sc` feature (`SOCFeatureSet.CLIENT_SCENARIO_VERSION`) with
/// `sb`: the server then invites us to scenario games, and those of scenarios we do not play
/// are declined by name.
pub const SCENARIO_VERSION: i32 = 2000;

/// The rules of a game with these options on a board of shape `S` (see
/// [`rules_from_options`]; on the 6-player board 2 to 6 players, `PLB`, and the Special
/// Building Phase unless house rule `PLP` is set and fewer than five play).
///
/// # Errors
/// [`Unplayable`] as [`rules_from_options`].
pub fn rules_on<S: Shape>(text: &str) -> Result<Rules, Unplayable> {
    match parse_rules::<S>(text) {
        (rules, None) => Ok(rules),
        (_, Some(why)) => Err(why),
    }
}

/// The rules of a game with these options on a board of shape `S` as far as the engine has
/// them, and the first option it cannot play, if any: a mirror follows such a game anyway
/// (replaying a recording of a scenario), with the rules of the options it knows.
pub fn parse_rules<S: Shape>(text: &str) -> (Rules, Option<Unplayable>) {
    let six = S::SEATS == Six::SEATS;
    let sea = S::SEA;
    let mut rules = Rules::default();
    let (mut players, mut plp) = (4, false);
    if six {
        rules.seats = ALL_SIX_SEATS;
        rules.special_building = true;
        players = 6;
    }
    let mut first: Option<Unplayable> = None;
    macro_rules! bad {
        ($kv:expr, $why:expr) => {{
            first.get_or_insert_with(|| Unplayable(format!("game option {}: {}", $kv, $why)));
            continue;
        }};
    }
    for kv in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if kv == "-" || kv == "\t" {
            continue; // no options (SOCMessage.EMPTYSTR / "-")
        }
        let Some((key, v)) = kv.split_once('=') else {
            bad!(kv, "not KEY=VALUE");
        };
        let (on, n) = value(v);
        match key {
            "PL" => match n {
                Some(p @ 2..=4) => players = p,
                Some(p @ 5..=6) if six => players = p,
                _ if six => bad!(kv, "only 2 to 6 players are supported"),
                _ => bad!(kv, "only 2 to 4 players are supported"),
            },
            "PLB" if on == Some(true) && six => {}
            "SBL" if on == Some(true) && sea => {}
            "PLB" | "SBL" if on == Some(true) => {
                bad!(kv, "this board is not the one the game was opened on")
            }
            "PLP" => plp = on == Some(true),
            // Sea board details: without SBL they change nothing.
            "PLB" | "SBL" | "_BHW" => {}
            "RD" => rules.robber_not_to_desert = on == Some(true),
            "N7" => {
                rules.no_seven_rounds = match (on, n) {
                    (Some(true), Some(r)) if (1..=999).contains(&r) => r as u16,
                    (Some(true), _) => bad!(kv, "rounds must be 1 to 999"),
                    _ => 0,
                }
            }
            "N7C" => rules.no_seven_until_city = on == Some(true),
            "NT" => rules.no_player_trading = on == Some(true),
            // Break up clumps: only shapes the board the server sends.
            "BC" => {}
            "VP" => match (on, n) {
                (Some(true), Some(p)) if (10..=20).contains(&p) => rules.vp_to_win = p as u8,
                (Some(true), _) => bad!(kv, "victory points must be 10 to 20"),
                _ => {}
            },
            // Scenario-only options.
            "_VP_ALL" => {}
            "SC" if v.is_empty() => {}
            // Through the Desert: the desert strip, land area 3, gives no land-area points
            // (`SOCBoardAtServer.makeNewBoard`, `setBonusExcludeLandArea(3)`).
            "SC" if sea && v == "SC_TTD" => rules.no_svp_area = 3,
            "SC" if sea && PLAYED_SCENARIOS.contains(&v) => {}
            "SC" => bad!(kv, "this scenario is not played yet"),
            k if k.starts_with("_SC_") && on != Some(true) => {}
            // The land-area points of the island scenarios
            // (`SOCPlayer.putPiece_settlement_checkScenarioSVPs`).
            "_SC_SEAC" if sea => rules.svp_each_new_area = true,
            "_SC_SANY" if sea => rules.svp_first_new_area = true,
            // Fog hexes: in the layout, revealed by the server (REVEALFOGHEX, which the
            // mirror follows); a search draws what they hide (`State::sample_fog`).
            "_SC_FOG" if sea => {}
            k if k.starts_with("_SC_") => bad!(kv, "scenario rules are not played yet"),
            // Undo of builds: people may undo their last build; the mirror follows the undo
            // (UNDOPUTPIECE) and our bot never asks for one.
            "UB" | "UBL" => {}
            _ => bad!(kv, "unknown option"),
        }
    }
    // SOCGame.canAskSpecialBuild: house rule PLP needs five or six players.
    if plp && players < 5 {
        rules.special_building = false;
    }
    (rules, first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Sea, Sea6};

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
    fn six_player_games_get_six_seats_and_the_special_building_phase() {
        assert!(six_player("BC=t4,RD=f,PLB=t,N7=f7,PL=6"));
        assert!(six_player("PL=5"));
        assert!(!six_player("BC=t4,N7=f7,RD=f,PL=4"));
        assert!(!six_player("PLB=f,PL=4"));
        let r = rules_on::<Six>("BC=t4,RD=f,PLB=t,N7=f7,PL=6").unwrap();
        assert_eq!((r.seats, r.special_building), (ALL_SIX_SEATS, true));
        let r = rules_on::<Six>("PLB=t,PLP=t,PL=4").unwrap();
        assert!(!r.special_building, "PLP with four players: no phase");
        assert!(
            rules_on::<Six>("PLB=t,PLP=t,PL=5")
                .unwrap()
                .special_building
        );
        assert!(rules_on::<Six>("PL=7").is_err());
        assert!(rules_on::<Six>("SBL=t").is_err());
    }

    #[test]
    fn sea_games_are_told_by_sbl_or_a_scenario() {
        // As 2.6.10 and 2.7 announce their robot-only sea games, and a scenario game.
        let sea4 = "BC=t4,RD=f,N7=f7,SBL=t,PL=4";
        let sea6 = "BC=t4,RD=f,PLB=t,N7=f7,SBL=t,PL=6";
        let isl = "SC=SC_4ISL,VP=t12,SBL=t,PL=4,_SC_SEAC=t";
        assert_eq!(board_kind(sea4), BoardKind::Sea);
        assert_eq!(board_kind(sea6), BoardKind::Sea6);
        assert_eq!(board_kind("SC=SC_FOG,PL=4"), BoardKind::Sea);
        assert_eq!(board_kind("SBL=f,SC=,PL=4"), BoardKind::Classic);
        assert_eq!(board_kind("PLB=t,PL=6"), BoardKind::Six);
        assert_eq!((BoardKind::Sea.seats(), BoardKind::Sea6.seats()), (4, 6));
        assert_eq!(rules_on::<Sea>(sea4), Ok(Rules::default()));
        let r = rules_on::<Sea6>(sea6).unwrap();
        assert_eq!((r.seats, r.special_building), (ALL_SIX_SEATS, true));
        // An island scenario is played: its rules are the land-area points and its VP.
        let r = rules_on::<Sea>(isl).unwrap();
        assert!(r.svp_each_new_area && !r.svp_first_new_area);
        assert_eq!(r.vp_to_win, 12);
        for (sc, no_svp_area) in [("SC_NSHO", 0), ("SC_TTD", 3)] {
            let r = rules_on::<Sea>(&format!("SC={sc},_SC_SEAC=t,SBL=t,PL=4")).unwrap();
            assert_eq!(
                r.no_svp_area, no_svp_area,
                "{sc}: the desert strip gives no points"
            );
            assert!(rules_on::<Sea6>(&format!("SC={sc},_SC_SEAC=t,SBL=t,PL=6")).is_ok());
        }
        // Fog Islands: played, its VP and no land-area points (SOCScenario's SC_FOG options).
        let fog = "SC=SC_FOG,_SC_FOG=t,SBL=t,VP=t12,PL=4";
        let r = rules_on::<Sea>(fog).unwrap();
        assert_eq!((r.vp_to_win, r.svp_each_new_area), (12, false));
        assert!(rules_on::<Sea6>("SC=SC_FOG,_SC_FOG=t,SBL=t,VP=t12,PL=6").is_ok());
        assert!(rules_from_options(fog).is_err(), "not on the classic board");
        // Another scenario is declined by name, but a mirror has its rules.
        let clvi = "SC=SC_CLVI,_SC_CLVI=t,SBL=t,VP=t14,PL=4";
        let e = rules_on::<Sea>(clvi).unwrap_err();
        assert!(e.0.contains("SC=SC_CLVI"), "{e}");
        let (r, why) = parse_rules::<Sea>(clvi);
        assert!(why.is_some());
        assert_eq!(r.vp_to_win, 14);
        assert!(rules_on::<Sea>("SC=SC_PIRI,SBL=t,PL=4").is_err());
        // A scenario on the classic board stays unplayable.
        assert!(rules_from_options("SC=SC_4ISL,_SC_SEAC=t,PL=4").is_err());
        // The sea options on the classic board stay unplayable.
        assert!(rules_from_options(sea4).is_err());
        assert!(rules_on::<Six>(sea6).is_err());
    }

    #[test]
    fn games_we_cannot_play_name_the_option() {
        for (opts, key) in [
            ("PL=6,PLB=t", "PL=6"),
            ("PLB=t", "PLB=t"),
            ("SBL=t", "SBL=t"),
            ("SC=SC_FOG", "SC=SC_FOG"),
            ("SC=SC_CLVI,SBL=t", "SC=SC_CLVI"),
            ("VP=t25", "VP=t25"),
            ("ZZ=t", "ZZ=t"),
        ] {
            let e = rules_from_options(opts).unwrap_err();
            assert!(e.0.contains(key), "{opts}: {e}");
        }
    }
}
