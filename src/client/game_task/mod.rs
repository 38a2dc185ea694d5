//! One game's task: applies the game's messages to its [`Mirror`], notices when we must
//! decide, asks the agent on a blocking thread with a deadline, translates its [`Action`] into
//! the server's messages, and watches the reply: a refused request (or none within the reply
//! timeout) is counted, the action is banned for the turn and another legal move goes out at
//! once. Imports tokio, `jsettlers_protocol`, `crate::game`, `crate::agent` and the client's
//! mirror, translate and report.
//!
//! Files: `mod.rs` the task's state and its event loop, `messages.rs` incoming messages and
//! refusals, `decisions.rs` deciding and sending, `trades.rs` player trades. The children
//! share this module's imports (`use super::*`).

mod decisions;
mod messages;
mod trades;

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
use super::translate::{self, pn, seat_of};
use super::ClientConfig;
use crate::agent::{Agent, View};
use crate::game::{Action, ActionList, Classic, Phase, Resource, ResourceSet, Seat, Shape};

/// How long after a refusal further refusal signals (DECLINE, then CANCELBUILDREQUEST, ...)
/// are taken as the same refusal.
const SETTLE_MS: u64 = 300;
/// How long, counted from the request, we wait on for a reply that has not come within the
/// reply timeout and no refusal signal either: a loaded server answers late but answers (a
/// 2.6.10 server at load 12-15 took over 2 s 82 times in two games, and each late reply
/// taken for a refusal sent another request behind the first). Only after this is silence
/// taken as a refusal. It stays below the server's 8 s idle timer.
const LATE_REPLY_CAP_MS: u64 = 6000;
/// How long, counted from the request, we wait on past [`LATE_REPLY_CAP_MS`] while the server
/// has sent nothing at all in this game since the request. The server answers every request
/// it reads from a seated player, with the result, a text or a DECLINEPLAYERREQUEST
/// (`SOCGameMessageHandler`: each handler's only silent return is for a connection with no
/// seat), so total silence means it has not read ours yet: it is behind, and a second request
/// would only queue behind the first and reach it in the state the first one made (a robber
/// choice read as a choice of victim, sea6 shard 21 on 2.6.10). Its own turn timer ends the
/// wait if it must (a TURN); this bound only keeps a dead server from holding us forever.
const SILENT_SERVER_CAP_MS: u64 = 30_000;
/// The server's answer to a turn request out of turn (`base.reply.not.your.turn` of its
/// default locale, which robots get).
const NOT_YOUR_TURN: &str = "It's not your turn.";
/// Decisions per turn after which we only end the turn (guards against agent loops).
const MAX_DECISIONS_PER_TURN: u32 = 80;
/// Grace after the agent's deadline before we answer without it.
const AGENT_GRACE_MS: u64 = 1500;
/// The shortest wait for answers an offer of ours is made with. MAKEOFFER does not reset the
/// server's idle timer (guide §0 #7), so an offer is made only when the timer leaves this
/// wait and a decision after it; people may never answer.
const OFFER_WAIT_MS: u64 = 2000;
/// The longest wait for answers to our offer, where the idle timer leaves it: the stock
/// robot's own wait for robots' answers (`SOCRobotBrain.TRADE_RESPONSE_TIMEOUT_SEC_BOTS_ONLY`).
/// A stock robot answers after a pause of 3.5-4 s in a game with people
/// (`SOCRobotBrain.handleMAKEOFFER`; a quarter of that in robot-only games by default, none
/// with `fast_pause_percent=0`); the wait ends as soon as every addressee has answered.
const OFFER_WAIT_CAP_MS: u64 = 5000;
/// The cap on the 6-player board, where the stock robot doubles that pause and shortens it
/// by a quarter (`pauseFaster`): 5.25-6 s.
const OFFER_WAIT_CAP_6P_MS: u64 = 6500;
/// What the wait for answers leaves of the idle timer (beyond its margin) for the decision
/// after it.
const OFFER_AFTER_MS: u64 = 1000;
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
    /// When the request went out.
    sent: Instant,
    /// The reply timeout has passed once and we wait on (up to [`LATE_REPLY_CAP_MS`]).
    late: bool,
    /// The request is our END_TURN (the agent's or a fallback's): refused, the turn goes on.
    end_turn: bool,
    /// A refusal was seen; swallow its follow-up signals until the deadline.
    settling: bool,
    /// The server's game state when the request went out.
    sent_state: Option<GameState>,
    /// A GAMESERVERTEXT arrived meanwhile: a refusal unless the state moves on (the server
    /// also sends informational texts, e.g. "You may place 2 roads.").
    text_seen: bool,
    /// Any message of this game arrived since the request: the server is reading, so its
    /// silence about ours past the cap is a refusal (see [`SILENT_SERVER_CAP_MS`]).
    heard: bool,
}

/// The decision situation a result belongs to; a result for an older one is dropped. The
/// last field counts offers made to us and trades done, so an answer to a withdrawn offer, or
/// a move decided on the hand before a trade, is dropped.
type DecisionKey = (Option<GameState>, Option<Seat>, u32, Option<u8>, u32);

/// Our trade offer while it waits for answers.
#[derive(Clone, Copy, Debug)]
struct OfferOut {
    /// When we withdraw it.
    deadline: Instant,
    /// Addressees who have not answered (bit per seat).
    waiting: u8,
}

struct InFlight<S: Shape> {
    handle: JoinHandle<(Box<dyn Agent<S>>, Action)>,
    key: DecisionKey,
    view: View<S>,
    started: Instant,
    give_up: Instant,
    /// We answered without the agent; its late answer will be dropped.
    abandoned: bool,
    /// The mirror's state when the decision started ([`GameTask::model_hash`]).
    model_hash: u64,
}

/// A decided action held back by `--pace` until `at`.
struct Held<S: Shape> {
    view: View<S>,
    action: Action,
    key: DecisionKey,
    at: Instant,
    /// Decision latency (without the pace), for the report.
    ms: f64,
}

/// A per-game task (see the module doc).
pub struct GameTask<S: Shape = Classic> {
    ctx: GameContext,
    mirror: Mirror<S>,
    /// Whether the agent answers trade offers (otherwise each is declined at once).
    answers_offers: bool,
    /// Whether an offer to us and others is searched with the others still to answer
    /// ([`Agent::models_rival_answers`]).
    rival_answers: bool,
    agent: Option<Box<dyn Agent<S>>>,
    waiting: Option<Waiting>,
    banned: Vec<Action>,
    /// The request last given up on at the reply cap (counted rejected), until the turn
    /// ends: if the server's answer to it still comes, it was late, not refused.
    /// With it, the TURNs its answer may still come after: an answer to an offer may be
    /// taken after the turn it was made in has ended (the server broadcast our decline after
    /// the TURN: sea6 shard 15), so it is waited for through one TURN more.
    given_up: Option<(Action, u8)>,
    decisions_this_turn: u32,
    victims: Option<Vec<bool>>,
    ended_turn: bool,
    /// Our turn ended after we had sent END_TURN: if the server ended it for us first (its
    /// idle timer, on a loaded server, while our request waited in its queue), our request
    /// arrives in the next player's turn and is answered "It's not your turn." Until the
    /// next turn.
    end_turn_unconfirmed: bool,
    /// An offer made to us that we have not answered yet.
    offer_in: Option<proto::MakeOffer>,
    /// Offer events so far: offers made to us, answered by us, taken or withdrawn, and trades
    /// (part of the decision key: a decision made before one is stale).
    offers_seen: u32,
    /// Our offer waiting for answers.
    offer_out: Option<OfferOut>,
    /// Offers we made this turn.
    offers_this_turn: u8,
    /// Our ACCEPTOFFER is out: `true` once the offer was taken, withdrawn or ended meanwhile.
    accept_out: Option<bool>,
    report: GameReport,
    record: Option<BufWriter<File>>,
    /// Messages decided but not yet handed to the writer queue (see [`GameTask::run`]).
    outbox: Vec<Message>,
    done: bool,
    pacer: Pacer,
    held: Option<Held<S>>,
    /// Sea boards: the robber or pirate move chosen in WAITING_FOR_ROBBER_OR_PIRATE (sent
    /// as the choice of which), to send once the server is in PLACING_ROBBER or
    /// PLACING_PIRATE.
    chosen_robbery: Option<Action>,
    /// The turn (`State::turn`) in which we last asked for the Special Building Phase.
    asked_special_build: Option<u32>,
    /// The server holds an ask of ours for the Special Building Phase (PLAYERELEMENT
    /// ASK_SPECIAL_BUILD 1 for our seat), still to come: asking again is refused ("You can't
    /// ask to build now.", `SOCGame.canAskSpecialBuild`: sea6 shards 12 and 13, where an ask
    /// made in one turn was asked again in the next). Until our phase or our turn.
    special_build_pending: bool,
    /// Our robot face was requested (once per game).
    face_sent: bool,
    /// The last message was a SITDOWN: a person's seat taken over by a robot is followed by
    /// the server's GAMESTATE restating the state, which answers none of our requests (a
    /// 2.7 SC_NSHO game: our road's wait ended at it, and the road was asked for again).
    after_sitdown: bool,
    /// When our current turn began (TURN naming us), for the turn-length log line.
    turn_started: Option<Instant>,
    /// The report went to the session (game over and deleted, dismissed or disconnected).
    reported: bool,
}

impl<S: Shape> GameTask<S> {
    /// A player for `ctx.game` using `agent`; records to `record` when given.
    pub fn new(ctx: GameContext, agent: Box<dyn Agent<S>>, record: Option<File>) -> GameTask<S> {
        let mirror = Mirror::for_game(&ctx.game);
        let mut player = GameTask::resume(ctx, agent, mirror);
        player.record = record.map(BufWriter::new);
        player
    }

    /// A player going on from `mirror` (a game already under way; property tests start from
    /// snapshots of real games), not recording.
    pub fn resume(
        ctx: GameContext,
        agent: Box<dyn Agent<S>>,
        mut mirror: Mirror<S>,
    ) -> GameTask<S> {
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
        GameTask {
            ctx,
            mirror,
            answers_offers: agent.answers_offers(),
            rival_answers: agent.models_rival_answers(),
            agent: Some(agent),
            waiting: None,
            banned: Vec::new(),
            given_up: None,
            decisions_this_turn: 0,
            victims: None,
            ended_turn: false,
            end_turn_unconfirmed: false,
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
            asked_special_build: None,
            chosen_robbery: None,
            face_sent: false,
            after_sitdown: false,
            special_build_pending: false,
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
    pub fn view(&mut self) -> Result<View<S>, MirrorError> {
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
    pub fn mirror(&self) -> &Mirror<S> {
        &self.mirror
    }

    /// Runs until the game is deleted, we are dismissed, or `inbox` closes (disconnect).
    /// What the task decides goes to the session's bounded writer queue; while that queue is
    /// full the task waits (backpressure), and when the writer is gone the game ends.
    pub async fn run(mut self, mut inbox: mpsc::Receiver<Message>) {
        let mut flight: Option<InFlight<S>> = None;
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
                            if let Some(n) = agent.last_iterations() {
                                self.report.search_iterations.push(n);
                            }
                            self.agent = Some(agent);
                            self.on_decided(f, action);
                        }
                        Err(e) => {
                            warn!(error = %e, "agent task failed; answering without it");
                            // The agent is lost; play on with fallbacks only.
                            let key = f.key;
                            if key == self.key() {
                                let a = self.fallback(&f.view);
                                self.report.health.fallbacks += 1;
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
                            self.report.health.fallbacks += 1;
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
        self.close_record();
    }

    /// Writes out the rest of the transcript; a failure is logged (once: the recording has
    /// stopped at its first failure, if any, and only the buffered end is left).
    fn close_record(&mut self) {
        if let Some(mut r) = self.record.take() {
            if let Err(e) = r.flush() {
                warn!(error = %e, "cannot write the end of the transcript; the recording is incomplete");
            }
        }
    }

    /// A fingerprint of the mirror's state: a decision whose state has changed since it
    /// started may have been made on a view that is gone.
    fn model_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.mirror.model().hash(&mut h);
        h.finish()
    }

    fn key(&self) -> DecisionKey {
        (
            self.mirror.server_state(),
            self.mirror.current(),
            self.mirror.turn(),
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
                // Once per game: the recording stops here.
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
        self.report.names = self.mirror.names[..S::SEATS].to_vec();
        if S::NAME != crate::game::Classic::NAME {
            self.report.board = S::NAME.to_owned();
        }
        self.report.points = self.mirror.final_scores.clone();
        self.report.winner = self.mirror.winner().map(|s| s.index());
        self.report.turns = self.mirror.turn();
        self.report.health.mirror_mismatches = stats.mismatches;
        self.report.health.data_check_mismatches = stats.data_check_mismatches;
        self.report.health.data_checks = stats.data_checks;
        info!(
            end = why,
            points = ?self.report.points,
            winner = ?self.report.winner,
            decisions = self.report.decisions,
            forced = self.report.health.forced_end_turns,
            rejected = self.report.health.rejected_requests,
            mismatches = stats.mismatches,
            "game finished"
        );
    }
}
