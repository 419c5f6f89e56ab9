//! The labelled Big-O accuracy suite: every program under `tests/bigo/<language>/` starts
//! with `# expect: O(…)` (Python) or `// expect: O(…)` (JavaScript, TypeScript) in the ASCII
//! form; the estimate of [`algoscope::bigo`] must match up to the names of the sizes. Prints
//! accuracy per language and per class, and fails below each language's recorded floor.
//! The conformance test checks that a program with the same file stem in all three
//! languages gets the same class in each.

#![cfg(feature = "analysis")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use algoscope::{bigo, EstimateOptions, Language, Program};
use algoscope_bigo::{parse_ascii, Expr};

/// The share of each language's suite that must be right (raise them as the analysis
/// improves): (directory, extension, floor, the fewest programs the suite may hold).
const SUITES: &[(&str, &str, f64, u32)] = &[
    ("python", "py", 0.95, 40),
    ("javascript", "js", 0.95, 40),
    ("typescript", "ts", 0.95, 20),
];

/// A class: per term, its factors as (power, log power, exponential base, factorial).
type Class = Vec<Vec<(u32, u32, u32, bool)>>;

/// The class of an expression with its size names forgotten: each term's factors, sorted.
fn class(e: &Expr) -> Class {
    let mut terms: Vec<Vec<(u32, u32, u32, bool)>> = e
        .terms
        .iter()
        .filter(|t| !t.is_one())
        .map(|t| {
            let mut f: Vec<_> = t
                .factors
                .values()
                .map(|f| (f.poly, f.log, f.exp, f.factorial))
                .collect();
            f.sort_unstable();
            f
        })
        .collect();
    terms.sort();
    terms
}

fn suite_dir(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/bigo")
        .join(dir)
}

fn language(ext: &str) -> Language {
    match ext {
        "py" => Language::Python,
        "js" => Language::Javascript,
        _ => Language::Typescript,
    }
}

/// One labelled program: its expected class (ASCII) and the estimate's.
struct Case {
    stem: String,
    expected: String,
    got: Expr,
    got_text: String,
    explanation: Vec<String>,
}

fn cases(dir: &str, ext: &str) -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(suite_dir(dir))
        .expect("the suite directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            let source = std::fs::read_to_string(path).expect("a suite program");
            let name = path.to_string_lossy().to_string();
            let expected = source
                .lines()
                .next()
                .and_then(|l| {
                    l.strip_prefix("# expect: ")
                        .or_else(|| l.strip_prefix("// expect: "))
                })
                .unwrap_or_else(|| panic!("{name}: no `expect:` first line"))
                .trim()
                .to_string();
            let program = Program::from_source(&source, language(ext), &name);
            let got = bigo(&program, &EstimateOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            Case {
                stem: path
                    .file_stem()
                    .map(|s| s.to_string_lossy().to_string())
                    .unwrap_or_default(),
                expected,
                got: got.expr,
                got_text: got.complexity_ascii,
                explanation: got
                    .functions
                    .iter()
                    .map(|f| format!("{} {}: {}", f.name, f.complexity, f.explanation))
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn suite_accuracy_per_language() {
    let mut failures = Vec::new();
    let (mut all_right, mut all_total) = (0u32, 0u32);
    for &(dir, ext, floor, least) in SUITES {
        let mut per_class: BTreeMap<String, (u32, u32)> = BTreeMap::new();
        let (mut right, mut total) = (0u32, 0u32);
        println!("== {dir}");
        for case in cases(dir, ext) {
            let expected = parse_ascii(&case.expected).unwrap();
            let ok = class(&case.got) == class(&expected);
            let entry = per_class.entry(case.expected.clone()).or_default();
            entry.1 += 1;
            total += 1;
            if ok {
                entry.0 += 1;
                right += 1;
            }
            println!(
                "{} {}.{ext}: expected {}, got {}",
                if ok { "ok " } else { "BAD" },
                case.stem,
                case.expected,
                case.got_text
            );
            if !ok {
                for line in &case.explanation {
                    println!("      {line}");
                }
            }
        }
        println!("per class:");
        for (c, (r, t)) in &per_class {
            println!("  {c:<22} {r}/{t}");
        }
        let accuracy = f64::from(right) / f64::from(total.max(1));
        println!("{dir}: {right}/{total} = {:.1}%\n", accuracy * 100.0);
        if total < least {
            failures.push(format!("{dir}: the suite shrank to {total} programs"));
        }
        if accuracy < floor {
            failures.push(format!(
                "{dir}: accuracy {accuracy:.3} is below the floor {floor}"
            ));
        }
        all_right += right;
        all_total += total;
    }
    println!(
        "all: {all_right}/{all_total} = {:.1}%",
        f64::from(all_right) * 100.0 / f64::from(all_total.max(1))
    );
    assert!(all_total >= 60, "fewer than 60 programs: {all_total}");
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn same_algorithm_same_estimate_in_three_languages() {
    let mut by_stem: BTreeMap<String, Vec<(String, Class, String)>> = BTreeMap::new();
    for &(dir, ext, _, _) in SUITES {
        for case in cases(dir, ext) {
            by_stem.entry(case.stem.clone()).or_default().push((
                dir.to_string(),
                class(&case.got),
                case.got_text,
            ));
        }
    }
    let shared: Vec<_> = by_stem.iter().filter(|(_, v)| v.len() == 3).collect();
    assert!(
        shared.len() >= 15,
        "only {} algorithms are in all three languages",
        shared.len()
    );
    let mut differ = Vec::new();
    for (stem, v) in &shared {
        if v.iter().any(|(_, c, _)| *c != v[0].1) {
            let got: Vec<String> = v.iter().map(|(d, _, t)| format!("{d} {t}")).collect();
            differ.push(format!("{stem}: {}", got.join(", ")));
        }
    }
    println!("{} algorithms in all three languages", shared.len());
    assert!(differ.is_empty(), "estimates differ: {differ:#?}");
}
