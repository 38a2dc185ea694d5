//! A learned evaluation of a position: each seat's chance to win the game, from a few numbers
//! about each seat (points, production, cards, army, road, ports, turn order), as a
//! conditional logit — `P(s) = exp(w·f(s)) / Σ_t exp(w·f(t))`. The weights were fitted
//! (`catan-bot calibrate --fit`) on the positions of real games against the stock robots, so
//! the evaluation says who wins *against them*, where the search's playouts say who wins
//! among heuristic players. The search may cut its playouts short and score the position
//! with it (`cut=N`).
//!
//! Features are read from a full-information state (a determinized world): hidden victory
//! point cards count, as they do at the search's cut-off.

use crate::game::{Resource, Seat, Shape, State, MAX_SEATS};

/// Number of features a seat.
pub const FEATURES: usize = 13;

/// Names of the features, in order (for the fit's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "points",
    "pips/10",
    "resource kinds produced",
    "ore+wheat pips/10",
    "knights played",
    "development cards held",
    "resource cards held",
    "longest road length",
    "resources with a port",
    "turns until its own",
    "points squared/10",
    "holds largest army",
    "holds longest road",
];

/// The fitted weights (see [`WEIGHTS_FIT`] for where they come from).
pub const WEIGHTS: [f32; FEATURES] = [
    -0.0306, 0.5353, 0.1194, -0.1557, 0.2500, 0.4389, 0.1032, 0.2144, -0.0010, -0.6097, 0.6095,
    -0.4411, -1.2223,
];

/// How [`WEIGHTS`] were fitted.
pub const WEIGHTS_FIT: &str = "fitted 2026-12-06 on 6,003 positions (every 4th decision) of \
     374 recorded 4-player games of catan-bot against three stock robots on JSettlers 2.6.10 \
     (2026-12-05), ridge 1; log loss 0.9091 held out by game";

/// The features of `seat` in `state`.
pub fn features<S: Shape>(state: &State<S>, seat: Seat) -> [f32; FEATURES] {
    let prod = state.production(seat);
    let pips: u16 = prod.iter().sum();
    let kinds = prod.iter().filter(|&&p| p > 0).count();
    let ore_wheat = prod[Resource::Ore.index()] + prod[Resource::Wheat.index()];
    let cards = state.dev_cards(seat).total() + state.new_dev_cards(seat).total();
    let ports = state.trade_ratios(seat).iter().filter(|&&r| r < 4).count();
    let n = state.seats().count();
    let order = (seat.index() + n - state.current_player().index()) % n;
    let points = f32::from(state.total_vp(seat));
    [
        points,
        f32::from(pips) / 10.0,
        kinds as f32,
        f32::from(ore_wheat) / 10.0,
        f32::from(state.knights_played(seat)),
        cards as f32,
        state.hand(seat).total() as f32,
        f32::from(state.longest_road_length(seat)),
        ports as f32,
        order as f32,
        points * points / 10.0,
        f32::from(u8::from(state.largest_army_holder() == Some(seat))),
        f32::from(u8::from(state.longest_road_holder() == Some(seat))),
    ]
}

/// Each seat's chance to win by `weights` (0 for seats the game does not have); sums to 1.
pub fn win_chances<S: Shape>(state: &State<S>, weights: &[f32; FEATURES]) -> [f32; MAX_SEATS] {
    let mut score = [f32::NEG_INFINITY; MAX_SEATS];
    let mut best = f32::NEG_INFINITY;
    for s in state.seats() {
        let f = features(state, s);
        let v: f32 = f.iter().zip(weights).map(|(a, b)| a * b).sum();
        score[s.index()] = v;
        best = best.max(v);
    }
    let mut out = [0.0; MAX_SEATS];
    let mut total = 0.0;
    for s in state.seats() {
        let e = (score[s.index()] - best).exp();
        out[s.index()] = e;
        total += e;
    }
    for p in &mut out {
        *p /= total;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Board, Classic, Rules};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    fn some_state() -> State<Classic> {
        let mut rng = SmallRng::seed_from_u64(3);
        let board = Board::random(&mut rng);
        State::new(board, Rules::default(), Seat::new(0))
    }

    #[test]
    fn chances_sum_to_one_and_favour_the_larger_score() {
        let st = some_state();
        // Only the turn order counts: the seat furthest from its turn scores highest.
        let mut w = [0.0; FEATURES];
        w[9] = 1.0;
        let p = win_chances(&st, &w);
        let total: f32 = p.iter().sum();
        assert!((total - 1.0).abs() < 1e-5, "{p:?}");
        assert!(p[3] > p[2] && p[2] > p[1] && p[1] > p[0], "{p:?}");
        // Zero weights: all seats alike.
        let p = win_chances(&st, &[0.0; FEATURES]);
        assert!((p[0] - 0.25).abs() < 1e-6 && (p[3] - 0.25).abs() < 1e-6);
    }
}
