//! The dependency rule of the crate: protocol ← client; game ← agent ← client; game ← arena.
//! Scans `src/` for imports that point the wrong way.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Lines of code (comments stripped) in `src/<module>/` that mention any of `forbidden`.
fn violations(module: &str, forbidden: &[&str]) -> Vec<String> {
    scan(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(module),
        forbidden,
    )
}

fn scan(root: &Path, forbidden: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    if root.is_dir() {
        rust_files(root, &mut files);
    }
    let mut found = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for f in forbidden {
                if code.contains(f) {
                    found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn game_depends_on_nothing_else_in_the_crate() {
    let v = violations(
        "game",
        &[
            "crate::agent",
            "crate::client",
            "crate::arena",
            "tokio",
            "jsettlers_protocol",
        ],
    );
    assert!(v.is_empty(), "src/game imports too much:\n{}", v.join("\n"));
}

#[test]
fn agent_depends_only_on_game() {
    let v = violations(
        "agent",
        &[
            "crate::client",
            "crate::arena",
            "tokio",
            "jsettlers_protocol",
        ],
    );
    assert!(
        v.is_empty(),
        "src/agent imports too much:\n{}",
        v.join("\n")
    );
}

#[test]
fn arena_has_no_network_code() {
    let v = violations("arena", &["crate::client", "tokio", "jsettlers_protocol"]);
    assert!(
        v.is_empty(),
        "src/arena imports too much:\n{}",
        v.join("\n")
    );
}

#[test]
fn the_scanner_reports_a_forbidden_import() {
    // Guard against a scanner that silently finds nothing: this file names a forbidden path in
    // code (the string below), so scanning `tests/` must report it.
    let planted = "use crate::client;";
    let tests_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let found = scan(&tests_dir, &[planted]);
    assert!(!found.is_empty(), "scanner missed the planted import");
}
