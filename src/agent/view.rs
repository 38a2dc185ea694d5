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
    /// How long the seat has held its playable development cards without playing any
    /// ([`DevAges`]); read by determinization only when the search asks for it.
    pub dev_ages: DevAges,
}

/// The seat's playable (old) development cards by age: `0[a]` cards have been held through
/// `a` of the seat's own turns in which it played no development card (the last bucket: that
/// many or more). A player who plays its knights and progress cards when they help, as the
/// stock robots do, keeps its victory point cards: the older an unplayed card, the likelier
/// it is one. Counts follow the public card counts ([`DevAges::settle`]): a card that becomes
/// playable comes in at age 0, a played card leaves from the youngest bucket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DevAges(pub [u8; DEV_AGES]);

/// Buckets of [`DevAges`].
pub const DEV_AGES: usize = 4;

/// The relative chance that a card of each age is not a victory point card, against 100 for
/// one that is: how the stock robots' unplayed cards turned out at the end of 728 recorded
/// games of sessions 32–33 (at age 0 23% were victory points, at 1 42%, at 2 62%, at 6 or
/// more 72%; the unseen cards' own share about 28%; `scripts/card-ages.py` prints the table).
pub const DEV_AGE_WEIGHTS: [u32; DEV_AGES] = [100, 55, 25, 20];

impl DevAges {
    /// Cards counted in all buckets.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Makes the count `old` (the seat's playable cards): surplus cards leave from the
    /// youngest bucket (a card played is likelier a young one), missing ones come in at age 0.
    pub fn settle(&mut self, old: u32) {
        let mut total = self.total();
        for n in self.0.iter_mut() {
            while total > old && *n > 0 {
                *n -= 1;
                total -= 1;
            }
        }
        if total < old {
            self.0[0] = self.0[0].saturating_add((old - total).min(255) as u8);
        }
    }

    /// One of the seat's turns ended without a development card played: every card is a turn
    /// older.
    pub fn age(&mut self) {
        let a = &mut self.0;
        a[DEV_AGES - 1] = a[DEV_AGES - 1].saturating_add(a[DEV_AGES - 2]);
        for i in (1..DEV_AGES - 1).rev() {
            a[i] = a[i - 1];
        }
        a[0] = 0;
    }
}

impl Belief {
    /// A hand the viewer knows card by card.
    pub fn exact(hand: ResourceSet, dev_hidden: bool) -> Belief {
        Belief {
            known: hand,
            unknown: 0,
            dev_hidden,
            dev_ages: DevAges::default(),
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

    /// Records that the seat is known to hold `cards` (the server let it offer them): the
    /// known part grows to cover them, taken from the unknown cards. Returns `false`, changing
    /// nothing, when the hand is too small to hold them.
    pub fn reveal(&mut self, cards: ResourceSet) -> bool {
        let mut known = self.known;
        let mut need = 0u32;
        for r in Resource::ALL {
            if cards[r] > known[r] {
                need += u32::from(cards[r] - known[r]);
                known[r] = cards[r];
            }
        }
        if need > u32::from(self.unknown) {
            return false;
        }
        self.known = known;
        self.unknown -= need as u8;
        true
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
                dev_ages: DevAges::default(),
            };
        }
        View { state, me, beliefs }
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

    #[test]
    fn unseen_losses_only_lower_the_known_bound() {
        let mut h = Belief {
            known: ResourceSet::new(2, 0, 0, 0, 1),
            unknown: 1,
            dev_hidden: true,
            dev_ages: DevAges::default(),
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
        let mut b = Belief {
            known: ResourceSet::new(0, 1, 0, 0, 0),
            unknown: 3,
            dev_hidden: true,
            dev_ages: DevAges::default(),
        };
        assert!(b.reveal(ResourceSet::new(2, 0, 0, 0, 0)));
        assert_eq!((b.known, b.unknown), (ResourceSet::new(2, 1, 0, 0, 0), 1));
        assert_eq!(b.total(), 4);
        // Known already: nothing changes.
        assert!(b.reveal(ResourceSet::new(1, 1, 0, 0, 0)));
        assert_eq!((b.known, b.unknown), (ResourceSet::new(2, 1, 0, 0, 0), 1));
        let before = b;
        assert!(!b.reveal(ResourceSet::new(0, 0, 0, 0, 5)));
        assert_eq!(b, before);
    }

    /// Ages follow the public count: new cards come in at 0, a played card leaves the
    /// youngest bucket, a turn without a play makes every card older, up to the last bucket.
    #[test]
    fn development_card_ages_follow_the_count_and_the_turns() {
        let mut a = DevAges::default();
        a.settle(2);
        assert_eq!(a, DevAges([2, 0, 0, 0]));
        a.age();
        a.settle(3);
        assert_eq!(a, DevAges([1, 2, 0, 0]));
        a.age();
        a.age();
        assert_eq!(a, DevAges([0, 0, 1, 2]));
        a.age();
        a.age();
        assert_eq!(a, DevAges([0, 0, 0, 3]));
        a.settle(4);
        a.settle(3);
        assert_eq!(a, DevAges([0, 0, 0, 3]), "the card played was the new one");
        a.settle(1);
        assert_eq!((a, a.total()), (DevAges([0, 0, 0, 1]), 1));
        a.settle(0);
        assert_eq!(a, DevAges::default());
    }
}
