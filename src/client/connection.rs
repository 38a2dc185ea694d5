//! The framed socket: whole [`Message`]s in and out over any byte stream (TCP, or a duplex pipe
//! in tests). A frame that does not decode is logged with its text (escaped and cut) and
//! skipped — never the end of the stream. Imports tokio, tokio-util and `jsettlers_protocol`.

use futures_util::{SinkExt, StreamExt};
use jsettlers_protocol::{DecodeError, EncodeError, Message, MessageCodec};
use tokio::io::{AsyncRead, AsyncWrite, ReadHalf, WriteHalf};
use tokio_util::codec::{FramedRead, FramedWrite};
use tracing::{trace, warn};

use super::logsafe::shown;

/// Reads messages.
pub struct Reader<S> {
    inner: FramedRead<ReadHalf<S>, MessageCodec>,
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
        },
        Writer {
            inner: FramedWrite::new(w, MessageCodec::new()),
        },
    )
}

impl<S: AsyncRead> Reader<S> {
    /// The next message that decodes; `None` when the peer closed the stream or on an I/O
    /// error (logged). Undecodable frames are logged (`warn!`, with their text) and skipped.
    pub async fn read_message(&mut self) -> Option<Message> {
        loop {
            match self.inner.next().await? {
                Ok(Ok(msg)) => {
                    trace!(text = %shown(&msg.encode()), "<");
                    return Some(msg);
                }
                Ok(Err(DecodeError::Parse(e))) => {
                    warn!(text = %shown(&e.text), reason = %shown(&e.reason), "malformed message skipped");
                }
                Ok(Err(e)) => warn!(error = %e, "undecodable frame skipped"),
                Err(e) => {
                    warn!(error = %e, "connection read failed");
                    return None;
                }
            }
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
