//! The framed socket: whole [`Message`]s in and out over any byte stream (TCP, or a duplex pipe
//! in tests). A frame that does not decode is logged with its text (escaped and cut) and
//! skipped — never the end of the stream; past the first few, bad frames are counted and
//! logged as a count once a second ([`Repeated`]). Imports tokio, tokio-util and
//! `jsettlers_protocol`.

use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use jsettlers_protocol::{DecodeError, EncodeError, Message, MessageCodec};
use tokio::io::{AsyncRead, AsyncWrite, ReadHalf, WriteHalf};
use tokio_util::codec::{FramedRead, FramedWrite};
use tracing::{trace, warn};

use super::logsafe::{shown, Repeat, Repeated};

/// Reads messages.
pub struct Reader<S> {
    inner: FramedRead<ReadHalf<S>, MessageCodec>,
    bad_frames: Repeated,
}

/// Writes messages.
pub struct Writer<S> {
    inner: FramedWrite<WriteHalf<S>, MessageCodec>,
}

/// Splits a stream into a message reader and writer.
pub fn split<S: AsyncRead + AsyncWrite>(stream: S) -> (Reader<S>, Writer<S>) {
    let (r, w) = tokio::io::split(stream);
    (
        Reader {
            inner: FramedRead::new(r, MessageCodec::new()),
            bad_frames: Repeated::default(),
        },
        Writer {
            inner: FramedWrite::new(w, MessageCodec::new()),
        },
    )
}

impl<S: AsyncRead> Reader<S> {
    /// The next message that decodes; `None` when the peer closed the stream or on an I/O
    /// error (logged). Undecodable frames are logged (`warn!`, with their text; past the first
    /// few, as a count) and skipped.
    pub async fn read_message(&mut self) -> Option<Message> {
        loop {
            let Some(item) = self.inner.next().await else {
                self.count_bad_frames(None);
                return None;
            };
            match item {
                Ok(Ok(msg)) => {
                    self.count_bad_frames(Some(Instant::now()));
                    trace!(text = %shown(&msg.encode()), "<");
                    return Some(msg);
                }
                Ok(Err(e)) => self.bad_frame(&e),
                Err(e) => {
                    self.count_bad_frames(None);
                    warn!(error = %e, "connection read failed");
                    return None;
                }
            }
        }
    }

    fn bad_frame(&mut self, e: &DecodeError) {
        let (what, text, reason) = match e {
            DecodeError::Parse(p) => (
                "malformed message skipped",
                shown(&p.text).to_string(),
                shown(&p.reason).to_string(),
            ),
            other => (
                "undecodable frame skipped",
                String::new(),
                other.to_string(),
            ),
        };
        match self.bad_frames.hit(Instant::now()) {
            Repeat::Full { last: false } => warn!(%text, %reason, "{what}"),
            Repeat::Full { last: true } => {
                warn!(%text, %reason, "{what}; further bad frames are counted, one line a second")
            }
            Repeat::Counted => {}
            Repeat::Count { count } => {
                warn!(count, total = self.bad_frames.total(), last = %text, %reason, "bad frames skipped")
            }
        }
    }

    /// Logs the bad frames counted and not logged yet: when one second has passed since the
    /// last such line (`now`), or all of them (`None`, the stream ends).
    fn count_bad_frames(&mut self, now: Option<Instant>) {
        if let Some(count) = self.bad_frames.pending(now) {
            warn!(count, total = self.bad_frames.total(), "bad frames skipped");
        }
    }
}

impl<S: AsyncWrite> Writer<S> {
    /// Sends one message and flushes.
    ///
    /// # Errors
    /// The I/O or encoding error.
    pub async fn write_message(&mut self, msg: &Message) -> Result<(), EncodeError> {
        trace!(text = %shown(&msg.encode()), ">");
        self.inner.send(msg).await
    }

    /// Flushes and shuts the write side down.
    pub async fn close(&mut self) {
        let _ = SinkExt::<&Message>::close(&mut self.inner).await;
    }
}
