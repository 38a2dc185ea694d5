//! Playout policies and the playout loop (random games to the end from a state).
//! Imports `crate::game` and `rand` only; no allocation in the loop.

use crate::game::{Action, ActionList, HexId, Phase, Seat, State};
use rand::Rng;

/// Picks one of the legal actions during a playout.
pub trait PlayoutPolicy {
    /// Fills `out` with the candidate actions in `state` (default: every legal action).
    /// Must never be empty unless the game is over.
    fn candidates(&mut self, state: &State, out: &mut ActionList) {
        state.legal_actions(out);
    }

    /// The index in `actions` (non-empty) of the action to play.
    fn choose<R: Rng + ?Sized>(&mut self, state: &State, actions: &[Action], rng: &mut R) -> usize;
}

/// Uniformly random among all legal actions (PlainUCT playouts).
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformPolicy;

impl PlayoutPolicy for UniformPolicy {
    #[inline]
    fn choose<R: Rng + ?Sized>(&mut self, _: &State, actions: &[Action], rng: &mut R) -> usize {
        rng.gen_range(0..actions.len())
    }
}

/// Move pruning (cities > settlements > the rest, as MP-UCT) plus cheap preferences among
/// the rest: play a knight or buy a card over a road, a road over a trade, trade only with a
/// large hand; roll without ceremony; put the robber on the hex hurting the leader most.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicPolicy;

impl HeuristicPolicy {
    fn weight(state: &State, a: Action) -> u32 {
        let s = state.current_player();
        match a {
            Action::BuildCity(_) | Action::BuildSettlement(_) => 100,
            Action::PlayKnight => 12,
            Action::PlayRoadBuilding | Action::PlayYearOfPlenty | Action::PlayMonopoly => 8,
            Action::BuyDevCard => 10,
            Action::BuildRoad(_) => {
                // Roads are useful when there is nowhere to build a settlement.
                if state.settlement_spots(s).is_empty() {
                    6
                } else {
                    1
                }
            }
            Action::BankTrade { .. } => {
                if state.hand(s).total() >= 7 {
                    2
                } else {
                    0
                }
            }
            Action::EndTurn => 4,
            _ => 1,
        }
    }

    /// The robber hex with the most production (pips, cities double) of the leading
    /// opponent, avoiding own buildings.
    fn robber_target(state: &State) -> HexId {
        let me = state.current_player();
        let topo = crate::game::topology::topology();
        let leader = Seat::all()
            .filter(|&o| o != me)
            .max_by_key(|&o| state.public_vp(o))
            .unwrap_or(me);
        let mut best = (0i32, None);
        for h in HexId::all() {
            if h == state.robber() {
                continue;
            }
            let ns = topo.hex_node_set[h.index()];
            let pip = crate::game::pips(state.board().hex_number[h.index()]) as i32;
            let own = (state.settlements(me) | state.cities(me)).intersects(ns);
            let theirs =
                (state.settlements(leader) & ns).len() + 2 * (state.cities(leader) & ns).len();
            let score = if own { -1 } else { pip * theirs as i32 };
            if best.1.is_none() || score > best.0 {
                best = (score, Some(h));
            }
        }
        best.1.expect("there is always another hex")
    }
}

impl PlayoutPolicy for HeuristicPolicy {
    #[inline]
    fn candidates(&mut self, state: &State, out: &mut ActionList) {
        state.legal_actions_pruned(out);
    }

    fn choose<R: Rng + ?Sized>(&mut self, state: &State, actions: &[Action], rng: &mut R) -> usize {
        match state.phase() {
            Phase::RollOrCard => {
                // Knight first only when the robber sits on one of our hexes.
                let me = state.current_player();
                let topo = crate::game::topology::topology();
                let hurt = (state.settlements(me) | state.cities(me))
                    .intersects(topo.hex_node_set[state.robber().index()]);
                let want = if hurt {
                    Action::PlayKnight
                } else {
                    Action::Roll
                };
                actions.iter().position(|&a| a == want).unwrap_or(0)
            }
            Phase::PlacingRobber => {
                let h = Self::robber_target(state);
                actions
                    .iter()
                    .position(|&a| a == Action::MoveRobber(h))
                    .unwrap_or(0)
            }
            Phase::Main => {
                let total: u32 = actions.iter().map(|&a| Self::weight(state, a)).sum();
                if total == 0 {
                    return rng.gen_range(0..actions.len());
                }
                let mut x = rng.gen_range(0..total);
                for (i, &a) in actions.iter().enumerate() {
                    let w = Self::weight(state, a);
                    if x < w {
                        return i;
                    }
                    x -= w;
                }
                actions.len() - 1
            }
            _ => rng.gen_range(0..actions.len()),
        }
    }
}

/// How a playout ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayoutResult {
    /// The winner, or `None` if `max_steps` ran out first.
    pub winner: Option<Seat>,
    /// Total victory points per seat at the end.
    pub vp: [u8; 4],
    /// Actions applied.
    pub steps: u32,
}

/// Plays `state` forward with `policy` until the game ends or `max_steps` actions were
/// applied. Chance comes from `rng`.
pub fn playout<P: PlayoutPolicy, R: Rng + ?Sized>(
    state: &mut State,
    policy: &mut P,
    rng: &mut R,
    max_steps: u32,
) -> PlayoutResult {
    let mut list = ActionList::new();
    let mut steps = 0;
    while !state.is_over() && steps < max_steps {
        policy.candidates(state, &mut list);
        let i = policy.choose(state, &list, rng);
        state.apply_unchecked(list[i], rng);
        steps += 1;
    }
    PlayoutResult {
        winner: state.winner(),
        vp: [0, 1, 2, 3].map(|i| state.total_vp(Seat::new(i))),
        steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Rules};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn heuristic_playouts_finish_games() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut finished = 0;
        for _ in 0..50 {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let r = playout(&mut st, &mut HeuristicPolicy, &mut rng, 20_000);
            if let Some(w) = r.winner {
                assert!(r.vp[w.index()] >= 10);
                finished += 1;
            }
        }
        assert!(finished >= 45, "{finished}");
    }

    #[test]
    fn uniform_playouts_apply_only_legal_actions() {
        let mut rng = SmallRng::seed_from_u64(4);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(1));
        let r = playout(&mut st, &mut UniformPolicy, &mut rng, 100_000);
        assert!(r.steps > 0);
    }
}
