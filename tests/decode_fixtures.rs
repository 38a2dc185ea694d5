//! `catan-bot decode` passes on the committed transcript fixtures (no `../shared` needed).

use jsettlers_protocol::transcript::decode::DecodeReport;

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
