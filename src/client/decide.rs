//! One game's task: applies the game's messages to its [`Mirror`], notices when we must
//! decide, asks the agent on a blocking thread with a deadline, translates its [`Action`] into
//! the server's messages, and watches the reply: a refused request (or none within the reply
//! timeout) is counted, the action is banned for the turn and another legal move goes out at
//! once. Imports tokio, `jsettlers_protocol`, `crate::game`, `crate::agent` and the client's
//! mirror, translate and report.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Arc;
use std::time::{Duration, Instant as StdInstant};

use jsettlers_protocol::codes::{DevCardActionKind, ElementAction, GameState, SimpleActionType};
use jsettlers_protocol::transcript::{Direction, TranscriptLine};
use jsettlers_protocol::{self as proto, Message};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::{sleep_until, Instant};
use tracing::{debug, info, warn};

use super::logsafe::shown;
use super::mirror::{Mirror, MirrorError};
use super::pace::Pacer;
use super::report::GameReport;
use super::translate::{self, pn, seat};
use super::ClientConfig;
use crate::agent::{Agent, View};
use crate::game::{Action, ActionList, Phase, Resource, ResourceSet, Seat};

/// How long after a refusal further refusal signals (DECLINE, then CANCELBUILDREQUEST, ...)
/// are taken as the same refusal.
const SETTLE_MS: u64 = 300;
/// Decisions per turn after which we only end the turn (guards against agent loops).
const MAX_DECISIONS_PER_TURN: u32 = 80;
/// Grace after the agent's deadline before we answer without it.
const AGENT_GRACE_MS: u64 = 1500;
/// How long our trade offer stays out before we withdraw it. MAKEOFFER does not reset the
/// server's idle timer (guide §0 #7), so the wait must leave room in the 8 s a robot gets;
/// people may never answer.
const OFFER_WAIT_MS: u64 = 2000;
/// What a decision keeps free of the server's 8 s idle timer (which runs from the last
/// action that restarts it, see `pace::refreshes_timer`) for the network, the server's check
/// interval and our own send path.
const DECISION_TIMER_MARGIN_MS: u64 = 2500;
/// The least time a decision gets even when the timer is nearly out (the agent then returns
/// its best move so far).
const MIN_DECISION_MS: u64 = 150;
/// The face we ask for: 0 is the stock robots' plain robot icon (robot.gif; -1 is their
/// "smart" one).
const ROBOT_FACE: i32 = 0;

/// Everything a game task needs from the session.
pub struct GameContext {
    /// Game name.
    pub game: String,
    /// Our seat, from BOTJOINGAMEREQUEST.
    pub seat: Seat,
    /// Our nickname.
    pub nickname: String,
    /// Messages to the server (the session's bounded writer queue: a full queue makes the
    /// game task wait).
    pub out: mpsc::Sender<Message>,
    /// Finished-game reports.
    pub reports: mpsc::UnboundedSender<GameReport>,
    /// The client's settings.
    pub config: Arc<ClientConfig>,
    /// The server's version number (its VERSION message).
    pub server_version: i32,
}

/// What we are waiting for after sending a request.
#[derive(Clone, Copy, Debug)]
struct Waiting {
    /// The action sent (None for non-agent requests like a refund).
    action: Option<Action>,
    /// When to stop waiting.
    deadline: Instant,
    /// A refusal was seen; swallow its follow-up signals until the deadline.
    settling: bool,
    /// The server's game state when the request went out.
    sent_state: i32,
    /// A GAMESERVERTEXT arrived meanwhile: a refusal unless the state moves on (the server
    /// also sends informational texts, e.g. "You may place 2 roads.").
    text_seen: bool,
}

/// The decision situation a result belongs to; a result for an older one is dropped. The
/// last field counts offers made to us and trades done, so an answer to a withdrawn offer, or
/// a move decided on the hand before a trade, is dropped.
type DecisionKey = (i32, Option<Seat>, u32, Option<u8>, u32);

/// Our trade offer while it waits for answers.
#[derive(Clone, Copy, Debug)]
struct OfferOut {
    /// When we withdraw it.
    deadline: Instant,
    /// Addressees who have not answered (bit per seat).
    waiting: u8,
}

struct InFlight {
    handle: JoinHandle<(Box<dyn Agent>, Action)>,
    key: DecisionKey,
    view: View,
    started: Instant,
    give_up: Instant,
    /// We answered without the agent; its late answer will be dropped.
    abandoned: bool,
}

/// A decided action held back by `--pace` until `at`.
struct Held {
    view: View,
    action: Action,
    key: DecisionKey,
    at: Instant,
    /// Decision latency (without the pace), for the report.
    ms: f64,
}

/// A per-game task (see the module doc).
pub struct GamePlayer {
    ctx: GameContext,
    mirror: Mirror,
    agent: Option<Box<dyn Agent>>,
    waiting: Option<Waiting>,
    banned: Vec<Action>,
    decisions_this_turn: u32,
    victims: Option<Vec<bool>>,
    ended_turn: bool,
    /// An offer made to us that we have not answered yet.
    offer_in: Option<proto::MakeOffer>,
    /// Offers made to us so far (part of the decision key).
    offers_seen: u32,
    /// Our offer waiting for answers.
    offer_out: Option<OfferOut>,
    /// Offers we made this turn.
    offers_this_turn: u8,
    /// Our ACCEPTOFFER is out: `true` once the offer was taken, withdrawn or ended meanwhile.
    accept_out: Option<bool>,
    report: GameReport,
    record: Option<BufWriter<File>>,
    /// Messages decided but not yet handed to the writer queue (see [`GamePlayer::run`]).
    outbox: Vec<Message>,
    done: bool,
    pacer: Pacer,
    held: Option<Held>,
    /// Our robot face was requested (once per game).
    face_sent: bool,
    /// When our current turn began (TURN naming us), for the turn-length log line.
    turn_started: Option<Instant>,
    /// The report went to the session (game over and deleted, dismissed or disconnected).
    reported: bool,
}

impl GamePlayer {
    /// A player for `ctx.game` using `agent`; records to `record` when given.
    pub fn new(ctx: GameContext, agent: Box<dyn Agent>, record: Option<File>) -> GamePlayer {
        let mirror = Mirror::new(&ctx.game);
        let mut player = GamePlayer::resume(ctx, agent, mirror);
        player.record = record.map(BufWriter::new);
        player
    }

    /// A player going on from `mirror` (a game already under way; property tests start from
    /// snapshots of real games), not recording.
    pub fn resume(ctx: GameContext, agent: Box<dyn Agent>, mut mirror: Mirror) -> GamePlayer {
        let record = None;
        mirror.me = Some(ctx.seat);
        mirror.nickname = Some(ctx.nickname.clone());
        mirror.server_version = ctx.server_version;
        let report = GameReport {
            game: ctx.game.clone(),
            seat: Some(ctx.seat.index()),
            ..Default::default()
        };
        let pacer = Pacer::new(ctx.config.pace, ctx.config.decision_ms, AGENT_GRACE_MS);
        GamePlayer {
            ctx,
            mirror,
            agent: Some(agent),
            waiting: None,
            banned: Vec::new(),
            decisions_this_turn: 0,
            victims: None,
            ended_turn: false,
            offer_in: None,
            offers_seen: 0,
            offer_out: None,
            offers_this_turn: 0,
            accept_out: None,
            report,
            record,
            outbox: Vec::new(),
            done: false,
            pacer,
            held: None,
            face_sent: false,
            turn_started: None,
            reported: false,
        }
    }

    /// Messages decided since the last call, in order, taken out of the outbox (tests; the
    /// task itself hands them to the writer queue).
    pub fn take_outbox(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.outbox)
    }

    /// Whether the game is over for this task (deleted, dismissed, reset).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The agent's view of the game now (see [`Mirror::view`]).
    ///
    /// # Errors
    /// Why no valid view can be built.
    pub fn view(&mut self) -> Result<View, MirrorError> {
        self.mirror.view()
    }

    /// Answers a due decision at once without the agent (the fallback the task uses when the
    /// agent is late or lost); nothing when no decision is due. Property tests drive the
    /// decision path with it.
    pub fn decide_without_agent(&mut self) {
        if let Some((view, started)) = self.decision_due() {
            let a = self.fallback(&view);
            self.send_action(&view, a, started);
        }
    }

    /// The mirror (tests).
    pub fn mirror(&self) -> &Mirror {
        &self.mirror
    }

    /// Runs until the game is deleted, we are dismissed, or `inbox` closes (disconnect).
    /// What the task decides goes to the session's bounded writer queue; while that queue is
    /// full the task waits (backpressure), and when the writer is gone the game ends.
    pub async fn run(mut self, mut inbox: mpsc::Receiver<Message>) {
        let mut flight: Option<InFlight> = None;
        loop {
            for msg in std::mem::take(&mut self.outbox) {
                if self.ctx.out.send(msg).await.is_err() {
                    self.finish("disconnected");
                    self.done = true;
                    break;
                }
            }
            if self.done {
                break;
            }
            let wait_deadline = self.waiting.map(|w| w.deadline);
            let offer_deadline = self.offer_out.map(|o| o.deadline);
            let held_until = self.held.as_ref().map(|h| h.at);
            let give_up = flight.as_ref().filter(|f| !f.abandoned).map(|f| f.give_up);
            tokio::select! {
                msg = inbox.recv() => match msg {
                    Some(m) => self.on_message(&m),
                    None => {
                        self.finish("disconnected");
                        break;
                    }
                },
                joined = async { (&mut flight.as_mut().expect("guarded").handle).await }, if flight.is_some() => {
                    let f = flight.take().expect("guarded");
                    match joined {
                        Ok((agent, action)) => {
                            self.agent = Some(agent);
                            self.on_decided(f, action);
                        }
                        Err(e) => {
                            warn!(error = %e, "agent task failed; answering without it");
                            // The agent is lost; play on with fallbacks only.
                            let key = f.key;
                            if key == self.key() {
                                let a = self.fallback(&f.view);
                                self.report.fallbacks += 1;
                                self.send_action(&f.view, a, f.started);
                            }
                        }
                    }
                }
                _ = sleep_until(wait_deadline.unwrap_or_else(Instant::now)), if wait_deadline.is_some() => {
                    self.on_reply_timeout();
                }
                _ = sleep_until(offer_deadline.unwrap_or_else(Instant::now)), if offer_deadline.is_some() => {
                    self.withdraw_offer("not every addressee answered in time");
                }
                _ = sleep_until(held_until.unwrap_or_else(Instant::now)), if held_until.is_some() => {
                    self.release_held();
                }
                _ = sleep_until(give_up.unwrap_or_else(Instant::now)), if give_up.is_some() => {
                    // The agent overran its deadline: answer without it; its late answer is
                    // dropped (the key will have changed) and the agent comes back with it.
                    if let Some(f) = flight.as_mut() {
                        f.abandoned = true;
                        if f.key == self.key() && self.waiting.is_none() {
                            warn!("agent missed its deadline; answering without it");
                            let a = self.fallback(&f.view);
                            self.report.fallbacks += 1;
                            let view = f.view.clone();
                            self.send_action(&view, a, f.started);
                        }
                    }
                }
            }
            if self.done {
                break;
            }
            // While an abandoned decision still holds the agent, decisions go on without it.
            if flight.as_ref().map_or(true, |f| f.abandoned) {
                if let Some(new) = self.maybe_decide() {
                    flight = Some(new);
                }
            }
        }
        if let Some(f) = flight {
            f.handle.abort();
        }
        if let Some(r) = self.record.as_mut() {
            let _ = r.flush();
        }
    }

    fn key(&self) -> DecisionKey {
        (
            self.mirror.state,
            self.mirror.current,
            self.mirror.turn,
            self.mirror.discard_request,
            self.offers_seen,
        )
    }

    fn record(&mut self, direction: Direction, msg: &Message) {
        if let Some(r) = self.record.as_mut() {
            let line = TranscriptLine {
                direction,
                text: msg.encode(),
            };
            if let Err(e) = writeln!(r, "{line}") {
                warn!(error = %e, "cannot write the transcript; recording stops");
                self.record = None;
            }
        }
    }

    fn send(&mut self, msg: Message) {
        self.record(Direction::ToServer, &msg);
        debug!(text = %shown(&msg.encode()), "send");
        self.outbox.push(msg);
    }

    /// Our seat: as invited, or as the server's SITDOWN echo of our nickname says.
    fn me(&self) -> Seat {
        self.mirror.me.unwrap_or(self.ctx.seat)
    }

    // ---- incoming ---------------------------------------------------------------------

    /// Applies one message of this game.
    pub fn on_message(&mut self, msg: &Message) {
        self.record(Direction::FromServer, msg);
        let prev_current = self.mirror.current;
        let prev_state = self.mirror.state;
        self.mirror.apply(msg);
        let me = self.me();
        let g = self.ctx.game.clone();
        use Message as M;
        match msg {
            M::GameMembers(_) => {
                self.send(M::SitDown(proto::SitDown {
                    game: g,
                    nickname: proto::EMPTYSTR.to_owned(),
                    player: pn(me),
                    robot: true,
                }));
            }
            // Our own seat confirmed: ask for a robot face, as the stock robots do
            // (SOCRobotClient: CHANGEFACE after its SITDOWN; face 0 = robot.gif, the server
            // takes ids <= 0 from robots only).
            M::SitDown(m) if m.nickname == self.ctx.nickname && !self.face_sent => {
                self.face_sent = true;
                self.send(M::ChangeFace(proto::ChangeFace {
                    game: g,
                    player: m.player,
                    face: ROBOT_FACE,
                }));
            }
            M::GameState(m) if self.waiting.is_some_and(|w| !w.settling) => {
                let w = self.waiting.expect("guarded");
                if w.text_seen && m.state == w.sent_state {
                    self.refused("GAMESERVERTEXT and no progress");
                } else {
                    self.waiting = None;
                }
            }
            M::Turn(_) => {
                if prev_current == Some(me)
                    && !self.ended_turn
                    && prev_state != GameState::New.wire()
                    && prev_state < GameState::Over.wire()
                    && self.mirror.current.is_some()
                {
                    self.report.forced_end_turns += 1;
                    warn!(state = prev_state, "the server ended our turn");
                }
                if prev_current == Some(me) {
                    if let Some(t) = self.turn_started.take() {
                        let ms = t.elapsed().as_millis() as u64;
                        info!(ms, turn = self.mirror.turn, "our turn ended");
                    }
                }
                if self.mirror.current == Some(me) {
                    self.turn_started = Some(Instant::now());
                }
                self.pacer.on_turn();
                self.held = None;
                self.ended_turn = false;
                self.waiting = None;
                self.banned.clear();
                self.decisions_this_turn = 0;
                self.victims = None;
                self.offer_in = None;
                self.offer_out = None;
                self.offers_this_turn = 0;
                // The end of a turn clears every offer.
                self.offer_gone();
            }
            M::DeclinePlayerRequest(m) => {
                self.refused(&format!(
                    "DECLINEPLAYERREQUEST reason {} {}",
                    m.reason,
                    m.text.as_deref().unwrap_or("")
                ));
            }
            // Broadcast in START1B/2B when a settlement is taken back; to us alone, a refusal
            // of our request.
            M::CancelBuildRequest(_) if self.waiting.is_some() => {
                self.refused("CANCELBUILDREQUEST")
            }
            M::DevCardAction(m) if m.action == DevCardActionKind::CannotPlay.wire() => {
                self.refused("DEVCARDACTION CANNOT_PLAY")
            }
            M::RejectOffer(m) if m.reason.is_some() => self.on_trade_refusal(m.reason),
            M::RejectOffer(m) => self.on_reject_offer(m.player),
            M::AcceptOffer(m) => self.on_accept_offer(m),
            M::ClearOffer(m) => {
                self.offer_gone();
                let from = self.offer_in.as_ref().map(|o| o.from);
                if m.player == -1 || Some(m.player) == from {
                    self.drop_offer_in();
                }
            }
            M::GameServerText(m) => {
                info!(text = %shown(&m.text), "server says");
                if let Some(w) = self.waiting.as_mut() {
                    w.text_seen = true;
                }
            }
            // SIMPLEREQUEST type 1: the same number as SIMPLEACTION's "dev card bought"; for a
            // request it asks us to pick again.
            M::SimpleRequest(m)
                if m.request_type == SimpleActionType::DevCardBought.wire()
                    && seat(m.player) == Some(me) =>
            {
                self.refused("SIMPLEREQUEST re-pick");
            }
            M::BankTrade(m) if m.player.and_then(seat) == Some(me) => {
                self.report.trades.bank_trades += 1;
                if self.waiting.is_some_and(|w| !w.settling) {
                    self.waiting = None
                }
            }
            M::PlayerElement(m)
                if m.news
                    && m.action == ElementAction::Lose.wire()
                    && seat(m.player) == Some(me)
                    && self.mirror.state == GameState::WaitingForDiscards.wire() =>
            {
                self.report.forced_discards += 1;
                warn!("the server discarded for us");
            }
            // Asked again while our discard is pending: it was refused (wrong total).
            M::DiscardRequest(_) if self.waiting.is_some() => self.refused("DISCARDREQUEST again"),
            M::ChoosePlayerRequest(m) => self.victims = Some(m.choices.clone()),
            M::MakeOffer(m) => self.on_offer(m),
            // Over: stay seated (observers keep seeing our seat and final score) until the
            // server deletes the game; only then does the report count towards `--games`.
            M::GameStats(_) if self.mirror.final_scores.is_some() => {
                self.conclude("over");
                info!("game over; staying seated until the server deletes the game");
            }
            M::DeleteGame(_) => {
                self.finish("deleted");
                self.done = true;
            }
            M::RobotDismiss(_) | M::ResetBoardAuth(_) => {
                self.send(M::LeaveGame(proto::LeaveGame {
                    nickname: self.ctx.nickname.clone(),
                    host: "-".to_owned(),
                    game: g,
                }));
                let why = if matches!(msg, M::RobotDismiss(_)) {
                    "dismissed"
                } else {
                    "reset"
                };
                self.finish(why);
                self.done = true;
            }
            _ => {}
        }
    }

    /// A refusal of our last request: count it once, ban the action for this turn.
    fn refused(&mut self, what: &str) {
        match self.waiting {
            Some(w) if !w.settling => {
                self.report.rejected_requests += 1;
                warn!(action = ?w.action, what, "request refused");
                if let Some(a) = w.action {
                    self.banned.push(a);
                }
                self.waiting = Some(Waiting {
                    action: None,
                    deadline: Instant::now() + Duration::from_millis(SETTLE_MS),
                    settling: true,
                    sent_state: w.sent_state,
                    text_seen: false,
                });
            }
            Some(_) => {}
            None => debug!(what, "refusal signal with no request pending"),
        }
    }

    fn on_reply_timeout(&mut self) {
        if let Some(w) = self.waiting.take() {
            if !w.settling {
                self.report.rejected_requests += 1;
                warn!(action = ?w.action, "no reply in time; trying something else");
                if let Some(a) = w.action {
                    self.banned.push(a);
                }
            }
        }
    }

    /// MAKEOFFER: the server's echo of our offer (the offer is out: wait for answers), or an
    /// offer made to us (answered by the agent like any decision, see `maybe_decide`).
    fn on_offer(&mut self, m: &proto::MakeOffer) {
        let me = self.me();
        let mask =
            m.to.iter()
                .take(4)
                .enumerate()
                .fold(0u8, |acc, (i, &b)| acc | (u8::from(b) << i));
        if seat(m.from) == Some(me) {
            if self
                .waiting
                .is_some_and(|w| matches!(w.action, Some(Action::OfferTrade(_))))
            {
                self.waiting = None;
            }
            self.offer_out = Some(OfferOut {
                deadline: Instant::now() + Duration::from_millis(OFFER_WAIT_MS),
                waiting: mask & !(1 << me.index()),
            });
            return;
        }
        if mask & (1 << me.index()) == 0 {
            return;
        }
        self.report.trades.offers_received += 1;
        self.offers_seen += 1;
        self.offer_in = Some(m.clone());
    }

    /// REJECTOFFER without a reason: a player declined the offers made to it.
    fn on_reject_offer(&mut self, player: i32) {
        let Some(s) = seat(player) else { return };
        if s == self.me() {
            self.end_answer_wait();
            return;
        }
        if let Some(o) = self.offer_out.as_mut() {
            o.waiting &= !(1 << s.index());
            if o.waiting == 0 {
                self.withdraw_offer("every addressee declined");
            }
        }
    }

    /// ACCEPTOFFER: a trade happened (the server executes it at once and clears every offer).
    fn on_accept_offer(&mut self, m: &proto::AcceptOffer) {
        let me = self.me();
        // Hands changed: a decision still in flight was made on the old ones (the key moves,
        // so its answer is dropped and the decision is made again).
        self.offers_seen += 1;
        if seat(m.offering) == Some(me) {
            self.report.trades.offers_accepted += 1;
            info!(by = m.accepting, "our offer was accepted");
            self.offer_out = None;
        }
        if seat(m.accepting) == Some(me) {
            self.report.trades.offers_we_accepted += 1;
            self.accept_out = None;
            self.end_answer_wait();
        } else {
            self.offer_gone();
        }
        self.drop_offer_in();
    }

    /// The offers on the table were taken or withdrawn: an acceptance of ours still on its
    /// way will come back refused.
    fn offer_gone(&mut self) {
        if self.accept_out.is_some() {
            self.accept_out = Some(true);
        }
    }

    /// REJECTOFFER with a reason: the server refused one of our trade requests. An acceptance
    /// that arrived after the offer was taken by another player, withdrawn or ended with the
    /// turn lost a race nobody can win every time: counted apart (`accepts_too_late`), not as
    /// a refused request. A refusal is never pinned on an action that is not a trade.
    fn on_trade_refusal(&mut self, reason: Option<i32>) {
        let accept = self.accept_out.take();
        let trade_waiting = self.waiting.is_some_and(|w| {
            !w.settling && matches!(w.action, Some(Action::AcceptOffer | Action::OfferTrade(_)))
        });
        if accept == Some(true) {
            self.report.trades.accepts_too_late += 1;
            info!(?reason, "our acceptance came after the offer was gone");
            if trade_waiting {
                self.waiting = None;
            }
        } else if trade_waiting {
            self.refused(&format!("REJECTOFFER reason {reason:?}"));
        } else if accept.is_some() {
            self.report.rejected_requests += 1;
            warn!(?reason, "our acceptance was refused");
        } else {
            debug!(?reason, "a trade refusal with no trade request of ours out");
        }
    }

    /// Our answer to an offer went through: stop waiting for it.
    fn end_answer_wait(&mut self) {
        if self.waiting.is_some_and(|w| {
            matches!(w.action, Some(Action::AcceptOffer | Action::DeclineOffer)) && !w.settling
        }) {
            self.waiting = None;
        }
    }

    fn drop_offer_in(&mut self) {
        if self.offer_in.take().is_some() {
            self.offers_seen += 1;
        }
    }

    /// Takes our offer back (CLEAROFFER) and goes on with the turn.
    fn withdraw_offer(&mut self, why: &str) {
        if self.offer_out.take().is_some() {
            debug!(why, "withdrawing our offer");
            self.send(Message::ClearOffer(proto::ClearOffer::robot(
                &self.ctx.game,
            )));
        }
    }

    /// Ends the game's record as `why` (if not ended yet) and hands the report to the session
    /// (once).
    fn finish(&mut self, why: &str) {
        self.conclude(why);
        if !self.reported {
            self.reported = true;
            let _ = self.ctx.reports.send(self.report.clone());
        }
    }

    /// Fills in the report as ended by `why`, unless it has ended already.
    fn conclude(&mut self, why: &str) {
        if !self.report.end.is_empty() {
            return;
        }
        let stats = self.mirror.stats();
        self.report.end = why.to_owned();
        self.report.seat = Some(self.me().index());
        self.report.names = self.mirror.names.clone();
        self.report.points = self.mirror.final_scores.clone();
        self.report.winner = self.mirror.winner.map(|s| s.index());
        self.report.turns = self.mirror.turn;
        self.report.mirror_mismatches = stats.mismatches;
        self.report.data_check_mismatches = stats.data_check_mismatches;
        self.report.data_checks = stats.data_checks;
        info!(
            end = why,
            points = ?self.report.points,
            winner = ?self.report.winner,
            decisions = self.report.decisions,
            forced = self.report.forced_end_turns,
            rejected = self.report.rejected_requests,
            mismatches = stats.mismatches,
            "game finished"
        );
    }

    // ---- deciding ---------------------------------------------------------------------

    /// The view to decide from and when the decision started, if a decision is due; answers
    /// what needs no agent on the way (a refund, a fallback when no view can be built).
    fn decision_due(&mut self) -> Option<(View, Instant)> {
        if self.waiting.is_some()
            || self.held.is_some()
            || self.mirror.is_over()
            || !self.report.end.is_empty()
        {
            return None;
        }
        let me = self.me();
        let state = self.mirror.state;
        let code = GameState::from_wire(state);
        let discard =
            code == Some(GameState::WaitingForDiscards) && self.mirror.discard_request.is_some();
        let my_turn = self.mirror.current == Some(me);
        let answer = code == Some(GameState::Play1) && self.offer_in.is_some();
        if self.offer_out.is_some() && !discard {
            return None;
        }
        if !discard && !my_turn && !answer {
            return None;
        }
        if let (false, Some(piece)) = (discard, code.and_then(GameState::placing)) {
            // Placing a piece we paid for after a refused buy-and-place: take the refund.
            self.send(Message::CancelBuildRequest(proto::CancelBuildRequest {
                game: self.ctx.game.clone(),
                piece_type: piece.wire(),
            }));
            self.waiting = Some(self.wait_for(None));
            return None;
        }
        if !discard && !code.is_some_and(GameState::is_decision) {
            return None;
        }
        let started = Instant::now();
        let mut view = match self.mirror.view() {
            Ok(v) => v,
            Err(e) => {
                warn!(error = %e, state, "no valid view; answering without the agent");
                self.report.fallbacks += 1;
                self.fallback_without_view();
                return None;
            }
        };
        if answer && !discard {
            if !self.offer_view(&mut view) {
                // An offer the engine cannot hold (or one we cannot pay): decline at once.
                self.offer_in = None;
                self.offers_seen += 1;
                self.send(Message::RejectOffer(proto::RejectOffer::robot(
                    &self.ctx.game,
                )));
                return None;
            }
        } else {
            // An offer waits up to OFFER_WAIT_MS without restarting the idle timer: none
            // when that would not leave a decision's worth of time after it.
            let room = self.timer_left() >= Duration::from_millis(OFFER_WAIT_MS + 1000);
            let made = if room {
                self.offers_this_turn
            } else {
                crate::game::MAX_OFFERS_PER_TURN
            };
            view.state.set_offers_made(made);
        }
        if view.state.to_move() != me {
            debug!(state, "not ours to decide");
            return None;
        }
        if self.decisions_this_turn >= MAX_DECISIONS_PER_TURN && view.state.phase() == Phase::Main {
            self.send_action(&view, Action::EndTurn, started);
            return None;
        }
        Some((view, started))
    }

    /// Starts a decision if one is due: the agent runs on a blocking thread.
    fn maybe_decide(&mut self) -> Option<InFlight> {
        let (view, started) = self.decision_due()?;
        let Some(mut agent) = self.agent.take() else {
            // The agent is still busy with an abandoned decision.
            self.report.fallbacks += 1;
            let a = self.fallback(&view);
            self.send_action(&view, a, started);
            return None;
        };
        let budget = self.decision_budget();
        let deadline = StdInstant::now() + budget;
        let v = view.clone();
        let handle = tokio::task::spawn_blocking(move || {
            let a = agent.decide(&v, Some(deadline));
            (agent, a)
        });
        Some(InFlight {
            handle,
            key: self.key(),
            view,
            started,
            give_up: started + budget + Duration::from_millis(AGENT_GRACE_MS),
            abandoned: false,
        })
    }

    /// Puts the offer made to us into `view` as the engine's pending offer, with the cards the
    /// offerer showed it holds; `false` when that is impossible (we lack what is asked, the
    /// trade does not involve the player in turn, ...).
    fn offer_view(&self, view: &mut View) -> bool {
        let Some(m) = self.offer_in.as_ref() else {
            return false;
        };
        let me = self.me();
        let (Some(from), Some(give), Some(get)) = (
            seat(m.from),
            translate::resources(&m.give),
            translate::resources(&m.get),
        ) else {
            return false;
        };
        let Some(offer) = crate::game::Offer::new(give, get, 1 << me.index()) else {
            return false;
        };
        view.state.hand(me).contains(get)
            && view.reveal(from, give)
            && view.state.set_pending_offer(from, offer, 1 << me.index())
            && view.state.to_move() == me
    }

    /// The agent's time for this decision: `--decision-ms`, cut in our turn to what the
    /// server's idle timer leaves (less a margin), never below `MIN_DECISION_MS`. Strength
    /// grows with the hardware inside this budget; a forced turn is never risked for it.
    fn decision_budget(&self) -> Duration {
        let configured = Duration::from_millis(self.ctx.config.decision_ms);
        if self.mirror.current != Some(self.me()) {
            return configured;
        }
        configured
            .min(self.timer_left())
            .max(Duration::from_millis(MIN_DECISION_MS))
    }

    /// What the server's idle timer leaves of our turn, less the margin (the pacer keeps
    /// when it last restarted, paced or not).
    fn timer_left(&self) -> Duration {
        let limit =
            Duration::from_millis(super::pace::SERVER_TURN_TIMER_MS - DECISION_TIMER_MARGIN_MS);
        limit.saturating_sub(self.pacer.since_timer_restart())
    }

    fn reply_timeout(&self) -> Duration {
        Duration::from_millis(self.ctx.config.reply_timeout_ms)
    }

    fn on_decided(&mut self, f: InFlight, action: Action) {
        if f.key != self.key() || self.waiting.is_some() || self.held.is_some() {
            debug!(?action, "decision no longer needed");
            return;
        }
        let ok = f.view.state.is_legal(action)
            && !self.banned.contains(&action)
            && self.victim_allowed(action);
        let action = if ok {
            action
        } else {
            warn!(
                ?action,
                "agent answer illegal or already refused; using a fallback"
            );
            self.report.fallbacks += 1;
            self.fallback(&f.view)
        };
        self.send_action(&f.view, action, f.started);
    }

    fn victim_allowed(&self, a: Action) -> bool {
        match (a, &self.victims) {
            (Action::ChooseVictim(s), Some(v)) => v.get(s.index()).copied().unwrap_or(false),
            _ => true,
        }
    }

    /// A legal action not refused this turn: end the turn, roll or decline an offer when
    /// possible, else the first one.
    fn fallback(&self, view: &View) -> Action {
        let mut list = ActionList::new();
        view.state.legal_actions(&mut list);
        let ok = |a: &Action| !self.banned.contains(a) && self.victim_allowed(*a);
        for pref in [Action::EndTurn, Action::Roll, Action::DeclineOffer] {
            if list.contains(pref) && ok(&pref) {
                return pref;
            }
        }
        if view.state.phase() == Phase::Discard {
            // Generation may list only some discards; any valid one will do.
            let owed = view.state.discard_owed(view.me) as u32;
            return Action::Discard(first_cards(view.state.hand(view.me), owed));
        }
        list.iter()
            .copied()
            .find(ok)
            .or_else(|| list.first().copied())
            .unwrap_or(Action::EndTurn)
    }

    /// Answers from the raw server state when no engine state could be built.
    fn fallback_without_view(&mut self) {
        let g = self.ctx.game.clone();
        let me = self.me();
        use GameState as S;
        let msg = match GameState::from_wire(self.mirror.state) {
            Some(S::RollOrCard) => Message::RollDice(proto::RollDice { game: g }),
            Some(S::Play1 | S::PlacingFreeRoad1 | S::PlacingFreeRoad2) => {
                Message::EndTurn(proto::EndTurn { game: g })
            }
            Some(S::WaitingForDiscards) => {
                let n = u32::from(self.mirror.discard_request.unwrap_or(0));
                let hand = self.mirror.hand(me);
                let set = hand.known;
                Message::Discard(proto::Discard {
                    game: g,
                    player: None,
                    resources: translate::to_wire(first_cards(set, n)),
                    unknown: 0,
                })
            }
            Some(S::WaitingForRobChoosePlayer) => {
                let v = self
                    .victims
                    .as_ref()
                    .and_then(|v| v.iter().position(|&b| b))
                    .unwrap_or(0);
                Message::ChoosePlayer(proto::ChoosePlayer {
                    game: g,
                    choice: v as i32,
                })
            }
            Some(S::WaitingForDiscovery) => Message::PickResources(proto::PickResources {
                game: g,
                resources: translate::one_of(Resource::Wheat, 2),
                picked_by: None,
            }),
            Some(S::WaitingForMonopoly) => Message::PickResourceType(proto::PickResourceType {
                game: g,
                resource: Resource::Wheat.to_server(),
            }),
            _ => {
                warn!(
                    state = self.mirror.state,
                    "no fallback for this state; the server will force it"
                );
                return;
            }
        };
        match msg {
            Message::EndTurn(_) => self.ended_turn = true,
            Message::Discard(_) => self.mirror.discard_request = None,
            _ => {}
        }
        self.send(msg);
        self.waiting = Some(self.wait_for(None));
    }

    /// Sends `action` now, or holds it until the pace says (`--pace`).
    fn send_action(&mut self, view: &View, action: Action, started: Instant) {
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let at = self.pacer.send_at(&action, started);
        if at > Instant::now() {
            debug!(
                ?action,
                wait_ms = (at - Instant::now()).as_millis() as u64,
                "paced"
            );
            self.held = Some(Held {
                view: view.clone(),
                action,
                key: self.key(),
                at,
                ms,
            });
            return;
        }
        self.send_decided(view, action, ms);
    }

    /// The held action's time has come: send it if its situation still holds.
    fn release_held(&mut self) {
        let Some(h) = self.held.take() else { return };
        if h.key != self.key() || self.waiting.is_some() {
            debug!(action = ?h.action, "paced action no longer wanted");
            return;
        }
        self.send_decided(&h.view, h.action, h.ms);
    }

    fn send_decided(&mut self, view: &View, action: Action, ms: f64) {
        self.pacer.on_sent(&action);
        let msg = translate::action_message(&self.ctx.game, self.me(), &view.state, action);
        match action {
            Action::OfferTrade(_) => {
                self.offers_this_turn += 1;
                self.report.trades.offers_made += 1;
            }
            Action::AcceptOffer => {
                self.offer_in = None;
                self.accept_out = Some(false);
            }
            Action::DeclineOffer => self.offer_in = None,
            _ => {}
        }
        if matches!(action, Action::EndTurn)
            || matches!(
                view.state.phase(),
                Phase::InitialRoad1 | Phase::InitialRoad2
            )
        {
            self.ended_turn = true;
        }
        self.report.decisions += 1;
        self.report.latencies_ms.push(ms);
        self.decisions_this_turn += 1;
        debug!(?action, ms, "decided");
        if matches!(action, Action::Discard(_)) {
            // Sent: don't discard again when another seat's discard re-announces state 50.
            self.mirror.discard_request = None;
        }
        self.send(msg);
        self.waiting = Some(self.wait_for(Some(action)));
    }

    fn wait_for(&self, action: Option<Action>) -> Waiting {
        Waiting {
            action,
            deadline: Instant::now() + self.reply_timeout(),
            settling: false,
            sent_state: self.mirror.state,
            text_seen: false,
        }
    }
}

/// The first `n` cards of `hand` (clay first): a valid discard when the hand holds `n`.
fn first_cards(hand: ResourceSet, n: u32) -> ResourceSet {
    let mut out = ResourceSet::EMPTY;
    let mut left = n;
    for r in Resource::ALL {
        let k = u32::from(hand[r]).min(left);
        out[r] = k as u8;
        left -= k;
    }
    out
}
