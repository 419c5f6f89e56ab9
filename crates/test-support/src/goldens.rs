//! Loading golden traces: every trace under `tests/traces` (insta snapshots whose body is the
//! trace JSON, heaps as deltas; or plain JSON). Shared by the loop tests, the layout tests,
//! the graph tests, the page tests and the loop-history oracle's unit test in
//! `crates/scene/src/loops/reference.rs`.

use std::path::{Path, PathBuf};

use algoscope_trace_format::{validate_str, Trace};

/// The languages with golden traces of the examples, as their folders under `tests/traces`.
pub const LANGUAGES: &[&str] = &["python", "javascript", "typescript"];

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `tests/traces` of the repository.
pub fn root() -> PathBuf {
    repo_root().join("tests/traces")
}

/// The text of a trace file: the body of an insta snapshot (after its YAML header, which
/// ends at its second `---` line), or the whole text of a plain JSON file.
pub fn body(text: &str) -> &str {
    match text.strip_prefix("---") {
        Some(rest) => rest.split_once("\n---\n").map_or(rest, |(_, body)| body),
        None => text,
    }
}

/// Reads a trace file: plain JSON, or an insta snapshot whose body is the JSON.
pub fn load(path: &Path) -> Trace {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    validate_str(body(&text)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
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

/// The file extension of `language`'s examples (`py`, `js`, `ts`).
fn extension(language: &str) -> &'static str {
    match language {
        "python" => "py",
        "javascript" => "js",
        _ => "ts",
    }
}

/// The golden snapshot of example `name` (`bubble_sort`) in `language` (`python`,
/// `javascript` or `typescript`): `tests/traces/LANGUAGE/trace@NAME.EXT.snap`.
pub fn example_path(language: &str, name: &str) -> PathBuf {
    root()
        .join(language)
        .join(format!("trace@{name}.{}.snap", extension(language)))
}

/// The golden trace of example `name` (`bubble_sort`) in `language`.
pub fn golden(language: &str, name: &str) -> Trace {
    load(&example_path(language, name))
}

/// The golden snapshots of `language`'s examples (`tests/traces/LANGUAGE/trace@*.snap`), in
/// name order.
pub fn example_paths(language: &str) -> Vec<PathBuf> {
    let dir = root().join(language);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .is_some_and(|n| n.starts_with("trace@") && n.ends_with(".snap"))
        })
        .collect();
    paths.sort();
    paths
}

/// The example of a golden snapshot path: `bubble_sort` for `trace@bubble_sort.py.snap`.
pub fn example_name(path: &Path) -> String {
    let file = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let inner = file.strip_prefix("trace@").unwrap_or(&file);
    let inner = inner.strip_suffix(".snap").unwrap_or(inner);
    match inner.rsplit_once('.') {
        Some((stem, _)) => stem.to_string(),
        None => inner.to_string(),
    }
}

/// Every example's golden trace, as `(LANGUAGE/FILE, trace)`, Python then JavaScript then
/// TypeScript.
pub fn all_languages() -> Vec<(String, Trace)> {
    let mut out = Vec::new();
    for language in LANGUAGES {
        for path in example_paths(language) {
            let name = format!(
                "{language}/{}",
                path.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            );
            out.push((name, load(&path)));
        }
    }
    out
}

/// Every fixture trace of the layout tests: `algoscope-layout`'s hand-written ones
/// (`crates/layout/tests/fixtures/*.json`), the golden traces of the examples in every
/// language (`tests/traces/LANGUAGE/trace@*.snap`), and any in `$ALGOSCOPE_TRACE_DIR`.
pub fn fixture_paths() -> Vec<PathBuf> {
    let mut dirs = vec![repo_root().join("crates/layout/tests/fixtures")];
    dirs.extend(LANGUAGES.iter().map(|language| root().join(language)));
    if let Ok(extra) = std::env::var("ALGOSCOPE_TRACE_DIR") {
        dirs.push(PathBuf::from(extra));
    }
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension().is_some_and(|e| e == "json")
                    || (p.extension().is_some_and(|e| e == "snap")
                        && p.file_name()
                            .is_some_and(|n| n.to_string_lossy().starts_with("trace@")))
            })
            .collect();
        paths.sort();
        out.extend(paths);
    }
    out
}

/// The golden trace of example `name` in `language` written as a plain trace `.json` file
/// (heaps as deltas, as in the snapshot) in `dir`, for tests that hand a trace file to the
/// command line (`dir` is their `env!("CARGO_TARGET_TMPDIR")`).
pub fn json_file(language: &str, name: &str, dir: &Path) -> PathBuf {
    let source = example_path(language, name);
    let text =
        std::fs::read_to_string(&source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let path = dir.join(format!("golden-{language}-{name}.json"));
    // Written aside and renamed, so a test running alongside never reads half a file.
    let partial = dir.join(format!(
        "golden-{language}-{name}.json.{}.{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&partial, body(&text)).unwrap_or_else(|e| panic!("{}: {e}", partial.display()));
    std::fs::rename(&partial, &path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path
}
