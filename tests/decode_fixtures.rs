//! `catan-bot decode` passes on the committed transcript fixtures (no `../shared` needed).

use std::path::PathBuf;

use catan_bot::decode::DecodeReport;

#[test]
fn decode_reports_no_problem_on_the_fixtures() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/transcripts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    files.sort();
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
