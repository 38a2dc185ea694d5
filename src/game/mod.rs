//! game (placeholder until its issue lands).
