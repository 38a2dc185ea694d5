//! JSettlers2 wire protocol (2.7.x): Java `writeUTF` framing and typed messages.
//!
//! Layers: bytes → frame (`codec`) → text → [`Message`] (`message`). Knows nothing of Catan rules.
