//! The `viz:` hint language: every hint, every warning, and `apply_hints` on a trace.

use algoscope_scene::{
    apply_hints, hint_warnings, parse_hints, HintWarning, LinkedHint, LinkedShape, SizeHint,
    VizHints, ANY_FORM, GRAPH_FORM, HIDE_FORM, LINKED_FORM, POINTERS_FORM, SEEN_FORM, SHOW_FORM,
    SIZE_FORM,
};
use algoscope_trace_format::{Event, Frame, FrameState, Hint, Language, Step, Trace, Value};
use proptest::prelude::*;

fn parse(lines: &[(u32, &str)]) -> VizHints {
    let hints: Vec<Hint> = lines
        .iter()
        .map(|(line, text)| Hint {
            line: *line,
            text: text.to_string(),
        })
        .collect();
    parse_hints(&hints)
}

/// The only warning of one comment on line 7.
fn warning(text: &str) -> HintWarning {
    let viz = parse(&[(7, text)]);
    assert_eq!(viz.warnings.len(), 1, "{text:?} gave {:?}", viz.warnings);
    viz.warnings[0].clone()
}

fn expect_warning(text: &str, message: &str, expected: &str) {
    let w = warning(text);
    assert_eq!(w.line, 7);
    assert_eq!(w.message, message, "for {text:?}");
    assert_eq!(w.expected, expected, "for {text:?}");
}

// ---- each hint ------------------------------------------------------------------------------

#[test]
fn hide_takes_names_separated_by_commas_or_spaces() {
    let viz = parse(&[(1, "hide tmp, swapped  i"), (2, "hide tmp, $el, _x")]);
    assert_eq!(viz.hide, ["tmp", "swapped", "i", "$el", "_x"]);
    assert!(viz.warnings.is_empty());
}

#[test]
fn show_takes_names() {
    let viz = parse(&[(1, "show total,best")]);
    assert_eq!(viz.show, ["total", "best"]);
}

#[test]
fn pointers_map_a_container_to_names() {
    let viz = parse(&[
        (1, "pointers arr: lo, hi"),
        (2, "pointers arr: mid hi"),
        (3, "pointers self.items: top"),
        (4, "pointers grid[]: c"),
        (5, "pointers  dp :k"),
    ]);
    assert_eq!(viz.pointers["arr"], ["lo", "hi", "mid"]);
    assert_eq!(viz.pointers["self.items"], ["top"]);
    assert_eq!(viz.pointers["grid[]"], ["c"]);
    assert_eq!(viz.pointers["dp"], ["k"]);
    assert!(viz.warnings.is_empty());
}

#[test]
fn linked_list_with_and_without_fields() {
    let viz = parse(&[(1, "linked ListNode list next")]);
    assert_eq!(
        viz.linked,
        Some(LinkedHint {
            class: "ListNode".into(),
            shape: LinkedShape::List,
            links: vec!["next".into()],
        })
    );
    let viz = parse(&[(1, "linked Node list")]);
    assert_eq!(viz.linked.map(|l| l.links), Some(vec![]));
}

#[test]
fn linked_tree_with_two_fields_and_any_case_shape() {
    let viz = parse(&[(1, "linked TreeNode Tree left, right")]);
    let linked = viz.linked.expect("a linked hint");
    assert_eq!(linked.shape, LinkedShape::Tree);
    assert_eq!(linked.links, ["left", "right"]);
}

#[test]
fn graph_takes_names() {
    let viz = parse(&[(1, "graph adj"), (2, "graph g, adj")]);
    assert_eq!(viz.graphs, ["adj", "g"]);
}

#[test]
fn size_with_values_sorted_and_without() {
    let viz = parse(&[
        (3, "size n [1000, 10, 100, 10]"),
        (4, "size m"),
        (5, "size k[1_000]"),
    ]);
    assert_eq!(
        viz.sizes,
        [
            SizeHint {
                line: 3,
                name: "n".into(),
                values: vec![10, 100, 1000],
            },
            SizeHint {
                line: 4,
                name: "m".into(),
                values: vec![],
            },
            SizeHint {
                line: 5,
                name: "k".into(),
                values: vec![1000],
            },
        ]
    );
}

#[test]
fn several_hints_share_a_comment_with_semicolons() {
    let viz = parse(&[(2, "hide tmp; show i ;; pointers a: j; graph g;")]);
    assert_eq!(viz.hide, ["tmp"]);
    assert_eq!(viz.show, ["i"]);
    assert_eq!(viz.pointers["a"], ["j"]);
    assert_eq!(viz.graphs, ["g"]);
    assert!(viz.warnings.is_empty());
}

#[test]
fn keywords_ignore_case() {
    let viz = parse(&[(1, "HIDE a; Show b")]);
    assert_eq!(viz.hide, ["a"]);
    assert_eq!(viz.show, ["b"]);
}

#[test]
fn a_bad_hint_does_not_stop_the_others_of_its_comment() {
    let viz = parse(&[(4, "hide 1x; show y; frobnicate z")]);
    assert_eq!(viz.show, ["y"]);
    assert!(viz.hide.is_empty());
    assert_eq!(viz.warnings.len(), 2);
    assert!(viz.warnings.iter().all(|w| w.line == 4));
}

#[test]
fn block_comment_newlines_are_spaces() {
    let viz = parse(&[(1, "hide a,\n   b")]);
    assert_eq!(viz.hide, ["a", "b"]);
}

// ---- each warning ---------------------------------------------------------------------------

#[test]
fn warns_on_an_empty_comment() {
    expect_warning("", "empty hint", ANY_FORM);
    expect_warning(" ; ; ", "empty hint", ANY_FORM);
}

#[test]
fn warns_on_an_unknown_keyword() {
    expect_warning("hid tmp", "unknown hint `hid`", ANY_FORM);
}

#[test]
fn warns_on_a_name_list_that_is_empty_or_not_names() {
    expect_warning("hide", "`hide` needs at least one name", HIDE_FORM);
    expect_warning("show ,", "`show` needs at least one name", SHOW_FORM);
    expect_warning("graph", "`graph` needs at least one name", GRAPH_FORM);
    expect_warning("hide a.b", "`a.b` is not a name", HIDE_FORM);
    expect_warning("show 3", "`3` is not a name", SHOW_FORM);
    expect_warning("graph g-1", "`g-1` is not a name", GRAPH_FORM);
}

#[test]
fn warns_on_malformed_pointers() {
    expect_warning(
        "pointers",
        "`pointers` needs a container and its pointer names",
        POINTERS_FORM,
    );
    expect_warning(
        "pointers arr lo",
        "missing `:` after the container",
        POINTERS_FORM,
    );
    expect_warning(": lo", "unknown hint `:`", ANY_FORM);
    expect_warning(
        "pointers : lo",
        "missing container before `:`",
        POINTERS_FORM,
    );
    expect_warning(
        "pointers a[0]: lo",
        "`a[0]` is not a container name",
        POINTERS_FORM,
    );
    expect_warning(
        "pointers arr:",
        "`pointers` needs at least one name",
        POINTERS_FORM,
    );
    expect_warning("pointers arr: i+1", "`i+1` is not a name", POINTERS_FORM);
}

#[test]
fn warns_on_malformed_linked() {
    expect_warning(
        "linked",
        "`linked` needs a class and a shape (list or tree)",
        LINKED_FORM,
    );
    expect_warning(
        "linked Node",
        "missing shape after `Node`: list or tree",
        LINKED_FORM,
    );
    expect_warning(
        "linked Node chain next",
        "unknown shape `chain`: list or tree",
        LINKED_FORM,
    );
    expect_warning(
        "linked 9Node list",
        "`9Node` is not a class name",
        LINKED_FORM,
    );
    expect_warning(
        "linked Node list next()",
        "`next()` is not a name",
        LINKED_FORM,
    );
}

#[test]
fn warns_on_a_second_linked_hint_and_keeps_the_first() {
    let viz = parse(&[(1, "linked A list next"), (7, "linked B tree left right")]);
    assert_eq!(viz.linked.map(|l| l.class), Some("A".to_string()));
    assert_eq!(
        viz.warnings,
        [HintWarning {
            line: 7,
            message: "a second `linked` hint: only one linked structure is hinted, `A` is kept"
                .into(),
            expected: LINKED_FORM.into(),
        }]
    );
}

#[test]
fn warns_on_malformed_size() {
    expect_warning("size", "`size` needs a name", SIZE_FORM);
    expect_warning("size [10]", "`size` needs a name", SIZE_FORM);
    expect_warning("size n-1 [10]", "`n-1` is not a name", SIZE_FORM);
    expect_warning(
        "size n 10, 100",
        "sizes go in brackets after the name, not `10, 100`",
        SIZE_FORM,
    );
    expect_warning("size n [10, 100", "missing `]` after the sizes", SIZE_FORM);
    expect_warning(
        "size n [10] more",
        "unexpected text after `]`: `more`",
        SIZE_FORM,
    );
    expect_warning("size n []", "no sizes inside `[ ]`", SIZE_FORM);
    expect_warning(
        "size n [10, -5]",
        "`-5` is not a size: sizes are whole numbers from 1",
        SIZE_FORM,
    );
    expect_warning(
        "size n [0]",
        "`0` is not a size: sizes are whole numbers from 1",
        SIZE_FORM,
    );
    expect_warning(
        "size n [1e3]",
        "`1e3` is not a size: sizes are whole numbers from 1",
        SIZE_FORM,
    );
    expect_warning(
        "size n [+5]",
        "`+5` is not a size: sizes are whole numbers from 1",
        SIZE_FORM,
    );
    expect_warning(
        "size n [99999999999999999999999]",
        "`99999999999999999999999` is not a size: sizes are whole numbers from 1",
        SIZE_FORM,
    );
}

proptest! {
    #[test]
    fn parse_hints_never_panics(texts in proptest::collection::vec(any::<String>(), 0..6),
                                words in proptest::collection::vec(
                                    "(hide|show|pointers|linked|graph|size|list|tree|[a-z]{1,3}|[:;,\\[\\] .]|[0-9_]{1,4}| )*", 0..6)) {
        let hints: Vec<Hint> = texts
            .iter()
            .chain(words.iter())
            .enumerate()
            .map(|(i, text)| Hint { line: i as u32 + 1, text: text.clone() })
            .collect();
        let viz = parse_hints(&hints);
        // Every warning points at a comment that exists.
        prop_assert!(viz.warnings.iter().all(|w| w.line >= 1 && w.line as usize <= hints.len()));
        prop_assert!(viz.warnings.iter().all(|w| !w.message.is_empty() && !w.expected.is_empty()));
    }
}

// ---- apply_hints ----------------------------------------------------------------------------

fn frame(id: &str, locals: &[(&str, &str)]) -> Frame {
    Frame {
        id: id.into(),
        func: "f".into(),
        line: 1,
        state: FrameState::Active,
        locals: locals
            .iter()
            .map(|(n, v)| (n.to_string(), Value::prim("int", *v)))
            .collect(),
    }
}

fn step(frames: Vec<Frame>) -> Step {
    Step {
        event: Event::Line,
        line: 1,
        stack: frames,
        heap: Default::default(),
        heap_ids: None,
        stdout_length: 0,
        output: None,
        loops: vec![],
        return_value: None,
        exception: None,
        skipped: None,
    }
}

fn trace_with(hints: &[(u32, &str)]) -> Trace {
    let mut trace = Trace::new(
        Language::Python,
        "",
        vec![
            step(vec![frame("f1", &[("a", "1"), ("tmp", "2")])]),
            step(vec![
                frame("f1", &[("tmp", "3"), ("a", "1")]),
                frame("f2", &[("tmp", "4"), ("k", "0"), ("swapped", "1")]),
            ]),
        ],
    );
    trace.hints = hints
        .iter()
        .map(|(line, text)| Hint {
            line: *line,
            text: text.to_string(),
        })
        .collect();
    trace
}

fn names(step: &Step) -> Vec<Vec<&str>> {
    step.stack
        .iter()
        .map(|f| f.locals.iter().map(|(n, _)| n.as_str()).collect())
        .collect()
}

#[test]
fn apply_hides_names_in_every_frame_of_every_step() {
    let mut trace = trace_with(&[(1, "hide tmp, swapped")]);
    let viz = apply_hints(&mut trace);
    assert_eq!(viz.hide, ["tmp", "swapped"]);
    assert_eq!(names(&trace.steps[0]), [vec!["a"]]);
    assert_eq!(names(&trace.steps[1]), [vec!["a"], vec!["k"]]);
}

#[test]
fn apply_merges_pointers_after_the_analysed_names() {
    let mut trace = trace_with(&[(1, "pointers arr: k, i; pointers other: p")]);
    trace.index_names.insert("arr".into(), vec!["i".into()]);
    apply_hints(&mut trace);
    assert_eq!(trace.index_names["arr"], ["i", "k"]);
    assert_eq!(trace.index_names["other"], ["p"]);
}

#[test]
fn apply_twice_changes_nothing_more() {
    let mut trace = trace_with(&[(1, "hide tmp; pointers arr: k"), (2, "bogus")]);
    let first = apply_hints(&mut trace);
    let once = trace.clone();
    let second = apply_hints(&mut trace);
    assert_eq!(trace, once);
    assert_eq!(first, second);
    assert_eq!(first.warnings.len(), 1);
}

#[test]
fn apply_without_hints_leaves_the_trace_alone() {
    let mut trace = trace_with(&[]);
    let before = trace.clone();
    assert_eq!(apply_hints(&mut trace), VizHints::default());
    assert_eq!(trace, before);
}

// ---- names no step shows --------------------------------------------------------------------

/// `(line, message)` of each of `hint_warnings`.
fn unseen(hints: &[(u32, &str)]) -> Vec<(u32, String)> {
    hint_warnings(&trace_with(hints))
        .into_iter()
        .map(|w| (w.line, w.message))
        .collect()
}

fn names_no_step(line: u32, name: &str) -> (u32, String) {
    (line, format!("hint names `{name}`, which no step shows"))
}

#[test]
fn names_some_frame_of_some_step_holds_are_not_warned_about() {
    // `k` and `swapped` are only in the second step's inner frame.
    let hints = [
        (1, "hide tmp, swapped; show a"),
        (2, "pointers a: k; graph a; size k"),
    ];
    assert_eq!(unseen(&hints), []);
}

#[test]
fn every_hint_naming_variables_is_checked_with_its_line() {
    let hints = [
        (3, "hide tmpp"),
        (4, "show b"),
        (5, "pointers arr: k, j"),
        (6, "graph g"),
        (7, "size n [10]"),
        (8, "linked Node list next"),
    ];
    assert_eq!(
        unseen(&hints),
        [
            names_no_step(3, "tmpp"),
            names_no_step(4, "b"),
            names_no_step(5, "arr"),
            names_no_step(5, "j"),
            names_no_step(6, "g"),
            names_no_step(7, "n"),
        ],
        "a class and its fields are not variables"
    );
    let all = hint_warnings(&trace_with(&hints));
    assert!(all.iter().all(|w| w.expected == SEEN_FORM));
}

#[test]
fn a_container_path_is_checked_by_its_first_name_and_a_name_once_per_comment() {
    let hints = [
        (2, "pointers a.items: k; pointers b[]: k, k; show zz zz"),
        (3, "show zz"),
    ];
    assert_eq!(
        unseen(&hints),
        [
            names_no_step(2, "zz"),
            names_no_step(2, "b"),
            names_no_step(3, "zz")
        ],
        "within a comment: hide, show, pointers, graph, size names in turn"
    );
}

#[test]
fn parse_warnings_and_unseen_names_come_in_line_order() {
    let hints = [(9, "show nope"), (2, "hid x"), (5, "show a")];
    let warnings = hint_warnings(&trace_with(&hints));
    let lines: Vec<u32> = warnings.iter().map(|w| w.line).collect();
    assert_eq!(lines, [2, 9]);
    assert_eq!(warnings[0].message, "unknown hint `hid`");
}
