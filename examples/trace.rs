use catan_bot::agent::playout::{HeuristicPolicy, PlayoutPolicy};
use catan_bot::game::{ActionList, Board, Rules, Seat, State};
use rand::{rngs::SmallRng, SeedableRng};
fn main() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut st = State::new(Board::random(&mut rng), Rules::default(), Seat::new(0));
    let mut l = ActionList::new();
    let mut p = HeuristicPolicy;
    for _ in 0..250 {
        p.candidates(&st, &mut l);
        let i = p.choose(&st, &l, &mut rng);
        let s = st.to_move();
        let before = st.hand(s);
        st.apply(l[i], &mut rng);
        println!(
            "t{} {:?} {:?} {:?} -> {:?} dice {} (cands {})",
            st.turn(),
            s,
            before,
            l[i],
            st.hand(s),
            st.dice(),
            l.len()
        );
    }
    println!("{:?}", st.board());
}
