//! Game options in the engine, over seeded random games: PL (vacant seats never move, hold
//! nothing, and turns skip them), VP (the game goes on past 10 points), N7 and N7C (no 7 is
//! rolled, sampled or listed, until allowed), RD (the robber never goes back to the desert).

use catan_bot::agent::playout::{HeuristicPolicy, PlayoutPolicy};
use catan_bot::game::{Action, ActionList, Board, Phase, Rules, Seat, State};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Plays `st` to the end with the heuristic playout policy, calling `each` before every step.
fn play(st: &mut State, seed: u64, mut each: impl FnMut(&State, Action)) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut policy = HeuristicPolicy;
    let mut list = ActionList::new();
    for _ in 0..100_000 {
        if st.is_over() {
            return;
        }
        policy.candidates(st, &mut list);
        let a = list[policy.choose(st, list.as_slice(), &mut rng)];
        each(st, a);
        st.apply(a, &mut rng);
    }
    panic!("seed {seed}: no end in 100,000 steps");
}

fn new_game(rules: Rules, seed: u64, first: usize) -> State {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0xB0A2D);
    State::new(Board::random(&mut rng), rules, Seat::new(first))
}

#[test]
fn three_and_two_player_games_never_seat_a_phantom_player() {
    for (seats, seed) in [(0b0111u8, 1u64), (0b1011, 2), (0b0101, 3), (0b1010, 4)] {
        let rules = Rules {
            seats,
            ..Rules::default()
        };
        let first = rules
            .seated()
            .nth(seed as usize % rules.players() as usize)
            .unwrap();
        let mut st = new_game(rules, seed, first.index());
        let mut last_mover: Option<Seat> = None;
        let mut turns = 0;
        play(&mut st, seed, |st, a| {
            let m = st.to_move();
            assert!(
                rules.is_seated(m),
                "seats {seats:04b}: vacant {m:?} to move"
            );
            if st.phase() == Phase::RollOrCard && a == Action::Roll && last_mover != Some(m) {
                turns += 1;
                last_mover = Some(m);
            }
        });
        let w = st.winner().expect("a winner");
        assert!(rules.is_seated(w));
        for s in Seat::first(4).filter(|&s| !rules.is_seated(s)) {
            assert!(st.settlements(s).is_empty() && st.roads(s).is_empty());
            assert_eq!(st.hand(s).total(), 0);
            assert_eq!(st.total_vp(s), 0);
        }
        // Every seated player placed two settlements (snake order over seated seats only).
        assert!(turns > 3, "seats {seats:04b}: {turns} turns");
        let round_trip = State::from_setup(&st.to_setup()).unwrap();
        assert_eq!(round_trip.rules(), rules);
    }
}

#[test]
fn vacant_seats_in_a_setup_are_checked() {
    let rules = Rules {
        seats: 0b0111,
        ..Rules::default()
    };
    let st = new_game(rules, 9, 3);
    assert!(
        State::from_setup(&st.to_setup()).is_err(),
        "seat 3 vacant but first"
    );
}

#[test]
fn victory_points_to_win_follow_the_option() {
    for (vp, seed) in [(12u8, 5u64), (13, 6), (14, 7)] {
        let rules = Rules {
            vp_to_win: vp,
            ..Rules::default()
        };
        let mut st = new_game(rules, seed, 0);
        play(&mut st, seed, |_, _| {});
        let w = st.winner().unwrap();
        assert!(
            st.total_vp(w) >= vp,
            "VP={vp}: winner has {}",
            st.total_vp(w)
        );
    }
}

#[test]
fn no_seven_for_the_first_rounds_then_sevens() {
    let rules = Rules {
        no_seven_rounds: 7,
        ..Rules::default()
    };
    let mut sevens_early = 0;
    let mut sevens_late = 0;
    let mut rolls_late = 0;
    for seed in 10..16 {
        let mut st = new_game(rules, seed, (seed % 4) as usize);
        play(&mut st, seed, |st, a| {
            if a == Action::Roll {
                let listed = st.chance_outcomes(a);
                let has7 = listed.as_slice().iter().any(|(o, _)| o.dice == Some(7));
                assert_eq!(has7, st.round() > 7, "round {}", st.round());
            }
        });
        // Replay the same game's rolls by watching dice after each roll.
        let mut st = new_game(rules, seed, (seed % 4) as usize);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut policy = HeuristicPolicy;
        let mut list = ActionList::new();
        while !st.is_over() {
            policy.candidates(&st, &mut list);
            let a = list[policy.choose(&st, list.as_slice(), &mut rng)];
            let round = st.round();
            st.apply(a, &mut rng);
            if a == Action::Roll {
                if round <= 7 {
                    sevens_early += u32::from(st.dice() == 7);
                } else {
                    rolls_late += 1;
                    sevens_late += u32::from(st.dice() == 7);
                }
            }
        }
    }
    assert_eq!(sevens_early, 0);
    assert!(
        rolls_late > 100 && sevens_late > 0,
        "{sevens_late} of {rolls_late}"
    );
}

#[test]
fn no_seven_until_a_city_is_built() {
    let rules = Rules {
        no_seven_until_city: true,
        ..Rules::default()
    };
    for seed in 20..24 {
        let mut st = new_game(rules, seed, 0);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut policy = HeuristicPolicy;
        let mut list = ActionList::new();
        let mut seen_city_seven = false;
        while !st.is_over() {
            policy.candidates(&st, &mut list);
            let a = list[policy.choose(&st, list.as_slice(), &mut rng)];
            let city = Seat::first(4).any(|s| !st.cities(s).is_empty());
            st.apply(a, &mut rng);
            if a == Action::Roll && st.dice() == 7 {
                assert!(city, "seed {seed}: a 7 before any city");
                seen_city_seven = true;
            }
        }
        assert!(
            seen_city_seven,
            "seed {seed}: never a 7 after the first city"
        );
    }
}

#[test]
fn the_robber_never_returns_to_the_desert() {
    let rules = Rules {
        robber_not_to_desert: true,
        ..Rules::default()
    };
    let mut moves = 0;
    for seed in 30..36 {
        let mut st = new_game(rules, seed, 1);
        let desert = st.board().desert();
        play(&mut st, seed, |st, _| {
            if st.phase() == Phase::PlacingRobber {
                let mut l = ActionList::new();
                st.legal_actions(&mut l);
                for a in l.iter() {
                    if let Action::MoveRobber(h) = a {
                        assert_ne!(Some(*h), desert);
                    }
                }
                moves += 1;
            }
        });
    }
    assert!(moves > 20);
    // Without the option the desert is a legal robber hex once the robber has left it.
    let st = new_game(Rules::default(), 30, 1);
    assert!(st.robber_may_go(st.board().hexes_with_number(6).first().unwrap()));
}
