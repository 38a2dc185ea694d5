//! The mirror follows each supported server release's message sequences (decided by the
//! server's version number, as JSettlers' own clients do): a 2.4.00 server sends PLAYERELEMENT
//! gains and losses next to BANKTRADE, announces the deck count before a bought card's DRAW,
//! and reports a monopoly as SETs after its SIMPLEACTION. Sequences are from 2.4.00 games
//! recorded by `catan-bot play --record`.

use catan_bot::client::mirror::Mirror;
use jsettlers_protocol::Message;

mod common;

const G: &str = "~botsOnly~3";

fn mirror(version: i32, me: i32) -> Mirror {
    let mut m = Mirror::new(G);
    m.server_version = version;
    m.apply(&msg(&format!("1023|{G},{me},PL=4")));
    m.apply(&msg(&format!("1018|{G},5")));
    m
}

fn msg(line: &str) -> Message {
    Message::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn total(m: &Mirror, seat: usize) -> i32 {
    m.hand(catan_bot::game::Seat::new(seat)).total() as i32
}

/// A random classic board as the server's BOARDLAYOUT.
fn board_layout(seed: u64) -> Message {
    use rand::SeedableRng;
    let board = catan_bot::game::Board::random(&mut rand::rngs::SmallRng::seed_from_u64(seed));
    let (hexes, numbers, robber) = board.to_server_layout();
    Message::BoardLayout(jsettlers_protocol::BoardLayout {
        game: G.to_owned(),
        hex_layout: hexes.to_vec(),
        number_layout: numbers.to_vec(),
        robber_hex: robber,
    })
}

/// `lines` read as a server of `other` version would have sent them give mismatches: the
/// version decides.
fn differs_read_as(other: i32, lines: &[&str]) -> bool {
    let mut wrong = mirror(other, 0);
    feed(&mut wrong, lines);
    wrong.mismatches() > 0
}

fn feed(m: &mut Mirror, lines: &[&str]) {
    for l in lines {
        m.apply(&msg(&l.replace("{G}", G)));
    }
}

/// Seat 1 trades 2 wheat for 1 wood with the bank, as a 2.4.00 server reports it.
const BANK_TRADE_2_4: [&str; 4] = [
    "1024|{G},1,101,4,2",
    "1024|{G},1,102,4,2",
    "1024|{G},1,101,5,1",
    "1040|{G},0,0,0,2,0,0,0,0,0,1,1",
];

#[test]
fn a_2_4_bank_trade_is_counted_once() {
    let mut m = mirror(2400, 0);
    feed(&mut m, &BANK_TRADE_2_4);
    let h = m.hand(catan_bot::game::Seat::new(1));
    assert_eq!((h.known.0, h.unknown), ([0, 0, 0, 0, 1], 0));
    assert_eq!(m.mismatches(), 0);

    // The same lines read as a 2.5+ server's would apply the trade twice.
    assert!(differs_read_as(2500, &BANK_TRADE_2_4));
}

#[test]
fn a_2_5_bank_trade_carries_the_cards() {
    let mut m = mirror(2500, 0);
    feed(
        &mut m,
        &["1024|{G},1,101,4,2", "1040|{G},0,0,0,2,0,0,0,0,0,1,1"],
    );
    let h = m.hand(catan_bot::game::Seat::new(1));
    assert_eq!((h.known.0, h.unknown), ([0, 0, 0, 0, 1], 0));
    assert_eq!(m.mismatches(), 0);
}

/// Seat 1 buys a development card in state 20 (PLAY1): the 2.4.00 server announces the
/// deck's new count before the DRAW.
const BUY_DEV_2_4: [&str; 6] = [
    "1025|{G},20",
    "1024|{G},1,101,6,3",
    "1086|{G}|1|102|2|1|3|1|4|1",
    "1096|{G}|2|24",
    "1046|{G},1,0,0",
    "1090|{G},1,1,24,0",
];

#[test]
fn a_2_4_dev_card_buy_counts_the_draw_once() {
    let mut m = mirror(2400, 0);
    feed(&mut m, &BUY_DEV_2_4);
    assert_eq!(m.mismatches(), 0);
    // And the next buy too.
    feed(
        &mut m,
        &[
            "1024|{G},1,101,6,3",
            "1086|{G}|1|102|2|1|3|1|4|1",
            "1096|{G}|2|23",
            "1046|{G},1,0,0",
            "1090|{G},1,1,23,0",
        ],
    );
    assert_eq!(m.mismatches(), 0);

    assert!(differs_read_as(2700, &BUY_DEV_2_4));
}

#[test]
fn a_2_4_monopoly_with_one_victim_is_exact() {
    let mut m = mirror(2400, 0);
    feed(
        &mut m,
        &[
            "1025|{G},20",
            // We hold 1 clay; seat 1 holds 1 known clay and 2 cards of unknown type.
            "1024|{G},0,101,1,1",
            "1024|{G},1,101,1,1",
            "1024|{G},1,101,6,2",
            // We monopolize clay: 3 taken, all from seat 1.
            "1090|{G},0,3,3,1",
            "1024|{G},0,100,1,4",
            "1024|{G},1,100,1,0,Y",
            "1025|{G},20",
        ],
    );
    let me = m.hand(catan_bot::game::Seat::new(0));
    let victim = m.hand(catan_bot::game::Seat::new(1));
    assert_eq!(me.known.0, [4, 0, 0, 0, 0]);
    assert_eq!((victim.known.0, victim.unknown), ([0; 5], 0));
    assert_eq!(m.mismatches(), 0);
}

#[test]
fn a_2_4_monopoly_on_two_hidden_hands_takes_their_next_totals_as_news() {
    let mut m = mirror(2400, 0);
    feed(
        &mut m,
        &[
            "1025|{G},20",
            "1024|{G},1,101,6,3",
            "1024|{G},2,101,6,2",
            // Seat 3 (not us) monopolizes ore: 2 taken from seats 1 and 2, whose cards we
            // never saw.
            "1090|{G},3,3,2,2",
            "1024|{G},1,100,2,0,Y",
            "1024|{G},2,100,2,0,Y",
            "1024|{G},3,100,2,2",
            "1025|{G},20",
        ],
    );
    assert_eq!(total(&m, 1) + total(&m, 2), 3);
    assert_eq!(total(&m, 3), 2);
    assert_eq!(m.mismatches(), 0);
    // Seat 1 had given up 1 of the 2: its published total settles it without a mismatch.
    feed(&mut m, &["1024|{G},1,100,17,2"]);
    assert_eq!(total(&m, 1), 2);
    assert_eq!(m.mismatches(), 0);
    // A later difference is one again.
    feed(&mut m, &["1024|{G},1,100,17,5"]);
    assert_eq!(m.mismatches(), 1);
}

/// A 3-player game with house rules, as the server invites a robot to it: the view's rules
/// carry the options, and the vacant seat is out of play.
#[test]
fn the_view_follows_the_game_options_and_vacant_seats() {
    use catan_bot::game::Seat;
    let layout = board_layout(3);
    let mut m = Mirror::new(G);
    m.apply(&msg(&format!(
        "1023|{G},1,BC=t4,N7=t7,RD=t,PL=3,VP=t12,N7C=f,NT=t"
    )));
    assert!(m.unplayable.is_none());
    feed(
        &mut m,
        &[
            "1012|{G},robot 2,0,true",
            "1012|{G},catanbot,1,true",
            "1012|{G},robot 3,3,true",
        ],
    );
    m.apply(&layout);
    feed(&mut m, &["1018|{G},5", "1026|{G},1,5"]);
    let view = m.view().expect("a view at the first placement");
    let r = view.state.rules();
    assert_eq!(
        (
            r.vp_to_win,
            r.no_seven_rounds,
            r.robber_not_to_desert,
            r.no_player_trading
        ),
        (12, 7, true, true)
    );
    assert_eq!(r.players(), 3);
    assert!(!r.is_seated(Seat::new(2)));
    assert_eq!(r.next_seat(Seat::new(1)), Seat::new(3));

    let mut ub = Mirror::new(G);
    ub.apply(&msg(&format!("1023|{G},1,PL=4,UB=t,UBL=t7")));
    assert!(ub.unplayable.is_none(), "undo (UB) games are played");
}

/// Game option UB (2.7): a person builds a road and undoes it. The server's sequence
/// (`SOCGameMessageHandler.handleUNDOPUTPIECE`, `sendUndoSideEffects`): UNDOPUTPIECE, the cost
/// back (PLAYERELEMENTS GAIN), the longest-road holder from before the build (LONGESTROAD),
/// GAMESTATE. The mirror takes the piece off, and the restated holder is the state before the
/// build, not a difference; after the GAMESTATE a differing holder counts again.
#[test]
fn an_undone_build_leaves_the_board_and_returns_its_cost() {
    use catan_bot::game::{topology::topology, Seat};
    let topo = topology();
    let n = topology().nodes().nth(25).unwrap();
    let e = topo.node_edges(n).next().unwrap();
    let far = topo.other_end(e, n);
    let e2 = topo.node_edges(far).find(|&x| x != e).unwrap();
    let (n, e, e2) = (n.to_server(), e.to_server(), e2.to_server());
    let mut m = Mirror::new(G);
    m.server_version = 2700;
    m.apply(&msg(&format!("1023|{G},0,PL=4,UB=t,UBL=t5")));
    assert!(m.unplayable.is_none());
    m.apply(&msg(&format!("1018|{G},5")));
    m.apply(&board_layout(6));
    let lines = [
        "1012|{G},catanbot,0,true".to_string(),
        "1012|{G},person,1,false".to_string(),
        "1012|{G},robot 2,2,true".to_string(),
        "1012|{G},robot 3,3,true".to_string(),
        "1025|{G},20".to_string(),
        "1026|{G},1,20".to_string(),
        format!("1009|{{G}},1,1,{n}"),
        format!("1009|{{G}},1,0,{e}"),
        "1086|{G}|1|100|1|1|5|1".to_string(),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    feed(&mut m, &lines);
    let before = match m.view() {
        Ok(v) => v.state,
        Err(e) => panic!("no view before the build: {e}"),
    };
    let build = [
        "1086|{G}|1|102|1|1|5|1".to_string(),
        "1025|{G},30".to_string(),
        format!("1009|{{G}},1,0,{e2}"),
        "1025|{G},20".to_string(),
    ];
    let build: Vec<&str> = build.iter().map(String::as_str).collect();
    feed(&mut m, &build);
    assert_eq!(m.view().unwrap().state.roads(Seat::new(1)).len(), 2);
    assert_eq!(total(&m, 1), 0);
    let undo = [
        format!("1105|{{G}},1,0,{e2}"),
        "1086|{G}|1|101|1|1|5|1".to_string(),
        "1066|{G},2".to_string(),
        "1025|{G},20".to_string(),
    ];
    let undo: Vec<&str> = undo.iter().map(String::as_str).collect();
    feed(&mut m, &undo);
    assert_eq!(m.mismatches(), 0);
    assert_eq!(total(&m, 1), 2);
    let after = m.view().unwrap().state;
    assert_eq!(after.roads(Seat::new(1)), before.roads(Seat::new(1)));
    assert_eq!(after.longest_road_holder(), Some(Seat::new(2)));
    // An undo of a piece that is not there contradicts the mirror; outside an undo a
    // differing holder is a difference again.
    feed(&mut m, &[&format!("1105|{{G}},1,0,{e2}")]);
    assert_eq!(m.mismatches(), 1);
    feed(&mut m, &["1025|{G},20", "1066|{G},3"]);
    assert_eq!(m.mismatches(), 2);
}

/// The same on a real server: a scripted person undid two of its road builds on 2.7.00
/// (`PERSON_UNDO=2`, fixture `catanbot-2.7-person-undoes-builds.log`, our bot in seat 1). At
/// each UNDOPUTPIECE the road leaves the mirror, and once the undo's GAMESTATE has come the
/// person's roads are those before the build; the whole recording (data check on) replays
/// without a mismatch.
#[test]
fn a_persons_undone_builds_on_a_real_server_leave_the_mirror() {
    use catan_bot::game::Seat;
    let lines: Vec<Message> = common::fixture_server_lines("catanbot-2.7-person-undoes-builds.log")
        .iter()
        .map(|l| msg(l))
        .collect();
    let person = Seat::new(0);
    let mut m = Mirror::new("person8119");
    m.me = Some(Seat::new(1));
    m.server_version = 2700;
    let mut roads_before_build = None;
    let mut undone = 0;
    let mut pending = None;
    for line in &lines {
        if let Message::PutPiece(p) = line {
            if p.player == 0
                && p.piece_type == 0
                && m.server_state() == Some(jsettlers_protocol::codes::GameState::Play1)
            {
                roads_before_build = Some(m.view().unwrap().state.roads(person));
            }
        }
        m.apply(line);
        match line {
            Message::UndoPutPiece(u) => {
                assert_eq!(u.player, 0, "the person's undos only");
                let road = catan_bot::game::EdgeId::from_server(u.coordinate).unwrap();
                assert!(!m.view().unwrap().state.roads(person).contains(road));
                pending = roads_before_build.take();
                undone += 1;
            }
            Message::GameState(_) => {
                if let Some(before) = pending.take() {
                    assert_eq!(m.view().unwrap().state.roads(person), before);
                }
            }
            _ => {}
        }
    }
    assert_eq!(undone, 2, "the recording holds two undos");
    assert!(m.is_over());
    assert_eq!(m.mismatches(), 0, "{:?}", m.stats());
    assert!(m.stats().data_checks > 0);
}

/// Taking over seat 2 of a game in progress (the seat's person left): the server sends the
/// game's state at joining (`SOCGameHandler.joinGame`) and our seat's hand and cards at
/// sitting down (`sitDown_sendPrivateInfo`). The mirror takes them as the state, not as
/// differences, and counts the turns from the round count.
#[test]
fn joining_a_game_in_progress_builds_the_mirror_from_the_servers_state() {
    use catan_bot::game::{DevCard, Seat};
    let layout = board_layout(4);
    let mut m = Mirror::new(G);
    m.nickname = Some("catanbot".into());
    m.apply(&msg(&format!("1023|{G},2,BC=t4,N7=f7,RD=f,PL=4")));
    feed(
        &mut m,
        &[
            "1021|{G}",
            "1012|{G},robot 1,0,true",
            "1012|{G},robot 2,1,true",
            "1012|{G},robot 3,3,true",
        ],
    );
    m.apply(&layout);
    feed(
        &mut m,
        &[
            "1009|{G},2,1,139",
            "1009|{G},2,0,122",
            "1096|{G}|4|1",
            "1086|{G}|2|100|18|139|6|3|15|1|10|14|11|4|12|4",
            "1086|{G}|1|100|18|0|6|5|15|0|10|15|11|5|12|4",
            "1046|{G},1,3,0",
            "1096|{G}|2|21|1|3|3|0|6|-1|5|-1",
            "1025|{G},20",
            // We sit: our exact hand (3 cards) and our old knight.
            "1012|{G},catanbot,2,true",
            "1086|{G}|2|100|1|1|2|0|3|0|4|2|5|0|6|0",
            "1046|{G},2,3,9",
            "1058|{G},2,4",
        ],
    );
    assert_eq!(m.mismatches(), 0);
    let me = m.hand(Seat::new(2));
    assert_eq!((me.known.0, me.unknown), ([1, 0, 0, 2, 0], 0));
    assert_eq!(m.hand(Seat::new(1)).unknown, 5);
    // Round 3, first player seat 0, seat 1 to move: 2 rounds of 4 turns, then its 2nd turn.
    assert_eq!(m.turn(), 10);
    let view = m.view().expect("a view after joining");
    assert_eq!(view.state.dev_cards(Seat::new(2)).get(DevCard::Knight), 1);
    assert_eq!(view.state.deck().total(), 21);
    // From now on the server's figures are checked again.
    feed(&mut m, &["1024|{G},2,100,1,4"]);
    assert_eq!(m.mismatches(), 1);
}

/// Seen once on 2.6.10 (after a robot's forced end of turn in START2B): a CITY where the
/// mirror had no settlement. The difference is counted and the server wins where the board
/// allows it, so the final points agree; a piece on an occupied node stays refused.
#[test]
fn a_city_without_the_mirrors_settlement_is_counted_and_taken() {
    use catan_bot::game::{topology::topology, Seat};
    let n = topology().nodes().nth(25).unwrap().to_server();
    let mut m = mirror(2700, 0);
    m.apply(&board_layout(7));
    feed(
        &mut m,
        &[
            "1012|{G},catanbot,0,true",
            "1012|{G},robot 1,1,true",
            "1012|{G},robot 2,2,true",
            "1012|{G},robot 3,3,true",
            "1025|{G},20",
            "1026|{G},2,20",
        ],
    );
    feed(&mut m, &[&format!("1009|{{G}},2,2,{n}")]);
    assert_eq!(m.mismatches(), 1);
    assert_eq!(m.total_vp()[2], 2);
    let view = m.view().expect("a view");
    assert_eq!(view.state.cities(Seat::new(2)).len(), 1);
    // Seat 1 on the same node: refused, the model unchanged.
    feed(&mut m, &[&format!("1009|{{G}},1,1,{n}")]);
    assert_eq!(m.mismatches(), 2);
    assert_eq!(m.total_vp()[1], 0);
}
