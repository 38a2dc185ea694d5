//! What a deciding player knows: a full [`State`] whose hidden parts are guesses, plus, per
//! seat, how much of that seat's hand and development cards is really known. Determinization
//! (`agent::determinize`) redraws exactly the unknown part. Imports `crate::game` only.

use crate::game::{BySeat, ResourceSet, Seat, State};

/// What the viewer knows of one seat's hidden holdings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Belief {
    /// Resource cards whose type the viewer knows (a sub-multiset of the seat's hand).
    pub known: ResourceSet,
    /// Resource cards whose type the viewer does not know. `known.total() + unknown` is the
    /// seat's hand size, which is always public.
    pub unknown: u8,
    /// Whether the kinds of this seat's unplayed development cards are hidden (true for every
    /// seat but the viewer's own; the counts are public).
    pub dev_hidden: bool,
}

/// A decision's input: the state as the viewer believes it, and what of it is certain.
#[derive(Clone, Debug)]
pub struct View {
    /// The full state; opponents' hands and development cards, and the deck's order, may be
    /// guesses where `beliefs` say so. Its hand sizes and card counts are exact.
    pub state: State,
    /// The deciding seat (`state.to_move()` when asked to decide).
    pub me: Seat,
    /// Per seat, what `me` knows of its holdings (`me`'s own entry is fully known).
    pub beliefs: BySeat<Belief>,
}

impl View {
    /// A view in which `me` knows every resource card of every hand but not the opponents'
    /// development cards — the usual arena view when no tracker is kept.
    pub fn open_hands(state: State, me: Seat) -> View {
        let mut beliefs = BySeat::default();
        for s in Seat::all() {
            beliefs[s] = Belief {
                known: state.hand(s),
                unknown: 0,
                dev_hidden: s != me,
            };
        }
        View { state, me, beliefs }
    }

    /// A view that knows everything (tests, and agents that do not sample).
    pub fn perfect(state: State, me: Seat) -> View {
        let mut v = View::open_hands(state, me);
        for s in Seat::all() {
            v.beliefs[s].dev_hidden = false;
        }
        v
    }
}
