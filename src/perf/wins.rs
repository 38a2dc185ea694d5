//! Wins within the turn in recorded games: at each decision point of the recording seat,
//! whether [`winning_move`] finds a certain win within the turn, and whether the seat then won
//! in that turn — the check behind `win=1` ([`crate::agent::win`]), run over real games to
//! count the wins a build left for later or never took. Uses `agent::win` and `game`.

use crate::agent::view::View;
use crate::agent::win::winning_move;
use crate::game::{Action, Phase, Shape};

/// A decision point where a certain win within the turn was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinPoint {
    /// The turn it came in ([`State::turn`](crate::game::State::turn)).
    pub turn: u32,
    /// The seat's victory points there.
    pub vp: u8,
    /// The first move of the winning line.
    pub first: Action,
    /// The seat won the game in that turn.
    pub taken: bool,
}

/// One game's decision points, fed in order, then [`WinScan::finish`]ed with its result.
#[derive(Clone, Debug, Default)]
pub struct WinScan {
    found: Vec<(u32, u8, Action)>,
    last_turn: u32,
    /// Decision points seen.
    pub points: u32,
    /// The longest single check, in microseconds.
    pub max_us: u128,
    /// All the checks together, in microseconds.
    pub total_us: u128,
    /// Per turn of the seat's own in which it had a decision in the main phase: whether a
    /// development card was affordable at the last one (the end of the turn, but for a turn
    /// the game ended in).
    card_at_end: Vec<(u32, bool)>,
}

impl WinScan {
    /// Checks one decision point of the recording seat.
    pub fn see<S: Shape>(&mut self, view: &View<S>) {
        let start = std::time::Instant::now();
        let found = winning_move(view);
        let us = start.elapsed().as_micros();
        self.max_us = self.max_us.max(us);
        self.total_us += us;
        self.points += 1;
        let turn = view.state.turn();
        self.last_turn = self.last_turn.max(turn);
        if let Some(a) = found {
            self.found.push((turn, view.state.total_vp(view.me), a));
        }
        let st = &view.state;
        if st.phase() == Phase::Main && st.current_player() == view.me {
            let affordable = st.is_legal(Action::BuyDevCard);
            match self.card_at_end.last_mut() {
                Some((t, a)) if *t == turn => *a = affordable,
                _ => self.card_at_end.push((turn, affordable)),
            }
        }
    }

    /// The seat's turns that ended by its own choice (a won game's last turn left out, as
    /// it ended in a win) and how many of them ended with a development card affordable:
    /// cards in the deck and wool, grain and ore in hand, not bought.
    pub fn card_turns(&self, won: bool) -> (u32, u32) {
        self.card_at_end
            .iter()
            .filter(|&&(t, _)| !(won && t == self.last_turn))
            .fold((0, 0), |(n, k), &(_, a)| (n + 1, k + u32::from(a)))
    }

    /// The points where a win was found; one is taken when the seat won and had no decision
    /// point in a later turn (the game ended in that turn).
    pub fn finish(&self, won: bool) -> Vec<WinPoint> {
        self.found
            .iter()
            .map(|&(turn, vp, first)| WinPoint {
                turn,
                vp,
                first,
                taken: won && self.last_turn == turn,
            })
            .collect()
    }
}

/// A short name of a winning line's first move.
pub fn move_kind(a: Action) -> &'static str {
    match a {
        Action::BuildRoad(_) => "road",
        Action::BuildSettlement(_) => "settlement",
        Action::BuildCity(_) => "city",
        Action::BankTrade { .. } => "bank trade",
        Action::PlayKnight => "knight",
        Action::PlayRoadBuilding => "road building",
        Action::PlayYearOfPlenty => "year of plenty",
        Action::PlayMonopoly => "monopoly",
        Action::MoveRobber(_) => "robber",
        _ => "other",
    }
}
