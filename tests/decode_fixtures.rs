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
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/transcripts/observer");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    files.sort();
    let mut report = DecodeReport::default();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        report.add_transcript(f, &text);
        // A whole game each, Special Building Phase included: the states announced (GAMESTATE,
        // and TURN's state field, which carries the end when a player wins at a turn's start).
        let states: Vec<i32> = parse_lines(&text)
            .filter_map(|(_, l)| Message::parse(&l.ok()?.text).ok())
            .filter_map(|m| match m {
                Message::GameState(s) => Some(s.state),
                Message::Turn(t) => t.state,
                _ => None,
            })
            .collect();
        // Joined while the seats were filling (NEW or READY), before the first placement.
        assert!(
            states.first().is_some_and(|&s| s < 5),
            "{}: joined late",
            f.display()
        );
        assert_eq!(states.last(), Some(&1000), "{}: no game end", f.display());
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
    let problems: Vec<String> = report.problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let unknown: Vec<_> = report
        .counts
        .iter()
        .filter(|(&(_, name), _)| name == "Unknown")
        .collect();
    assert!(unknown.is_empty(), "uncatalogued types: {unknown:?}");
    assert!(report
        .counts
        .keys()
        .any(|&(id, name)| id == 1084 && name == "BoardLayout2"));
}
