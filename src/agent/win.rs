//! A win this turn, found before any search.
//!
//! The paper's move pruning shows the tree only cities while a city can be built, only
//! settlements while a settlement can, and the development card plays and roads only when
//! neither can. A win that needs one of the pruned moves — the roads that take the Longest
//! Road, the knight that takes the Largest Army beside an affordable city — is then not in the
//! tree at all, and the search builds something else. And where the win is in the tree, a win
//! is worth 1 whenever it comes: a knight that wins before the roll scores no better than
//! rolling first, when the knight can still be played after the roll, and the tie may go to
//! the roll. In 764 recorded real-server games of sessions 36–39 (2.6.10, `play`'s default and
//! four candidates) the recording seat had a certain win within its turn and did not take it
//! in 35 games: 5 of them were then lost, the other 30 won one or more turns later.
//!
//! [`winning_move`] looks for such a win by an exhaustive, iterative-deepening AND-OR search
//! over the mover's own moves that need no other player (builds, bank and port trades, card
//! plays and their picks, the robber), at most [`WIN_DEPTH`] of them and [`WIN_NODES`] nodes:
//! a line counts only when it wins for every card a robbery in it may take, in the view's
//! state and in each of [`WIN_WORLDS`] worlds sampled from the view (the opponents' unknown
//! cards redrawn), so a steal or a monopoly counts only when what it brings is certain enough.
//! Imports `crate::game` and `agent::determinize`.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::determinize::determinize;
use super::view::View;
use crate::game::{Action, ActionList, Phase, Seat, Shape, State};

/// The most moves of a winning line.
pub const WIN_DEPTH: u32 = 5;

/// The most positions the search visits, over all depths.
pub const WIN_NODES: u32 = 20_000;

/// The sampled worlds a winning line must win in.
pub const WIN_WORLDS: u64 = 8;

/// The first move of a line that wins the game within the mover's current turn whatever its
/// chance brings (every card a robbery may take) in the view's state and in each of
/// [`WIN_WORLDS`] worlds sampled from the view, if the search finds one; `None` when it is not
/// the viewer's own turn to act.
pub fn winning_move<S: Shape>(view: &View<S>) -> Option<Action> {
    let state = &view.state;
    let me = view.me;
    if state.is_over() || state.current_player() != me || state.to_move() != me {
        return None;
    }
    if !matches!(
        state.phase(),
        Phase::RollOrCard
            | Phase::Main
            | Phase::PlacingRobber
            | Phase::ChooseVictim
            | Phase::FreeRoad1
            | Phase::FreeRoad2
            | Phase::YearOfPlenty
            | Phase::Monopoly
    ) {
        return None;
    }
    let mut search = LineSearch { me, nodes: 0 };
    let mut list = ActionList::new();
    state.legal_actions(&mut list);
    let mut worlds: Vec<State<S>> = Vec::new();
    for depth in 1..=WIN_DEPTH {
        for &a in list.iter().filter(|&&a| in_line(a)) {
            if !search.wins_by(state, a, depth) {
                continue;
            }
            if worlds.is_empty() {
                worlds = (0..WIN_WORLDS)
                    .map(|k| determinize(view, &mut SmallRng::seed_from_u64(k)))
                    .collect();
            }
            if worlds
                .iter()
                .all(|w| w.is_legal(a) && search.wins_by(w, a, depth))
            {
                return Some(a);
            }
        }
        if search.nodes >= WIN_NODES {
            break;
        }
    }
    None
}

/// Whether the mover may play `a` in a line of its own turn: nothing that ends the turn, asks
/// another player or draws an unknown card.
fn in_line(a: Action) -> bool {
    !matches!(
        a,
        Action::EndTurn
            | Action::Roll
            | Action::BuyDevCard
            | Action::OfferTrade(_)
            | Action::AcceptOffer
            | Action::DeclineOffer
            | Action::Discard(_)
    )
}

/// An AND-OR search: the mover picks a move, chance (a robbed card) picks its outcome.
struct LineSearch {
    me: Seat,
    nodes: u32,
}

impl LineSearch {
    /// Whether the mover can win from `state` within `depth` more moves of its own, whatever
    /// chance brings.
    fn wins_within<S: Shape>(&mut self, state: &State<S>, depth: u32) -> bool {
        if state.is_over() {
            return state.winner() == Some(self.me);
        }
        if depth == 0 || self.nodes >= WIN_NODES || state.to_move() != self.me {
            return false;
        }
        self.nodes += 1;
        let mut list = ActionList::new();
        state.legal_actions(&mut list);
        list.iter()
            .filter(|&&a| in_line(a))
            .any(|&a| self.wins_by(state, a, depth))
    }

    /// Whether playing `a` (legal in `state`) wins within `depth` moves (it included) for
    /// every outcome of its chance.
    fn wins_by<S: Shape>(&mut self, state: &State<S>, a: Action, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        let outcomes = state.chance_outcomes(a);
        outcomes.as_slice().iter().all(|&(o, p)| {
            if p <= 0.0 {
                return true;
            }
            let mut next = state.clone();
            next.try_apply_with(a, o).is_ok() && self.wins_within(&next, depth - 1)
        })
    }
}
