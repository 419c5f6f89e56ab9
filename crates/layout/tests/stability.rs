//! Laying a step out again with its own positions as `previous` must give the same positions:
//! a box that persists stays where it was (no drift, e.g. tree blocks keyed by their root).

mod common;

use algoscope_layout::{layout_memory_full, LayoutOptions};
use algoscope_scene::{memory_scene, SceneOptions};

#[test]
fn relayout_with_own_positions_is_a_fixed_point() {
    let mut failures = Vec::new();
    for path in common::fixture_paths() {
        let trace = common::load(&path);
        for step in 0..trace.steps.len() {
            let scene = memory_scene(&trace, step, &SceneOptions::default()).expect("in range");
            let first = layout_memory_full(&scene, &LayoutOptions::default()).positions();
            let options = LayoutOptions {
                previous: first.clone(),
                ..LayoutOptions::default()
            };
            let second = layout_memory_full(&scene, &options).positions();
            for (key, pos) in &first {
                if second.get(key) != Some(pos) && failures.len() < 20 {
                    failures.push(format!(
                        "{} step {}: {key} moved from {pos:?} to {:?}",
                        path.display(),
                        step + 1,
                        second.get(key)
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
