//! For every step of every fixture trace, in both modes, the SVG contract holds: no two boxes
//! overlap (nested boxes inside their holders excepted), no arrow passes through a box it does
//! not start or end at, every scene arrow is drawn, every box is inside the viewBox. The
//! run's graphs are laid out once, as the html page does.

mod common;

use algoscope_layout::{layout_memory_full, LayoutOptions};
use algoscope_scene::memory_scene;

#[test]
fn every_step_of_every_fixture_keeps_the_invariants() {
    let paths = common::fixture_paths();
    assert!(!paths.is_empty(), "no fixture traces found");
    let mut failures = Vec::new();
    let mut drawn = 0;
    for path in &paths {
        let trace = common::load(path);
        let (scene_options, run_layout) = common::run_options(&trace);
        for nested in [false, true] {
            let mut previous = Default::default();
            for step in 0..trace.steps.len() {
                let scene = memory_scene(&trace, step, &scene_options).expect("step in range");
                let options = LayoutOptions {
                    nested,
                    previous,
                    ..run_layout.clone()
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
