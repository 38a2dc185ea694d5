//! What a person's JSettlers client sends (the forms of each request's Java `toCmd` on the
//! client side) parses to its message type and re-encodes byte-identical.

use jsettlers_protocol::Message;

/// (line, message name) in the client's form.
const CLIENT_LINES: &[(&str, &str)] = &[
    ("9998|2700,2.7.00,JM20260517,;6pl;sb;,en_US", "Version"),
    ("1013|alice,\t,\t,~people~1", "JoinGame"),
    ("1012|~people~1,alice,2,false", "SitDown"),
    ("1068|~people~1,3,true", "SetSeatLock"),
    ("1058|~people~1,2,7", "ChangeFace"),
    // SOCStartGame.toCmd omits a state of 0: the owner's "Start Game" button.
    ("1018|~people~1", "StartGame"),
    ("1009|~people~1,2,1,69", "PutPiece"),
    ("1043|~people~1,0", "BuildRequest"),
    ("1044|~people~1,1", "CancelBuildRequest"),
    ("1031|~people~1", "RollDice"),
    ("1032|~people~1", "EndTurn"),
    ("1034|~people~1,2,155", "MoveRobber"),
    ("1035|~people~1,1", "ChoosePlayer"),
    ("1045|~people~1", "BuyDevCardRequest"),
    ("1049|~people~1,9", "PlayDevCardRequest"),
    ("1052|~people~1,1,0,0,1,0", "PickResources"),
    ("1053|~people~1,3", "PickResourceType"),
    (
        "1041|~people~1,2,false,true,false,false,1,0,0,0,0,0,0,1,0,0",
        "MakeOffer",
    ),
    ("1037|~people~1,2", "RejectOffer"),
    ("1038|~people~1,2", "ClearOffer"),
    ("1011|alice,-,~people~1", "LeaveGame"),
    ("1008", "LeaveAll"),
    (
        "1010|~people~1\u{0}alice\u{0}hi there, robots",
        "GameTextMsg",
    ),
    ("1089|~people~1,2,1,0,0", "SimpleRequest"),
];

#[test]
fn a_persons_requests_parse_and_re_encode() {
    let mut bad = Vec::new();
    for &(line, name) in CLIENT_LINES {
        match Message::parse(line) {
            Ok(m) if m.name() != name => bad.push(format!("{line:?}: {} not {name}", m.name())),
            Ok(m) if m.encode() != line => {
                bad.push(format!("{line:?}: re-encodes {:?}", m.encode()))
            }
            Ok(_) => {}
            Err(e) => bad.push(format!("{line:?}: {e}")),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_client_start_game_has_no_state() {
    let Message::StartGame(m) = Message::parse("1018|~people~1").unwrap() else {
        panic!("not STARTGAME")
    };
    assert_eq!((m.game.as_str(), m.state), ("~people~1", None));
    let Message::StartGame(m) = Message::parse("1018|~people~1,5").unwrap() else {
        panic!("not STARTGAME")
    };
    assert_eq!(m.state, Some(5));
}
