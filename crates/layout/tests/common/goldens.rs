//! The golden traces of the examples in every language: `tests/traces/python/*.json`, and the
//! insta snapshots `tests/traces/{javascript,typescript}/trace@*.snap` (a YAML header, then the
//! trace JSON).

use std::path::PathBuf;

use algoscope_trace_format::{validate_str, Trace};

/// Every example's golden trace, as `(name, trace)`, Python then JavaScript then TypeScript.
pub fn all_languages() -> Vec<(String, Trace)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/traces");
    let mut out = Vec::new();
    for lang in ["python", "javascript", "typescript"] {
        let dir = root.join(lang);
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                name.is_some_and(|n| {
                    n.ends_with(".json") || (n.starts_with("trace@") && n.ends_with(".snap"))
                })
            })
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("readable golden");
            let json = match text.strip_prefix("---\n") {
                Some(rest) => rest.split_once("\n---\n").map_or(rest, |(_, body)| body),
                None => text.as_str(),
            };
            let trace = validate_str(json).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = format!(
                "{lang}/{}",
                path.file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default()
            );
            out.push((name, trace));
        }
    }
    out
}

/// The golden trace of example `example` (`bst`) in `language` (`python`, `javascript` or
/// `typescript`).
pub fn golden(language: &str, example: &str) -> Trace {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/traces");
    let path = match language {
        "python" => root.join(format!("python/{example}.json")),
        "javascript" => root.join(format!("javascript/trace@{example}.js.snap")),
        _ => root.join(format!("typescript/trace@{example}.ts.snap")),
    };
    super::load(&path)
}
