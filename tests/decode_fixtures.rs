//! `catan-bot decode` passes on the committed transcript fixtures (no `../shared` needed).

use jsettlers_protocol::transcript::decode::DecodeReport;
use jsettlers_protocol::transcript::parse_lines;
use jsettlers_protocol::Message;

mod common;

#[test]
fn decode_reports_no_problem_on_the_fixtures() {
    let files = common::fixture_transcripts();
    let mut report = DecodeReport::default();
    for f in &files {
        report.add_transcript(f, &std::fs::read_to_string(f).unwrap());
    }
    assert!(files.len() >= 10, "fixtures missing: {files:?}");
    assert_eq!(report.files, files.len());
    let problems: Vec<String> = report.problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The robot-side requests appear in the fixtures, so their encoders are exercised too.
    for name in [
        "PutPiece",
        "RollDice",
        "EndTurn",
        "Discard",
        "MoveRobber",
        "ChoosePlayer",
        "BankTrade",
        "MakeOffer",
        "AcceptOffer",
        "RejectOffer",
        "ClearOffer",
        "BuildRequest",
        "BuyDevCardRequest",
        "PlayDevCardRequest",
        "PickResources",
        "PickResourceType",
        "JoinGame",
        "SitDown",
        "ImARobot",
        "Version",
        "ServerPing",
        "GameTextMsg",
    ] {
        assert!(
            report
                .counts
                .iter()
                .any(|(&(_, n), c)| n == name && c.to_server > 0),
            "no robot-sent {name} in the fixtures"
        );
    }
}

/// The 6-player observer recordings (`tests/fixtures/transcripts/observer/`, one whole
/// robot-only game each from a 2.6.10 and a 2.7 server, recorded by
/// `protocol/examples/record_games.rs`) decode with no problem: BOARDLAYOUT2 (encoding 2) and the
/// Special Building Phase (game state 100) included. They stay out of `fixture_transcripts()`:
/// an observer has no seat, so the mirror replays of the seated robot's view do not apply.
#[test]
fn six_player_observer_recordings_decode() {
    let files = common::fixture_logs("observer");
    let mut report = DecodeReport::default();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        report.add_transcript(f, &text);
        // A whole game each, Special Building Phase included.
        let (_, states) = whole_game(f, &text);
        assert!(states.contains(&100), "{}: no state 100", f.display());
        assert!(
            text.contains("\n< 1084|"),
            "{}: no BOARDLAYOUT2",
            f.display()
        );
    }
    for version in ["2.6.10", "2.7"] {
        let n = files
            .iter()
            .filter(|f| {
                let name = f.file_name().unwrap().to_string_lossy();
                name.contains(&format!("-{version}-6p-"))
            })
            .count();
        assert!(n >= 2, "{n} 6-player recordings from {version}");
    }
    assert_clean(&report);
    assert!(report
        .counts
        .keys()
        .any(|&(id, name)| id == 1084 && name == "BoardLayout2"));
}

/// The sea-board and scenario observer recordings (`tests/fixtures/transcripts/sea/`, recorded
/// by `protocol/examples/record_games.rs` on 2.6.10 and 2.7 servers: robot-only sea games, and
/// scenario games the recorder created as a person with `--create`) decode with no problem and
/// re-encode exactly: JOINGAMEAUTH with the board size, BOARDLAYOUT2 encoding 3,
/// POTENTIALSETTLEMENTS with land areas, and the scenario messages included. Like `observer/`,
/// they stay out of `fixture_transcripts()` (no seat: the mirror replays do not apply).
#[test]
fn sea_and_scenario_observer_recordings_decode() {
    let files = common::fixture_logs("sea");
    let mut report = DecodeReport::default();
    let mut scenarios = std::collections::BTreeSet::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(f).unwrap();
        report.add_transcript(f, &text);
        let (messages, _) = whole_game(f, &text);
        // The large board: its size at joining, its layout in encoding 3, land areas.
        let board = messages.iter().find_map(|m| match m {
            Message::JoinGameAuth(a) => a.board.clone(),
            _ => None,
        });
        let board = board.unwrap_or_else(|| panic!("{name}: no board size in JOINGAMEAUTH"));
        assert!(board.height > 0 && board.width > 0, "{name}: {board:?}");
        assert!(
            messages
                .iter()
                .any(|m| matches!(m, Message::BoardLayout2(b) if b.encoding == 3 && b.array("LH").is_some())),
            "{name}: no large-board layout"
        );
        assert!(
            messages.iter().any(|m| matches!(
                m,
                Message::PotentialSettlements(p) if p.land_areas.as_ref().is_some_and(|l| !l.areas.is_empty())
            )),
            "{name}: no land areas"
        );
        // The scenario, from the game's own options as the server announced them.
        let scenario = messages.iter().find_map(|m| match m {
            Message::NewGameWithOptions(g)
                if messages
                    .iter()
                    .any(|j| matches!(j, Message::JoinGameAuth(a) if a.game == g.game)) =>
            {
                g.options
                    .split(',')
                    .find_map(|o| o.strip_prefix("SC="))
                    .map(str::to_owned)
            }
            _ => None,
        });
        if name.contains("-botsonly-") {
            assert_eq!(scenario, None, "{name}: a robot-only game has no scenario");
        } else {
            let sc = scenario.unwrap_or_else(|| panic!("{name}: no scenario option"));
            assert!(
                name.contains(&format!("-{}-", sc.to_lowercase().replace('_', ""))),
                "{name}: scenario {sc}"
            );
            // Each scenario's own layout parts (`SOCBoardLarge.getAddedLayoutPart`).
            let parts: &[&str] = match sc.as_str() {
                "SC_CLVI" => &["CV"],
                "SC_FTRI" => &["CE", "VE"],
                "SC_PIRI" => &["PP", "LS", "PH"],
                "SC_WOND" => &["AL", "N1"],
                _ => &[],
            };
            let layout = messages
                .iter()
                .rev()
                .find_map(|m| match m {
                    Message::BoardLayout2(b) if b.encoding == 3 => Some(b),
                    _ => None,
                })
                .unwrap();
            for key in parts {
                assert!(
                    layout.part(key).is_some(),
                    "{name}: no {key} in {:?}",
                    layout.keys().collect::<Vec<_>>()
                );
            }
            if sc == "SC_FOG" {
                // Fog hexes (type 8) hide their dice number until revealed.
                let lh = layout.array("LH").unwrap();
                assert!(
                    lh.chunks(3).any(|h| h[1] == 8 && h[2] == 0),
                    "{name}: no fog hex"
                );
            }
            if sc == "SC_PIRI" {
                // The pirate fleet moves every turn (negative hex), the fortresses are pieces.
                assert!(messages
                    .iter()
                    .any(|m| matches!(m, Message::MoveRobber(r) if r.is_pirate())));
                assert!(messages
                    .iter()
                    .any(|m| matches!(m, Message::PutPiece(p) if p.piece_type == 4)));
                assert!(messages.iter().any(|m| matches!(
                    m,
                    Message::PotentialSettlements(p) if p.land_areas.as_ref().is_some_and(|l| !l.sea_edges.is_empty())
                )), "{name}: no legal sea edges");
            }
            scenarios.insert(sc);
        }
    }
    for version in ["2.6.10", "2.7"] {
        for players in ["4p", "6p"] {
            assert!(
                files.iter().any(|f| {
                    let n = f.file_name().unwrap().to_string_lossy();
                    n.contains(&format!("-{version}-sea-{players}-botsonly-"))
                }),
                "no robot-only {players} sea game from {version}"
            );
        }
    }
    for sc in ["SC_4ISL", "SC_FOG", "SC_NSHO", "SC_TTD"] {
        assert!(scenarios.contains(sc), "no {sc} game in {scenarios:?}");
    }
    assert_clean(&report);
    for name in [
        "JoinGameAuth",
        "PotentialSettlements",
        "BoardLayout2",
        "SVPTextMessage",
    ] {
        assert!(
            report.counts.keys().any(|&(_, n)| n == name),
            "no {name} in the sea recordings"
        );
    }
}

/// An observer's recording of one whole game: its messages and the game states it announces
/// in order (GAMESTATE, and TURN's state field, which carries the end when a player wins at a
/// turn's start). Asserted: joined while the seats were filling (NEW or READY, before the
/// first placement) and seen to the game's end.
fn whole_game(f: &std::path::Path, text: &str) -> (Vec<Message>, Vec<i32>) {
    let messages: Vec<Message> = parse_lines(text)
        .filter_map(|(_, l)| Message::parse(&l.ok()?.text).ok())
        .collect();
    let states: Vec<i32> = messages
        .iter()
        .filter_map(|m| match m {
            Message::GameState(s) => Some(s.state),
            Message::Turn(t) => t.state,
            _ => None,
        })
        .collect();
    assert!(
        states.first().is_some_and(|&s| s < 5),
        "{}: joined late",
        f.display()
    );
    assert_eq!(states.last(), Some(&1000), "{}: no game end", f.display());
    (messages, states)
}

/// No line failed to parse or re-encode, and every message type is catalogued.
fn assert_clean(report: &DecodeReport) {
    let problems: Vec<String> = report.problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let unknown: Vec<_> = report
        .counts
        .iter()
        .filter(|(&(_, name), _)| name == "Unknown")
        .collect();
    assert!(unknown.is_empty(), "uncatalogued types: {unknown:?}");
}
