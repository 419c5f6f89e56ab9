//! Loading golden traces: every trace under `tests/traces` (plain JSON, or insta snapshots
//! whose body is the JSON). Shared by the loop tests (`loops_support`) and the loop-history
//! oracle's unit test in `src/loops/reference.rs`, which includes this file by path.

use std::path::{Path, PathBuf};

use algoscope_trace_format::{validate_str, Trace};

/// `tests/traces` of the repository.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/traces")
}

/// Reads a trace file: plain JSON, or an insta snapshot whose body is the JSON.
pub fn load(path: &Path) -> Trace {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let body = match text.strip_prefix("---") {
        Some(rest) => rest.split_once("\n---\n").map_or(rest, |(_, body)| body),
        None => &text,
    };
    validate_str(body).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every trace under `tests/traces` (examples and `cases`, every language), with its path
/// relative to that directory, in path order.
pub fn all_goldens() -> Vec<(String, Trace)> {
    let mut files: Vec<PathBuf> = Vec::new();
    let mut dirs = vec![root()];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "json" || x == "snap") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            (name, load(&path))
        })
        .collect()
}
