//! The board: pieces put down and taken back, pieces left, awards and knights — all through
//! the engine model's own rules, the server's figures checked against them.

use jsettlers_protocol::codes::{GameState, PieceType};
use jsettlers_protocol::{self as proto, Message};

use tracing::info;

use super::Mirror;
use crate::client::logsafe::shown;
use crate::client::translate::seat_of;
use crate::game::{BitSet, Phase, Piece, Resource, Seat, Shape};

/// The two awards a server names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Award {
    LongestRoad,
    LargestArmy,
}

/// What a PLAYERELEMENT of pieces left is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stock {
    Roads,
    Settlements,
    Cities,
    Ships,
}

impl<S: Shape> Mirror<S> {
    pub(super) fn on_put_piece(&mut self, msg: &Message, m: &proto::PutPiece) {
        let Some(s) = seat_of::<S>(m.player) else {
            return self.bad(msg, "bad seat");
        };
        let piece = match piece_of::<S>(m.piece_type, m.coordinate) {
            Ok(p) => p,
            Err(why) => return self.bad(msg, why),
        };
        let joining = self.joining;
        if !self.has_board {
            return self.bad(msg, "a piece before the board");
        }
        let model = &mut self.model;
        if let Piece::Road(_) = piece {
            if std::mem::take(&mut self.road_length_stale[s]) {
                // The server counts the whole road of a player who puts one, then gives the
                // award (`SOCGame.putPieceCommon` → `updateLongestRoad`): the length first,
                // the award at the road.
                model.recount_road_length(s);
            }
        }
        let placed = if joining {
            model.put_piece_in_any_order(s, piece)
        } else {
            model.put_piece(s, piece)
        };
        // A city where the server took back the seat's initial settlement: the server's rule
        // as implemented (the node stayed a potential city), not a difference.
        if let (Err(_), Piece::City(n)) = (&placed, piece) {
            if self.stale_potential_cities[s].contains(n)
                && model.put_city_without_settlement(s, n).is_ok()
            {
                self.stale_potential_cities[s].remove(n);
                self.cities_without_settlement.insert(n);
                for o in model.seats().filter(|&o| o != s) {
                    if (S::topology().node_edge_set[n.index()] & model.roads(o)).len() >= 2 {
                        self.road_length_stale[o] = true;
                    }
                }
                info!(
                    game = %shown(&self.game),
                    text = %shown(&msg.encode()),
                    "a city where the server took back the seat's initial settlement \
                     (SOCPlayer.potentialCities kept the node)"
                );
                return;
            }
        }
        // A settlement next to such a city: the server's rule as implemented too (the city
        // left its neighbours among the players' potential settlements).
        if let (Err(crate::game::SetupError::DistanceRule(_)), Piece::Settlement(n)) =
            (&placed, piece)
        {
            let beside = S::topology().node_neighbours[n.index()];
            if beside.intersects(self.cities_without_settlement)
                && model.put_settlement_beside_stale_city(s, n).is_ok()
            {
                info!(
                    game = %shown(&self.game),
                    text = %shown(&msg.encode()),
                    "a settlement next to a city where the server took back an initial \
                     settlement (the city left its neighbours potential settlements)"
                );
                return self.settled(s, n, joining);
            }
        }
        // A placement the rules forbid contradicts what the mirror knows: the difference is
        // counted and the server wins where the board allows it (a city where the model lost
        // the settlement, a road whose anchor it missed); where it does not (an occupied
        // node), the model stays as it was.
        if let Err(e) = placed {
            self.contradiction(msg, &e.to_string());
            if self.model.put_piece_in_any_order(s, piece).is_err() {
                return;
            }
        }
        if let Piece::Settlement(n) = piece {
            self.settled(s, n, joining);
        }
    }

    /// After a settlement of `s` on `n` is on the board.
    fn settled(&mut self, s: Seat, n: crate::game::NodeId, joining: bool) {
        // Sea boards: a home area, or a new land area's special victory points.
        if S::SEA && !joining {
            self.model.settle_land_area(s, n);
        }
        // Settled again: a potential city of the seat at the server as any other.
        self.stale_potential_cities[s].remove(n);
        if matches!(
            self.model.phase(),
            Phase::InitialSettlement1 | Phase::InitialSettlement2
        ) {
            self.model.set_last_settlement(s, Some(n));
        }
        // The 2nd initial settlement's resources are not announced (guide §0 #6).
        let income = self.model.initial_settlement_income(n);
        for r in Resource::ALL {
            self.beliefs[s].gain(r, income[r]);
        }
    }

    /// A build undone (game option UB, 2.7): the piece leaves the board. The server then
    /// returns its cost (PLAYERELEMENTS GAIN), restates the longest-road holder from before
    /// the build and the game state; until that state, its award messages are the state before
    /// the build, not differences.
    pub(super) fn on_undo_put_piece(&mut self, msg: &Message, m: &proto::UndoPutPiece) {
        if m.player < 0 {
            return; // a refused undo (never ours: we do not undo)
        }
        let Some(s) = seat_of::<S>(m.player) else {
            return self.bad(msg, "bad seat");
        };
        let piece = match piece_of::<S>(m.piece_type, m.coordinate) {
            Ok(p) => p,
            Err(why) => return self.bad(msg, why),
        };
        if !self.has_board {
            return self.bad(msg, "an undo before the board");
        }
        if !self.model.remove_piece(s, piece) {
            return self.contradiction(msg, "undo of a piece that is not there");
        }
        self.undoing = true;
    }

    /// The current player's initial settlement was taken back (START1B/START2B): at a forced
    /// end of its turn (`SOCGameHandler.endGameTurnOrForce`) or its own cancel
    /// (`SOCGameMessageHandler.handleCANCELBUILDREQUEST`), both through
    /// `SOCGame.undoPutInitSettlement`. The node stays a potential city of the seat's.
    pub(super) fn undo_initial_settlement(&mut self) {
        let Some(s) = self.current() else {
            return;
        };
        let model = &mut self.model;
        let Some(n) = model.last_settlement(s) else {
            return;
        };
        let income = model.settlement_yield(n);
        if !model.take_back_settlement(s, n) {
            return;
        }
        // `SOCPlayer.undoPutPiece` leaves the node in the seat's `potentialCities`.
        self.stale_potential_cities[s].insert(n);
        if self.server_state == Some(GameState::Start2B) {
            for r in Resource::ALL {
                self.beliefs[s].lose(r, income[r]);
            }
        }
    }

    /// The server's count of a seat's pieces left in stock, checked against the model's.
    pub(super) fn check_stock(&mut self, s: Seat, stock: Stock, amount: i32) {
        if !self.has_board {
            return;
        }
        let (roads, settlements, cities) = self.model.pieces_left(s);
        let (name, ours) = match stock {
            Stock::Roads => ("roads", roads),
            Stock::Settlements => ("settlements", settlements),
            Stock::Cities => ("cities", cities),
            Stock::Ships => ("ships", self.model.ships_left(s)),
        };
        if ours as i32 != amount {
            self.mismatch(
                "pieces",
                format_args!("seat {s:?} {name} left: mirror {ours}, server {amount}"),
            );
        }
    }

    /// The server names the longest-road holder: checked against the engine's award; the
    /// server wins.
    pub(super) fn award_longest_road(&mut self, holder: Option<Seat>) {
        self.award(Award::LongestRoad, holder);
    }

    /// The server names the largest-army holder: checked against the engine's award; the
    /// server wins.
    pub(super) fn award_largest_army(&mut self, holder: Option<Seat>) {
        self.award(Award::LargestArmy, holder);
    }

    fn award(&mut self, award: Award, holder: Option<Seat>) {
        // Joining, or restated by an undo: the state, not a difference.
        let news = self.joining || self.undoing;
        let model = &mut self.model;
        let ours = match award {
            Award::LongestRoad => model.longest_road_holder(),
            Award::LargestArmy => model.largest_army_holder(),
        };
        if ours == holder {
            return;
        }
        match award {
            Award::LongestRoad => model.correct_longest_road(holder),
            Award::LargestArmy => model.correct_largest_army(holder),
        }
        if !news {
            let what = match award {
                Award::LongestRoad => "longest road",
                Award::LargestArmy => "largest army",
            };
            self.mismatch(what, format_args!("engine {ours:?}, server {holder:?}"));
        }
    }

    /// A seat's knights played, as the server sets, adds or takes away; the engine's
    /// largest-army rule follows.
    pub(super) fn set_knights(&mut self, s: Seat, knights: i32) {
        self.model.set_knights(s, knights.clamp(0, 14) as u8);
    }

    /// Knights a seat has played (0 before the board).
    pub(super) fn knights(&self, s: Seat) -> i32 {
        i32::from(self.model.knights_played(s))
    }
}

/// A piece from the wire's piece type and coordinate (classic pieces only).
fn piece_of<S: Shape>(piece_type: i32, coordinate: i32) -> Result<Piece, &'static str> {
    match PieceType::from_wire(piece_type) {
        Some(PieceType::Road) => S::topology()
            .edge_from_server(coordinate)
            .map(Piece::Road)
            .ok_or("not a land edge"),
        Some(PieceType::Settlement) => S::topology()
            .node_from_server(coordinate)
            .map(Piece::Settlement)
            .ok_or("not a land node"),
        Some(PieceType::City) => S::topology()
            .node_from_server(coordinate)
            .map(Piece::City)
            .ok_or("not a land node"),
        _ => Err("not a classic piece"),
    }
}
