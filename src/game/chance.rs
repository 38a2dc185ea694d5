//! Chance: dice, dev-card draws and steals, either sampled from a caller's rng or given as the
//! outcome the server reported. Imports std, `rand::Rng`, and the game vocabulary.

use super::resources::{DevCard, DevSet, Resource, ResourceSet};
use rand::Rng;

/// A source of chance outcomes, asked by `apply` only when the action needs one.
pub trait Chance {
    /// A dice total, 2..=12.
    fn dice(&mut self) -> u8;
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
    fn draw(&mut self, _deck: DevSet) -> DevCard {
        self.card.expect("outcome: card missing")
    }
    fn steal(&mut self, _hand: ResourceSet) -> Resource {
        self.stolen.expect("outcome: stolen card missing")
    }
}

/// The probability (out of 36) of each dice total 2..=12, indexed by total.
pub const DICE_WAYS: [u8; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

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
