//! `viz:` hints end to end: a real program traced and drawn by `algoscope render`/`html`.

mod run_support;

use run_support::algoscope;
use std::path::{Path, PathBuf};

/// A program whose hints hide `secret`, make `k` a pointer into `arr` (the code never writes
/// `arr[k]`), and hold one malformed hint.
const HINTED: &str = "\
arr = [5, 2, 9, 1]
k = 2  # viz: pointers arr: k
secret = 42  # viz: hide secret; hid x
total = arr[0] + arr[1]
";

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the program");
    path
}

fn render_last(program: &Path) -> (String, String) {
    let (ok, svg, err) = algoscope(&["render", program.to_str().expect("utf-8 path")]);
    assert!(ok, "{err}");
    (svg, err)
}

#[test]
fn render_hides_names_and_draws_hinted_pointers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (svg, err) = render_last(&write(dir.path(), "hinted.py", HINTED));
    assert!(!svg.contains("secret"), "the hidden name is not drawn");
    assert!(svg.contains(">total<"), "other names still are");
    assert!(
        svg.contains(r#"<g class="pointer" data-name="k" data-index="2">"#),
        "the hinted pointer is marked under arr: {svg}"
    );
    assert_eq!(
        err.lines()
            .filter(|l| l.starts_with("warning: "))
            .collect::<Vec<_>>(),
        [
            "warning: line 3: unknown hint `hid` (expected: KEYWORD ARGUMENTS, KEYWORD one of \
          hide, show, pointers, linked, graph, size (several hints separated by `;`))"
        ]
    );
}

#[test]
fn without_the_hints_the_same_program_shows_secret_and_no_pointer() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain: String = HINTED
        .lines()
        .map(|l| l.split("  #").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let (svg, err) = render_last(&write(dir.path(), "plain.py", &plain));
    assert!(svg.contains(">secret<"));
    assert!(!svg.contains(r#"data-name="k" data-index"#), "{svg}");
    assert!(!err.contains("warning:"), "{err}");
}

#[test]
fn javascript_hints_work_the_same() {
    let dir = tempfile::tempdir().expect("temp dir");
    let program = write(
        dir.path(),
        "hinted.js",
        "const arr = [5, 2, 9, 1];\n\
         let k = 2; // viz: pointers arr: k\n\
         let secret = 42; /* viz: hide secret */\n\
         const total = arr[0] + arr[1];\n",
    );
    let (svg, err) = render_last(&program);
    assert!(!svg.contains("secret"), "{svg}");
    assert!(svg.contains(r#"data-name="k" data-index="2""#), "{svg}");
    assert!(!err.contains("warning:"), "{err}");
}

#[test]
fn html_prints_hint_warnings_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let program = write(dir.path(), "hinted.py", HINTED);
    let out = dir.path().join("page.html");
    let (ok, _, err) = algoscope(&[
        "html",
        program.to_str().expect("utf-8 path"),
        "-o",
        out.to_str().expect("utf-8 path"),
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("warning: line 3: unknown hint `hid`"), "{err}");
    assert!(out.exists());
}
