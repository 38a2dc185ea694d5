//! Determinization: a full [`State`] consistent with what a [`View`]'s player knows, with the
//! hidden part redrawn — opponents' cards of unknown type, the kinds of opponents' unplayed
//! development cards, and so the deck. Imports `crate::game` and `agent::view`.

use rand::Rng;

use super::view::{Belief, DevAges, View, DEV_AGES, DEV_AGE_WEIGHTS};
use crate::game::{BySeat, DevCard, DevSet, Resource, ResourceSet, Shape, State};

/// Whether `view` hides anything at all (if not, determinizing is the identity).
pub fn has_hidden<S: Shape>(view: &View<S>) -> bool {
    view.state.has_fog()
        || view.state.seats().any(|s| {
            let b = view.beliefs[s];
            b.unknown > 0
                || (b.dev_hidden
                    && (view.state.dev_cards(s).total() + view.state.new_dev_cards(s).total()) > 0)
        })
}

/// Resource cards of each kind the viewer has not seen: 19 per resource less every card of
/// known type in `beliefs` (negative where JSettlers' unlimited bank paid more).
pub fn unseen_resources<S: Shape>(beliefs: &BySeat<Belief>) -> [i32; 5] {
    let mut unseen = [i32::from(S::RESOURCES_PER_KIND); 5];
    for (_, b) in beliefs.iter() {
        for r in Resource::ALL {
            unseen[r.index()] -= i32::from(b.known[r]);
        }
    }
    unseen
}

/// The likeliest hands, without chance: every seat's known cards, and each unknown card as
/// the resource the viewer has seen least of (ties to the first kind). What a client shows
/// the agent before it determinizes.
pub fn guess_hidden_hands<S: Shape>(state: &mut State<S>, beliefs: &BySeat<Belief>) {
    let mut supply = unseen_resources::<S>(beliefs);
    for s in state.seats() {
        let b = beliefs[s];
        let mut hand = b.known;
        for _ in 0..b.unknown {
            let r = (0..5).max_by_key(|&r| (supply[r], 4 - r)).unwrap_or(0);
            supply[r] -= 1;
            hand.0[r] = hand.0[r].saturating_add(1);
        }
        state.set_hand(s, hand);
    }
}

/// Samples a world consistent with `view`.
///
/// Resource cards of unknown type are drawn one at a time with weights equal to how many of
/// each resource are not visible to the viewer (19 per resource less every known card, at
/// least 1 so that JSettlers' unlimited bank never makes a draw impossible). Hidden
/// development cards are dealt from the cards the viewer has not seen: the deck plus every
/// hidden hand, keeping each seat's count of playable and just-bought cards; a playable card
/// the seat has held for turns without playing any is dealt with weights that favour victory
/// points ([`DevAges`], [`DEV_AGE_WEIGHTS`]; cards of age 0 uniformly, so a view without ages
/// deals as if every card were new to the hand). Fog hexes
/// (SC_FOG) are revealed as a draw from what the fog island still hides
/// ([`State::sample_fog`]).
pub fn determinize<S: Shape, R: Rng + ?Sized>(view: &View<S>, rng: &mut R) -> State<S> {
    if !has_hidden(view) {
        return view.state.clone();
    }
    let mut world = view.state.clone();

    // Resources.
    let mut unseen = unseen_resources::<S>(&view.beliefs).map(|n| n.max(1));
    for s in world.seats() {
        let b = view.beliefs[s];
        if b.unknown == 0 {
            continue;
        }
        let mut hand = b.known;
        for _ in 0..b.unknown {
            let total: i32 = unseen.iter().sum();
            let mut x = rng.gen_range(0..total);
            let mut pick = Resource::ALL[4];
            for r in Resource::ALL {
                if x < unseen[r.index()] {
                    pick = r;
                    break;
                }
                x -= unseen[r.index()];
            }
            hand.add(ResourceSet::of(pick, 1));
            unseen[pick.index()] = (unseen[pick.index()] - 1).max(1);
        }
        world.set_hand(s, hand);
    }

    // Development cards: pool the deck with every hidden hand, then deal the counts back.
    let mut pool = world.deck();
    for s in world.seats() {
        if view.beliefs[s].dev_hidden {
            add_dev(&mut pool, world.dev_cards(s));
            add_dev(&mut pool, world.new_dev_cards(s));
        }
    }
    for s in world.seats() {
        if view.beliefs[s].dev_hidden {
            let old = deal_aged(
                &mut pool,
                world.dev_cards(s).total(),
                view.beliefs[s].dev_ages,
                rng,
            );
            let new = deal(&mut pool, world.new_dev_cards(s).total(), rng);
            world.set_dev_cards(s, old, new);
        }
    }
    world.set_deck(pool);
    world.sample_fog(rng);
    world
}

fn add_dev(into: &mut DevSet, from: DevSet) {
    for c in DevCard::ALL {
        into[c] += from[c];
    }
}

/// `n` playable cards of a seat whose cards have `ages`: the older ones first, each drawn
/// with its kind's count in the pool times its age's weight (victory points 100), then the
/// rest uniformly ([`deal`]).
fn deal_aged<R: Rng + ?Sized>(pool: &mut DevSet, n: u32, ages: DevAges, rng: &mut R) -> DevSet {
    let mut ages = ages;
    ages.settle(n);
    let mut out = DevSet::EMPTY;
    for a in (1..DEV_AGES).rev() {
        let w = DEV_AGE_WEIGHTS[a];
        for _ in 0..ages.0[a] {
            let weight = |c: DevCard| {
                let per = if c == DevCard::VictoryPoint { 100 } else { w };
                u32::from(pool[c]) * per
            };
            let total: u32 = DevCard::ALL.into_iter().map(weight).sum();
            if total == 0 {
                break;
            }
            let mut x = rng.gen_range(0..total);
            let mut pick = DevCard::VictoryPoint;
            for c in DevCard::ALL {
                if x < weight(c) {
                    pick = c;
                    break;
                }
                x -= weight(c);
            }
            pool[pick] -= 1;
            out[pick] += 1;
        }
    }
    let rest = deal(pool, n - out.total(), rng);
    add_dev(&mut out, rest);
    out
}

fn deal<R: Rng + ?Sized>(pool: &mut DevSet, n: u32, rng: &mut R) -> DevSet {
    let mut out = DevSet::EMPTY;
    for _ in 0..n {
        let c = pool.nth_card(rng.gen_range(0..pool.total()));
        pool[c] -= 1;
        out[c] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::playout::{playout, HeuristicPolicy};
    use crate::game::Seat;
    use crate::game::{Board, Rules};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    fn midgame(seed: u64) -> State {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
        playout(&mut st, &mut HeuristicPolicy, &mut rng, 150);
        st
    }

    #[test]
    fn determinization_keeps_what_is_known_and_every_count() {
        for seed in 0..20 {
            let st = midgame(seed);
            let me = Seat::new((seed % 4) as usize);
            let mut view = View::open_hands(st.clone(), me);
            for s in st.seats().filter(|&s| s != me) {
                // Forget up to two cards of every opponent.
                let hand = st.hand(s);
                let mut known = hand;
                let mut forgotten = 0;
                for r in Resource::ALL {
                    while known.get(r) > 0 && forgotten < 2 {
                        known.sub(ResourceSet::of(r, 1));
                        forgotten += 1;
                    }
                }
                view.beliefs[s].known = known;
                view.beliefs[s].unknown = forgotten;
            }
            let mut rng = SmallRng::seed_from_u64(seed + 100);
            let w = determinize(&view, &mut rng);
            for s in st.seats() {
                assert_eq!(w.hand(s).total(), st.hand(s).total(), "seed {seed}");
                assert!(w.hand(s).contains(view.beliefs[s].known), "seed {seed}");
                assert_eq!(w.dev_cards(s).total(), st.dev_cards(s).total());
                assert_eq!(w.new_dev_cards(s).total(), st.new_dev_cards(s).total());
                assert_eq!(w.settlements(s), st.settlements(s));
            }
            assert_eq!(w.hand(me), st.hand(me));
            assert_eq!(w.dev_cards(me), st.dev_cards(me));
            assert_eq!(w.deck().total(), st.deck().total());
            assert_eq!(w.phase(), st.phase());
        }
    }

    #[test]
    fn hidden_development_cards_are_redealt() {
        // Over many seeds, some opponent's dev cards must come out different from the truth.
        let mut changed = false;
        for seed in 0..40 {
            let st = midgame(seed);
            let view = View::open_hands(st.clone(), Seat::new(0));
            let mut rng = SmallRng::seed_from_u64(seed);
            let w = determinize(&view, &mut rng);
            changed |= st.seats().any(|s| w.dev_cards(s) != st.dev_cards(s));
            assert_eq!(w.dev_cards(Seat::new(0)), st.dev_cards(Seat::new(0)));
        }
        assert!(changed, "no hidden dev card was ever redrawn");
    }

    /// A seat's old cards with ages are dealt as victory points more often than the same
    /// cards without, and by as much as the weights say for a lone card; a view whose ages
    /// are all 0 deals exactly as one without any.
    #[test]
    fn old_unplayed_cards_are_dealt_as_likelier_victory_points() {
        let (mut young_vp, mut old_vp, mut cards) = (0u32, 0u32, 0u32);
        let mut compared = 0;
        for seed in 0..200 {
            let st = midgame(seed);
            let me = Seat::new(0);
            let Some(s) = st.seats().find(|&s| s != me && st.dev_cards(s).total() > 0) else {
                continue;
            };
            let n = st.dev_cards(s).total();
            let young = View::open_hands(st.clone(), me);
            let mut zero = young.clone();
            zero.beliefs[s].dev_ages = DevAges([n as u8, 0, 0, 0]);
            let mut old = young.clone();
            old.beliefs[s].dev_ages = DevAges([0, 0, 0, n as u8]);
            for k in 0..50 {
                let w_young = determinize(&young, &mut SmallRng::seed_from_u64(k));
                let w_zero = determinize(&zero, &mut SmallRng::seed_from_u64(k));
                assert_eq!(w_young.dev_cards(s), w_zero.dev_cards(s), "seed {seed}");
                let w_old = determinize(&old, &mut SmallRng::seed_from_u64(k));
                assert_eq!(w_old.dev_cards(s).total(), n);
                assert_eq!(w_old.deck().total(), st.deck().total());
                young_vp += u32::from(w_young.dev_cards(s)[DevCard::VictoryPoint]);
                old_vp += u32::from(w_old.dev_cards(s)[DevCard::VictoryPoint]);
                cards += n;
            }
            compared += 1;
        }
        assert!(compared > 50, "{compared}");
        let (young, old) = (young_vp as f64 / cards as f64, old_vp as f64 / cards as f64);
        // A lone card: odds multiplied by 100/20 = 5 (less with several cards drawn from one
        // pool); a share of about 0.2 becomes about 0.5.
        assert!(young > 0.1 && young < 0.35, "{young}");
        assert!(old > young * 1.8 && old < 0.75, "{young} {old}");
    }
}
