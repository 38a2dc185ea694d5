//! Taking over a seat in a game in progress (a person left; the server picked our bot): the
//! server sends the game's state, then our SITDOWN and our private information (hand, cards)
//! and then our CHANGEFACE. Recorded on a 2.7.00 server (`tests/scripted_person.rs`,
//! takeover scenario): the join's state already put us in our turn (PLAY1) before our hand
//! arrived, and the client of 8f9906b decided on the mirror's guess of the hidden hand — the
//! server refused the build. Asserted: no decision before the private information is in, one
//! after it.

use std::sync::Arc;

use jsettlers_protocol::transcript::{parse_lines, Direction};
use jsettlers_protocol::Message;
use tokio::sync::mpsc;

use catan_bot::client::game_task::{GameContext, GameTask};
use catan_bot::client::ClientConfig;
use catan_bot::game::Seat;

const FIXTURE: &str =
    "tests/fixtures/transcripts/catanbot-2.7-takeover-decision-before-own-hand.log";
const GAME: &str = "takeover5574";

/// Whether our message is a move (not the sitting-down and face formalities of joining).
fn is_move(m: &Message) -> bool {
    !matches!(
        m,
        Message::SitDown(_) | Message::ChangeFace(_) | Message::JoinGame(_)
    )
}

#[test]
fn taking_over_a_seat_decides_only_once_our_hand_is_in() {
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE))
            .unwrap();
    let config = Arc::new(ClientConfig::new(
        "takeover",
        "c",
        "ourbot",
        "random:seed=1".parse().unwrap(),
    ));
    let (out, _) = mpsc::channel(1);
    let (reports, _) = mpsc::unbounded_channel();
    let ctx = GameContext {
        game: GAME.to_owned(),
        seat: Seat::new(0),
        nickname: "ourbot".to_owned(),
        out,
        reports,
        config: config.clone(),
        server_version: 2700,
    };
    let mut player = GameTask::new(ctx, config.make_agent(), None);
    let mut hand_in = false;
    let mut moves_before_hand = Vec::new();
    let mut moved_after = false;
    for (_, line) in parse_lines(&text) {
        let line = line.unwrap();
        if line.direction != Direction::FromServer {
            continue;
        }
        let Ok(msg) = Message::parse(&line.text) else {
            continue;
        };
        if msg.game().is_some_and(|g| g != GAME) {
            continue;
        }
        player.on_message(&msg);
        player.decide_without_agent();
        let moves: Vec<Message> = player.take_outbox().into_iter().filter(is_move).collect();
        if !hand_in {
            moves_before_hand.extend(moves);
        } else if !moves.is_empty() {
            moved_after = true;
            break;
        }
        // Our hand: PLAYERELEMENTS SET for seat 0 after our SITDOWN echo.
        if line.text.starts_with(&format!("1086|{GAME}|0|100|"))
            && player.mirror().hand(Seat::new(0)).unknown == 0
        {
            hand_in = player.mirror().names[0].as_deref() == Some("ourbot");
        }
    }
    assert!(hand_in, "the fixture's hand never came");
    assert!(
        moves_before_hand.is_empty(),
        "decided before our hand: {moves_before_hand:?}"
    );
    assert!(moved_after, "no decision after joining ended");
}
