//! Shutdown: a small named type over a `watch` channel, so every task can `select!` on "stop
//! now" (Ctrl-C, or `--games N` reached). Imports tokio only.

use tokio::sync::watch;

/// Sends the stop signal.
#[derive(Clone, Debug)]
pub struct ShutdownTrigger(watch::Sender<bool>);

/// Receives the stop signal.
#[derive(Clone, Debug)]
pub struct Shutdown(watch::Receiver<bool>);

/// A connected trigger and receiver.
pub fn channel() -> (ShutdownTrigger, Shutdown) {
    let (tx, rx) = watch::channel(false);
    (ShutdownTrigger(tx), Shutdown(rx))
}

impl ShutdownTrigger {
    /// Asks every holder of a [`Shutdown`] to stop.
    pub fn trigger(&self) {
        self.0.send_replace(true);
    }
}

impl Shutdown {
    /// Whether the stop signal was sent.
    pub fn is_shutdown(&self) -> bool {
        *self.0.borrow()
    }

    /// Waits for the stop signal (forever if the trigger is dropped without sending it).
    pub async fn recv(&mut self) {
        if self.0.wait_for(|&stop| stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
