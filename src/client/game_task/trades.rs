//! Player trades: offers to us answered through the agent, our own offers sent, waited for
//! and withdrawn, and what a trade does to decisions in flight.

use super::*;

impl<S: Shape> GameTask<S> {
    /// MAKEOFFER: the server's echo of our offer (the offer is out: wait for answers), or an
    /// offer made to us (answered by the agent like any decision, see `maybe_decide`).
    pub(super) fn on_offer(&mut self, m: &proto::MakeOffer) {
        let me = self.me();
        let mask = addressees::<S>(m);
        if seat_of::<S>(m.from) == Some(me) {
            if self
                .waiting
                .is_some_and(|w| matches!(w.action, Some(Action::OfferTrade(_))))
            {
                self.waiting = None;
            }
            self.offer_out = Some(OfferOut {
                deadline: Instant::now() + self.offer_wait(),
                waiting: mask & !(1 << me.index()),
            });
            return;
        }
        if mask & (1 << me.index()) == 0 {
            // A player's new offer replaces its last (`SOCPlayer.setCurrentOffer`): one it
            // made to us is gone, and a decision on it is stale.
            if self.drop_offer_of(m.from) {
                debug!(
                    from = m.from,
                    "the offer to us was replaced by one to other seats"
                );
                self.offer_gone();
            }
            return;
        }
        // An addressee of ours that offers to us instead (the stock robot's counter-offer) has
        // answered ours.
        if let Some(s) = seat_of::<S>(m.from) {
            self.answered(s);
        }
        self.report.trades.offers_received += 1;
        self.offers_seen += 1;
        self.offer_in = Some(m.clone());
    }

    /// REJECTOFFER without a reason: a player declined the offers made to it.
    pub(super) fn on_reject_offer(&mut self, player: i32) {
        let Some(s) = seat_of::<S>(player) else {
            return;
        };
        if s == self.me() {
            self.end_answer_wait();
            return;
        }
        self.answered(s);
    }

    /// Seat `s` has answered our offer (declined, or offered to us instead): once every
    /// addressee has, the offer is withdrawn without waiting longer.
    fn answered(&mut self, s: Seat) {
        if let Some(o) = self.offer_out.as_mut() {
            o.waiting &= !(1 << s.index());
            if o.waiting == 0 {
                self.withdraw_offer("every addressee answered");
            }
        }
    }

    /// How long our offer waits for answers from now: up to [`OFFER_WAIT_CAP_MS`] (the
    /// 6-player board's [`OFFER_WAIT_CAP_6P_MS`]), as far as the idle timer leaves
    /// [`OFFER_AFTER_MS`] for a decision after it, never less than [`OFFER_WAIT_MS`] (the
    /// offer was made only when the timer left that).
    fn offer_wait(&self) -> Duration {
        let cap = if S::SEATS > 4 {
            OFFER_WAIT_CAP_6P_MS
        } else {
            OFFER_WAIT_CAP_MS
        };
        self.timer_left()
            .saturating_sub(Duration::from_millis(OFFER_AFTER_MS))
            .clamp(
                Duration::from_millis(OFFER_WAIT_MS),
                Duration::from_millis(cap),
            )
    }

    /// ACCEPTOFFER: a trade happened (the server executes it at once and clears every offer).
    pub(super) fn on_accept_offer(&mut self, m: &proto::AcceptOffer) {
        let me = self.me();
        // Hands changed: a decision still in flight was made on the old ones (the key moves,
        // so its answer is dropped and the decision is made again).
        self.offers_seen += 1;
        if seat_of::<S>(m.offering) == Some(me) {
            self.report.trades.offers_accepted += 1;
            info!(by = m.accepting, "our offer was accepted");
            self.offer_out = None;
        }
        if seat_of::<S>(m.accepting) == Some(me) {
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
    pub(super) fn offer_gone(&mut self) {
        if self.accept_out.is_some() {
            self.accept_out = Some(true);
        }
    }

    /// REJECTOFFER with a reason: the server refused one of our trade requests. An acceptance
    /// that arrived after the offer was taken by another player, withdrawn or ended with the
    /// turn lost a race nobody can win every time: counted apart (`accepts_too_late`), not as
    /// a refused request. A refusal is never pinned on an action that is not a trade.
    pub(super) fn on_trade_refusal(&mut self, reason: Option<i32>) {
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
            self.report.health.rejected_requests += 1;
            warn!(?reason, "our acceptance was refused");
        } else {
            debug!(?reason, "a trade refusal with no trade request of ours out");
        }
    }

    /// Our answer to an offer went through: stop waiting for it.
    pub(super) fn end_answer_wait(&mut self) {
        if self.waiting.is_some_and(|w| {
            matches!(w.action, Some(Action::AcceptOffer | Action::DeclineOffer)) && !w.settling
        }) {
            self.waiting = None;
        }
    }

    /// Drops the offer made to us if it is `player`'s (-1: anyone's); whether it did.
    pub(super) fn drop_offer_of(&mut self, player: i32) -> bool {
        let from = self.offer_in.as_ref().map(|o| o.from);
        let gone = from.is_some() && (player == -1 || Some(player) == from);
        if gone {
            self.drop_offer_in();
        }
        gone
    }

    pub(super) fn drop_offer_in(&mut self) {
        if self.offer_in.take().is_some() {
            self.offers_seen += 1;
        }
    }

    /// Takes our offer back (CLEAROFFER) and goes on with the turn.
    pub(super) fn withdraw_offer(&mut self, why: &str) {
        if self.offer_out.take().is_some() {
            debug!(why, "withdrawing our offer");
            self.send(Message::ClearOffer(proto::ClearOffer::robot(
                &self.ctx.game,
            )));
        }
    }

    /// After each message: an offer made to us stands only while its maker surely still holds
    /// what it gives. The server checked that when the offer came, but leaves a standing offer
    /// up when its maker spends the cards (a bank trade in its turn, a build) and then refuses
    /// an acceptance (REJECTOFFER reason 1: smart200 shard 19 of session 44). Once the
    /// mirror no longer knows the cards to be there, the offer is declined at once, and a
    /// decision still on it is stale (its key moves).
    pub(super) fn check_offer_payable(&mut self) {
        let Some(m) = self.offer_in.as_ref() else {
            return;
        };
        let (Some(from), Some(give)) = (seat_of::<S>(m.from), translate::resources(&m.give)) else {
            return;
        };
        if !self.mirror.hand(from).known.contains(give) {
            debug!(
                from = m.from,
                "the offer's maker may no longer hold what it gives"
            );
            self.decline_offer_now();
        }
    }

    /// Declines the offer made to us without asking the agent.
    pub(super) fn decline_offer_now(&mut self) {
        self.offer_in = None;
        self.offers_seen += 1;
        self.send(Message::RejectOffer(proto::RejectOffer::robot(
            &self.ctx.game,
        )));
    }

    /// Puts the offer made to us into `view` as the engine's pending offer; `false` when that
    /// is impossible (we lack what is asked, the trade does not involve the player in turn,
    /// ...). The view's hand of the offerer already holds the cards it gives: the mirror knows
    /// them since the offer came, and `check_offer_payable` declined the offer
    /// after any message that took them away.
    pub(super) fn offer_view(&self, view: &mut View<S>) -> bool {
        let Some(m) = self.offer_in.as_ref() else {
            return false;
        };
        let me = self.me();
        let (Some(from), Some(give), Some(get)) = (
            seat_of::<S>(m.from),
            translate::resources(&m.give),
            translate::resources(&m.get),
        ) else {
            return false;
        };
        let waiting = answer_mask(from, me, addressees::<S>(m), S::SEATS, self.rival_answers);
        let Some(offer) = crate::game::Offer::new(give, get, waiting) else {
            return false;
        };
        view.state.hand(me).contains(get)
            && view.state.set_pending_offer(from, offer, waiting)
            && view.state.to_move() == me
    }
}

/// The seats a MAKEOFFER is made to, as a mask (bit `i` = seat `i`).
fn addressees<S: Shape>(m: &proto::MakeOffer) -> u8 {
    m.to.iter()
        .take(S::SEATS)
        .enumerate()
        .fold(0u8, |acc, (i, &b)| acc | (u8::from(b) << i))
}

/// The addressees an offer from `from` (to the seats of mask `to`) is searched with, `me`
/// answering first: `me` alone, or with `rivals` also every other addressee after `me` in
/// the engine's turn order of answers (from the seat after `from`), to answer by the model
/// once we decline. Those before `me` would answer before us in the engine, so they stay out.
pub(super) fn answer_mask(from: Seat, me: Seat, to: u8, seats: usize, rivals: bool) -> u8 {
    let mut mask = 1 << me.index();
    if !rivals {
        return mask;
    }
    let mut s = from.next_of(seats);
    let mut after_me = false;
    for _ in 0..seats {
        if s == me {
            after_me = true;
        } else if after_me && s != from && to & (1 << s.index()) != 0 {
            mask |= 1 << s.index();
        }
        s = s.next_of(seats);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::answer_mask;
    use crate::game::Seat;

    #[test]
    fn rivals_after_us_answer_after_us_and_only_with_rivals() {
        let (s0, s1, s2, s3) = (Seat::new(0), Seat::new(1), Seat::new(2), Seat::new(3));
        // Seat 0 offers to everyone; we are seat 2: seat 3 answers after us, seat 1 before.
        assert_eq!(answer_mask(s0, s2, 0b1110, 4, true), 0b1100);
        assert_eq!(answer_mask(s0, s2, 0b1110, 4, false), 0b0100);
        // We answer first after the offerer: every other addressee follows.
        assert_eq!(answer_mask(s0, s1, 0b1110, 4, true), 0b1110);
        // Turn order wraps: seat 3 offers, we are seat 1, seat 2 after us, seat 0 before.
        assert_eq!(answer_mask(s3, s1, 0b0111, 4, true), 0b0110);
        // Seats not addressed stay out.
        assert_eq!(answer_mask(s0, s1, 0b0010, 4, true), 0b0010);
        assert_eq!(answer_mask(s2, s0, 0b0011, 4, true), 0b0011);
    }
}
