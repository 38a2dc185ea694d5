//! Invariants over many seeded random games: every generated action is legal and applies,
//! resources are conserved (hands + bank = 95), points = pieces + VP cards + awards, caches
//! match a recomputation, every state survives `from_setup(to_setup())`, and the same seed
//! plays the same game. `ENGINE_GAMES=100000` for the full run (default 1500 for CI).

use catan_bot::agent::playout::{HeuristicPolicy, PlayoutPolicy, UniformPolicy};
use catan_bot::game::{
    longest_road, ActionList, Board, DevCard, Phase, Rules, Seat, State, MAX_CITIES, MAX_ROADS,
    MAX_SETTLEMENTS,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const MAX_STEPS: u32 = 100_000;

fn check(st: &State, seed: u64, step: u32) {
    let ctx = || format!("seed {seed} step {step} phase {:?}", st.phase());
    // Resources: 19 of each in hands + bank.
    assert_eq!(st.resource_totals(), [19; 5], "{}", ctx());
    if st.rules().bank_limit {
        assert!(st.bank().iter().all(|&b| b >= 0), "{}", ctx());
    }
    let mut dev_total = st.deck().total();
    for s in Seat::all() {
        // Points.
        let own_vp = st.settlements(s).len() as u8
            + 2 * st.cities(s).len() as u8
            + if st.longest_road_holder() == Some(s) {
                2
            } else {
                0
            }
            + if st.largest_army_holder() == Some(s) {
                2
            } else {
                0
            };
        assert_eq!(st.public_vp(s), own_vp, "{}", ctx());
        let cards = st.dev_cards(s).get(DevCard::VictoryPoint)
            + st.new_dev_cards(s).get(DevCard::VictoryPoint);
        assert_eq!(st.total_vp(s), own_vp + cards, "{}", ctx());
        if st.winner() != Some(s) {
            // Only the current player can reach the target and win; others may hold it.
            assert!(
                st.total_vp(s) < st.rules().vp_to_win || st.current_player() != s,
                "{}",
                ctx()
            );
        }
        // Pieces.
        assert!(st.roads(s).len() <= MAX_ROADS, "{}", ctx());
        assert!(st.settlements(s).len() <= MAX_SETTLEMENTS, "{}", ctx());
        assert!(st.cities(s).len() <= MAX_CITIES, "{}", ctx());
        // Longest road cache.
        let blockers = st.occupied() - st.settlements(s) - st.cities(s);
        assert_eq!(
            st.longest_road_length(s),
            longest_road(st.roads(s), blockers),
            "{}",
            ctx()
        );
        dev_total +=
            st.dev_cards(s).total() + st.new_dev_cards(s).total() + st.knights_played(s) as u32;
    }
    assert!(dev_total <= 25, "{}", ctx());
    if let Some(h) = st.longest_road_holder() {
        assert!(st.longest_road_length(h) >= 5, "{}", ctx());
        assert!(
            Seat::all().all(|s| st.longest_road_length(s) <= st.longest_road_length(h)),
            "{}",
            ctx()
        );
    }
    if let Some(h) = st.largest_army_holder() {
        assert!(st.knights_played(h) >= 3, "{}", ctx());
    }
    assert_eq!(st.winner().is_some(), st.is_over(), "{}", ctx());
    // Round trip through Setup.
    let back = State::from_setup(&st.to_setup()).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
    assert_eq!(&back, st, "{}", ctx());
}

/// Plays one game; returns (steps, winner, final state).
fn play(seed: u64, checked: bool) -> (u32, Option<Seat>, State) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rules = Rules {
        bank_limit: seed % 2 == 1,
        ..Rules::default()
    };
    let mut st = State::new(
        Board::random(&mut rng),
        rules,
        Seat::new((seed / 2 % 4) as usize),
    );
    let heuristic = seed % 3 == 0;
    let mut list = ActionList::new();
    let mut steps = 0;
    while !st.is_over() && steps < MAX_STEPS {
        if heuristic {
            HeuristicPolicy.candidates(&st, &mut list);
        } else {
            st.legal_actions(&mut list);
        }
        assert!(
            !list.is_empty(),
            "seed {seed} step {steps}: no action in {:?}",
            st.phase()
        );
        if checked {
            let mut all = ActionList::new();
            st.legal_actions(&mut all);
            for &a in list.iter() {
                assert!(st.is_legal(a), "seed {seed} step {steps}: {a:?} not legal");
            }
            // Each generated action applies (on a copy), with try_apply.
            let k = rng.gen_range(0..all.len());
            let mut copy = st.clone();
            let mut r2 = SmallRng::seed_from_u64(seed ^ steps as u64);
            copy.try_apply(all[k], &mut r2).unwrap();
            if st.phase() == Phase::Discard {
                assert!(list
                    .iter()
                    .all(|a| matches!(a, catan_bot::game::Action::Discard(_))));
            }
        }
        let i = if heuristic {
            HeuristicPolicy.choose(&st, &list, &mut rng)
        } else {
            UniformPolicy.choose(&st, &list, &mut rng)
        };
        st.apply(list[i], &mut rng);
        steps += 1;
        if checked {
            check(&st, seed, steps);
        }
    }
    (steps, st.winner(), st)
}

#[test]
fn random_games_keep_every_invariant() {
    let games: u64 = std::env::var("ENGINE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    let mut finished = 0;
    let mut steps = 0u64;
    for seed in 0..games {
        let (n, w, _) = play(seed, true);
        steps += n as u64;
        if w.is_some() {
            finished += 1;
        }
    }
    println!("{games} games, {finished} finished, {steps} steps");
    assert_eq!(finished, games, "every game ends within {MAX_STEPS} steps");
}

#[test]
fn same_seed_same_game() {
    for seed in [1, 2, 3, 1000, 77777] {
        let (n1, w1, s1) = play(seed, false);
        let (n2, w2, s2) = play(seed, false);
        assert_eq!((n1, w1), (n2, w2));
        assert_eq!(s1, s2);
    }
}
