//! The 6-player board in the engine: its deck, bank and seats, and the Special Building Phase
//! as the server runs it (`SOCGame.advanceTurnToSpecialBuilding`).

use catan_bot::game::{
    Action, ActionList, Board, DevCard, Phase, ResourceSet, Rules, Seat, Shape, Six, State,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A 6-player game played at random to the first `Main` after placement.
fn main_phase(seed: u64, rules: Rules) -> (State<Six>, SmallRng) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut st = State::new(Board::random_six(&mut rng), rules, Seat::new(0));
    let mut list = ActionList::new();
    while st.phase() != Phase::Main {
        st.legal_actions(&mut list);
        let a = if st.phase() == Phase::RollOrCard {
            Action::Roll
        } else {
            list[rng.gen_range(0..list.len())]
        };
        st.apply(a, &mut rng);
    }
    (st, rng)
}

#[test]
fn a_new_six_player_game_has_the_six_player_deck_and_bank() {
    let (st, _) = main_phase(1, Rules::six());
    assert_eq!(Six::FULL_DECK.get(DevCard::Knight), 20);
    assert_eq!(st.deck().total(), 34);
    assert_eq!(st.resource_totals(), [24; 5]);
    assert_eq!(st.seats().count(), 6);
    // Snake order through six seats: twelve settlements placed.
    let placed: usize = st.seats().map(|s| st.settlements(s).len()).sum();
    assert_eq!(placed, 12);
}

#[test]
fn the_others_build_in_turn_order_after_the_turn_and_then_the_next_turn_starts() {
    let (mut st, mut rng) = main_phase(3, Rules::six());
    let owner = st.current_player();
    let turn = st.turn();
    // Give seats owner+2 and owner+4 a development card's price, the others nothing.
    let rich = [owner.next_of(6).next_of(6), owner.prev_of(6).prev_of(6)];
    for s in st.seats() {
        let hand = if rich.contains(&s) {
            ResourceSet::new(0, 1, 1, 1, 0)
        } else {
            ResourceSet::EMPTY
        };
        st.set_hand(s, hand);
    }
    st.apply(Action::EndTurn, &mut rng);
    assert_eq!(st.phase(), Phase::SpecialBuilding);
    assert_eq!(st.current_player(), rich[0]);
    assert_eq!(st.turn(), turn, "the phase is not a turn");
    let mut list = ActionList::new();
    st.legal_actions(&mut list);
    // Build or finish; no cards played, no trades.
    assert!(list.contains(Action::BuyDevCard));
    assert!(list.contains(Action::EndTurn));
    assert!(list.iter().all(|a| matches!(
        a,
        Action::BuyDevCard
            | Action::EndTurn
            | Action::BuildRoad(_)
            | Action::BuildSettlement(_)
            | Action::BuildCity(_)
    )));
    st.apply(Action::BuyDevCard, &mut rng);
    assert_eq!(st.new_dev_cards(rich[0]).total(), 1);
    assert_eq!(st.phase(), Phase::SpecialBuilding, "buying does not end it");
    st.apply(Action::EndTurn, &mut rng);
    assert_eq!(st.current_player(), rich[1]);
    assert_eq!(st.phase(), Phase::SpecialBuilding);
    st.apply(Action::EndTurn, &mut rng);
    // Then the turn after the owner's.
    assert_eq!(st.phase(), Phase::RollOrCard);
    assert_eq!(st.current_player(), owner.next_of(6));
    assert_eq!(st.turn(), turn + 1);
    // The card bought in the phase is playable from the buyer's next turn on.
    assert_eq!(st.new_dev_cards(rich[0]).total(), 0);
    assert_eq!(st.dev_cards(rich[0]).total(), 1);
    assert_eq!(State::from_setup(&st.to_setup()).unwrap(), st);
}

#[test]
fn nobody_able_to_build_means_no_phase_and_a_classic_game_never_has_one() {
    let (mut st, mut rng) = main_phase(5, Rules::six());
    let owner = st.current_player();
    for s in st.seats() {
        st.set_hand(s, ResourceSet::EMPTY);
    }
    st.apply(Action::EndTurn, &mut rng);
    assert_eq!(
        (st.phase(), st.current_player()),
        (Phase::RollOrCard, owner.next_of(6))
    );
    // Without the rule (a 6-player board with house rule PLP and four players, say).
    let rules = Rules {
        special_building: false,
        ..Rules::six()
    };
    let (mut st, mut rng) = main_phase(5, rules);
    let owner = st.current_player();
    for s in st.seats() {
        st.set_hand(s, ResourceSet::new(5, 5, 5, 5, 5));
    }
    st.apply(Action::EndTurn, &mut rng);
    assert_eq!(
        (st.phase(), st.current_player()),
        (Phase::RollOrCard, owner.next_of(6))
    );
}

#[test]
fn a_player_reaching_the_target_while_building_wins_only_on_their_own_turn() {
    let (st, mut rng) = main_phase(7, Rules::six());
    let owner = st.current_player();
    let builder = owner.next_of(6);
    // The builder needs one point: the rules' target set just above their points.
    let mut setup = st.to_setup();
    setup.rules.vp_to_win = st.total_vp(builder) + 1;
    // Nobody else can build; the builder can buy a card (any card: a VP card would do).
    let mut st2 = State::from_setup(&setup).unwrap();
    for s in st2.seats() {
        st2.set_hand(s, ResourceSet::EMPTY);
    }
    st2.set_hand(builder, ResourceSet::new(0, 1, 1, 1, 0));
    st2.apply(Action::EndTurn, &mut rng);
    assert_eq!(
        (st2.phase(), st2.current_player()),
        (Phase::SpecialBuilding, builder)
    );
    // Force a VP card: set the deck to VP cards only.
    let mut deck = st2.deck();
    for c in DevCard::ALL {
        deck[c] = 0;
    }
    deck[DevCard::VictoryPoint] = 5;
    st2.set_deck(deck);
    st2.apply(Action::BuyDevCard, &mut rng);
    assert!(st2.total_vp(builder) >= st2.rules().vp_to_win);
    assert!(!st2.is_over(), "no winner in the Special Building Phase");
    st2.apply(Action::EndTurn, &mut rng);
    // The builder's own turn comes next: they win as it starts (SOCGame.endTurn).
    assert_eq!(st2.winner(), Some(builder));
}

/// Every seat of the 6-player board is paid for its buildings on a rolled number (seats 4
/// and 5 too), as `SOCGame.getResourcesGainedFromRoll` pays them.
#[test]
fn a_roll_pays_every_seat_of_the_six_player_board() {
    use catan_bot::game::Outcome;
    for seed in 0..20 {
        let (st, _) = main_phase(seed, Rules::six());
        // Back to the roll: the same position before the dice.
        let mut before = st.to_setup();
        before.phase = Phase::RollOrCard;
        before.dice = 0;
        let before = State::from_setup(&before).unwrap();
        let topo = Six::topology();
        for d in [2u8, 3, 4, 5, 6, 8, 9, 10, 11, 12] {
            let mut rolled = before.clone();
            rolled.apply_with(
                Action::Roll,
                Outcome {
                    dice: Some(d),
                    ..Outcome::default()
                },
            );
            for s in rolled.seats() {
                let mut want = 0u32;
                for h in topo.hexes() {
                    if rolled.board().hex_number[h.index()] != d
                        || h == rolled.robber()
                        || rolled.board().hex_resource[h.index()].is_none()
                    {
                        continue;
                    }
                    let ns = topo.hex_node_set[h.index()];
                    want += (rolled.settlements(s) & ns).len() as u32
                        + 2 * (rolled.cities(s) & ns).len() as u32;
                }
                let got = rolled.hand(s).total() - before.hand(s).total();
                assert_eq!(got, want, "seed {seed} roll {d} seat {s:?}");
            }
        }
    }
}
