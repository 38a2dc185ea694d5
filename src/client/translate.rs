//! Protocol values ⇄ game types: the one file of the client that names both the wire's plain
//! integers and the engine's ids. Imports `jsettlers_protocol` and `crate::game`.
//!
//! Wire conventions (guide §4.3): resource types 1..=5 = clay, ore, sheep, wheat, wood (6 =
//! unknown); piece types are `jsettlers_protocol::codes::PieceType`; dev card types per
//! `SOCDevCardConstants`.

use jsettlers_protocol as proto;
use jsettlers_protocol::codes::{GameState, PieceType};

use crate::game::{Action, DevCard, Phase, Resource, ResourceSet, Seat, Shape, State};

/// A seat of a board of `seats` seats from a player number, `None` for -1 and anything
/// outside `0..seats` (for a board chosen at run time; see [`seat_of`]).
pub fn seat_in(pn: i32, seats: usize) -> Option<Seat> {
    usize::try_from(pn)
        .ok()
        .filter(|&i| i < seats)
        .map(Seat::new)
}

/// A seat of the board `S` from a player number, `None` for -1 and anything outside
/// `0..S::SEATS`.
pub fn seat_of<S: Shape>(pn: i32) -> Option<Seat> {
    seat_in(pn, S::SEATS)
}

/// The engine phase of a server game state (`SOCGame` constants, guide §6.1), `None` for
/// states with no decision (0..4, the two-step build states 30..32 and 35, the scenario
/// states). The one table between the two.
///
/// The sea board's states: the robber or the pirate (54 WAITING_FOR_ROBBER_OR_PIRATE, where
/// the player chooses with CHOOSEPLAYER `CHOICE_MOVE_ROBBER` / `CHOICE_MOVE_PIRATE`,
/// `SOCGame.chooseMovePirate`; then 33 PLACING_ROBBER or 34 PLACING_PIRATE) are the engine's
/// one `PlacingRobber`, whose actions move either; the gold picks of a roll (56) and of the
/// second initial settlement (14) are `PickGold`.
pub const fn phase(state: GameState) -> Option<Phase> {
    use GameState as G;
    Some(match state {
        G::Start1A => Phase::InitialSettlement1,
        G::Start1B => Phase::InitialRoad1,
        G::Start2A => Phase::InitialSettlement2,
        G::Start2B => Phase::InitialRoad2,
        G::RollOrCard => Phase::RollOrCard,
        G::Play1 => Phase::Main,
        G::PlacingRobber | G::PlacingPirate | G::WaitingForRobberOrPirate => Phase::PlacingRobber,
        G::WaitingForPickGoldResource | G::StartsWaitingForPickGoldResource => Phase::PickGold,
        G::PlacingFreeRoad1 => Phase::FreeRoad1,
        G::PlacingFreeRoad2 => Phase::FreeRoad2,
        G::WaitingForDiscards => Phase::Discard,
        G::WaitingForRobChoosePlayer => Phase::ChooseVictim,
        G::WaitingForDiscovery => Phase::YearOfPlenty,
        G::WaitingForMonopoly => Phase::Monopoly,
        G::Over => Phase::Over,
        G::SpecialBuilding => Phase::SpecialBuilding,
        _ => return None,
    })
}

/// The player number of a seat.
pub fn pn(seat: Seat) -> i32 {
    seat.index() as i32
}

/// A wire resource set as five signed counts in engine order (the same order: clay, ore,
/// sheep, wheat, wood).
pub fn counts(set: &proto::ResourceSet) -> [i32; 5] {
    set.0
}

/// A wire resource set as an engine set, `None` if a count is negative or above 255.
pub fn resources(set: &proto::ResourceSet) -> Option<ResourceSet> {
    let mut out = ResourceSet::EMPTY;
    for (o, &v) in out.0.iter_mut().zip(set.0.iter()) {
        *o = u8::try_from(v).ok()?;
    }
    Some(out)
}

/// An engine resource set on the wire.
pub fn to_wire(set: ResourceSet) -> proto::ResourceSet {
    proto::ResourceSet(set.0.map(i32::from))
}

/// A one-resource set on the wire.
pub fn one_of(r: Resource, n: i32) -> proto::ResourceSet {
    let mut s = [0; 5];
    s[r.index()] = n;
    proto::ResourceSet(s)
}

/// `SOCChoosePlayer.CHOICE_MOVE_ROBBER`: in WAITING_FOR_ROBBER_OR_PIRATE, move the robber.
pub const CHOICE_MOVE_ROBBER: i32 = -2;
/// `SOCChoosePlayer.CHOICE_MOVE_PIRATE`: in WAITING_FOR_ROBBER_OR_PIRATE, move the pirate.
pub const CHOICE_MOVE_PIRATE: i32 = -3;

/// The first message for `action` in server state `server`: in 54
/// WAITING_FOR_ROBBER_OR_PIRATE a robber or pirate move starts with the choice of which
/// (CHOOSEPLAYER, `SOCGameMessageHandler.handleCHOOSEPLAYER` → `SOCGame.chooseMovePirate`);
/// the move itself follows in 33 PLACING_ROBBER or 34 PLACING_PIRATE. Everything else is
/// [`action_message`].
pub fn request_for<S: Shape>(
    game: &str,
    me: Seat,
    state: &State<S>,
    server: Option<GameState>,
    action: Action,
) -> proto::Message {
    match (server, action) {
        (
            Some(GameState::WaitingForRobberOrPirate),
            Action::MoveRobber(_) | Action::MovePirate(_),
        ) => proto::Message::ChoosePlayer(proto::ChoosePlayer {
            game: game.to_owned(),
            choice: if matches!(action, Action::MovePirate(_)) {
                CHOICE_MOVE_PIRATE
            } else {
                CHOICE_MOVE_ROBBER
            },
        }),
        _ => action_message(game, me, state, action),
    }
}

/// Whether `action` may be sent in server state `server` beyond the engine's rules: the
/// engine's `PlacingRobber` moves the robber or the pirate, the server's 33 PLACING_ROBBER
/// only the robber and 34 PLACING_PIRATE only the pirate (`SOCGame.canMoveRobber`,
/// `canMovePirate`).
pub fn fits_state(server: Option<GameState>, action: Action) -> bool {
    !matches!(
        (server, action),
        (Some(GameState::PlacingRobber), Action::MovePirate(_))
            | (Some(GameState::PlacingPirate), Action::MoveRobber(_))
    )
}

/// The server message that carries out `action` for `me` in `state` (guide §6.2). Builds in
/// PLAY1 are the one-step PUTPIECE ("buy and place", ships too:
/// `SOCGameMessageHandler.handlePUTPIECE`); a bank trade gives the seat's best ratio.
pub fn action_message<S: Shape>(
    game: &str,
    me: Seat,
    state: &State<S>,
    action: Action,
) -> proto::Message {
    let topo = S::topology();
    use proto::Message as M;
    let g = game.to_owned();
    let put = |piece_type: PieceType, coordinate: i32| {
        M::PutPiece(proto::PutPiece {
            game: g.clone(),
            player: pn(me),
            piece_type: piece_type.wire(),
            coordinate,
        })
    };
    let play = |card: DevCard| {
        M::PlayDevCardRequest(proto::PlayDevCardRequest {
            game: g.clone(),
            card_type: card.to_server(),
        })
    };
    match action {
        Action::PlaceInitialSettlement(n) | Action::BuildSettlement(n) => {
            put(PieceType::Settlement, topo.node_to_server(n))
        }
        Action::PlaceInitialRoad(e) | Action::BuildRoad(e) => {
            put(PieceType::Road, topo.edge_to_server(e))
        }
        Action::BuildCity(n) => put(PieceType::City, topo.node_to_server(n)),
        Action::Roll => M::RollDice(proto::RollDice { game: g.clone() }),
        Action::EndTurn => M::EndTurn(proto::EndTurn { game: g.clone() }),
        Action::BuyDevCard => M::BuyDevCardRequest(proto::BuyDevCardRequest { game: g.clone() }),
        Action::PlayKnight => play(DevCard::Knight),
        Action::PlayRoadBuilding => play(DevCard::RoadBuilding),
        Action::PlayYearOfPlenty => play(DevCard::YearOfPlenty),
        Action::PlayMonopoly => play(DevCard::Monopoly),
        Action::PickYearOfPlenty(a, b) => {
            let mut set = ResourceSet::EMPTY;
            set[a] += 1;
            set[b] += 1;
            M::PickResources(proto::PickResources::robot(&g, to_wire(set)))
        }
        Action::PickMonopoly(r) => M::PickResourceType(proto::PickResourceType {
            game: g.clone(),
            resource: r.to_server(),
        }),
        Action::BankTrade { give, get } => M::BankTrade(proto::BankTrade::robot(
            &g,
            one_of(give, i32::from(state.best_trade_ratio(me, give))),
            one_of(get, 1),
        )),
        Action::Discard(set) => M::Discard(proto::Discard::robot(&g, to_wire(set))),
        Action::MoveRobber(h) => M::MoveRobber(proto::MoveRobber {
            game: g.clone(),
            player: pn(me),
            hex: topo.hex_to_server(h),
        }),
        Action::ChooseVictim(s) => M::ChoosePlayer(proto::ChoosePlayer {
            game: g.clone(),
            choice: pn(s),
        }),
        Action::OfferTrade(o) => M::MakeOffer(proto::MakeOffer {
            game: g.clone(),
            from: pn(me),
            to: (0..S::SEATS).map(|i| o.to_mask() & (1 << i) != 0).collect(),
            give: to_wire(o.give()),
            get: to_wire(o.get()),
        }),
        Action::AcceptOffer => {
            let from = state.pending_offer().map_or(-1, |p| pn(p.from));
            M::AcceptOffer(proto::AcceptOffer::robot(&g, from))
        }
        Action::DeclineOffer => M::RejectOffer(proto::RejectOffer::robot(&g)),
        // Sea boards: a ship is a PUTPIECE of type 3 (bought and placed in PLAY1, free in
        // the initial placement and for the road building card); the pirate a MOVEROBBER with
        // the hex negated (`SOCMoveRobber`); a ship move a MOVEPIECE from one edge to another
        // (`SOCGameMessageHandler.handleMOVEPIECE` → `SOCGame.canMoveShip`); gold picks a
        // PICKRESOURCES (`handlePICKRESOURCES` in the gold states).
        Action::BuildShip(e) => put(PieceType::Ship, topo.edge_to_server(e)),
        Action::PickGold(set) => M::PickResources(proto::PickResources::robot(&g, to_wire(set))),
        Action::MovePirate(h) => M::MoveRobber(proto::MoveRobber {
            game: g.clone(),
            player: pn(me),
            hex: -topo.hex_to_server(h),
        }),
        Action::MoveShip { from, to } => M::MovePiece(proto::MovePiece {
            game: g.clone(),
            player: pn(me),
            piece_type: PieceType::Ship.wire(),
            from: topo.edge_to_server(from),
            to: topo.edge_to_server(to),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Classic;
    use crate::game::{EdgeId, NodeId};

    #[test]
    fn seats_and_resource_sets_convert_both_ways() {
        assert_eq!(seat_of::<Classic>(-1), None);
        assert_eq!(seat_of::<Classic>(4), None);
        assert_eq!(seat_of::<Classic>(3).map(pn), Some(3));
        assert_eq!(seat_in(5, 6).map(pn), Some(5));
        assert_eq!(seat_in(6, 6), None);
        let w = proto::ResourceSet::new(1, 0, 2, 0, 3);
        assert_eq!(to_wire(resources(&w).unwrap()), w);
        assert_eq!(resources(&proto::ResourceSet::new(-1, 0, 0, 0, 0)), None);
    }

    #[test]
    fn the_sea_boards_states_have_their_phases() {
        use GameState as G;
        for g in [
            G::PlacingRobber,
            G::PlacingPirate,
            G::WaitingForRobberOrPirate,
        ] {
            assert_eq!(phase(g), Some(Phase::PlacingRobber), "{g:?}");
        }
        for g in [
            G::WaitingForPickGoldResource,
            G::StartsWaitingForPickGoldResource,
        ] {
            assert_eq!(phase(g), Some(Phase::PickGold), "{g:?}");
        }
        // Placing a bought ship is a two-step build state, as roads are.
        assert_eq!(phase(G::PlacingShip), None);
        assert_eq!(G::PlacingShip.placing(), Some(PieceType::Ship));
        // Scenario states: no decision of ours.
        for g in [
            G::Start3A,
            G::Start3B,
            G::PlacingInvItem,
            G::WaitingForRobClothOrResource,
        ] {
            assert_eq!(phase(g), None, "{g:?}");
        }
    }

    fn sea_state() -> State<crate::game::Sea> {
        State::new(
            crate::game::Board::blank(),
            Default::default(),
            Seat::new(2),
        )
    }

    #[test]
    fn sea_actions_are_the_servers_messages() {
        use crate::game::Sea;
        let topo = Sea::topology();
        let st = sea_state();
        let e = topo.edge_from_server(0x0903).unwrap();
        let f = topo.edge_from_server(0x0905).unwrap();
        let h = topo.hex_from_server(0x0707).unwrap();
        let m = action_message("g", Seat::new(2), &st, Action::BuildShip(e));
        assert_eq!(m.encode(), "1009|g,2,3,2307", "a ship is PUTPIECE type 3");
        let m = action_message("g", Seat::new(2), &st, Action::MoveShip { from: e, to: f });
        assert_eq!(m.encode(), "1093|g,2,3,2307,2309", "MOVEPIECE from, to");
        let m = action_message("g", Seat::new(2), &st, Action::MovePirate(h));
        assert_eq!(m.encode(), "1034|g,2,-1799", "the pirate's hex negated");
        let m = action_message("g", Seat::new(2), &st, Action::MoveRobber(h));
        assert_eq!(m.encode(), "1034|g,2,1799");
        let gold = ResourceSet::new(1, 0, 0, 0, 1);
        let m = action_message("g", Seat::new(2), &st, Action::PickGold(gold));
        let proto::Message::PickResources(p) = m else {
            panic!("{m:?}")
        };
        assert_eq!(p.resources, to_wire(gold));
    }

    #[test]
    fn the_robber_or_the_pirate_is_chosen_first_then_moved() {
        use GameState as G;
        let st = sea_state();
        let h = crate::game::Sea::topology()
            .hex_from_server(0x0707)
            .unwrap();
        let choose = |server, a| request_for("g", Seat::new(2), &st, Some(server), a).encode();
        assert_eq!(
            choose(G::WaitingForRobberOrPirate, Action::MoveRobber(h)),
            "1035|g,-2"
        );
        assert_eq!(
            choose(G::WaitingForRobberOrPirate, Action::MovePirate(h)),
            "1035|g,-3"
        );
        assert_eq!(
            choose(G::PlacingPirate, Action::MovePirate(h)),
            "1034|g,2,-1799"
        );
        assert_eq!(
            choose(G::PlacingRobber, Action::MoveRobber(h)),
            "1034|g,2,1799"
        );
        // Which moves each state takes.
        assert!(fits_state(
            Some(G::WaitingForRobberOrPirate),
            Action::MovePirate(h)
        ));
        assert!(fits_state(
            Some(G::WaitingForRobberOrPirate),
            Action::MoveRobber(h)
        ));
        assert!(!fits_state(Some(G::PlacingRobber), Action::MovePirate(h)));
        assert!(!fits_state(Some(G::PlacingPirate), Action::MoveRobber(h)));
        assert!(fits_state(Some(G::PlacingPirate), Action::MovePirate(h)));
    }

    #[test]
    fn every_phase_has_one_server_state() {
        // Each engine phase but the trade response (the server stays in PLAY1 for it) comes
        // from exactly one server state of the classic boards; the two-step build states have
        // none. (The sea board's pirate and gold states are tested above.)
        for p in [
            Phase::InitialSettlement1,
            Phase::InitialRoad1,
            Phase::InitialSettlement2,
            Phase::InitialRoad2,
            Phase::RollOrCard,
            Phase::Main,
            Phase::PlacingRobber,
            Phase::FreeRoad1,
            Phase::FreeRoad2,
            Phase::Discard,
            Phase::ChooseVictim,
            Phase::YearOfPlenty,
            Phase::Monopoly,
            Phase::Over,
        ] {
            use GameState as G;
            let sea = [
                G::PlacingPirate,
                G::WaitingForRobberOrPirate,
                G::WaitingForPickGoldResource,
                G::StartsWaitingForPickGoldResource,
            ];
            let from: Vec<_> = GameState::ALL
                .iter()
                .filter(|&&g| phase(g) == Some(p) && !sea.contains(&g))
                .collect();
            assert_eq!(from.len(), 1, "{p:?}: {from:?}");
        }
        assert_eq!(phase(GameState::PlacingRoad), None);
        assert_eq!(
            phase(GameState::SpecialBuilding),
            Some(Phase::SpecialBuilding)
        );
        assert_eq!(phase(GameState::Play1), Some(Phase::Main));
    }

    #[test]
    fn placements_use_server_coordinates() {
        let n = NodeId::from_server(0x96).unwrap();
        let e = EdgeId::from_server(0x85).unwrap();
        let st = crate::game::State::new(
            crate::game::Board::random(&mut rand::rngs::mock::StepRng::new(1, 1)),
            Default::default(),
            Seat::new(0),
        );
        let m = action_message("g", Seat::new(2), &st, Action::PlaceInitialSettlement(n));
        assert_eq!(m.encode(), "1009|g,2,1,150");
        let m = action_message("g", Seat::new(2), &st, Action::BuildRoad(e));
        assert_eq!(m.encode(), "1009|g,2,0,133");
    }
}
