//! A UTF-8 byte order mark at the start of a file is accepted, as Python accepts it.

use algoscope_py_analysis::{analyze, AnalyzeOptions};

#[test]
fn leading_byte_order_mark_is_skipped() {
    let analysis = analyze(
        "\u{feff}for i in range(3):\n    print(i)\n",
        &AnalyzeOptions::default(),
    );
    assert!(
        analysis.syntax_errors.is_empty(),
        "{:?}",
        analysis.syntax_errors
    );
    assert_eq!(analysis.loops[0].header, "for i in range(3)");
    assert_eq!(
        (analysis.loops[0].line, analysis.loops[0].body_start),
        (1, 2)
    );
}

#[test]
fn columns_after_a_byte_order_mark_do_not_count_it() {
    let analysis = analyze("\u{feff}x = )\n", &AnalyzeOptions::default());
    assert_eq!(analysis.syntax_errors[0].line, 1);
    let without = analyze("x = )\n", &AnalyzeOptions::default());
    assert_eq!(
        analysis.syntax_errors[0].column,
        without.syntax_errors[0].column
    );
}

#[test]
fn a_byte_order_mark_elsewhere_is_still_an_error() {
    assert!(
        !analyze("x = 1\n\u{feff}y = 2\n", &AnalyzeOptions::default())
            .syntax_errors
            .is_empty()
    );
}
