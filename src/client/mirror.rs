//! The mirror: one game's state rebuilt from the server's messages, from one seat's point of
//! view, with hidden information tracked as beliefs. Imports `jsettlers_protocol`, `crate::game`,
//! `crate::agent::view` and the client's `translate`; no tokio, no I/O.
//!
//! The mirror is a *description* kept up to date message by message (pieces, hands as "known
//! cards + unknown count", dev cards, awards, robber, phase); a decision turns it into a
//! [`Setup`] and then a checked [`State`] (`State::from_setup`), filling hidden cards with
//! plausible guesses that the agent redraws.
//!
//! Where the server states a figure itself (PLAYERELEMENT SETs, new hand totals in
//! DICERESULTRESOURCES, RESOURCECOUNT, BOTGAMEDATACHECK, GAMESTATS), the mirror compares: the
//! server wins, a `warn!` names the difference, and [`Mirror::mismatches`] counts it. The data
//! check (every robot's exact hand) only corrects what the viewer could know: its own hand
//! exactly, an opponent's hand only by forgetting the card types it believed (the total is
//! public anyway) — its contents never reach a [`View`].

use std::fmt;

use jsettlers_protocol::codes::{
    DataCheckType, DevCardActionKind as DevAction, ElementAction, GameElementType, GameState,
    PieceType, PlayerElementType as Element, SimpleActionType,
};
use jsettlers_protocol::{self as proto, GameStatsKind, Message, Robbed};
use tracing::{debug, warn};

use super::bounds::{self, MAX_CARDS, MAX_DEV_CARDS};
use super::logsafe::shown;
use super::options;
use super::translate::{self, seat};
use super::versions;
use crate::agent::{Belief, View};
use crate::game::{
    check_pieces, longest_road, topology, Board, BySeat, DevCard, DevSet, EdgeId, EdgeSet, HexId,
    NodeId, NodeSet, Phase, Resource, ResourceSet, Rules, Seat, Setup, SetupError, State,
    ALL_SEATS, BANK_PER_RESOURCE, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS,
};

/// Server game states the mirror treats specially (guide §6.1).
pub const STATE_START2A: i32 = GameState::Start2A.wire();
/// Game over.
pub const STATE_OVER: i32 = GameState::Over.wire();
/// Waiting for discards.
const STATE_DISCARDS: i32 = GameState::WaitingForDiscards.wire();

/// One more card in a count that the boundary keeps within `0..=MAX_CARDS`.
fn add_cards(count: i32, n: i32) -> i32 {
    count.saturating_add(n).clamp(0, MAX_CARDS)
}

/// One more development card in a per-kind count (a `DevSet` entry).
fn add_dev(count: &mut u8) {
    *count = count.saturating_add(1).min(MAX_DEV_CARDS as u8);
}

/// One seat's hand as the viewer knows it: cards of known type plus a count of unknown ones.
/// For the viewer's own seat everything is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    /// Cards whose type is certain (a lower bound per type).
    pub known: [i32; 5],
    /// Cards of unknown type.
    pub unknown: i32,
}

impl Hand {
    /// Hand size.
    pub fn total(&self) -> i32 {
        self.known.iter().sum::<i32>() + self.unknown
    }

    /// Gains `n` cards of a known type (`n` within the boundary's range; the count saturates).
    fn gain(&mut self, r: usize, n: i32) {
        self.known[r] = add_cards(self.known[r], n);
    }

    /// Gains `n` cards of a type the viewer does not see.
    fn gain_unknown(&mut self, n: i32) {
        self.unknown = add_cards(self.unknown, n);
    }

    /// Loses `n` cards of a known type: from the known ones first, the rest from the unknown.
    /// Returns false if the hand did not have them.
    fn lose(&mut self, r: usize, n: i32) -> bool {
        let from_known = self.known[r].min(n);
        self.known[r] -= from_known;
        self.unknown -= n - from_known;
        if self.unknown < 0 {
            self.unknown = 0;
            return false;
        }
        true
    }

    /// Loses `n` cards whose types the viewer does not see: every known count can only be
    /// trusted down to `known - n` afterwards.
    fn lose_unseen(&mut self, n: i32) -> bool {
        let total = self.total() - n;
        for k in &mut self.known {
            *k = (*k - n).max(0);
        }
        let ok = total >= 0;
        self.unknown = total.max(0) - self.known.iter().sum::<i32>();
        if self.unknown < 0 {
            // Cannot happen: known shrank at least as much as the total.
            self.unknown = 0;
        }
        ok
    }

    /// Makes the hand size `total` (a figure the server published), keeping known cards
    /// where possible.
    fn set_total(&mut self, total: i32) {
        let known: i32 = self.known.iter().sum();
        if known <= total {
            self.unknown = total - known;
        } else {
            self.known = [0; 5];
            self.unknown = total;
        }
    }

    fn as_set(&self) -> ResourceSet {
        ResourceSet(self.known.map(|k| k.clamp(0, 255) as u8))
    }
}

/// A pre-2.5 monopoly between its announcement and the next game state: the victims' SETs
/// say only that they now hold none of the resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Monopoly {
    by: Seat,
    resource: usize,
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
}

/// Why no [`View`] could be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MirrorError {
    /// The real board layout has not arrived yet.
    NoBoard,
    /// Our seat or the current player is not known yet.
    NoSeat,
    /// The server state has no decision (e.g. 1 READY, 30..32 placing after a build request).
    NoPhase(i32),
    /// The description breaks an engine rule.
    Setup(SetupError),
}

impl fmt::Display for MirrorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MirrorError::NoBoard => write!(f, "no board layout yet"),
            MirrorError::NoSeat => write!(f, "seat or current player unknown"),
            MirrorError::NoPhase(s) => write!(f, "server state {s} has no engine phase"),
            MirrorError::Setup(e) => write!(f, "mirror does not make a valid state: {e}"),
        }
    }
}

impl std::error::Error for MirrorError {}

/// One game as seen by one seat. See the module doc.
#[derive(Clone, Debug)]
pub struct Mirror {
    /// Game name.
    pub game: String,
    /// The viewer's seat, once known (BOTJOINGAMEREQUEST, or the SITDOWN echo of our name).
    pub me: Option<Seat>,
    /// Our nickname, to recognise our SITDOWN echo.
    pub nickname: Option<String>,
    /// Nickname per seat (SITDOWN).
    pub names: [Option<String>; 4],
    board: Option<Board>,
    settlements: BySeat<NodeSet>,
    cities: BySeat<NodeSet>,
    roads: BySeat<EdgeSet>,
    hands: BySeat<Hand>,
    /// The viewer's own development cards (old = playable from before this turn).
    my_dev_old: DevSet,
    my_dev_new: DevSet,
    /// Opponents' unplayed development cards (kinds hidden), old and bought this turn.
    dev_old_count: BySeat<i32>,
    dev_new_count: BySeat<i32>,
    /// Cards everyone has played (public).
    played: DevSet,
    /// The last card played this turn, to undo if the server returns it to the hand.
    last_played: Option<(Seat, DevCard)>,
    /// VP cards revealed at game over, per seat.
    revealed_vp: BySeat<i32>,
    /// Cards left in the deck (the server's figure).
    deck_count: i32,
    /// Cards drawn so far (DEVCARDACTION DRAW), to check the server's deck count.
    drawn: i32,
    knights: BySeat<u8>,
    longest_road: Option<Seat>,
    largest_army: Option<Seat>,
    robber: Option<HexId>,
    /// Current player.
    pub current: Option<Seat>,
    first_player: Option<Seat>,
    /// The server's game state number (guide §6.1).
    pub state: i32,
    dice: u8,
    played_dev: bool,
    last_settlement: BySeat<Option<NodeId>>,
    /// Regular turns started (TURN into state 15).
    pub turn: u32,
    /// The winner, once the game is over.
    pub winner: Option<Seat>,
    /// Cards we were asked to discard and have not discarded yet.
    pub discard_request: Option<u8>,
    /// The server's final scores (GAMESTATS), once sent.
    pub final_scores: Option<Vec<i32>>,
    /// Seats whose hand size the next RESOURCECOUNT restates after a monopoly.
    recount: BySeat<bool>,
    /// Our mirrored total VP per seat when GAMESTATS arrived.
    pub mirrored_final: Option<[i32; 4]>,
    /// The last (server, engine) longest-road holders that differed, so that a difference is
    /// counted once, not at every view built while it lasts.
    road_noted: Option<(Option<Seat>, Option<Seat>)>,
    /// The server's version number (its VERSION message): message sequences differ by
    /// release (see [`versions`]).
    pub server_version: i32,
    /// The game's rules from its options (BOTJOINGAMEREQUEST); seats are narrowed to the
    /// occupied ones when a view is built.
    pub rules: Rules,
    /// Why the game's options cannot be played, if so (the session declines such games).
    pub unplayable: Option<options::Unplayable>,
    /// Before 2.5: the deck count was announced ahead of the draw it counts.
    draw_counted: bool,
    /// Joining: from the invitation until the game starts (STARTGAME), or, joining a game in
    /// progress, until the private information sent at our sitting down ends (our CHANGEFACE
    /// after our SITDOWN, `SOCGameHandler.sitDown_sendPrivateInfo`) or a turn begins. The
    /// server's figures are the game's state then, not differences.
    joining: bool,
    /// Our SITDOWN was echoed.
    sat: bool,
    /// Before 2.5: a monopoly announced (SIMPLEACTION RSRC_TYPE_MONOPOLIZED) whose SETs follow.
    monopoly: Option<Monopoly>,
    stats: MirrorStats,
}

impl Mirror {
    /// An empty mirror for `game`.
    pub fn new(game: &str) -> Mirror {
        Mirror {
            game: game.to_owned(),
            me: None,
            nickname: None,
            names: Default::default(),
            board: None,
            settlements: BySeat::default(),
            cities: BySeat::default(),
            roads: BySeat::default(),
            hands: BySeat::default(),
            my_dev_old: DevSet::EMPTY,
            my_dev_new: DevSet::EMPTY,
            dev_old_count: BySeat::default(),
            dev_new_count: BySeat::default(),
            played: DevSet::EMPTY,
            last_played: None,
            revealed_vp: BySeat::default(),
            deck_count: DevSet::FULL_DECK.total() as i32,
            drawn: 0,
            knights: BySeat::default(),
            longest_road: None,
            largest_army: None,
            robber: None,
            current: None,
            first_player: None,
            state: 0,
            dice: 0,
            played_dev: false,
            last_settlement: BySeat::default(),
            turn: 0,
            winner: None,
            discard_request: None,
            final_scores: None,
            recount: BySeat::default(),
            mirrored_final: None,
            road_noted: None,
            server_version: versions::ASSUMED,
            rules: Rules::default(),
            unplayable: None,
            draw_counted: false,
            joining: true,
            sat: false,
            monopoly: None,
            stats: MirrorStats::default(),
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
    pub fn hand(&self, s: Seat) -> Hand {
        self.hands[s]
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state == STATE_OVER
    }

    /// Total VP per seat as mirrored: public points plus the VP cards the viewer knows of (its
    /// own, and opponents' once revealed at game over).
    pub fn total_vp(&self) -> [i32; 4] {
        let mut out = [0; 4];
        for s in Seat::all() {
            let mut vp = self.settlements[s].len() as i32 + 2 * self.cities[s].len() as i32;
            if self.longest_road == Some(s) {
                vp += 2;
            }
            if self.largest_army == Some(s) {
                vp += 2;
            }
            if Some(s) == self.me {
                vp += i32::from(
                    self.my_dev_old.get(DevCard::VictoryPoint)
                        + self.my_dev_new.get(DevCard::VictoryPoint),
                );
            } else {
                vp += self.revealed_vp[s];
            }
            out[s.index()] = vp;
        }
        out
    }

    fn mismatch(&mut self, what: &str, detail: fmt::Arguments<'_>) {
        self.stats.mismatches = self.stats.mismatches.saturating_add(1);
        warn!(game = %shown(&self.game), what, "mirror differs from server: {detail}");
    }

    fn bad(&mut self, msg: &Message, why: &str) {
        self.stats.bad_messages = self.stats.bad_messages.saturating_add(1);
        warn!(game = %shown(&self.game), why, text = %shown(&msg.encode()), "message not applied to the mirror");
    }

    fn is_me(&self, s: Seat) -> bool {
        self.me == Some(s)
    }

    // ---- applying messages ------------------------------------------------------------

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
                self.me = seat(m.player);
                match options::rules_from_options(&m.options) {
                    Ok(r) => self.rules = r,
                    Err(e) => self.unplayable = Some(e),
                }
            }
            M::SitDown(m) => {
                if let Some(s) = seat(m.player) {
                    if self.nickname.as_deref() == Some(m.nickname.as_str()) {
                        self.me = Some(s);
                    }
                    if self.me == Some(s) {
                        self.sat = true;
                    }
                    self.names[s.index()] = Some(m.nickname.clone());
                }
            }
            M::BoardLayout(m) => {
                if m.robber_hex < 0 {
                    return; // the all-water placeholder sent at join (guide §0 #18)
                }
                match Board::from_server_layout(&m.hex_layout, &m.number_layout, m.robber_hex) {
                    Ok(b) => {
                        self.robber = Some(b.robber_start);
                        self.board = Some(b);
                    }
                    Err(e) => {
                        warn!(game = %shown(&self.game), error = %e, "bad board layout");
                        self.stats.bad_messages = self.stats.bad_messages.saturating_add(1);
                    }
                }
            }
            M::StartGame(m) => {
                self.joining = false;
                if let Some(s) = m.state {
                    self.state = s;
                }
            }
            M::ChangeFace(m) if self.sat && seat(m.player) == self.me => self.joining = false,
            M::GameState(m) => self.set_state(m.state),
            M::Turn(m) => self.on_turn(msg, m.player, m.state),
            M::SetTurn(m) => self.current = seat(m.player),
            M::FirstPlayer(m) => self.first_player = seat(m.player),
            M::GameElements(m) => {
                for ev in &m.elements {
                    self.game_element(ev.element, ev.value);
                }
                // Joining a game in progress: the round count (`SOCGame.getRoundCount`) gives
                // the turns played, which the mirror could not count.
                if let Some(round) = m.elements.iter().find(|e| e.element == 1).map(|e| e.value) {
                    self.turn = self.turns_before_round(round);
                }
            }
            M::LongestRoad(m) => self.longest_road = seat(m.player),
            M::LargestArmy(m) => self.largest_army = seat(m.player),
            M::DiceResult(m) => {
                self.dice = u8::try_from(m.result)
                    .ok()
                    .filter(|d| (2..=12).contains(d))
                    .unwrap_or(0)
            }
            M::DiceResultResources(m) => {
                for p in &m.players {
                    let Some(s) = seat(p.player) else {
                        self.bad(msg, "bad seat");
                        continue;
                    };
                    for &(amount, rtype) in &p.gains {
                        match Resource::from_server(rtype) {
                            Some(r) => self.hands[s].gain(r.index(), amount),
                            None => self.hands[s].gain_unknown(amount),
                        }
                    }
                    self.check_total(s, p.new_total, "DICERESULTRESOURCES total");
                }
            }
            M::PutPiece(m) => self.on_put_piece(msg, m),
            // To everyone in START1B/START2B: the current player's initial settlement was
            // taken back (forced end or cancel; guide §7.2).
            M::CancelBuildRequest(m)
                if PieceType::from_wire(m.piece_type) == Some(PieceType::Settlement)
                    && matches!(
                        GameState::from_wire(self.state),
                        Some(GameState::Start1B | GameState::Start2B)
                    ) =>
            {
                self.undo_initial_settlement()
            }
            M::MoveRobber(m) => match HexId::from_server(m.hex) {
                Some(h) => self.robber = Some(h),
                None => self.bad(msg, "robber hex is not a land hex"),
            },
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
                if let Some(s) = seat(m.player) {
                    if std::mem::take(&mut self.recount[s]) {
                        // After a monopoly took every card of one type: the unknown cards of
                        // that type went too, so the new total is news, not a difference.
                        self.hands[s].set_total(m.count);
                    } else {
                        self.check_total(s, m.count, "RESOURCECOUNT");
                    }
                }
            }
            M::DiscardRequest(m) => self.discard_request = u8::try_from(m.count).ok(),
            M::Discard(m) => {
                let Some(s) = m.player.and_then(seat) else {
                    return; // our own outgoing form, or garbage
                };
                let known = translate::counts(&m.resources);
                for (r, &n) in known.iter().enumerate() {
                    if n > 0 && !self.hands[s].lose(r, n) {
                        self.mismatch("hand", format_args!("seat {s:?} discarded cards it lacked"));
                    }
                }
                if m.unknown > 0 && !self.hands[s].lose_unseen(m.unknown) {
                    self.mismatch(
                        "hand",
                        format_args!("seat {s:?} discarded more than it held"),
                    );
                }
                if self.is_me(s) {
                    self.discard_request = None;
                }
            }
            M::DevCardAction(m) => self.on_dev_card(msg, m),
            M::SimpleAction(m) if m.action_type == SimpleActionType::DevCardBought.wire() => {
                self.set_deck_count(m.value1)
            }
            // Before 2.5 the SETs of the monopolized resource follow this (2.4.00
            // `SOCGameMessageHandler.handlePICKRESOURCETYPE`); from 2.5 they come first, as a
            // GAIN for the monopolist and news SETs plus RESOURCECOUNTs for the victims.
            M::SimpleAction(m)
                if m.action_type == 3 && self.server_version < versions::MONOPOLY_GAIN =>
            {
                let r = Resource::from_server(m.value2).map(Resource::index);
                match (seat(m.player), r) {
                    (Some(by), Some(resource)) => {
                        self.monopoly = Some(Monopoly {
                            by,
                            resource,
                            taken: m.value1,
                            unaccounted: m.value1,
                            maybe_unknown: BySeat::default(),
                        })
                    }
                    _ => self.bad(msg, "bad monopoly"),
                }
            }
            M::DevCardCount(m) => self.set_deck_count(m.count),
            M::SetPlayedDevCard(m) => self.played_dev = m.played,
            M::PickResources(m) => {
                if let Some((p, _reason)) = m.picked_by {
                    let Some(s) = seat(p) else {
                        return self.bad(msg, "bad seat");
                    };
                    for (r, &n) in translate::counts(&m.resources).iter().enumerate() {
                        self.hands[s].gain(r, n);
                    }
                }
            }
            // Before 2.5 the server sent PLAYERELEMENT gains and losses for the trade first.
            M::BankTrade(_) if self.server_version < versions::BANK_TRADE_CARRIES_RESOURCES => {}
            M::BankTrade(m) => {
                if let Some(s) = m.player.and_then(seat) {
                    self.exchange(s, &m.give, &m.get);
                }
            }
            M::AcceptOffer(m) => {
                if let (Some(a), Some(o), Some((to_acc, to_off))) =
                    (seat(m.accepting), seat(m.offering), &m.resources)
                {
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

    fn set_state(&mut self, state: i32) {
        self.settle_monopoly();
        if self.state == STATE_DISCARDS && state != STATE_DISCARDS {
            self.discard_request = None;
        }
        self.state = state;
        if state == STATE_OVER {
            self.winner = self.current;
        }
    }

    /// Turns played by the current turn of round `round` (the engine's `State::turn`: 1 in
    /// the first player's first turn), counting occupied seats from the first player.
    fn turns_before_round(&self, round: i32) -> u32 {
        if round <= 0 {
            return 0;
        }
        let mask = self.seated_mask();
        let seated: Vec<usize> = (0..4).filter(|&i| mask & (1 << i) != 0).collect();
        let n = seated.len().max(1) as u32;
        let pos = |s: Option<Seat>| s.and_then(|s| seated.iter().position(|&i| i == s.index()));
        let offset = match (pos(self.first_player), pos(self.current)) {
            (Some(f), Some(c)) => ((c + seated.len() - f) % seated.len()) as u32,
            _ => 0,
        };
        // The round count comes from the network: saturate, never overflow.
        (round as u32 - 1)
            .saturating_mul(n)
            .saturating_add(offset + 1)
    }

    /// Occupied seats: where someone sat (SITDOWN), and ours (taking over a vacated seat, we
    /// are invited to it before our SITDOWN); all four before anyone sat.
    fn seated_mask(&self) -> u8 {
        let mut mask = (0..4).fold(0u8, |m, i| m | (u8::from(self.names[i].is_some()) << i));
        if let Some(me) = self.me {
            mask |= 1 << me.index();
        }
        if mask == 0 {
            ALL_SEATS
        } else {
            mask
        }
    }

    fn on_turn(&mut self, msg: &Message, player: i32, state: Option<i32>) {
        self.joining = false;
        let Some(s) = seat(player) else {
            return self.bad(msg, "bad seat");
        };
        // Cards bought in the turn that ends become playable (SOCGame.updateAtTurn).
        for c in DevCard::ALL {
            self.my_dev_old[c] = self.my_dev_old[c]
                .saturating_add(self.my_dev_new[c])
                .min(MAX_DEV_CARDS as u8);
        }
        self.my_dev_new = DevSet::EMPTY;
        for t in Seat::all() {
            self.dev_old_count[t] =
                (self.dev_old_count[t] + self.dev_new_count[t]).min(MAX_DEV_CARDS);
            self.dev_new_count[t] = 0;
        }
        if state == Some(GameState::Start1A.wire()) && self.first_player.is_none() {
            // The server announces no FIRST_PLAYER at start: the first placer is it.
            self.first_player = Some(s);
        }
        self.current = Some(s);
        self.played_dev = false;
        self.last_played = None;
        self.dice = 0;
        if let Some(st) = state {
            if st == GameState::RollOrCard.wire() {
                self.turn = self.turn.saturating_add(1);
            }
            self.set_state(st);
        }
    }

    fn game_element(&mut self, element: i32, value: i32) {
        use GameElementType as G;
        match GameElementType::from_wire(element) {
            // Before 2.5, in a buy the count comes before the DRAW it already counts.
            Some(G::DevCardCount)
                if self.server_version < versions::DEV_COUNT_AFTER_DRAW
                    && matches!(self.state, 20 | 100) =>
            {
                self.drawn = (self.drawn + 1).min(MAX_DEV_CARDS);
                self.set_deck_count(value);
                self.draw_counted = true;
            }
            Some(G::DevCardCount) => self.set_deck_count(value),
            Some(G::FirstPlayer) => self.first_player = seat(value),
            Some(G::CurrentPlayer) => self.current = seat(value),
            Some(G::LargestArmyPlayer) => self.largest_army = seat(value),
            Some(G::LongestRoadPlayer) => self.longest_road = seat(value),
            _ => {}
        }
    }

    fn set_deck_count(&mut self, n: i32) {
        let ours = DevSet::FULL_DECK.total() as i32 - self.drawn;
        if ours != n && self.joining {
            self.drawn = DevSet::FULL_DECK.total() as i32 - n;
        } else if ours != n {
            self.mismatch("dev cards left", format_args!("mirror {ours}, server {n}"));
            self.drawn = DevSet::FULL_DECK.total() as i32 - n;
        }
        self.deck_count = n;
    }

    fn on_put_piece(&mut self, msg: &Message, m: &proto::PutPiece) {
        let Some(s) = seat(m.player) else {
            return self.bad(msg, "bad seat");
        };
        let (mut settlements, mut cities, mut roads) = (self.settlements, self.cities, self.roads);
        let mut new_settlement = None;
        match PieceType::from_wire(m.piece_type) {
            Some(PieceType::Road) => match EdgeId::from_server(m.coordinate) {
                Some(e) => roads[s].insert(e),
                None => return self.bad(msg, "not a land edge"),
            },
            Some(PieceType::Settlement) => {
                let Some(n) = NodeId::from_server(m.coordinate) else {
                    return self.bad(msg, "not a land node");
                };
                settlements[s].insert(n);
                new_settlement = Some(n);
            }
            Some(PieceType::City) => {
                let Some(n) = NodeId::from_server(m.coordinate) else {
                    return self.bad(msg, "not a land node");
                };
                if !settlements[s].contains(n) {
                    return self.contradiction(msg, "a city where the seat has no settlement");
                }
                settlements[s].remove(n);
                cities[s].insert(n);
            }
            _ => return self.bad(msg, "not a classic piece"),
        }
        // A placement the rules forbid (an occupied node, a road touching nothing, ...)
        // contradicts what the mirror knows: keep the mirror as it was, so that views stay
        // valid, and count the difference.
        if let Err(e) = check_pieces(&settlements, &cities, &roads) {
            return self.contradiction(msg, &e.to_string());
        }
        (self.settlements, self.cities, self.roads) = (settlements, cities, roads);
        if let Some(n) = new_settlement {
            if self.state == GameState::Start1A.wire() || self.state == STATE_START2A {
                self.last_settlement[s] = Some(n);
            }
            if self.state == STATE_START2A {
                // The 2nd initial settlement's resources are not announced (guide §0 #6).
                for (r, k) in self.initial_gain(n).iter().enumerate() {
                    self.hands[s].gain(r, *k);
                }
            }
        }
    }

    /// A server event that contradicts the mirror: counted as a mismatch and skipped.
    fn contradiction(&mut self, msg: &Message, why: &str) {
        self.mismatch(
            "contradiction",
            format_args!("{why}; skipped: {}", shown(&msg.encode())),
        );
    }

    /// One resource per land hex next to `n` (desert none).
    fn initial_gain(&self, n: NodeId) -> [i32; 5] {
        let mut out = [0; 5];
        if let Some(b) = &self.board {
            for h in topology::topology().node_hexes(n) {
                if let Some(r) = b.hex_resource[h.index()] {
                    out[r.index()] += 1;
                }
            }
        }
        out
    }

    fn undo_initial_settlement(&mut self) {
        let Some(s) = self.current else { return };
        let Some(n) = self.last_settlement[s] else {
            return;
        };
        if !self.settlements[s].contains(n) {
            return;
        }
        self.settlements[s].remove(n);
        if self.state == GameState::Start2B.wire() {
            for (r, k) in self.initial_gain(n).iter().enumerate() {
                self.hands[s].lose(r, *k);
            }
        }
        self.last_settlement[s] = None;
    }

    fn on_robbery(&mut self, msg: &Message, m: &proto::RobberyResult) {
        let (Some(perp), Some(victim)) = (seat(m.perpetrator), seat(m.victim)) else {
            return self.bad(msg, "bad seat");
        };
        let Robbed::Resource { resource, amount } = m.robbed else {
            return self.bad(msg, "not a classic robbery");
        };
        if !m.is_gain_lose {
            return;
        }
        match Resource::from_server(resource) {
            Some(r) => {
                if !self.hands[victim].lose(r.index(), amount) {
                    self.mismatch("hand", format_args!("victim {victim:?} lacked {r:?}"));
                }
                self.hands[perp].gain(r.index(), amount);
            }
            None => {
                if !self.hands[victim].lose_unseen(amount) {
                    self.mismatch("hand", format_args!("victim {victim:?} had no cards"));
                }
                self.hands[perp].gain_unknown(amount);
            }
        }
    }

    fn player_element(
        &mut self,
        msg: &Message,
        player: i32,
        action: i32,
        element: i32,
        amount: i32,
        news: bool,
    ) {
        use ElementAction::{Gain, Lose, Set};
        let action = ElementAction::from_wire(action);
        let element = Element::from_wire(element);
        if player == -1 {
            if element == Some(Element::PlayedDevCardFlag) && action == Some(Set) {
                self.played_dev = amount != 0;
            }
            return;
        }
        let Some(s) = seat(player) else {
            return self.bad(msg, "bad seat");
        };
        let Some(element) = element else { return };
        if let Some(r) = element.resource_index() {
            // Before 2.5, the SETs after a monopoly announcement settle it.
            if action == Some(Set) && self.monopoly.is_some_and(|m| m.resource == r) {
                self.monopoly_set(s, r, amount, news);
                return;
            }
            match action {
                Some(Set) if news => {
                    // A surprise change (monopoly): the seat now has exactly `amount`.
                    self.hands[s].known[r] = amount;
                    self.recount[s] = true;
                }
                Some(Set) => {
                    if self.is_me(s)
                        && self.hands[s].known[r] != amount
                        && self.board.is_some()
                        && !self.joining
                    {
                        let had = self.hands[s].known[r];
                        self.mismatch(
                            "own hand",
                            format_args!(
                                "{:?}: mirror {had}, server SET {amount}",
                                Resource::new(r)
                            ),
                        );
                    }
                    self.hands[s].known[r] = amount;
                }
                Some(Gain) => self.hands[s].gain(r, amount),
                Some(Lose) => {
                    if !self.hands[s].lose(r, amount) {
                        self.mismatch(
                            "hand",
                            format_args!(
                                "seat {s:?} lost {amount} {:?} it lacked",
                                Resource::new(r)
                            ),
                        );
                    }
                }
                None => self.bad(msg, "bad element action"),
            }
            return;
        }
        match (element, action) {
            (Element::UnknownResource, Some(Set)) => {
                let known: i32 = self.hands[s].known.iter().sum();
                self.hands[s].unknown = amount;
                if known > 0 && amount > 0 {
                    debug!(game = %shown(&self.game), "unknown-resource SET with known cards");
                }
            }
            (Element::UnknownResource, Some(Gain)) => self.hands[s].gain_unknown(amount),
            (Element::UnknownResource, Some(Lose)) => {
                let held = self.hands[s].lose_unseen(amount);
                if !held {
                    self.mismatch("hand", format_args!("seat {s:?} lost more than it held"));
                }
            }
            (Element::UnknownResource, None) => self.bad(msg, "bad element action"),
            // ROADS / SETTLEMENTS / CITIES left in stock.
            (Element::Roads | Element::Settlements | Element::Cities, Some(Set)) => {
                if self.board.is_none() {
                    return;
                }
                let (name, ours) = match element {
                    Element::Roads => ("roads", MAX_ROADS - self.roads[s].len()),
                    Element::Settlements => {
                        ("settlements", MAX_SETTLEMENTS - self.settlements[s].len())
                    }
                    _ => ("cities", MAX_CITIES - self.cities[s].len()),
                };
                if ours as i32 != amount {
                    self.mismatch(
                        "pieces",
                        format_args!("seat {s:?} {name} left: mirror {ours}, server {amount}"),
                    );
                }
            }
            (Element::NumKnights, Some(a)) => {
                let k = i32::from(self.knights[s]);
                let v = match a {
                    Set => amount,
                    Gain => k + amount,
                    Lose => k - amount,
                };
                self.knights[s] = v.clamp(0, 14) as u8;
            }
            (Element::ResourceCount, Some(Set)) => self.check_total(s, amount, "RESOURCE_COUNT"),
            (Element::LastSettlementNode, Some(Set)) => {
                self.last_settlement[s] = NodeId::from_server(amount)
            }
            (Element::PlayedDevCardFlag, Some(Set)) => self.played_dev = amount != 0,
            _ => {}
        }
    }

    /// A pre-2.5 monopoly's SET of resource `r` for seat `s`: the monopolist's new amount, or a
    /// victim's (news) zero.
    fn monopoly_set(&mut self, s: Seat, r: usize, amount: i32, news: bool) {
        let Some(mut m) = self.monopoly else {
            return;
        };
        if s == m.by && !news {
            // Exactly `amount` of `r` now, and `taken` cards more than before: any of its
            // unknown cards that were `r` are in `amount` already.
            let total = self.hands[s].total() + m.taken;
            let had = self.hands[s].known[r];
            if self.is_me(s) && had + m.taken != amount {
                self.mismatch(
                    "own hand",
                    format_args!("monopoly: {had} + {} taken, server SET {amount}", m.taken),
                );
            }
            self.hands[s].known[r] = amount;
            self.hands[s].set_total(total);
        } else {
            let h = &mut self.hands[s];
            m.unaccounted -= h.known[r];
            h.known[r] = amount;
            m.maybe_unknown[s] = h.unknown > 0;
        }
        self.monopoly = Some(m);
    }

    /// Settles a pre-2.5 monopoly at the game state that ends it: the cards taken that no
    /// victim's known cards account for were among victims' unknown cards.
    fn settle_monopoly(&mut self) {
        let Some(m) = self.monopoly.take() else {
            return;
        };
        let mut left = m.unaccounted;
        let from: Vec<Seat> = Seat::all().filter(|&s| m.maybe_unknown[s]).collect();
        if left < 0 || (left > 0 && from.is_empty()) {
            self.mismatch(
                "hand",
                format_args!(
                    "monopoly took {}, victims' cards account for {}",
                    m.taken,
                    m.taken - left
                ),
            );
            return;
        }
        for &s in &from {
            let k = left.min(self.hands[s].unknown);
            self.hands[s].unknown -= k;
            left -= k;
            if from.len() > 1 {
                // Which victim lost how many is not known: its next published total is news.
                self.recount[s] = true;
            }
        }
    }

    /// Compares a published hand size with the mirror's; the server wins.
    fn check_total(&mut self, s: Seat, total: i32, source: &str) {
        if std::mem::take(&mut self.recount[s]) || self.joining {
            // A figure the mirror could not know (after a monopoly, or joining): news, not a
            // difference.
            self.hands[s].set_total(total);
            return;
        }
        let ours = self.hands[s].total();
        if ours != total {
            self.mismatch(
                "hand size",
                format_args!("seat {s:?}: mirror {ours}, {source} {total}"),
            );
            self.hands[s].set_total(total);
        }
    }

    /// `s` gives `give` and receives `get` (bank trade, one side of a player trade).
    fn exchange(&mut self, s: Seat, give: &proto::ResourceSet, get: &proto::ResourceSet) {
        for (r, &n) in give.0.iter().enumerate() {
            if n > 0 && !self.hands[s].lose(r, n) {
                self.mismatch(
                    "hand",
                    format_args!("seat {s:?} traded away cards it lacked"),
                );
            }
        }
        for (r, &n) in get.0.iter().enumerate() {
            self.hands[s].gain(r, n);
        }
    }

    fn on_dev_card(&mut self, msg: &Message, m: &proto::DevCardAction) {
        let Some(s) = seat(m.player) else {
            return; // CANNOT_PLAY (pn -1) is a refusal, handled by the session
        };
        let me = self.is_me(s);
        let Some(action) = DevAction::from_wire(m.action) else {
            return self.bad(msg, "unknown dev-card action");
        };
        use DevAction::{AddNew, AddOld, Draw, Play, RemoveNew, RemoveOld};
        for &t in &m.card_types {
            let card = DevCard::from_server(t);
            match action {
                Draw => {
                    if !std::mem::take(&mut self.draw_counted) {
                        self.drawn = (self.drawn + 1).min(MAX_DEV_CARDS);
                    }
                    match (me, card) {
                        (true, Some(c)) => add_dev(&mut self.my_dev_new[c]),
                        (true, None) => self.bad(msg, "own drawn card of unknown type"),
                        (false, _) => {
                            self.dev_new_count[s] = (self.dev_new_count[s] + 1).min(MAX_DEV_CARDS)
                        }
                    }
                }
                Play => {
                    let Some(c) = card else {
                        return self.bad(msg, "played card of unknown type");
                    };
                    add_dev(&mut self.played[c]);
                    self.last_played = Some((s, c));
                    self.played_dev = true;
                    if me {
                        if self.my_dev_old[c] > 0 {
                            self.my_dev_old[c] -= 1;
                        } else if self.my_dev_new[c] > 0 {
                            self.my_dev_new[c] -= 1;
                            self.mismatch("dev cards", format_args!("played a new {c:?}"));
                        } else {
                            self.mismatch("dev cards", format_args!("played a {c:?} not held"));
                        }
                    } else if self.dev_old_count[s] > 0 {
                        self.dev_old_count[s] -= 1;
                    } else {
                        self.mismatch(
                            "dev cards",
                            format_args!("seat {s:?} played a card it had not held"),
                        );
                    }
                }
                // Hidden VP cards revealed at game over (guide §6.6).
                AddOld
                    if self.state == STATE_OVER && card == Some(DevCard::VictoryPoint) && !me =>
                {
                    self.revealed_vp[s] = (self.revealed_vp[s] + 1).min(MAX_DEV_CARDS)
                }
                AddOld if self.state == STATE_OVER => {}
                AddOld | AddNew => {
                    // A card returned to the hand (forced end after playing it, guide §7.2).
                    let c = card.or(self.last_played.filter(|(p, _)| *p == s).map(|(_, c)| c));
                    if let Some((p, lc)) = self.last_played {
                        if p == s && Some(lc) == c && self.played[lc] > 0 {
                            self.played[lc] -= 1;
                            self.last_played = None;
                        }
                    }
                    match (me, c, action) {
                        (true, Some(c), AddOld) => add_dev(&mut self.my_dev_old[c]),
                        (true, Some(c), _) => add_dev(&mut self.my_dev_new[c]),
                        (true, None, _) => self.bad(msg, "own card of unknown type"),
                        (false, _, AddOld) => {
                            self.dev_old_count[s] = (self.dev_old_count[s] + 1).min(MAX_DEV_CARDS)
                        }
                        (false, _, _) => {
                            self.dev_new_count[s] = (self.dev_new_count[s] + 1).min(MAX_DEV_CARDS)
                        }
                    }
                }
                RemoveOld | RemoveNew => match (me, card) {
                    (true, Some(c)) => {
                        let set = if action == RemoveOld {
                            &mut self.my_dev_old
                        } else {
                            &mut self.my_dev_new
                        };
                        set[c] = set[c].saturating_sub(1);
                    }
                    (true, None) => self.bad(msg, "own card of unknown type"),
                    (false, _) => {
                        let n = if action == RemoveOld {
                            &mut self.dev_old_count[s]
                        } else {
                            &mut self.dev_new_count[s]
                        };
                        *n = (*n - 1).max(0);
                    }
                },
                DevAction::CannotPlay => {}
            }
        }
    }

    fn on_data_check(&mut self, m: &proto::BotGameDataCheck) {
        if m.check_type != DataCheckType::Resources.wire() {
            return;
        }
        self.stats.data_checks += 1;
        for h in &m.hands {
            let Some(s) = seat(h.player) else { continue };
            let actual = translate::counts(&h.resources);
            let hand = self.hands[s];
            let total: i32 = actual.iter().sum();
            let ok = if self.is_me(s) {
                hand.known == actual && hand.unknown == 0
            } else {
                hand.total() == total && hand.known.iter().zip(actual.iter()).all(|(k, a)| k <= a)
            };
            if !ok {
                self.stats.data_check_mismatches += 1;
                self.mismatch(
                    "data check",
                    format_args!(
                        "seat {s:?}: mirror known {:?} + {} unknown, server hand {:?}",
                        hand.known, hand.unknown, actual
                    ),
                );
                // Correct only what the viewer may know (module doc).
                if self.is_me(s) {
                    self.hands[s] = Hand {
                        known: actual,
                        unknown: 0,
                    };
                } else {
                    self.hands[s] = Hand {
                        known: [0; 5],
                        unknown: total,
                    };
                }
            }
        }
    }

    // ---- building a view --------------------------------------------------------------

    /// The engine phase of the server's current state; 30..32 (placing after a build
    /// request) count as `Main`.
    pub fn phase(&self) -> Option<Phase> {
        match self.state {
            30..=32 => Some(Phase::Main),
            s => Phase::from_server(s),
        }
    }

    /// The description of the game as the viewer believes it, plus the beliefs: opponents'
    /// unknown cards and dev cards are filled with plausible guesses (the bank's fullest
    /// resources; the unseen dev cards).
    ///
    /// # Errors
    /// [`MirrorError`] when the game has not started or is in a state without a decision.
    pub fn setup(&self) -> Result<(Setup, BySeat<Belief>), MirrorError> {
        let board = self.board.ok_or(MirrorError::NoBoard)?;
        let me = self.me.ok_or(MirrorError::NoSeat)?;
        let current = self.current.ok_or(MirrorError::NoSeat)?;
        let phase = self.phase().ok_or(MirrorError::NoPhase(self.state))?;

        // Hands: known cards, then unknown ones as the resources the bank has most of.
        let mut supply = [i32::from(BANK_PER_RESOURCE); 5];
        for s in Seat::all() {
            for (x, k) in supply.iter_mut().zip(self.hands[s].known.iter()) {
                *x -= k;
            }
        }
        let mut hands = BySeat::<ResourceSet>::default();
        let mut beliefs = BySeat::<Belief>::default();
        for s in Seat::all() {
            let h = self.hands[s];
            let mut set = h.as_set();
            for _ in 0..h.unknown.max(0) {
                let r = (0..5).max_by_key(|&r| (supply[r], 4 - r)).unwrap_or(0);
                supply[r] -= 1;
                set.0[r] = set.0[r].saturating_add(1);
            }
            hands[s] = set;
            beliefs[s] = Belief {
                known: h.as_set(),
                unknown: h.unknown.clamp(0, 255) as u8,
                dev_hidden: s != me,
            };
        }
        if self.hands[me].unknown > 0 {
            beliefs[me].known = hands[me];
            beliefs[me].unknown = 0;
        }

        // Dev cards: ours exactly; opponents' from the pool nobody has seen.
        let mut pool = DevSet::FULL_DECK;
        for c in DevCard::ALL {
            let used = self.my_dev_old[c] + self.my_dev_new[c] + self.played[c];
            pool[c] = pool[c].saturating_sub(used);
        }
        let take = |pool: &mut DevSet| -> Option<DevCard> {
            let c = DevCard::ALL
                .iter()
                .copied()
                .filter(|&c| pool[c] > 0)
                .max_by_key(|&c| pool[c])?;
            pool[c] -= 1;
            Some(c)
        };
        let mut dev_cards = BySeat::<DevSet>::default();
        let mut new_dev_cards = BySeat::<DevSet>::default();
        for s in Seat::all() {
            if s == me {
                dev_cards[s] = self.my_dev_old;
                new_dev_cards[s] = self.my_dev_new;
                continue;
            }
            for _ in 0..self.dev_old_count[s] {
                if let Some(c) = take(&mut pool) {
                    dev_cards[s][c] += 1;
                }
            }
            if s == current {
                for _ in 0..self.dev_new_count[s] {
                    if let Some(c) = take(&mut pool) {
                        new_dev_cards[s][c] += 1;
                    }
                }
            }
        }
        // The deck holds what is left; trim to the server's count (never pad: the pool is
        // an upper bound).
        let mut deck = pool;
        while deck.total() as i32 > self.deck_count.max(0) {
            match take(&mut deck) {
                Some(_) => {}
                None => break,
            }
        }

        let mut discards_owed = BySeat::<u8>::default();
        if phase == Phase::Discard {
            if let Some(n) = self.discard_request {
                discards_owed[me] = n;
            }
        }

        // Seats in play: those someone sat in (SITDOWN); vacant seats hold nothing.
        let mut rules = self.rules;
        rules.seats = self.seated_mask();
        let setup = Setup {
            board,
            rules,
            settlements: self.settlements,
            cities: self.cities,
            roads: self.roads,
            hands,
            dev_cards,
            new_dev_cards,
            deck,
            knights_played: self.knights,
            longest_road: self.longest_road,
            largest_army: self.largest_army,
            robber: self.robber.unwrap_or(board.robber_start),
            current_player: current,
            first_player: self.first_player.unwrap_or(current),
            phase,
            dice: if matches!(phase, Phase::Main | Phase::Discard) && self.dice == 0 {
                7
            } else {
                self.dice
            },
            played_dev_card: self.played_dev,
            discards_owed,
            last_settlement: self.last_settlement,
            turn: self.turn,
            winner: if phase == Phase::Over {
                self.winner
            } else {
                None
            },
            pending_offer: None,
            offers_made: 0,
        };
        Ok((setup, beliefs))
    }

    /// The agent's view: [`Mirror::setup`] checked by `State::from_setup`. Where the engine
    /// computes an award differently from the server (longest road after a broken road, ...),
    /// the engine's holder is used so the state is valid, and the difference is counted.
    ///
    /// # Errors
    /// [`MirrorError`] if no valid state can be built.
    pub fn view(&mut self) -> Result<View, MirrorError> {
        let (mut setup, beliefs) = self.setup()?;
        let me = self.me.ok_or(MirrorError::NoSeat)?;
        let mut road_difference = None;
        for _ in 0..4 {
            match State::from_setup(&setup) {
                Ok(state) => {
                    self.road_noted = road_difference;
                    return Ok(View { state, me, beliefs });
                }
                Err(SetupError::LongestRoad) => {
                    let holder = engine_longest_road(&setup);
                    let difference = (setup.longest_road, holder);
                    // One difference, however many views are built while it lasts.
                    if self.road_noted != Some(difference) && road_difference.is_none() {
                        self.mismatch(
                            "longest road",
                            format_args!("server {:?}, engine {:?}", setup.longest_road, holder),
                        );
                    }
                    road_difference = Some(difference);
                    setup.longest_road = holder;
                }
                Err(SetupError::LargestArmy) => {
                    let k = setup.knights_played;
                    let max = *k.0.iter().max().unwrap_or(&0);
                    setup.largest_army = if max >= 3 {
                        Seat::all().find(|&s| k[s] == max)
                    } else {
                        None
                    };
                }
                Err(SetupError::Discards) if setup.phase == Phase::Discard => {
                    // Our discard was already sent or the request not seen: nothing owed.
                    return Err(MirrorError::Setup(SetupError::Discards));
                }
                Err(e) => return Err(MirrorError::Setup(e)),
            }
        }
        Err(MirrorError::Setup(SetupError::LongestRoad))
    }
}

/// The longest-road holder the engine accepts for `setup` (keeps the server's holder when tied).
fn engine_longest_road(setup: &Setup) -> Option<Seat> {
    let mut occupied = NodeSet::EMPTY;
    for s in Seat::all() {
        occupied |= setup.settlements[s] | setup.cities[s];
    }
    let len = BySeat([0, 1, 2, 3].map(Seat::new).map(|s| {
        longest_road(
            setup.roads[s],
            occupied - setup.settlements[s] - setup.cities[s],
        )
    }));
    let max = *len.0.iter().max().unwrap_or(&0);
    if max < 5 {
        return None;
    }
    let at_max: Vec<Seat> = Seat::all().filter(|&s| len[s] == max).collect();
    match at_max.as_slice() {
        [one] => Some(*one),
        _ => setup.longest_road.filter(|h| len[*h] == max),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unseen_losses_only_lower_the_known_bound() {
        let mut h = Hand {
            known: [2, 0, 0, 0, 1],
            unknown: 1,
        };
        assert!(h.lose_unseen(1));
        assert_eq!((h.known, h.unknown, h.total()), ([1, 0, 0, 0, 0], 2, 3));
        assert!(h.lose(0, 1));
        assert!(h.lose(4, 1));
        assert_eq!((h.known, h.unknown), ([0; 5], 1));
        assert!(!h.lose(2, 2));
    }
}
