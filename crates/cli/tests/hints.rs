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

/// The `warning:` lines of a command's standard error.
fn warnings(err: &str) -> Vec<&str> {
    err.lines().filter(|l| l.starts_with("warning: ")).collect()
}

#[test]
fn trace_prints_the_hint_warnings_render_prints() {
    let dir = tempfile::tempdir().expect("temp dir");
    let program = write(dir.path(), "hinted.py", HINTED);
    let (ok, json, err) = algoscope(&["trace", program.to_str().expect("utf-8 path")]);
    assert!(ok, "{err}");
    assert!(json.contains("\"secret\""), "trace keeps hidden names");
    let (_, render_err) = render_last(&program);
    assert_eq!(warnings(&err), warnings(&render_err));
    assert_eq!(warnings(&err).len(), 1, "{err}");
}

/// Hints naming `totl` (a typo of `total`), `j` (never a variable) and `inner` (a local of
/// a function never called), in Python and JavaScript.
const UNSEEN_PY: &str = "\
arr = [5, 2, 9, 1]
total = 0  # viz: show totl, total
for i in range(len(arr)):  # viz: pointers arr: i, j
    total += arr[i]
def never():
    inner = 1  # viz: hide inner
";

const UNSEEN_JS: &str = "\
const arr = [5, 2, 9, 1];
let total = 0; // viz: show totl, total
for (let i = 0; i < arr.length; i++) { // viz: pointers arr: i, j
  total += arr[i];
}
function never() {
  const inner = 1; // viz: hide inner
}
";

const UNSEEN_WARNINGS: [&str; 3] = [
    "warning: line 2: hint names `totl`, which no step shows (expected: a variable some step \
     of the run shows)",
    "warning: line 3: hint names `j`, which no step shows (expected: a variable some step of \
     the run shows)",
    "warning: line 7: hint names `inner`, which no step shows (expected: a variable some step \
     of the run shows)",
];

#[test]
fn hints_naming_variables_no_step_shows_are_warned_about_with_their_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, source) in [("unseen.py", UNSEEN_PY), ("unseen.js", UNSEEN_JS)] {
        let mut expected = UNSEEN_WARNINGS.to_vec();
        if name.ends_with(".py") {
            // The Python program's function is one line shorter.
            expected[2] = "warning: line 6: hint names `inner`, which no step shows (expected: \
                           a variable some step of the run shows)";
        }
        let program = write(dir.path(), name, source);
        let (ok, _, err) = algoscope(&["trace", program.to_str().expect("utf-8 path")]);
        assert!(ok, "{err}");
        assert_eq!(warnings(&err), expected, "trace {name}");
        let (_, err) = render_last(&program);
        assert_eq!(warnings(&err), expected, "render {name}");
    }
}
