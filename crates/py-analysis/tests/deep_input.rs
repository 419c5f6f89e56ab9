//! Input nested far deeper than a thread's stack could walk or drop recursively is analysed
//! without overflowing (test threads have 2 MiB stacks).

use algoscope_py_analysis::{analyze, Analysis, AnalyzeOptions};

/// How many levels each input nests.
const DEPTH: usize = 100_000;

/// Analyses `source`, which must be valid Python.
fn analyze_valid(source: &str) -> Analysis {
    let analysis = analyze(source, &AnalyzeOptions::default());
    assert!(
        analysis.syntax_errors.is_empty(),
        "{} errors, the first: {:?}",
        analysis.syntax_errors.len(),
        analysis.syntax_errors.first()
    );
    analysis
}

#[test]
fn left_nested_binary_chain() {
    analyze_valid(&format!("x = {}1\n", "1 + ".repeat(DEPTH)));
}

#[test]
fn right_nested_unary_and_conditional_chains() {
    analyze_valid(&format!("x = {}1\n", "-".repeat(DEPTH)));
    analyze_valid(&format!("x = {}1\n", "not ".repeat(DEPTH)));
    analyze_valid(&format!("x = {}0\n", "a if b else ".repeat(DEPTH)));
    analyze_valid(&format!("f = {}0\n", "lambda: ".repeat(DEPTH)));
}

#[test]
fn nested_brackets() {
    analyze_valid(&format!("x = {}{}\n", "[".repeat(DEPTH), "]".repeat(DEPTH)));
    let analysis = analyze_valid(&format!(
        "arr[{}i{}]\n",
        "(".repeat(DEPTH),
        ")".repeat(DEPTH)
    ));
    assert_eq!(analysis.index_names["arr"], ["i"]);
}

#[test]
fn long_attribute_call_and_subscript_chains() {
    let source = format!(
        "a{}[i]\nb{}[j]\nc{}\n",
        ".x".repeat(DEPTH),
        "[0]".repeat(DEPTH),
        "()".repeat(DEPTH)
    );
    let analysis = analyze_valid(&source);
    let containers: Vec<&str> = analysis.index_names.keys().map(String::as_str).collect();
    assert_eq!(
        containers,
        [format!("a{}", ".x".repeat(DEPTH)).as_str(), "b", "b[]"]
    );
    assert_eq!(analysis.grid_accesses.len(), 1);
}

#[test]
fn nested_patterns() {
    let source = format!(
        "match x:\n    case {}y{}:\n        pass\n",
        "[".repeat(DEPTH),
        "]".repeat(DEPTH)
    );
    analyze_valid(&source);
}

#[test]
fn nested_comprehensions() {
    let depth = 2_000;
    let source = format!(
        "x = {}0{}\n",
        "[".repeat(depth),
        " for v in w]".repeat(depth)
    );
    let analysis = analyze_valid(&source);
    assert_eq!(analysis.loops.len(), depth);
    assert_eq!(analysis.loops[1].id, "L1.2");
}

#[test]
fn unclosed_brackets() {
    let analysis = analyze(&"[{(".repeat(DEPTH), &AnalyzeOptions::default());
    assert!(!analysis.syntax_errors.is_empty());
}
