//! agent (placeholder until its issue lands).
