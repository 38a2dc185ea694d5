//! Card tracking for in-process games: each seat's [`Belief`] about every other seat, updated
//! from what the table sees of each action. Steals between two other players and other
//! players' discards hide the cards' types; everything else in the classic game is public.
//! Imports `crate::game` and `agent::view`.

use super::view::{Belief, View};
use crate::game::{Action, BySeat, Resource, Seat, Shape, State};

/// Every seat's beliefs about every seat.
#[derive(Clone, Debug)]
pub struct Tracker {
    /// `beliefs[observer][seat]`.
    beliefs: BySeat<BySeat<Belief>>,
}

impl Tracker {
    /// Beliefs at the start of a game (or of any position where all hands are public).
    pub fn new<S: Shape>(state: &State<S>) -> Tracker {
        let mut beliefs: BySeat<BySeat<Belief>> = BySeat::default();
        for o in state.seats() {
            for s in state.seats() {
                beliefs[o][s] = Belief::exact(state.hand(s), s != o);
            }
        }
        Tracker { beliefs }
    }

    /// What `observer` knows of `seat`.
    pub fn belief(&self, observer: Seat, seat: Seat) -> Belief {
        self.beliefs[observer][seat]
    }

    /// The view of `observer` on `state` (which must be the state the tracker followed).
    pub fn view<S: Shape>(&self, state: &State<S>, observer: Seat) -> View<S> {
        let mut beliefs = self.beliefs[observer];
        for s in state.seats() {
            beliefs[s].dev_ages.settle(state.dev_cards(s).total());
        }
        View {
            state: state.clone(),
            me: observer,
            beliefs,
        }
    }

    /// Updates every belief after `action` took `before` to `after`.
    pub fn observe<S: Shape>(&mut self, before: &State<S>, action: Action, after: &State<S>) {
        if action == Action::EndTurn {
            // The ender's unplayed cards are a turn older unless it played one.
            let p = before.current_player();
            let old = before.dev_cards(p).total();
            for o in before.seats().filter(|&o| o != p) {
                let ages = &mut self.beliefs[o][p].dev_ages;
                ages.settle(old);
                if !before.has_played_dev_card() {
                    ages.age();
                }
            }
        }
        let actor = before.to_move();
        let thief = before.current_player();
        // A steal: the victim is the other seat whose hand shrank (MoveRobber with a single
        // victim steals at once; ChooseVictim names it).
        let victim = match action {
            Action::ChooseVictim(v) => Some(v),
            Action::MoveRobber(_) => after
                .seats()
                .find(|&s| s != thief && after.hand(s).total() < before.hand(s).total()),
            _ => None,
        };
        // Who may not see the types of the cards that moved.
        let hidden_from = |o: Seat| -> bool {
            match action {
                Action::Discard(_) => o != actor,
                _ => victim.is_some_and(|v| o != thief && o != v),
            }
        };
        for o in after.seats() {
            let hide = hidden_from(o);
            for s in after.seats() {
                let (b, a) = (before.hand(s), after.hand(s));
                if a == b {
                    continue;
                }
                let belief = &mut self.beliefs[o][s];
                if s == o {
                    *belief = Belief::exact(a, false);
                    continue;
                }
                if hide {
                    let gained = a.total().saturating_sub(b.total()) as u8;
                    let lost = b.total().saturating_sub(a.total()) as u8;
                    belief.gain_unknown(gained);
                    belief.lose_unseen(lost);
                } else {
                    for r in Resource::ALL {
                        let (x, y) = (b.get(r), a.get(r));
                        if y > x {
                            belief.gain(r, y - x);
                        } else {
                            belief.lose(r, x - y);
                        }
                    }
                }
                debug_assert_eq!(
                    belief.known.total() + belief.unknown as u32,
                    a.total(),
                    "belief of {o:?} about {s:?} lost count"
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::playout::{HeuristicPolicy, PlayoutPolicy};
    use crate::game::{ActionList, Board, Rules};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    /// Plays `games` heuristic games from `seed` with a tracker, calling `check` after
    /// every action with the action, the state before and after, and the tracker.
    fn tracked_games(
        seed: u64,
        games: usize,
        mut check: impl FnMut(Action, &State, &State, &Tracker),
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..games {
            let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            let mut tracker = Tracker::new(&st);
            let mut list = ActionList::new();
            let mut policy = HeuristicPolicy;
            while !st.is_over() {
                policy.candidates(&st, &mut list);
                let a = list[policy.choose(&st, &list, &mut rng)];
                let before = st.clone();
                st.apply(a, &mut rng);
                tracker.observe(&before, a, &st);
                check(a, &before, &st, &tracker);
            }
        }
    }

    #[test]
    fn beliefs_stay_consistent_with_the_true_hands() {
        let mut hidden_seen = false;
        tracked_games(12, 30, |a, before, st, tracker| {
            for o in st.seats() {
                for s in st.seats() {
                    let b = tracker.belief(o, s);
                    assert!(
                        st.hand(s).contains(b.known),
                        "{o:?} about {s:?}: {b:?} after {a:?}: {:?} -> {:?}",
                        before.hand(s),
                        st.hand(s)
                    );
                    assert_eq!(b.known.total() + b.unknown as u32, st.hand(s).total());
                    if o == s {
                        assert_eq!(b.unknown, 0);
                    }
                    hidden_seen |= b.unknown > 0;
                }
            }
        });
        assert!(hidden_seen, "no card was ever hidden");
    }

    /// In a view, a seat's card ages count its playable cards, and cards held through turns
    /// without a play grow old.
    #[test]
    fn card_ages_count_the_playable_cards_and_grow_old() {
        let mut old_seen = 0;
        tracked_games(31, 10, |_, _, st, tracker| {
            let o = Seat::new(0);
            let view = tracker.view(st, o);
            for s in st.seats().filter(|&s| s != o) {
                let ages = view.beliefs[s].dev_ages;
                assert_eq!(ages.total(), st.dev_cards(s).total());
                old_seen += usize::from(ages.0[1..].iter().any(|&n| n > 0));
            }
        });
        assert!(old_seen > 0, "no card ever aged");
    }
}
