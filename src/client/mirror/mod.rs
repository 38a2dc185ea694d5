//! The mirror: one game followed from the server's messages, from one seat's point of view.
//! Imports `jsettlers_protocol`, `crate::game`, `crate::agent::view` and the client's
//! `translate`; no tokio, no I/O.
//!
//! The game itself is an engine [`State`] (the *model*), driven by the server's events: a
//! piece put down ([`State::put_piece`]), a settlement taken back, a knight count, the
//! robber, a turn that begins ([`State::begin_turn`]), a phase, the dice, a card drawn or
//! played. Every rule those touch — caches, the longest-road and largest-army awards,
//! points, pieces left, the second settlement's income, the turn count, the deck, the
//! winner — is the engine's, written once. The model holds the turn position, the deck and
//! every seat's development cards: opponents' cards are held as guessed kinds, revised when
//! a play shows a kind ([`State::exchange_dev_card`]), so that deck and hands always add up
//! to the 25-card deck less the cards played. What the viewer cannot see lives in
//! [`Belief`]s, the type the arena's card tracker uses: per seat, the cards of known type and
//! the count of unknown ones, and whether its development cards' kinds are hidden. A
//! decision's [`View`](crate::agent::View) is a clone of the model with the hidden resource
//! cards filled by the determinizer's guesses (the agent redraws them).
//!
//! Every figure the server states is an assertion against the model and the beliefs:
//! PLAYERELEMENT SETs, pieces left, award holders, new hand totals in DICERESULTRESOURCES,
//! RESOURCECOUNT, the deck count, BOTGAMEDATACHECK, GAMESTATS. Where they differ, the server
//! wins, a `warn!` names the difference, and [`Mirror::mismatches`] counts it. The data check
//! (every robot's exact hand) only corrects what the viewer could know: its own hand exactly,
//! an opponent's hand only by forgetting the card types it believed (the total is public
//! anyway) — its contents never reach a [`View`](crate::agent::View).
//!
//! Files: `mod.rs` the state and the message dispatch, `turns.rs` game states, turns and game
//! elements, `pieces.rs` the board, `cards.rs` resource and development cards, `view.rs` the
//! decision's view.

mod cards;
mod pieces;
mod sea;
mod turns;
mod view;

use std::fmt;

use jsettlers_protocol::codes::{GameElementType, GameState, PieceType, SimpleActionType};
use jsettlers_protocol::{self as proto, GameStatsKind, Message};
use tracing::warn;

use super::bounds;
use super::logsafe::shown;
use super::options;
use super::translate::seat_of;
use super::versions;
use crate::agent::Belief;
use crate::game::{
    BitSet, Board, BySeat, Classic, DevCard, Resource, Rules, Seat, Shape, State, MAX_SEATS,
};

pub use view::MirrorError;

/// A card count from the network (the boundary keeps it within `0..=MAX_CARDS`) as a belief's
/// count.
fn cards(n: i32) -> u8 {
    n.clamp(0, 255) as u8
}

/// A pre-2.5 monopoly between its announcement and the next game state: the victims' SETs
/// say only that they now hold none of the resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Monopoly {
    by: Seat,
    resource: Resource,
    /// Cards taken in all.
    taken: i32,
    /// Cards taken that no victim's known cards account for yet.
    unaccounted: i32,
    /// Victims that may have lost cards of unknown type.
    maybe_unknown: BySeat<bool>,
}

/// What went into the mirror, for reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MirrorStats {
    /// Differences between the mirror and a figure the server published.
    pub mismatches: u32,
    /// BOTGAMEDATACHECK messages compared.
    pub data_checks: u32,
    /// Data-check mismatches (included in `mismatches`).
    pub data_check_mismatches: u32,
    /// Messages the mirror could not apply (bad coordinates, unknown seats, numbers out of
    /// range, a placement the rules forbid).
    pub bad_messages: u32,
    /// Scenario messages about pieces, items or rules the engine does not model (villages,
    /// special edges, the pirate fleet, fog reveals, ...), skipped.
    pub unmodelled: u32,
}

/// One game as seen by one seat. See the module doc.
#[derive(Clone, Debug)]
pub struct Mirror<S: Shape = Classic> {
    /// Game name.
    pub game: String,
    /// The viewer's seat, once known (BOTJOINGAMEREQUEST, or the SITDOWN echo of our name).
    pub me: Option<Seat>,
    /// Our nickname, to recognise our SITDOWN echo.
    pub nickname: Option<String>,
    /// Nickname per seat (SITDOWN).
    pub names: [Option<String>; MAX_SEATS],
    /// The game: board, pieces, awards, robber, knights, the turn position, the deck and
    /// every seat's development cards (opponents' of guessed kinds). Hands are in `beliefs`.
    /// Before the real board arrives its board is blank ([`Board::blank`]).
    model: State<S>,
    /// The real board layout has arrived.
    has_board: bool,
    /// The server has named the current player, and the first player.
    current_known: bool,
    first_known: bool,
    /// The server's game state, once stated.
    server_state: Option<GameState>,
    /// What the viewer knows of each seat's resource cards, and whether its development
    /// cards' kinds are hidden.
    beliefs: BySeat<Belief>,
    /// The last card played this turn, to undo if the server returns it to the hand.
    last_played: Option<(Seat, DevCard)>,
    /// VP cards revealed at game over, per seat.
    revealed_vp: BySeat<u8>,
    /// The deck count the server stated while we were joining: the model's deck is brought
    /// to it when joining ends ([`Mirror::end_joining`]).
    joined_deck_count: Option<i32>,
    /// Cards we were asked to discard and have not discarded yet.
    pub discard_request: Option<u8>,
    /// The server's final scores (GAMESTATS), once sent.
    pub final_scores: Option<Vec<i32>>,
    /// Seats whose hand size the next RESOURCECOUNT restates after a monopoly.
    recount: BySeat<bool>,
    /// Our mirrored total VP per seat when GAMESTATS arrived.
    pub mirrored_final: Option<Vec<i32>>,
    /// The server's version number (its VERSION message): message sequences differ by
    /// release (see [`versions`]).
    pub server_version: i32,
    /// The game's rules from its options (BOTJOINGAMEREQUEST); seats are narrowed to the
    /// occupied ones when a view is built.
    pub rules: Rules,
    /// Why the game's options cannot be played, if so (the session declines such games).
    pub unplayable: Option<options::Unplayable>,
    /// Joining: from the invitation until the game starts (STARTGAME), or, joining a game in
    /// progress, until the private information sent at our sitting down ends (our CHANGEFACE
    /// after our SITDOWN, `SOCGameHandler.sitDown_sendPrivateInfo`) or a turn begins. The
    /// server's figures are the game's state then, not differences.
    joining: bool,
    /// Our SITDOWN was echoed.
    sat: bool,
    /// A build was undone (option UB) and the game state that ends the undo's messages has
    /// not come yet: award holders restated now are the state before the build.
    undoing: bool,
    /// Before 2.5: a monopoly announced (SIMPLEACTION RSRC_TYPE_MONOPOLIZED) whose SETs follow.
    monopoly: Option<Monopoly>,
    /// Per seat, the nodes of its initial settlements the server took back
    /// (`SOCGame.undoPutInitSettlement`): still potential cities at the server
    /// (`SOCPlayer.undoPutPiece` leaves them in `potentialCities`), so it accepts a city there
    /// (see [`State::put_city_without_settlement`]).
    stale_potential_cities: BySeat<S::Nodes>,
    /// Cities the server put on such a node; they may break the distance rule.
    cities_without_settlement: S::Nodes,
    /// Seats with a trail through such a city: the server did not count their road again
    /// (`SOCGame.putPieceCommon` does not for a city) and does at their next road.
    road_length_stale: BySeat<bool>,
    /// Sea boards: the board's height and width (JOINGAMEAUTH), the layout's BOARDLAYOUT2
    /// and its POTENTIALSETTLEMENTS, until both are in (see `sea.rs`).
    board_size: Option<(i32, i32)>,
    layout3: Option<proto::BoardLayout2>,
    potentials: Option<proto::PotentialSettlements>,
    /// The kinds of unmodelled scenario messages logged so far (each once).
    unmodelled_seen: Vec<&'static str>,
    stats: MirrorStats,
}

impl Mirror<Classic> {
    /// An empty mirror for `game` on the classic board.
    pub fn new(game: &str) -> Mirror {
        Mirror::for_game(game)
    }
}

impl<S: Shape> Mirror<S> {
    /// An empty mirror for `game` on a board of shape `S`.
    pub fn for_game(game: &str) -> Mirror<S> {
        Mirror {
            game: game.to_owned(),
            me: None,
            nickname: None,
            names: Default::default(),
            model: State::new(Board::blank(), Rules::default(), Seat::new(0)),
            has_board: false,
            current_known: false,
            first_known: false,
            server_state: None,
            beliefs: BySeat::default(),
            last_played: None,
            revealed_vp: BySeat::default(),
            joined_deck_count: None,
            discard_request: None,
            final_scores: None,
            recount: BySeat::default(),
            mirrored_final: None,
            server_version: versions::ASSUMED,
            rules: Rules::default(),
            unplayable: None,
            joining: true,
            sat: false,
            undoing: false,
            monopoly: None,
            stale_potential_cities: BySeat::default(),
            cities_without_settlement: S::Nodes::EMPTY,
            road_length_stale: BySeat::default(),
            board_size: None,
            layout3: None,
            potentials: None,
            unmodelled_seen: Vec::new(),
            stats: MirrorStats::default(),
        }
    }

    fn lay_board(&mut self, msg: &Message, board: Result<Board<S>, crate::game::LayoutError>) {
        match board {
            Ok(b) if self.model.lay_board(b) => self.has_board = true,
            Ok(_) => self.bad(msg, "a second board after pieces were placed"),
            Err(e) => {
                warn!(game = %shown(&self.game), error = %e, "bad board layout");
                self.stats.bad_messages = self.stats.bad_messages.saturating_add(1);
            }
        }
    }

    /// Counters for reports.
    pub fn stats(&self) -> MirrorStats {
        self.stats
    }

    /// Differences found between the mirror and the server's own figures.
    pub fn mismatches(&self) -> u32 {
        self.stats.mismatches
    }

    /// A seat's hand as the viewer knows it.
    pub fn hand(&self, s: Seat) -> Belief {
        self.beliefs[s]
    }

    /// Whether we are still joining: before the game starts, or, taking over a seat in a
    /// game in progress, until the private information sent at our sitting down is in (see
    /// the field). No decision is made on the figures then.
    pub fn is_joining(&self) -> bool {
        self.joining
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.server_state == Some(GameState::Over)
    }

    /// The server's game state, once stated.
    pub fn server_state(&self) -> Option<GameState> {
        self.server_state
    }

    /// The current player, once the server named one.
    pub fn current(&self) -> Option<Seat> {
        self.current_known.then(|| self.model.current_player())
    }

    /// Our turn, placing free roads (a Road Building card) with nowhere to place one: the
    /// server lets the card be played without a spot (`SOCGame.canPlayRoadBuilding` asks only
    /// for a piece in stock) and waits for a placement; the engine has no such position, and
    /// the client answers it without a view (a cancel).
    pub fn free_road_stuck(&self) -> bool {
        matches!(
            self.server_state,
            Some(GameState::PlacingFreeRoad1 | GameState::PlacingFreeRoad2)
        ) && self
            .me
            .is_some_and(|me| self.current() == Some(me) && !self.model.free_road_possible(me))
    }

    /// Regular turns begun (the engine's [`State::turn`]).
    pub fn turn(&self) -> u32 {
        self.model.turn()
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Seat> {
        self.model.winner()
    }

    /// The mirrored game (hands empty: they are in the beliefs).
    pub fn model(&self) -> &State<S> {
        &self.model
    }

    /// Total VP per seat as mirrored: the engine's public points plus the VP cards the viewer
    /// knows of (its own, and opponents' once revealed at game over).
    pub fn total_vp(&self) -> Vec<i32> {
        let mut out = vec![0; S::SEATS];
        if !self.has_board {
            return out;
        }
        for s in self.model.seats() {
            out[s.index()] = if Some(s) == self.me {
                i32::from(self.model.total_vp(s))
            } else {
                i32::from(self.model.public_vp(s)) + i32::from(self.revealed_vp[s])
            };
        }
        out
    }

    /// The seats in play follow who sat down (see `seated_mask`).
    fn sync_seats(&mut self) {
        let mut rules = self.rules;
        rules.seats = self.seated_mask();
        self.model.set_rules(rules);
    }

    fn mismatch(&mut self, what: &str, detail: fmt::Arguments<'_>) {
        self.stats.mismatches = self.stats.mismatches.saturating_add(1);
        warn!(game = %shown(&self.game), what, "mirror differs from server: {detail}");
    }

    fn bad(&mut self, msg: &Message, why: &str) {
        self.stats.bad_messages = self.stats.bad_messages.saturating_add(1);
        warn!(game = %shown(&self.game), why, text = %shown(&msg.encode()), "message not applied to the mirror");
    }

    /// A server event that contradicts the mirror: counted as a mismatch and skipped.
    fn contradiction(&mut self, msg: &Message, why: &str) {
        self.mismatch(
            "contradiction",
            format_args!("{why}; skipped: {}", shown(&msg.encode())),
        );
    }

    fn is_me(&self, s: Seat) -> bool {
        self.me == Some(s)
    }

    /// Applies one server message of this game (messages of other games are ignored).
    pub fn apply(&mut self, msg: &Message) {
        if msg.game().is_some_and(|g| g != self.game) {
            return;
        }
        if let Err(why) = bounds::check_message(msg) {
            return self.bad(msg, why);
        }
        use Message as M;
        match msg {
            M::BotJoinGameRequest(m) => {
                self.me = seat_of::<S>(m.player);
                // The rules of every option the engine has; a game it cannot play is still
                // followed (the session declines it; replay reports it).
                let (rules, unplayable) = options::parse_rules::<S>(&m.options);
                self.rules = rules;
                self.unplayable = unplayable;
                self.sync_seats();
            }
            M::SitDown(m) => {
                if let Some(s) = seat_of::<S>(m.player) {
                    if self.nickname.as_deref() == Some(m.nickname.as_str()) {
                        self.me = Some(s);
                    }
                    if self.me == Some(s) {
                        self.sat = true;
                    }
                    self.names[s.index()] = Some(m.nickname.clone());
                    self.sync_seats();
                }
            }
            M::BoardLayout(m) => {
                if m.robber_hex < 0 {
                    return; // the all-water placeholder sent at join (guide §0 #18)
                }
                let board = S::board_from_layout1(&m.hex_layout, &m.number_layout, m.robber_hex);
                self.lay_board(msg, board);
            }
            M::JoinGameAuth(m) => {
                if let Some(b) = &m.board {
                    self.board_size = Some((b.height, b.width));
                }
            }
            M::BoardLayout2(m) if m.encoding == 3 => self.on_layout3(msg, m),
            M::PotentialSettlements(m) => self.on_potential_settlements(msg, m),
            M::BoardLayout2(m) => {
                // Encodings 1 and 2 (the classic and 6-player boards): SOCBoardLayout2.
                let (Some(hl), Some(nl), Some(rh)) = (m.array("HL"), m.array("NL"), m.int("RH"))
                else {
                    return self.bad(msg, "a board layout without HL, NL or RH");
                };
                if rh < 0 {
                    return; // the all-water placeholder sent at join
                }
                if m.encoding != S::ENCODING {
                    return self.bad(msg, "a board layout of another board's encoding");
                }
                // Encoding 1 sends the ports inside HL.
                let ports = m.array("PL").unwrap_or(&[]);
                let board = if m.encoding == 1 {
                    let numbers: Vec<i32> = nl
                        .iter()
                        .map(|&n| {
                            crate::game::NUMBER_BY_INDEX
                                .iter()
                                .position(|&d| i32::from(d) == n)
                                .map_or(-1, |i| i as i32)
                        })
                        .collect();
                    S::board_from_layout1(hl, &numbers, rh)
                } else {
                    Board::from_layout2(hl, nl, ports, rh)
                };
                self.lay_board(msg, board);
            }
            M::StartGame(m) => {
                self.end_joining();
                if let Some(s) = m.state {
                    self.set_state(s);
                }
            }
            M::ChangeFace(m) if self.sat && seat_of::<S>(m.player) == self.me => self.end_joining(),
            M::GameState(m) => self.set_state(m.state),
            M::Turn(m) => self.on_turn(msg, m.player, m.state),
            M::SetTurn(m) => self.set_current(seat_of::<S>(m.player)),
            M::FirstPlayer(m) => self.set_first(seat_of::<S>(m.player)),
            M::GameElements(m) => {
                for ev in &m.elements {
                    self.game_element(ev.element, ev.value);
                }
                // Joining a game in progress: the round count (`SOCGame.getRoundCount`) gives
                // the turns played, which the mirror could not count.
                let round_count = GameElementType::RoundCount.wire();
                if let Some(round) = m
                    .elements
                    .iter()
                    .find(|e| e.element == round_count)
                    .map(|e| e.value)
                {
                    self.model.set_round(u32::try_from(round).unwrap_or(0));
                }
            }
            M::LongestRoad(m) => self.award_longest_road(seat_of::<S>(m.player)),
            M::LargestArmy(m) => self.award_largest_army(seat_of::<S>(m.player)),
            M::DiceResult(m) => self.model.set_dice(
                u8::try_from(m.result)
                    .ok()
                    .filter(|d| (2..=12).contains(d))
                    .unwrap_or(0),
            ),
            M::DiceResultResources(m) => self.on_dice_resources(msg, m),
            M::PutPiece(m) if PieceType::from_wire(m.piece_type) == Some(PieceType::Ship) => {
                self.on_put_ship(msg, m)
            }
            M::PutPiece(m) => self.on_put_piece(msg, m),
            M::MovePiece(m) => self.on_move_piece(msg, m),
            M::UndoPutPiece(m) => self.on_undo_put_piece(msg, m),
            // To everyone in START1B/START2B: the current player's initial settlement was
            // taken back (forced end or cancel; guide §7.2).
            M::CancelBuildRequest(m)
                if PieceType::from_wire(m.piece_type) == Some(PieceType::Settlement)
                    && matches!(
                        self.server_state,
                        Some(GameState::Start1B | GameState::Start2B)
                    ) =>
            {
                self.undo_initial_settlement()
            }
            M::MoveRobber(m) if m.hex <= 0 => self.on_move_pirate(msg, m.hex),
            M::MoveRobber(m) => match S::topology().hex_from_server(m.hex) {
                Some(h) if self.has_board => {
                    self.model.set_robber(h);
                    self.model.set_robbery_by_pirate(false);
                }
                _ => self.bad(msg, "robber hex is not a land hex"),
            },
            // Scenario pieces and items the engine does not model.
            M::RemovePiece(_) => self.unmodelled(msg, "a piece taken off the board (REMOVEPIECE)"),
            M::PieceValue(_) => self.unmodelled(msg, "a scenario piece's value (PIECEVALUE)"),
            M::InventoryItemAction(_) => {
                self.unmodelled(msg, "a scenario inventory item (INVENTORYITEMACTION)")
            }
            M::SetSpecialItem(_) => {
                self.unmodelled(msg, "a scenario special item (SETSPECIALITEM)")
            }
            M::RevealFogHex(m) => self.on_reveal_fog(msg, m),
            M::SetShipRouteClosed(_) => {
                self.unmodelled(msg, "a closed ship route (SETSHIPROUTECLOSED)")
            }
            M::SimpleAction(m) if m.action_type >= SimpleActionType::BoardEdgeSetSpecial.wire() => {
                self.unmodelled(
                    msg,
                    "a scenario's simple action (special edge, fortress, port)",
                )
            }
            M::RobberyResult(m) => self.on_robbery(msg, m),
            M::PlayerElement(m) => {
                self.player_element(msg, m.player, m.action, m.element, m.amount, m.news)
            }
            M::PlayerElements(m) => {
                for ev in &m.elements {
                    self.player_element(msg, m.player, m.action, ev.element, ev.value, false);
                }
            }
            M::ResourceCount(m) => {
                if let Some(s) = seat_of::<S>(m.player) {
                    if std::mem::take(&mut self.recount[s]) {
                        // After a monopoly took every card of one type: the unknown cards of
                        // that type went too, so the new total is news, not a difference.
                        self.beliefs[s].set_total(cards(m.count));
                    } else {
                        self.check_total(s, m.count, "RESOURCECOUNT");
                    }
                }
            }
            M::DiscardRequest(m) => self.discard_request = u8::try_from(m.count).ok(),
            M::Discard(m) => self.on_discard(m),
            M::DevCardAction(m) => self.on_dev_card(msg, m),
            M::SimpleAction(m) if m.action_type == SimpleActionType::DevCardBought.wire() => {
                self.set_deck_count(m.value1, false)
            }
            // Before 2.5 the SETs of the monopolized resource follow this (2.4.00
            // `SOCGameMessageHandler.handlePICKRESOURCETYPE`); from 2.5 they come first, as a
            // GAIN for the monopolist and news SETs plus RESOURCECOUNTs for the victims.
            M::SimpleAction(m)
                if m.action_type == SimpleActionType::ResourceTypeMonopolized.wire()
                    && self.server_version < versions::MONOPOLY_GAIN =>
            {
                match (seat_of::<S>(m.player), Resource::from_server(m.value2)) {
                    (Some(by), Some(resource)) => {
                        self.monopoly = Some(Monopoly {
                            by,
                            resource,
                            // A count from the network: within what any hand can hold.
                            taken: m.value1.clamp(0, bounds::MAX_CARDS),
                            unaccounted: m.value1.clamp(0, bounds::MAX_CARDS),
                            maybe_unknown: BySeat::default(),
                        })
                    }
                    _ => self.bad(msg, "bad monopoly"),
                }
            }
            M::DevCardCount(m) => self.set_deck_count(m.count, false),
            M::SetPlayedDevCard(m) => self.model.set_played_dev_card(m.played),
            M::PickResources(m) => {
                if let Some((p, _reason)) = m.picked_by {
                    let Some(s) = seat_of::<S>(p) else {
                        return self.bad(msg, "bad seat");
                    };
                    for (r, &n) in Resource::ALL.iter().zip(m.resources.0.iter()) {
                        self.beliefs[s].gain(*r, cards(n));
                    }
                }
            }
            // Before 2.5 the server sent PLAYERELEMENT gains and losses for the trade first.
            M::BankTrade(_) if self.server_version < versions::BANK_TRADE_CARRIES_RESOURCES => {}
            M::BankTrade(m) => {
                if let Some(s) = m.player.and_then(seat_of::<S>) {
                    self.exchange(s, &m.give, &m.get);
                }
            }
            M::MakeOffer(m) => self.on_offer(m),
            M::AcceptOffer(m) => {
                if let (Some(a), Some(o), Some((to_acc, to_off))) = (
                    seat_of::<S>(m.accepting),
                    seat_of::<S>(m.offering),
                    &m.resources,
                ) {
                    self.exchange(a, to_off, to_acc);
                    self.exchange(o, to_acc, to_off);
                }
            }
            M::BotGameDataCheck(m) => self.on_data_check(m),
            M::GameStats(m) => {
                if let GameStatsKind::Players { scores, .. } = &m.stats {
                    let mirrored = self.total_vp();
                    for (i, (&server, &ours)) in scores.iter().zip(mirrored.iter()).enumerate() {
                        if server != ours {
                            self.mismatch(
                                "final points",
                                format_args!("seat {i}: mirror {ours} VP, GAMESTATS {server}"),
                            );
                        }
                    }
                    self.final_scores = Some(scores.clone());
                    self.mirrored_final = Some(mirrored);
                }
            }
            _ => {}
        }
    }
}
