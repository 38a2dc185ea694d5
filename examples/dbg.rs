use catan_bot::agent::playout::{playout, HeuristicPolicy};
use catan_bot::game::Seat;
use rand::{rngs::SmallRng, SeedableRng};
fn main() {
    let st0 = catan_bot::perf::mid_game_position();
    for s in Seat::all() {
        println!(
            "{s:?} vp {} hand {:?} sett {} city {} roads {} rl {} dev {:?}",
            st0.total_vp(s),
            st0.hand(s),
            st0.settlements(s).len(),
            st0.cities(s).len(),
            st0.roads(s).len(),
            st0.longest_road_length(s),
            st0.dev_cards(s)
        );
    }
    let mut rng = SmallRng::seed_from_u64(1);
    let mut turns = 0;
    let n = 200;
    for _ in 0..n {
        let mut st = st0.clone();
        playout(&mut st, &mut HeuristicPolicy, &mut rng, 100000);
        turns += st.turn() - st0.turn();
    }
    println!("avg turns {}", turns as f64 / n as f64);
    let mut st = st0.clone();
    playout(&mut st, &mut HeuristicPolicy, &mut rng, 100000);
    for s in Seat::all() {
        println!(
            "{s:?} vp {} hand {:?} sett {} city {} roads {} rl {} dev {:?} k {}",
            st.total_vp(s),
            st.hand(s),
            st.settlements(s).len(),
            st.cities(s).len(),
            st.roads(s).len(),
            st.longest_road_length(s),
            st.dev_cards(s),
            st.knights_played(s)
        );
    }
}
