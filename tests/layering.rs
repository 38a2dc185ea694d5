//! The dependency rule of the crate, one allow-list per module: which of the crate's modules
//! (`crate::X`) and which dependencies (the names in Cargo.toml) its code may name.
//!
//! ```text
//! game ← agent ← arena, perf, client ← cli ← main.rs
//! report ← arena, perf, client, cli        (report: std and serde only)
//! jsettlers_protocol ← client, cli         (the protocol crate: nothing of this one)
//! ```
//!
//! Every file and folder of `src/` must have a rule, so a new module cannot slip past, and a
//! row in the Layout table of docs/architecture.md, whose paths and file names must exist. The
//! protocol crate may name none of the root crate. Comments are not code: doc links may name
//! any module.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// A module's allowed names. `std`, `core` and `alloc` are always allowed.
struct Rule {
    /// A folder (`game`) or a file (`main.rs`) directly in `src/`.
    entry: &'static str,
    /// Top-level modules of the crate it may name (itself included where it does).
    modules: &'static [&'static str],
    /// Dependencies it may name (crate names with `_`).
    crates: &'static [&'static str],
}

const RULES: &[Rule] = &[
    Rule {
        entry: "game",
        modules: &["game"],
        crates: &["rand"],
    },
    Rule {
        entry: "agent",
        modules: &["agent", "game"],
        crates: &["rand"],
    },
    Rule {
        entry: "report",
        modules: &["report"],
        crates: &["serde", "serde_json"],
    },
    Rule {
        entry: "arena",
        modules: &["arena", "agent", "game", "report"],
        crates: &["rand", "serde_json"],
    },
    Rule {
        entry: "perf",
        modules: &["perf", "agent", "game", "report"],
        crates: &["rand"],
    },
    Rule {
        entry: "client",
        modules: &["client", "agent", "game", "report"],
        crates: &[
            "jsettlers_protocol",
            "tokio",
            "tokio_util",
            "futures_util",
            "bytes",
            "tracing",
            "rand",
        ],
    },
    Rule {
        entry: "cli",
        modules: &["cli", "agent", "arena", "client", "perf", "report"],
        crates: &[
            "clap",
            "jsettlers_protocol",
            "tokio",
            "tracing",
            "tracing_subscriber",
        ],
    },
    Rule {
        entry: "lib.rs",
        modules: &[],
        crates: &[],
    },
    // The binary: only the command line (named `catan_bot::cli`, as a dependency).
    Rule {
        entry: "main.rs",
        modules: &[],
        crates: &["catan_bot", "clap"],
    },
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_owned());
        return;
    }
    for entry in fs::read_dir(path).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() || path.extension().is_some_and(|e| e == "rs") {
            rust_files(&path, out);
        }
    }
}

/// The dependency names of a Cargo.toml (normal and dev), with `-` as `_`.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = fs::read_to_string(manifest).unwrap();
    let mut names = Vec::new();
    let mut in_deps = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line == "[dependencies]" || line == "[dev-dependencies]";
        } else if let Some((name, _)) = line.split_once('=').filter(|_| in_deps) {
            names.push(name.trim().replace('-', "_"));
        }
    }
    assert!(!names.is_empty(), "no dependencies read from {manifest:?}");
    names
}

/// The names a path continues with after `X::`: one name, or the top-level names of a
/// `{..}` group.
fn heads(rest: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = rest.strip_prefix('{') else {
        return vec![ident(rest)];
    };
    // Names at brace depth 0 after `{` or `,`.
    let (mut out, mut level, mut start) = (Vec::new(), 0, true);
    for (i, c) in group.char_indices() {
        match c {
            '{' => level += 1,
            '}' if level == 0 => break,
            '}' => level -= 1,
            ',' if level == 0 => start = true,
            c if c.is_whitespace() => {}
            _ if start && level == 0 => {
                out.push(ident(&group[i..]));
                start = false;
            }
            _ => {}
        }
    }
    out
}

/// Whether the match at `at` starts a path (not the tail of a longer name or path).
fn starts_path(code: &str, at: usize) -> bool {
    let before = code[..at].chars().next_back();
    !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
}

/// What code names: `crate::X` for each top-level module `X` after `crate::` (also inside
/// `crate::{..}`) or after a `super::` chain of `depth` or more links (which climbs to the
/// crate root), and `NAME` for each `NAME::` path of a crate in `crates`. Comments are
/// skipped.
fn named(code: &str, crates: &[String], depth: usize) -> Vec<String> {
    let code: String = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        if starts_path(&code, at) {
            let rest = &code[at + "crate::".len()..];
            out.extend(heads(rest).into_iter().map(|m| format!("crate::{m}")));
        }
    }
    for (at, _) in code.match_indices("super::") {
        if !starts_path(&code, at) {
            continue;
        }
        let mut rest = &code[at..];
        let mut links = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            (rest, links) = (r, links + 1);
        }
        // In a test module inside a file, one link less climbs as far: only names of the
        // crate's modules count, so `use super::*` there is no false alarm.
        if depth > 0 && links >= depth {
            out.extend(
                heads(rest)
                    .into_iter()
                    .filter(|m| top_level_modules().contains(&m.as_str()))
                    .map(|m| format!("crate::{m}")),
            );
        }
    }
    for name in crates {
        for (at, _) in code.match_indices(&format!("{name}::")) {
            if starts_path(&code, at) {
                out.push(name.clone());
            }
        }
    }
    out
}

/// The crate's top-level modules: the folders among the rules.
fn top_level_modules() -> Vec<&'static str> {
    RULES
        .iter()
        .map(|r| r.entry)
        .filter(|e| !e.ends_with(".rs"))
        .collect()
}

/// How many `super::` climb from `file` (below `src/`) to the crate root.
fn depth(src: &Path, file: &Path) -> usize {
    let rel = file.strip_prefix(src).unwrap();
    let dirs = rel.components().count() - 1;
    if rel.file_name().is_some_and(|n| n == "mod.rs") || dirs == 0 {
        dirs
    } else {
        dirs + 1
    }
}

/// Every name the files of `entry` use that its rule does not allow, as `file: name`.
fn violations(rule: &Rule, crates: &[String]) -> Vec<String> {
    let src = root().join("src");
    let mut files = Vec::new();
    rust_files(&src.join(rule.entry), &mut files);
    assert!(!files.is_empty(), "src/{} holds no Rust file", rule.entry);
    let allowed: BTreeSet<String> = rule
        .modules
        .iter()
        .map(|m| format!("crate::{m}"))
        .chain(rule.crates.iter().map(|c| c.to_string()))
        .collect();
    let mut found = BTreeSet::new();
    for file in files {
        let code = fs::read_to_string(&file).unwrap();
        for name in named(&code, crates, depth(&src, &file)) {
            if !allowed.contains(&name) {
                let shown = file.strip_prefix(root()).unwrap_or(&file);
                found.insert(format!("{}: {name}", shown.display()));
            }
        }
    }
    found.into_iter().collect()
}

#[test]
fn every_module_names_only_what_its_rule_allows() {
    let crates = dependencies(&root().join("Cargo.toml"));
    let mut all = Vec::new();
    for rule in RULES {
        all.extend(violations(rule, &crates));
    }
    assert!(
        all.is_empty(),
        "imports against the layering:\n{}",
        all.join("\n")
    );
}

#[test]
fn every_file_and_folder_of_src_has_a_rule() {
    let mut entries: Vec<String> = fs::read_dir(root().join("src"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    entries.sort();
    let mut ruled: Vec<String> = RULES.iter().map(|r| r.entry.to_string()).collect();
    ruled.sort();
    assert_eq!(entries, ruled, "src/ and the rules disagree");
    // And lib.rs declares exactly the folders.
    let lib = fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let mut declared: Vec<String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect();
    declared.sort();
    let folders: Vec<String> = entries
        .into_iter()
        .filter(|e| !e.ends_with(".rs"))
        .collect();
    assert_eq!(declared, folders);
}

#[test]
fn the_protocol_crate_names_nothing_of_the_root_crate() {
    let mut files = Vec::new();
    rust_files(&root().join("protocol/src"), &mut files);
    let ours = ["catan_bot".to_string()];
    let own = dependencies(&root().join("protocol/Cargo.toml"));
    for file in files {
        let code = fs::read_to_string(&file).unwrap();
        let names = named(&code, &ours, 0);
        assert!(
            names.iter().all(|n| n.starts_with("crate::")),
            "{file:?}: {names:?}"
        );
    }
    assert!(!own.contains(&"catan_bot".to_string()));
}

#[test]
fn the_scanner_finds_each_kind_of_name() {
    let crates = ["tokio".to_string(), "rand".to_string()];
    let code = "use crate::{game::State, client::{self, Mirror}};\n\
                let x = crate::arena::run(); // crate::report in a comment\n\
                tokio::spawn(f); my_tokio::x(); a::tokio::y();\n\
                /// [`rand::Rng`] in a doc comment\n\
                use super::super::{agent, Thing}; use super::*;";
    let names = named(code, &crates, 2);
    assert_eq!(
        names,
        [
            "crate::game",
            "crate::client",
            "crate::arena",
            "crate::agent",
            "tokio"
        ]
    );
    // The same chain one level deeper stays inside the module.
    assert!(!named(code, &crates, 3).contains(&"crate::agent".to_string()));
    // A rule that forbids something is reported.
    let rule = Rule {
        entry: "report",
        modules: &["report"],
        crates: &[],
    };
    let v = violations(&rule, &["serde".to_string()]);
    assert!(v.iter().any(|l| l.ends_with(": serde")), "{v:?}");
}

/// The `code spans` of a Markdown table cell.
fn code_spans(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// Whether `path` is a file whose path ends with `name`, or a folder with such a file below.
fn holds(path: &Path, name: &str) -> bool {
    if !path.is_dir() {
        return path.ends_with(name);
    }
    fs::read_dir(path)
        .unwrap()
        .any(|entry| holds(&entry.unwrap().path(), name))
}

#[test]
fn the_architecture_layout_table_matches_the_tree() {
    let page = fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    let start = page.find("\n## Layout\n").expect("a Layout section");
    let section = &page[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    let mut listed = BTreeSet::new();
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split('|').collect();
        let (paths, what) = (code_spans(cells[1]), cells[2..].join("|"));
        for p in &paths {
            assert!(
                root().join(p).exists(),
                "docs/architecture.md names `{p}`, which is not there"
            );
            if let Some(entry) = p.strip_prefix("src/") {
                listed.insert(entry.trim_end_matches('/').to_string());
            }
        }
        // Files named in the description lie in the row's folders.
        for name in code_spans(&what) {
            let is_file = [".rs", ".sh", ".py", ".yaml", ".sbatch"]
                .iter()
                .any(|ext| name.ends_with(ext));
            if is_file {
                assert!(
                    paths.iter().any(|p| holds(&root().join(p), name)),
                    "docs/architecture.md's row for {paths:?} names `{name}`, which is not in it"
                );
            }
        }
    }
    // Every folder and file of src/ but the crate root has its row.
    for entry in fs::read_dir(root().join("src")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name != "lib.rs" {
            assert!(
                listed.contains(&name),
                "src/{name} has no row in docs/architecture.md's Layout"
            );
        }
    }
}
