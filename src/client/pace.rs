//! Pacing for people watching (`play --pace`): before each action the bot waits about as long
//! as a stock JSettlers robot does in a normal game for the same kind of action, so an
//! observer can follow its turns. Off by default.
//!
//! The figures are the `pause(ms)` calls of `soc.robot.SOCRobotBrain` (2.7.00), at 100 % (a
//! normal game; in bot-only games the server scales them by `jsettlers.bots.fast_pause_percent`):
//!
//! | Stock robot action | pause before | pause after |
//! |--------------------|--------------|-------------|
//! | initial settlement / road (`placeFirstSettlement`, `planAndPlaceInitRoad`) | 500 | 1000 |
//! | paid or free piece (`placeIfExpectPlacing`: `pause(500); putPiece; pause(1000)`) | 500 | 1000 |
//! | end turn (`pause(1500); client.endTurn`) | 1500 | 0 |
//! | bank/port trade (`tradeWithBank`) | 0 | 2000 |
//! | move robber (`moveRobber`) | 0 | 2000 |
//! | play knight / year of plenty / monopoly | 0 | 1500 |
//! | pick year-of-plenty or monopoly resources | 0 | 1500 |
//! | roll, buy a card, play road building, discard, choose a victim | 0 | 0 |
//! | answer another player's trade offer (`handleMAKEOFFER`) | 3500-4000 | 0 |
//!
//! Answers to trade offers wait 3.5 s from the offer and are dropped if the offer is withdrawn
//! or the turn ends meanwhile (the stock robot answers nothing then either); they are not turn
//! actions, so the offering player's timer is not ours to budget.
//!
//! A pause after an action delays the stock robot's next action of the same turn, so our wait
//! before an action is its own "before" plus the previous action's "after" (none at the start of
//! a turn). The wait runs while the agent searches (the later of the two sends), and it is cut so
//! that it never ends later than [`Pacer::window`] after the last event that restarted the
//! server's 8 s robot turn timer (turn start or one of our timer-refreshing actions, guide
//! §7.1): the pace never pushes an action towards a forced end of turn.

use std::time::Duration;

use tokio::time::Instant;

use crate::game::Action;

/// The server's inactivity limit for a robot's turn (guide §7.1: 8 s since `lastActionTime`).
pub const SERVER_TURN_TIMER_MS: u64 = 8000;
/// Kept free of the timer for the slack of our own clock vs the server's.
pub const TIMER_MARGIN_MS: u64 = 1500;

/// The stock robot's pause before `action`, in a normal game (ms).
pub fn before_ms(action: &Action) -> u64 {
    match action {
        a if places_piece(a) => 500,
        Action::EndTurn => 1500,
        Action::AcceptOffer | Action::DeclineOffer => offer_reply_delay().as_millis() as u64,
        _ => 0,
    }
}

/// The stock robot's pause after `action`, in a normal game (ms).
pub fn after_ms(action: &Action) -> u64 {
    match action {
        a if places_piece(a) => 1000,
        Action::BankTrade { .. } | Action::MoveRobber(_) => 2000,
        Action::PlayKnight
        | Action::PlayYearOfPlenty
        | Action::PlayMonopoly
        | Action::PickYearOfPlenty(..)
        | Action::PickMonopoly(_) => 1500,
        _ => 0,
    }
}

/// How long the stock robot thinks before answering another player's trade offer
/// (`handleMAKEOFFER`: `pause(3500 + rand % 500)`). We take the shortest, so our answer is
/// never the one the offering robot (whose turn timer offers do not restart) waits for last.
pub fn offer_reply_delay() -> Duration {
    Duration::from_millis(3500)
}

/// A settlement, city or road put on the board (initial, paid or free): the stock robot's
/// `pause(500); putPiece; pause(1000)`.
fn places_piece(action: &Action) -> bool {
    matches!(
        action,
        Action::PlaceInitialSettlement(_)
            | Action::PlaceInitialRoad(_)
            | Action::BuildRoad(_)
            | Action::BuildSettlement(_)
            | Action::BuildCity(_)
    )
}

/// Does the server restart the turn timer when it applies `action` (guide §0 #7, §7.1)?
/// Rolling, build requests, offers (MAKEOFFER) and refusals of offers, choosing a victim and
/// the picks do not (the picks conservatively).
pub fn refreshes_timer(action: &Action) -> bool {
    !matches!(
        action,
        Action::Roll
            | Action::EndTurn
            | Action::ChooseVictim(_)
            | Action::PickYearOfPlenty(..)
            | Action::PickMonopoly(_)
            | Action::OfferTrade(_)
            | Action::DeclineOffer
    )
}

/// One game's pacing state.
#[derive(Clone, Debug)]
pub struct Pacer {
    enabled: bool,
    /// Longest time after a timer restart by which a paced action must have gone out.
    window: Duration,
    /// The "after" pause of our previous action this turn.
    carry: Duration,
    /// When the server's turn timer last restarted, as far as we know (never later than the
    /// server's own restart: we take the time we sent or received, not when it applied it).
    last_refresh: Instant,
}

impl Pacer {
    /// Pacing on or off; `decision_ms` is the agent's budget per decision and `grace_ms` how
    /// long past it we wait for the agent: the pace leaves room for one more whole decision
    /// before the 8 s timer.
    pub fn new(enabled: bool, decision_ms: u64, grace_ms: u64) -> Pacer {
        let window = SERVER_TURN_TIMER_MS
            .saturating_sub(TIMER_MARGIN_MS)
            .saturating_sub(decision_ms)
            .saturating_sub(grace_ms);
        Pacer {
            enabled,
            window: Duration::from_millis(window),
            carry: Duration::ZERO,
            last_refresh: Instant::now(),
        }
    }

    /// Is pacing on?
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// How long ago the server's turn timer last restarted (turn start or our last action
    /// that restarts it), as far as we know; kept whether pacing is on or not.
    pub fn since_timer_restart(&self) -> Duration {
        self.last_refresh.elapsed()
    }

    /// The longest a paced action may wait after the timer last restarted.
    pub fn window(&self) -> Duration {
        self.window
    }

    /// A new turn began (TURN): the timer restarted and there is no previous action.
    pub fn on_turn(&mut self) {
        self.carry = Duration::ZERO;
        self.last_refresh = Instant::now();
    }

    /// When to send `action` whose decision started at `started`: `started` plus the stock
    /// robot's wait, cut at the timer window (and never before `started`). Without pacing,
    /// `started`.
    pub fn send_at(&self, action: &Action, started: Instant) -> Instant {
        if !self.enabled {
            return started;
        }
        if matches!(action, Action::AcceptOffer | Action::DeclineOffer) {
            // An answer runs on the offering player's timer, not ours: no window, no carry.
            return started + offer_reply_delay();
        }
        let wanted = started + self.carry + Duration::from_millis(before_ms(action));
        wanted.min(self.last_refresh + self.window).max(started)
    }

    /// `action` went out now.
    pub fn on_sent(&mut self, action: &Action) {
        self.carry = Duration::from_millis(after_ms(action));
        if refreshes_timer(action) {
            self.last_refresh = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{NodeId, Resource};

    #[tokio::test(start_paused = true)]
    async fn waits_like_a_stock_robot_within_the_timer_window() {
        let mut p = Pacer::new(true, 2000, 1500);
        assert_eq!(p.window(), Duration::from_millis(3000));
        p.on_turn();
        let t = Instant::now();
        // A roll at once, the end of turn 1.5 s after.
        assert_eq!(p.send_at(&Action::Roll, t), t);
        p.on_sent(&Action::Roll);
        assert_eq!(
            p.send_at(&Action::EndTurn, t) - t,
            Duration::from_millis(1500)
        );
        // After a trade (2 s after) an end of turn would be 3.5 s: cut at the window unless
        // the trade restarted the timer.
        let trade = Action::BankTrade {
            give: Resource::Wood,
            get: Resource::Ore,
        };
        tokio::time::advance(Duration::from_millis(2500)).await;
        let t2 = Instant::now();
        p.on_sent(&trade);
        assert_eq!(
            p.send_at(&Action::EndTurn, t2) - t2,
            Duration::from_millis(3000)
        );
        p.on_sent(&Action::Roll); // no restart, no carry
        tokio::time::advance(Duration::from_millis(2800)).await;
        let t3 = Instant::now();
        // 2.8 s after the trade: 0.2 s left of the window.
        assert_eq!(
            p.send_at(&Action::EndTurn, t3) - t3,
            Duration::from_millis(200)
        );
        tokio::time::advance(Duration::from_millis(1000)).await;
        let t4 = Instant::now();
        assert_eq!(p.send_at(&Action::EndTurn, t4), t4, "never before now");
        // Off: no wait.
        let off = Pacer::new(false, 2000, 1500);
        let s = Action::PlaceInitialSettlement(NodeId::new(0));
        assert_eq!(off.send_at(&s, t4), t4);
    }
}
