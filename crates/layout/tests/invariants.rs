//! For every step of every fixture trace, in both modes, the SVG contract holds: no two boxes
//! overlap (nested boxes inside their holders excepted), no arrow passes through a box it does
//! not start or end at, every scene arrow is drawn, every box is inside the viewBox.

mod common;

use algoscope_layout::{layout_memory_full, LayoutOptions};
use algoscope_scene::{memory_scene, SceneOptions, SizeModel};

#[test]
fn every_step_of_every_fixture_keeps_the_invariants() {
    let paths = common::fixture_paths();
    assert!(!paths.is_empty(), "no fixture traces found");
    let mut failures = Vec::new();
    let mut drawn = 0;
    for path in &paths {
        let trace = common::load(path);
        for nested in [false, true] {
            let mut previous = Default::default();
            for step in 0..trace.steps.len() {
                let scene =
                    memory_scene(&trace, step, &SceneOptions::default()).expect("step in range");
                let options = LayoutOptions {
                    nested,
                    previous,
                    ..LayoutOptions::default()
                };
                let layout = layout_memory_full(&scene, &options);
                previous = layout.positions();
                let svg = layout.drawing.to_svg();
                drawn += 1;
                for p in common::check(&scene, nested, &svg) {
                    if failures.len() < 40 {
                        failures.push(format!(
                            "{} step {} {}: {p}",
                            path.file_name()
                                .map(|n| n.to_string_lossy().into_owned())
                                .unwrap_or_default(),
                            step + 1,
                            if nested { "nested" } else { "flat" }
                        ));
                    }
                }
            }
        }
    }
    assert!(drawn > 0);
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every step of every example in all three languages, in both modes, with sizes in `model`:
/// the invariants above hold, and every size text lies inside its box.
fn every_example_with_sizes_keeps_the_invariants(model: SizeModel) {
    let traces = common::goldens::all_languages();
    assert!(traces.len() >= 48, "16 examples in each of 3 languages");
    let scene_options = SceneOptions {
        size_model: Some(model),
        ..SceneOptions::default()
    };
    let mut failures = Vec::new();
    let mut sized = 0;
    for (name, trace) in &traces {
        for nested in [false, true] {
            let mut previous = Default::default();
            for step in 0..trace.steps.len() {
                let scene = memory_scene(trace, step, &scene_options).expect("step in range");
                let options = LayoutOptions {
                    nested,
                    previous,
                    ..LayoutOptions::default()
                };
                let layout = layout_memory_full(&scene, &options);
                previous = layout.positions();
                let svg = layout.drawing.to_svg();
                sized += svg.matches("class=\"mem-size\"").count();
                let problems = common::check(&scene, nested, &svg)
                    .into_iter()
                    .chain(size_texts_outside_their_box(&svg));
                for p in problems {
                    if failures.len() < 40 {
                        let mode = if nested { "nested" } else { "flat" };
                        failures.push(format!("{name} step {} {mode}: {p}", step + 1));
                    }
                }
            }
        }
    }
    assert!(sized > 0, "sizes were drawn");
    assert!(
        failures.is_empty(),
        "{model}: {} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_example_with_python_sizes_keeps_the_invariants() {
    every_example_with_sizes_keeps_the_invariants(SizeModel::Python);
}

#[test]
fn every_example_with_textbook_sizes_keeps_the_invariants() {
    every_example_with_sizes_keeps_the_invariants(SizeModel::Textbook);
}

#[test]
fn every_example_with_v8_sizes_keeps_the_invariants() {
    every_example_with_sizes_keeps_the_invariants(SizeModel::V8);
}

/// Each `mem-size` text, measured at 9 px monospace (5.4 px a character), must lie inside
/// the node box (`data-w` × `data-h`) whose coordinates it is drawn in.
fn size_texts_outside_their_box(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let mut problems = Vec::new();
    for text in doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some("mem-size"))
    {
        let Some(node) = text.ancestors().find(|a| a.attribute("data-key").is_some()) else {
            problems.push("a size text outside every box".to_string());
            continue;
        };
        let num = |n: roxmltree::Node, a: &str| -> f64 {
            n.attribute(a)
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN)
        };
        let (w, h) = (num(node, "data-w"), num(node, "data-h"));
        let (x, y) = (num(text, "x"), num(text, "y"));
        let width = text.text().unwrap_or("").chars().count() as f64 * 5.4;
        let style = text.attribute("style").unwrap_or("");
        let left = if style.contains("text-anchor:end") {
            x - width
        } else if style.contains("text-anchor:middle") {
            x - width / 2.0
        } else {
            x
        };
        if left < -0.01 || left + width > w + 0.01 || y - 4.5 < -0.01 || y + 4.5 > h + 0.01 {
            problems.push(format!(
                "size text {:?} at ({x}, {y}) leaves {} ({w} × {h})",
                text.text().unwrap_or(""),
                node.attribute("data-key").unwrap_or("")
            ));
        }
    }
    problems
}
