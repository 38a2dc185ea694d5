//! Chance: dice, dev-card draws and steals, either sampled from a caller's rng or given as the
//! outcome the server reported. Imports std, `rand::Rng`, and the game vocabulary.

use super::action::Action;
use super::resources::{DevCard, DevSet, Resource, ResourceSet};
use super::sets::BitSet;
use super::shape::Shape;
use super::state::State;
use rand::Rng;

/// A source of chance outcomes, asked by `apply` only when the action needs one.
pub trait Chance {
    /// A dice total, 2..=12.
    fn dice(&mut self) -> u8;
    /// A dice total when 7s are re-rolled (game options N7, N7C: `SOCGame.rollDice`).
    fn dice_without_seven(&mut self) -> u8 {
        loop {
            let d = self.dice();
            if d != 7 {
                return d;
            }
        }
    }
    /// The card drawn from `deck` (which is not empty).
    fn draw(&mut self, deck: DevSet) -> DevCard;
    /// The card stolen from `hand` (which is not empty).
    fn steal(&mut self, hand: ResourceSet) -> Resource;
}

/// Samples outcomes with their true probabilities: two fair dice, a uniformly random card of
/// the remaining deck, a uniformly random card of the victim's hand (`SOCGame.stealFromPlayer`
/// picks one card uniformly).
pub struct Sampled<'a, R: Rng + ?Sized>(pub &'a mut R);

impl<R: Rng + ?Sized> Chance for Sampled<'_, R> {
    #[inline]
    fn dice(&mut self) -> u8 {
        // One draw of 36 equally likely outcomes instead of two.
        let x = self.0.gen_range(0..36u8);
        x / 6 + x % 6 + 2
    }
    #[inline]
    fn draw(&mut self, deck: DevSet) -> DevCard {
        deck.nth_card(self.0.gen_range(0..deck.total()))
    }
    #[inline]
    fn steal(&mut self, hand: ResourceSet) -> Resource {
        hand.nth_card(self.0.gen_range(0..hand.total()))
    }
}

/// Outcomes supplied by the caller (the client replaying what the server reported). Fields
/// the action does not need are ignored; a needed field that is `None` or impossible makes
/// [`State::try_apply_with`](super::State::try_apply_with) fail before anything changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Outcome {
    /// The dice total for `Roll`.
    pub dice: Option<u8>,
    /// The card drawn for `BuyDevCard`.
    pub card: Option<DevCard>,
    /// The card stolen by `MoveRobber` (single victim) or `ChooseVictim`.
    pub stolen: Option<Resource>,
}

impl Chance for Outcome {
    fn dice(&mut self) -> u8 {
        self.dice.expect("outcome: dice missing")
    }
    fn dice_without_seven(&mut self) -> u8 {
        self.dice()
    }
    fn draw(&mut self, _deck: DevSet) -> DevCard {
        self.card.expect("outcome: card missing")
    }
    fn steal(&mut self, _hand: ResourceSet) -> Resource {
        self.stolen.expect("outcome: stolen card missing")
    }
}

/// The probability (out of 36) of each dice total 2..=12, indexed by total.
pub const DICE_WAYS: [u8; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// The chance outcomes of one action with their probabilities (at most 11: the dice totals).
#[derive(Clone, Copy, Debug)]
pub struct OutcomeList {
    items: [(Outcome, f64); 11],
    len: usize,
}

impl OutcomeList {
    fn one() -> Self {
        let mut l = OutcomeList {
            items: [(Outcome::default(), 0.0); 11],
            len: 0,
        };
        l.push(Outcome::default(), 1.0);
        l
    }
    fn push(&mut self, o: Outcome, p: f64) {
        self.items[self.len] = (o, p);
        self.len += 1;
    }
    /// The (outcome, probability) pairs; probabilities are positive and sum to 1.
    pub fn as_slice(&self) -> &[(Outcome, f64)] {
        &self.items[..self.len]
    }
}

impl<S: Shape> State<S> {
    /// Every chance outcome of applying `a` (assumed legal) with its probability: the 11 dice
    /// totals for `Roll`, the card kinds left in the deck for `BuyDevCard`, the victim's
    /// resource kinds for a steal (`ChooseVictim`, or `MoveRobber` with a single victim).
    /// Actions without chance give one empty outcome with probability 1. Feed an entry to
    /// [`State::try_apply_with`].
    pub fn chance_outcomes(&self, a: Action) -> OutcomeList {
        let mut l = OutcomeList::one();
        let victim = match a {
            Action::Roll => {
                l.len = 0;
                let seven = self.seven_can_roll();
                let ways = if seven { 36.0 } else { 30.0 };
                for d in (2..=12u8).filter(|&d| seven || d != 7) {
                    let o = Outcome {
                        dice: Some(d),
                        ..Outcome::default()
                    };
                    l.push(o, DICE_WAYS[d as usize] as f64 / ways);
                }
                return l;
            }
            Action::BuyDevCard => {
                l.len = 0;
                let total = self.deck.total() as f64;
                for c in DevCard::ALL {
                    if self.deck.get(c) > 0 {
                        let o = Outcome {
                            card: Some(c),
                            ..Outcome::default()
                        };
                        l.push(o, self.deck.get(c) as f64 / total);
                    }
                }
                return l;
            }
            Action::ChooseVictim(v) => v,
            Action::MoveRobber(h) => {
                let ns = S::topology().hex_node_set[h.index()];
                let mut victims = self.seats().filter(|&o| {
                    o != self.current
                        && (self.settlements[o] | self.cities[o]).intersects(ns)
                        && self.hands[o].total() > 0
                });
                match (victims.next(), victims.next()) {
                    (Some(v), None) => v,
                    _ => return l,
                }
            }
            _ => return l,
        };
        l.len = 0;
        let hand = self.hands[victim];
        let total = hand.total() as f64;
        for (r, n) in hand.iter() {
            let o = Outcome {
                stolen: Some(r),
                ..Outcome::default()
            };
            l.push(o, n as f64 / total);
        }
        l
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Seat;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn listed_outcomes_sum_to_one_and_apply() {
        use crate::game::{ActionList, Board, Rules};
        let mut rng = SmallRng::seed_from_u64(9);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        let mut list = ActionList::new();
        let mut seen = 0;
        for _ in 0..3000 {
            if st.is_over() {
                st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
            }
            st.legal_actions(&mut list);
            for &a in list.iter() {
                let outcomes = st.chance_outcomes(a);
                let sum: f64 = outcomes.as_slice().iter().map(|p| p.1).sum();
                assert!((sum - 1.0).abs() < 1e-9, "{a:?}");
                if outcomes.as_slice().len() > 1 {
                    seen += 1;
                }
                for &(o, _) in outcomes.as_slice() {
                    st.clone().try_apply_with(a, o).unwrap();
                }
            }
            let a = list[rng.gen_range(0..list.len())];
            st.apply(a, &mut rng);
        }
        assert!(seen > 100);
    }

    #[test]
    fn sampled_dice_follow_two_dice_distribution() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut c = Sampled(&mut rng);
        let mut counts = [0u32; 13];
        for _ in 0..36_000 {
            counts[c.dice() as usize] += 1;
        }
        for t in 2..=12 {
            let expect = DICE_WAYS[t] as f64 * 1000.0;
            assert!(
                (counts[t] as f64 - expect).abs() < 0.15 * expect + 60.0,
                "{t}"
            );
        }
    }
}
