//! Invariants over many seeded random games on every board and seat count: every generated
//! action is legal and applies, resources are conserved (hands + bank = the bank model's
//! count), points = pieces + VP cards + awards, caches match a recomputation, every state
//! survives `from_setup(to_setup())`, and the same seed plays the same game.
//! `ENGINE_GAMES=100000` for the full run (default 1500 classic 4-player games for CI, and a
//! share of that for each other board and seat count: the 6-player board, and the sea boards
//! of the recorded 2.6.10 games with their hexes and ports reshuffled each game).

use catan_bot::agent::playout::{HeuristicPolicy, PlayoutPolicy, UniformPolicy};
use catan_bot::game::{
    longest_route_on, ActionList, BitSet, Board, Classic, DevCard, Phase, Rules, Sea, Sea6, Seat,
    Shape, Six, State, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS, MAX_SHIPS,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::OnceLock;

#[path = "support/sea_fixture.rs"]
mod sea_fixture;

const MAX_STEPS: u32 = 100_000;

fn check<S: Shape>(st: &State<S>, seed: u64, step: u32) {
    let ctx = || format!("{} seed {seed} step {step} phase {:?}", S::NAME, st.phase());
    // Resources: 19 (24 on the 6-player board) of each in hands + bank.
    assert_eq!(
        st.resource_totals(),
        [i32::from(S::RESOURCES_PER_KIND); 5],
        "{}",
        ctx()
    );
    if st.rules().bank_limit {
        assert!(st.bank().iter().all(|&b| b >= 0), "{}", ctx());
    }
    let mut dev_total = st.deck().total();
    for s in st.seats() {
        if !st.rules().is_seated(s) {
            assert_eq!(st.public_vp(s), 0, "{}", ctx());
            assert_eq!(st.hand(s).total(), 0, "{}", ctx());
            continue;
        }
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
            }
            + st.special_vp(s);
        assert_eq!(st.public_vp(s), own_vp, "{}", ctx());
        let cards = st.dev_cards(s).get(DevCard::VictoryPoint)
            + st.new_dev_cards(s).get(DevCard::VictoryPoint);
        assert_eq!(st.total_vp(s), own_vp + cards, "{}", ctx());
        if st.winner() != Some(s) {
            // Only the current player can reach the target and win; others may hold it, and
            // so may a player building in another's turn (the Special Building Phase).
            assert!(
                st.total_vp(s) < st.rules().vp_to_win
                    || st.current_player() != s
                    || st.phase() == Phase::SpecialBuilding,
                "{}",
                ctx()
            );
        }
        // Pieces.
        assert!(st.roads(s).len() <= MAX_ROADS, "{}", ctx());
        assert!(st.settlements(s).len() <= MAX_SETTLEMENTS, "{}", ctx());
        assert!(st.cities(s).len() <= MAX_CITIES, "{}", ctx());
        assert!(st.ships(s).len() <= MAX_SHIPS, "{}", ctx());
        assert!(!st.ships(s).intersects(st.roads(s)), "{}", ctx());
        if let Some(l) = st.board().sea() {
            // Pieces on legal spots only.
            assert!((st.roads(s) - l.road_edges).is_empty(), "{}", ctx());
            assert!((st.ships(s) - l.ship_edges).is_empty(), "{}", ctx());
            let own = st.settlements(s) | st.cities(s);
            assert!((own - l.nodes).is_empty(), "{}", ctx());
        }
        // Longest road (trade route) cache.
        let own = st.settlements(s) | st.cities(s);
        let blockers = st.occupied() - own;
        assert_eq!(
            st.longest_road_length(s),
            longest_route_on::<S>(st.roads(s), st.ships(s), own, blockers),
            "{}",
            ctx()
        );
        dev_total +=
            st.dev_cards(s).total() + st.new_dev_cards(s).total() + st.knights_played(s) as u32;
    }
    assert!(dev_total <= S::FULL_DECK.total(), "{}", ctx());
    // The Special Building Phase: only in games with it, never for the turn's owner.
    if st.phase() == Phase::SpecialBuilding {
        assert!(st.rules().special_building, "{}", ctx());
    }
    if let Some(h) = st.longest_road_holder() {
        assert!(st.longest_road_length(h) >= 5, "{}", ctx());
        assert!(
            st.seats()
                .all(|s| st.longest_road_length(s) <= st.longest_road_length(h)),
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

/// Plays one classic 4-player game; returns (steps, winner, final state).
fn play(seed: u64, checked: bool) -> (u32, Option<Seat>, State) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rules = Rules {
        bank_limit: seed % 2 == 1,
        ..Rules::default()
    };
    let st = State::new(
        Board::random(&mut rng),
        rules,
        Seat::new((seed / 2 % 4) as usize),
    );
    play_from(st, rng, seed, checked)
}

/// Plays one game from `st`; returns (steps, winner, final state).
fn play_from<S: Shape>(
    mut st: State<S>,
    mut rng: SmallRng,
    seed: u64,
    checked: bool,
) -> (u32, Option<Seat>, State<S>) {
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

/// The games of `games` seeds on board `S` with `seats` seated (bit per seat), each checked
/// at every step; returns how many finished and how many Special Building Phases were
/// entered.
fn run_board<S: Shape>(
    games: u64,
    seats: u8,
    special_building: bool,
    board: fn(&mut SmallRng) -> Board<S>,
) -> (u64, u64) {
    let mut finished = 0;
    let mut sbp = 0;
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
        let rules = Rules {
            bank_limit: seed % 2 == 1,
            seats,
            special_building,
            ..Rules::default()
        };
        let first = Seat::first(S::SEATS)
            .filter(|s| rules.is_seated(*s))
            .nth((seed % rules.players() as u64) as usize)
            .unwrap();
        let st = State::new(board(&mut rng), rules, first);
        let (_, w, _) = play_from(st.clone(), rng.clone(), seed, true);
        finished += u64::from(w.is_some());
        // Count the Special Building Phases entered with a second, unchecked run.
        let mut st2 = st;
        let mut list = ActionList::new();
        let mut r2 = rng;
        let mut prev = st2.phase();
        while !st2.is_over() {
            st2.legal_actions(&mut list);
            let i = UniformPolicy.choose(&st2, &list, &mut r2);
            st2.apply(list[i], &mut r2);
            if st2.phase() == Phase::SpecialBuilding && prev != Phase::SpecialBuilding {
                sbp += 1;
            }
            prev = st2.phase();
        }
    }
    (finished, sbp)
}

#[test]
fn every_board_and_seat_count_keeps_every_invariant() {
    let games: u64 = std::env::var("ENGINE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(60, |g: u64| (g / 10).max(1));
    // Classic 3- and 2-player games (a vacant seat among them).
    for seats in [0b0111, 0b1010] {
        let (f, sbp) = run_board::<Classic>(games, seats, false, Board::random);
        assert_eq!((f, sbp), (games, 0), "classic seats {seats:#b}");
    }
    // The 6-player board with 6, 5 (a vacant seat) and 4 players; the Special Building
    // Phase in each.
    for seats in [0b11_1111, 0b11_0111, 0b01_1011] {
        let (f, sbp) = run_board::<Six>(games, seats, true, Board::random_six);
        assert_eq!(f, games, "6-player seats {seats:#b}");
        assert!(
            sbp > games,
            "6-player seats {seats:#b}: {sbp} phases in {games} games"
        );
    }
    // The sea boards of the recorded games, reshuffled each game: 4 players, 3 players, and
    // 6 players with the Special Building Phase.
    for seats in [0b1111, 0b1011] {
        let (f, _) = run_board::<Sea>(games, seats, false, sea_board);
        assert_eq!(f, games, "sea seats {seats:#b}");
    }
    let (f, sbp) = run_board::<Sea6>(games, 0b11_1111, true, sea6_board);
    assert_eq!(f, games, "6-player sea");
    assert!(sbp > games, "6-player sea: {sbp} phases in {games} games");
    println!("{games} games per board and seat count");
}

/// The recorded 4-player sea board, reshuffled.
fn sea_board(rng: &mut SmallRng) -> Board<Sea> {
    static B: OnceLock<Board<Sea>> = OnceLock::new();
    B.get_or_init(|| sea_fixture::read(sea_fixture::SEA_4P).board())
        .reshuffled(rng)
}

/// The recorded 6-player sea board, reshuffled.
fn sea6_board(rng: &mut SmallRng) -> Board<Sea6> {
    static B: OnceLock<Board<Sea6>> = OnceLock::new();
    B.get_or_init(|| sea_fixture::read(sea_fixture::SEA_6P).board())
        .reshuffled(rng)
}

/// Sea games use ships, move them, move the pirate and rob with it, and finish.
#[test]
fn sea_games_use_every_sea_action() {
    use catan_bot::game::Action;
    let mut counts = [0u32; 5];
    for seed in 0..20u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let rules = Rules {
            svp_each_new_area: seed % 2 == 0,
            ..Rules::default()
        };
        let mut st = State::new(sea_board(&mut rng), rules, Seat::new(0));
        let mut list = ActionList::new();
        while !st.is_over() {
            st.legal_actions(&mut list);
            // Prefer sea actions half the time, to see them applied.
            let sea: Vec<usize> = (0..list.len())
                .filter(|&i| {
                    matches!(
                        list[i],
                        Action::BuildShip(_) | Action::MoveShip { .. } | Action::MovePirate(_)
                    )
                })
                .collect();
            let i = if !sea.is_empty() && rng.gen_bool(0.5) {
                sea[rng.gen_range(0..sea.len())]
            } else {
                rng.gen_range(0..list.len())
            };
            match list[i] {
                Action::BuildShip(_) => counts[0] += 1,
                Action::MoveShip { .. } => counts[1] += 1,
                Action::MovePirate(_) => counts[2] += 1,
                Action::PickGold(_) => counts[4] += 1,
                _ => {}
            }
            st.apply(list[i], &mut rng);
            check(&st, seed, 0);
        }
        counts[3] += st.seats().map(|s| u32::from(st.special_vp(s))).sum::<u32>();
    }
    println!("ships built, moved, pirate moves, special VP, gold picks: {counts:?}");
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
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
