//! `Render::memory_svg_pinned`: a box a person dragged is drawn where it was dropped, its
//! arrow ends on it, and the run's own layout (what `memory_svg` draws) is untouched.

use std::collections::BTreeMap;

use algoscope::{validate, MemoryOptions, Render, RenderOptions};

const TRACE: &str = r#"{
  "version": 1, "language": "python", "source": "xs = [1, 2]\nys = [3]\n",
  "steps": [{"event": "line", "line": 2, "stdoutLength": 0,
    "stack": [{"id": "f1", "func": "<module>", "line": 2,
               "locals": [["xs", {"kind": "ref", "id": "o1"}], ["ys", {"kind": "ref", "id": "o2"}]]}],
    "heap": {
      "o1": {"kind": "list", "typeName": "list", "length": 2, "items": [
        {"kind": "prim", "type": "int", "repr": "1"}, {"kind": "prim", "type": "int", "repr": "2"}]},
      "o2": {"kind": "list", "typeName": "list", "length": 1, "items": [
        {"kind": "prim", "type": "int", "repr": "3"}]}}}],
  "stdout": ""
}"#;

/// The value of attribute `name` in the first element of `svg` that has `marker` in it.
fn attr<'a>(svg: &'a str, marker: &str, name: &str) -> &'a str {
    let at = svg.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let start = svg[..at].rfind('<').expect("an element before the marker");
    let end = start + svg[start..].find('>').expect("the element's end");
    let tag = &svg[start..end];
    let key = format!(" {name}=\"");
    let from = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    &tag[from..from + tag[from..].find('"').expect("the value's end")]
}

fn number(text: &str) -> f64 {
    text.parse()
        .unwrap_or_else(|_| panic!("not a number: {text}"))
}

#[test]
fn a_pinned_box_is_drawn_where_it_was_dropped_and_its_arrow_ends_on_it() {
    let render = Render::new(validate(TRACE).unwrap(), &RenderOptions::default()).unwrap();
    let options = MemoryOptions::default();
    let plain = render.memory_svg(0, &options).unwrap();
    assert_eq!(
        render
            .memory_svg_pinned(0, &options, BTreeMap::new())
            .unwrap(),
        plain
    );

    let pins = BTreeMap::from([("obj:o1".to_string(), (420.0, 260.0))]);
    let pinned = render.memory_svg_pinned(0, &options, pins).unwrap();
    assert_ne!(pinned, plain);
    let box_marker = r#"data-key="obj:o1""#;
    assert_eq!(attr(&pinned, box_marker, "data-x"), "420");
    assert_eq!(attr(&pinned, box_marker, "data-y"), "260");
    let (w, h) = (
        number(attr(&pinned, box_marker, "data-w")),
        number(attr(&pinned, box_marker, "data-h")),
    );
    // The arrow from xs ends on the box's outline, where it now is.
    let d = attr(&pinned, r#"data-to="obj:o1""#, "d");
    let end: Vec<f64> = d
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(number)
        .collect();
    let (x, y) = (end[end.len() - 2], end[end.len() - 1]);
    assert!(
        (410.0..=420.0 + w + 10.0).contains(&x) && (250.0..=260.0 + h + 10.0).contains(&y),
        "the arrow ends at ({x}, {y}), not on the box at (420, 260) {w}×{h}: {d}"
    );
    // The other box was not moved onto it.
    let (ox, oy) = (
        number(attr(&pinned, r#"data-key="obj:o2""#, "data-x")),
        number(attr(&pinned, r#"data-key="obj:o2""#, "data-y")),
    );
    assert!(ox + 10.0 < 420.0 || oy + 10.0 < 260.0 || ox > 420.0 + w || oy > 260.0 + h);
    // The run's own layout is as it was.
    assert_eq!(render.memory_svg(0, &options).unwrap(), plain);
}
