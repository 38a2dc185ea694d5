//! What a deciding player knows: a full [`State`] whose hidden parts are guesses, plus, per
//! seat, how much of that seat's hand and development cards is really known. Determinization
//! (`agent::determinize`) redraws exactly the unknown part. Imports `crate::game` only.

use crate::game::{BySeat, Classic, Resource, ResourceSet, Seat, Shape, State};

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

impl Belief {
    /// A hand the viewer knows card by card.
    pub fn exact(hand: ResourceSet, dev_hidden: bool) -> Belief {
        Belief {
            known: hand,
            unknown: 0,
            dev_hidden,
        }
    }

    /// The hand size.
    pub fn total(&self) -> u32 {
        self.known.total() + u32::from(self.unknown)
    }

    /// The seat gains `n` cards of type `r` in view of the viewer (counts saturate).
    pub fn gain(&mut self, r: Resource, n: u8) {
        self.known[r] = self.known[r].saturating_add(n);
    }

    /// The seat gains `n` cards whose type the viewer does not see.
    pub fn gain_unknown(&mut self, n: u8) {
        self.unknown = self.unknown.saturating_add(n);
    }

    /// The seat loses `n` cards of type `r`: from the known ones first, the rest from the
    /// unknown. Returns false if the belief did not allow it (the unknown count stops at 0).
    pub fn lose(&mut self, r: Resource, n: u8) -> bool {
        let from_known = self.known[r].min(n);
        self.known[r] -= from_known;
        let rest = n - from_known;
        let ok = rest <= self.unknown;
        self.unknown = self.unknown.saturating_sub(rest);
        ok
    }

    /// The seat loses `n` cards whose types the viewer does not see: of each type the viewer
    /// stays sure only of what would be left if every lost card were of that type. Returns
    /// false if the hand was smaller than `n` (it is empty then).
    pub fn lose_unseen(&mut self, n: u8) -> bool {
        let total = self.total();
        let ok = total >= u32::from(n);
        let left = total.saturating_sub(u32::from(n));
        for r in Resource::ALL {
            self.known[r] = self.known[r].saturating_sub(n);
        }
        self.unknown = left.saturating_sub(self.known.total()).min(255) as u8;
        ok
    }

    /// Makes the hand size `total` (a figure a server published), keeping the known cards
    /// where they fit, forgetting them otherwise.
    pub fn set_total(&mut self, total: u8) {
        let known = self.known.total();
        if known <= u32::from(total) {
            self.unknown = total - known as u8;
        } else {
            self.known = ResourceSet::EMPTY;
            self.unknown = total;
        }
    }
}

/// A decision's input: the state as the viewer believes it, and what of it is certain.
#[derive(Clone, Debug)]
pub struct View<S: Shape = Classic> {
    /// The full state; opponents' hands and development cards, and the deck's order, may be
    /// guesses where `beliefs` say so. Its hand sizes and card counts are exact.
    pub state: State<S>,
    /// The deciding seat (`state.to_move()` when asked to decide).
    pub me: Seat,
    /// Per seat, what `me` knows of its holdings (`me`'s own entry is fully known).
    pub beliefs: BySeat<Belief>,
}

impl<S: Shape> View<S> {
    /// A view in which `me` knows every resource card of every hand but not the opponents'
    /// development cards — the usual arena view when no tracker is kept.
    pub fn open_hands(state: State<S>, me: Seat) -> View<S> {
        let mut beliefs = BySeat::default();
        for s in state.seats() {
            beliefs[s] = Belief {
                known: state.hand(s),
                unknown: 0,
                dev_hidden: s != me,
            };
        }
        View { state, me, beliefs }
    }

    /// Records that `seat` is known to hold `cards` (the server let it offer them): the
    /// belief's known part grows to cover them, taken from its unknown cards, and the state's
    /// guessed hand is re-dealt to match (same size). Returns `false`, changing nothing, when
    /// the seat's hand is too small to hold them.
    pub fn reveal(&mut self, seat: Seat, cards: ResourceSet) -> bool {
        let b = self.beliefs[seat];
        let mut known = b.known;
        let mut need = 0u32;
        for r in Resource::ALL {
            if cards[r] > known[r] {
                need += u32::from(cards[r] - known[r]);
                known[r] = cards[r];
            }
        }
        if need > u32::from(b.unknown) {
            return false;
        }
        let unknown = b.unknown - need as u8;
        // The rest of the hand: the old guesses not now known, as many as stay unknown.
        let old = self.state.hand(seat);
        let mut hand = known;
        let mut left = u32::from(unknown);
        for r in Resource::ALL {
            let spare = u32::from(old[r].saturating_sub(known[r])).min(left);
            hand[r] += spare as u8;
            left -= spare;
        }
        if left > 0 {
            return false;
        }
        self.beliefs[seat] = Belief {
            known,
            unknown,
            dev_hidden: b.dev_hidden,
        };
        self.state.set_hand(seat, hand);
        true
    }

    /// A view that knows everything (tests, and agents that do not sample).
    pub fn perfect(state: State<S>, me: Seat) -> View<S> {
        let mut v = View::open_hands(state, me);
        for s in v.state.seats() {
            v.beliefs[s].dev_hidden = false;
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Rules};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn unseen_losses_only_lower_the_known_bound() {
        let mut h = Belief {
            known: ResourceSet::new(2, 0, 0, 0, 1),
            unknown: 1,
            dev_hidden: true,
        };
        assert!(h.lose_unseen(1));
        assert_eq!(
            (h.known, h.unknown, h.total()),
            (ResourceSet::new(1, 0, 0, 0, 0), 2, 3)
        );
        assert!(h.lose(Resource::ALL[0], 1));
        assert!(h.lose(Resource::ALL[4], 1));
        assert_eq!((h.known, h.unknown), (ResourceSet::EMPTY, 1));
        assert!(!h.lose(Resource::ALL[2], 2));
        assert_eq!(h.total(), 0);
        h.gain(Resource::ALL[3], 2);
        h.gain_unknown(1);
        h.set_total(5);
        assert_eq!((h.known, h.unknown), (ResourceSet::new(0, 0, 0, 2, 0), 3));
        h.set_total(1);
        assert_eq!((h.known, h.unknown), (ResourceSet::EMPTY, 1));
        assert!(!h.lose_unseen(3));
        assert_eq!(h.total(), 0);
    }

    #[test]
    fn revealing_offered_cards_moves_them_from_unknown_to_known() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let s = Seat::new(2);
        st.set_hand(s, ResourceSet::new(0, 3, 1, 0, 0));
        let mut v = View::open_hands(st, Seat::new(0));
        v.beliefs[s] = Belief {
            known: ResourceSet::new(0, 1, 0, 0, 0),
            unknown: 3,
            dev_hidden: true,
        };
        assert!(v.reveal(s, ResourceSet::new(2, 0, 0, 0, 0)));
        assert_eq!(v.beliefs[s].known, ResourceSet::new(2, 1, 0, 0, 0));
        assert_eq!(v.beliefs[s].unknown, 1);
        let h = v.state.hand(s);
        assert_eq!(h.total(), 4);
        assert!(h.contains(ResourceSet::new(2, 1, 0, 0, 0)));
        let before = v.clone();
        assert!(!v.reveal(s, ResourceSet::new(0, 0, 0, 0, 5)));
        assert_eq!((v.beliefs, v.state), (before.beliefs, before.state));
    }
}
