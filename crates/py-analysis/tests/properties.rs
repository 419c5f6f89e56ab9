//! Properties of [`analyze`] on any input: it never panics, and what it returns is
//! consistent with the source (ids unique, ranges ordered, positions inside the text, text
//! slices taken from the text, JSON round trip).
//!
//! Inputs: arbitrary Unicode strings, soups of Python tokens, and fragments of the real
//! programs in `examples/python` and `tests/fixtures/python-analysis`, spliced with noise.

use std::collections::HashSet;
use std::fs;
use std::path::Path;
use std::sync::OnceLock;

use algoscope_py_analysis::{analyze, Analysis, AnalyzeOptions, LoopKind};
use proptest::prelude::*;
use proptest::sample::Index;

/// Every program of the example and fixture folders.
fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut programs = Vec::new();
        for folder in ["examples/python", "tests/fixtures/python-analysis"] {
            let entries = fs::read_dir(root.join(folder)).expect("corpus folder exists");
            for entry in entries {
                let path = entry.expect("readable folder").path();
                if path.extension().is_some_and(|ext| ext == "py") {
                    programs.push(fs::read_to_string(path).expect("readable program"));
                }
            }
        }
        programs.sort();
        programs
    })
}

/// The part of `text` between two character boundaries picked by `a` and `b`.
fn fragment(text: &str, a: Index, b: Index) -> &str {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(at, _)| at)
        .chain([text.len()])
        .collect();
    let (x, y) = (a.get(&boundaries), b.get(&boundaries));
    &text[*x.min(y)..*x.max(y)]
}

fn real_fragment() -> impl Strategy<Value = String> {
    (any::<Index>(), any::<Index>(), any::<Index>())
        .prop_map(|(file, a, b)| fragment(file.get::<String>(corpus()), a, b).to_string())
}

/// Python-flavoured noise: keywords, brackets, quotes, f-string parts, comments.
fn token_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec![
            "for ",
            " in ",
            "while ",
            "async ",
            "if ",
            "else",
            ":",
            "\n",
            "    ",
            "\t",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "f\"",
            "f'",
            "\"",
            "'",
            "\"\"\"",
            "# viz: hint\n",
            "#",
            "lambda ",
            "match ",
            "case ",
            "type ",
            ":=",
            "=",
            "+",
            "-",
            "*",
            "\\",
            ",",
            ".",
            "!r",
            "}}",
            "{{",
            "\r",
            "\r\n",
            "\u{feff}",
            "é",
            "😀",
            "名",
        ])
        .prop_map(str::to_string),
        "[a-z_][a-z0-9_]{0,3}",
        "[0-9]{1,3}",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..120).prop_map(|pieces| pieces.concat())
}

fn spliced() -> impl Strategy<Value = String> {
    (real_fragment(), token_soup(), real_fragment())
        .prop_map(|(before, noise, after)| format!("{before}{noise}{after}"))
}

/// The text of each line (without its terminator), lines ending at `\n`, `\r\n` or `\r` as
/// in Python.
fn lines(source: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find(['\n', '\r']) {
        lines.push(&rest[..at]);
        let width = if rest[at..].starts_with("\r\n") { 2 } else { 1 };
        rest = &rest[at + width..];
    }
    lines.push(rest);
    lines
}

fn check(source: &str, analysis: &Analysis) -> Result<(), TestCaseError> {
    let lines = lines(source);
    let line_count = u32::try_from(lines.len()).unwrap_or(u32::MAX);
    let in_text = |line: u32| (1..=line_count).contains(&line);

    let mut ids = HashSet::new();
    let mut previous_line = 0;
    for found in &analysis.loops {
        prop_assert!(ids.insert(found.id.clone()), "duplicate id {}", found.id);
        prop_assert!(
            found.id == format!("L{}", found.line)
                || found.id.starts_with(&format!("L{}.", found.line)),
            "id {} on line {}",
            found.id,
            found.line
        );
        prop_assert!(found.line >= previous_line, "loops out of source order");
        previous_line = found.line;
        prop_assert!(in_text(found.line) && in_text(found.body_start) && in_text(found.body_end));
        prop_assert!(found.body_start <= found.body_end, "{found:?}");
        match found.kind {
            LoopKind::Comprehension => {
                prop_assert!(found.body_start <= found.line && found.line <= found.body_end);
            }
            _ => prop_assert!(found.line <= found.body_start, "{found:?}"),
        }
        prop_assert!(source.contains(&found.header), "{found:?}");
        prop_assert!(
            ["for", "async", "while"]
                .iter()
                .any(|keyword| found.header.starts_with(keyword)),
            "{found:?}"
        );
    }

    for (container, names) in &analysis.index_names {
        prop_assert!(!container.is_empty());
        prop_assert!(names.windows(2).all(|pair| pair[0] < pair[1]), "{names:?}");
        for name in names {
            // Not necessarily in the source as written: Python identifiers are NFKC-normalised
            // (`𝐢` is the name `i`).
            prop_assert!(
                !name.is_empty() && !name.contains(char::is_whitespace),
                "{name:?}"
            );
        }
    }

    for grid in &analysis.grid_accesses {
        prop_assert!(in_text(grid.line));
        prop_assert!(
            source.contains(&grid.row) && source.contains(&grid.col),
            "{grid:?}"
        );
        let inner = format!("{}[]", grid.name);
        prop_assert!(analysis.index_names.contains_key(&inner), "{grid:?}");
    }

    for hint in &analysis.hints {
        prop_assert!(in_text(hint.line));
        prop_assert_eq!(hint.text.trim(), hint.text.as_str());
        prop_assert!(lines[hint.line as usize - 1].contains("viz:"), "{hint:?}");
    }

    for error in &analysis.syntax_errors {
        prop_assert!(in_text(error.line), "{error:?} of {line_count} lines");
        let width = lines[error.line as usize - 1].chars().count();
        prop_assert!(
            error.column >= 1 && error.column as usize <= width + 1,
            "{error:?}"
        );
        prop_assert!(!error.message.is_empty());
    }

    let json = serde_json::to_string(analysis).expect("analysis serialises");
    let back: Analysis = serde_json::from_str(&json).expect("analysis deserialises");
    prop_assert_eq!(&back, analysis);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn arbitrary_unicode(source in any::<String>()) {
        check(&source, &analyze(&source, &AnalyzeOptions::default()))?;
    }

    #[test]
    fn python_token_soup(source in token_soup()) {
        check(&source, &analyze(&source, &AnalyzeOptions::default()))?;
    }

    #[test]
    fn fragments_of_real_programs(source in real_fragment()) {
        check(&source, &analyze(&source, &AnalyzeOptions::default()))?;
    }

    #[test]
    fn real_programs_spliced_with_noise(source in spliced()) {
        check(&source, &analyze(&source, &AnalyzeOptions::default()))?;
    }
}

#[test]
fn every_corpus_program_satisfies_the_properties() {
    for program in corpus() {
        check(program, &analyze(program, &AnalyzeOptions::default())).expect("properties hold");
    }
}
