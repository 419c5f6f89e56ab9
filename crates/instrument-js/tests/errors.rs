//! Syntax errors come back with line and column, all of them, and never panic.

use algoscope_instrument_js::{analyze, instrument, InstrumentError, InstrumentOptions, Language};

fn errors(source: &str, language: Language) -> Vec<(u32, u32)> {
    let options = InstrumentOptions {
        language,
        ..Default::default()
    };
    match instrument(source, &options) {
        Err(InstrumentError::Syntax { errors }) => {
            errors.iter().map(|e| (e.line, e.column)).collect()
        }
        Ok(_) => Vec::new(),
        Err(other) => panic!("not a syntax error: {other}"),
    }
}

#[test]
fn a_missing_paren_is_reported_at_its_line_and_column() {
    assert_eq!(
        errors("let a = 1;\nif (a > 0 {\n}\n", Language::Javascript),
        vec![(2, 11)]
    );
}

#[test]
fn the_message_names_the_position() {
    let err = instrument("const = 5;", &InstrumentOptions::default()).unwrap_err();
    assert!(err.to_string().starts_with("1:"), "{err}");
}

#[test]
fn typescript_syntax_is_an_error_in_javascript_but_not_in_typescript() {
    let source = "let x: number = 1;\n";
    assert!(!errors(source, Language::Javascript).is_empty());
    assert!(errors(source, Language::Typescript).is_empty());
}

#[test]
fn analysis_alone_reports_the_same_errors() {
    let analysis = analyze("function (", &InstrumentOptions::default());
    assert_eq!(analysis.syntax_errors[0].line, 1);
    assert_eq!(
        analysis.syntax_errors.len(),
        errors("function (", Language::Javascript).len()
    );
}

#[test]
fn odd_inputs_never_panic() {
    for source in [
        "",
        "\u{feff}",
        "#!/usr/bin/env node\nconsole.log(1)",
        "/*",
        "`${",
        "a\u{2028}b",
        "}}}}",
        "await 1",
        "return 1",
    ] {
        let _ = instrument(source, &InstrumentOptions::default());
        let _ = instrument(
            source,
            &InstrumentOptions {
                language: Language::Typescript,
                ..Default::default()
            },
        );
    }
}

#[test]
fn a_name_with_the_reserved_prefix_is_refused_at_its_position() {
    let err = instrument(
        "let a = 1;\n  let __as = 5;\n",
        &InstrumentOptions::default(),
    )
    .unwrap_err();
    let InstrumentError::Syntax { errors: found } = err else {
        panic!("not a syntax error: {err}")
    };
    assert_eq!((found[0].line, found[0].column), (2, 7));
    assert!(
        found[0]
            .message
            .contains("names starting with `__as` are reserved by algoscope"),
        "{}",
        found[0].message
    );
    assert_eq!(
        errors(
            "function f(__asx) { return __asx; }\n",
            Language::Typescript
        ),
        vec![(1, 12), (1, 28)]
    );
}

#[test]
fn property_names_with_the_prefix_are_allowed() {
    assert!(errors(
        "const o = { __as: 1 };\no.__as = 2;\n",
        Language::Javascript
    )
    .is_empty());
}

#[test]
fn python_is_refused_by_name() {
    let options = InstrumentOptions {
        language: Language::Python,
        ..Default::default()
    };
    let err = instrument("x = 1\n", &options).unwrap_err();
    assert_eq!(err.to_string(), "python is not JavaScript or TypeScript");
    assert_eq!(analyze("x = 1\n", &options).syntax_errors.len(), 1);
}
