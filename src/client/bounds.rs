//! The one boundary where numbers from the network are checked against the ranges a server
//! can send, before the mirror does arithmetic or work with them. A message with a number out
//! of range is not applied (the mirror counts it as a bad message); everything past this
//! boundary may assume the ranges below. Imports `jsettlers_protocol` only.
//!
//! Player numbers and coordinates are checked where they are converted (`translate::seat_of`,
//! `NodeId::from_server`, ...): those conversions already answer `None` out of range.

use jsettlers_protocol::codes::{GameElementType, PlayerElementType, SimpleActionType};
use jsettlers_protocol::{self as proto, Message, Robbed};

/// Most cards of any kind one count can hold: every resource card of a six-player bank
/// (5 × 24; a classic bank holds 5 × 19 = 95).
pub const MAX_CARDS: i32 = 120;
/// Most development cards one count can hold: the six-player deck (a classic deck is 25).
pub const MAX_DEV_CARDS: i32 = 34;
/// Most seats a message can list (six-player games).
pub const MAX_SEATS: usize = 6;

/// Why a message was refused at the boundary.
pub type OutOfRange = &'static str;

fn cards(n: i32) -> bool {
    (0..=MAX_CARDS).contains(&n)
}

/// A sum of network numbers, widened: no `i32` overflow whatever the server sends.
fn sum(counts: impl IntoIterator<Item = i32>) -> i64 {
    counts.into_iter().map(i64::from).sum()
}

fn cards_in_all(n: i64) -> bool {
    (0..=i64::from(MAX_CARDS)).contains(&n)
}

/// Five counts, each and together no more than the bank holds.
fn card_set(set: &proto::ResourceSet) -> bool {
    set.0.iter().all(|&n| cards(n)) && cards_in_all(sum(set.0))
}

fn check(ok: bool, why: OutOfRange) -> Result<(), OutOfRange> {
    if ok {
        Ok(())
    } else {
        Err(why)
    }
}

/// Checks the numbers of one server message that the mirror uses.
///
/// # Errors
/// What is out of range.
pub fn check_message(msg: &Message) -> Result<(), OutOfRange> {
    use Message as M;
    match msg {
        M::DiceResultResources(m) => {
            check(m.players.len() <= MAX_SEATS, "too many players")?;
            for p in &m.players {
                check(cards(p.new_total), "hand total out of range")?;
                check(
                    p.gains.len() <= 6 && p.gains.iter().all(|&(n, _)| cards(n)),
                    "gain out of range",
                )?;
            }
            Ok(())
        }
        M::PlayerElement(m) => element(m.element, m.amount),
        M::PlayerElements(m) => m
            .elements
            .iter()
            .try_for_each(|ev| element(ev.element, ev.value)),
        M::GameElements(m) => {
            m.elements
                .iter()
                .try_for_each(|ev| match GameElementType::from_wire(ev.element) {
                    Some(GameElementType::DevCardCount) => dev_count(ev.value),
                    _ => Ok(()),
                })
        }
        M::ResourceCount(m) => check(cards(m.count), "hand total out of range"),
        M::DiscardRequest(m) => check(cards(m.count), "discard count out of range"),
        M::Discard(m) => check(
            card_set(&m.resources)
                && cards(m.unknown)
                && cards_in_all(sum(m.resources.0) + i64::from(m.unknown)),
            "discard out of range",
        ),
        M::PickResources(m) => check(card_set(&m.resources), "picked cards out of range"),
        M::BankTrade(m) => check(
            card_set(&m.give) && card_set(&m.get),
            "bank trade out of range",
        ),
        M::AcceptOffer(m) => match &m.resources {
            Some((a, b)) => check(card_set(a) && card_set(b), "trade out of range"),
            None => Ok(()),
        },
        M::MakeOffer(m) => check(
            card_set(&m.give) && card_set(&m.get) && m.to.len() <= MAX_SEATS,
            "offer out of range",
        ),
        M::RobberyResult(m) => match m.robbed {
            Robbed::Resource { amount, .. } => check(cards(amount), "robbed amount out of range"),
            _ => Ok(()),
        },
        M::BotGameDataCheck(m) => check(
            m.hands.len() <= MAX_SEATS && m.hands.iter().all(|h| card_set(&h.resources)),
            "data check out of range",
        ),
        M::DevCardAction(m) => check(
            m.card_types.len() <= MAX_DEV_CARDS as usize,
            "too many dev cards",
        ),
        M::DevCardCount(m) => dev_count(m.count),
        M::SimpleAction(m) if m.action_type == SimpleActionType::DevCardBought.wire() => {
            dev_count(m.value1)
        }
        M::GameStats(m) => match &m.stats {
            proto::GameStatsKind::Players { scores, .. } => {
                check(scores.len() <= MAX_SEATS, "too many scores")
            }
            _ => Ok(()),
        },
        M::ChoosePlayerRequest(m) => check(m.choices.len() <= MAX_SEATS, "too many victims"),
        _ => Ok(()),
    }
}

fn dev_count(n: i32) -> Result<(), OutOfRange> {
    check(
        (0..=MAX_DEV_CARDS).contains(&n),
        "dev-card count out of range",
    )
}

fn element(element: i32, amount: i32) -> Result<(), OutOfRange> {
    use PlayerElementType as E;
    match PlayerElementType::from_wire(element) {
        Some(
            E::Clay
            | E::Ore
            | E::Sheep
            | E::Wheat
            | E::Wood
            | E::UnknownResource
            | E::ResourceCount,
        ) => check(cards(amount), "card amount out of range"),
        Some(E::NumKnights) => dev_count(amount),
        Some(E::Roads | E::Settlements | E::Cities) => {
            check((0..=MAX_CARDS).contains(&amount), "pieces out of range")
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Message {
        Message::parse(text).unwrap()
    }

    #[test]
    fn amounts_a_server_cannot_send_are_refused() {
        assert!(check_message(&parse("1086|g|0|100|6|2147483647")).is_err());
        assert!(check_message(&parse("1024|g,0,101,1,-5")).is_err());
        assert!(check_message(&parse("1024|g,0,101,1,121")).is_err());
        assert!(check_message(&parse("1047|g,99")).is_err());
        assert!(check_message(&parse("1024|g,0,101,1,120")).is_ok());
        // A hand of 5 x 100 cards is more than the bank holds.
        assert!(check_message(&parse("1103|g|1|0|100|100|100|100|100")).is_err());
        assert!(check_message(&parse("1086|g|3|100|1|0|2|0|3|1|4|2|5|1")).is_ok());
        // Sums of counts a server can send, each out of range: refused, never overflowing.
        assert!(check_message(&parse(&format!(
            "1033|g,p0,{0},{0},{0},{0},{0},{0}",
            i32::MAX
        )))
        .is_err());
        assert!(check_message(&parse(&format!("1033|g,p0,0,0,0,0,0,{}", i32::MIN))).is_err());
        assert!(check_message(&parse("1033|g,p0,60,0,0,0,0,61")).is_err());
        assert!(check_message(&parse("1033|g,p0,60,0,0,0,0,60")).is_ok());
        // Numbers the mirror does not use pass.
        assert!(check_message(&parse("1024|g,0,100,18,2147483647")).is_ok());
    }
}
