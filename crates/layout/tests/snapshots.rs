//! One fixture trace → one SVG snapshot of its last step (flat and nested), and the same input
//! always gives the same bytes.

mod common;

use algoscope_layout::{layout_memory, LayoutOptions};
use algoscope_scene::{memory_scene, SceneOptions};

fn last_step_svg(path: &std::path::Path, nested: bool) -> String {
    let trace = common::load(path);
    let scene = memory_scene(&trace, trace.steps.len() - 1, &SceneOptions::default())
        .expect("last step exists");
    let options = LayoutOptions {
        nested,
        ..LayoutOptions::default()
    };
    layout_memory(&scene, &options).to_svg()
}

#[test]
fn last_step_flat() {
    insta::glob!("fixtures/*.json", |path| {
        insta::assert_snapshot!(last_step_svg(path, false));
    });
}

#[test]
fn last_step_nested() {
    insta::glob!("fixtures/*.json", |path| {
        insta::assert_snapshot!(last_step_svg(path, true));
    });
}

#[test]
fn same_input_same_bytes() {
    for path in common::fixture_paths() {
        let trace = common::load(&path);
        let again = common::load(&path);
        for step in (0..trace.steps.len()).step_by(7) {
            for nested in [false, true] {
                let options = LayoutOptions {
                    nested,
                    ..LayoutOptions::default()
                };
                let a = memory_scene(&trace, step, &SceneOptions::default()).expect("step");
                let b = memory_scene(&again, step, &SceneOptions::default()).expect("step");
                assert_eq!(
                    layout_memory(&a, &options).to_svg(),
                    layout_memory(&b, &options).to_svg(),
                    "{} step {step}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn pinned_box_stays_where_it_was_dragged_and_others_flow_around_it() {
    let trace = common::load(&common::fixture_paths()[0]);
    let step = trace.steps.len() - 1;
    let scene = memory_scene(&trace, step, &SceneOptions::default()).expect("step");
    let first = scene.objects[0].key.clone();
    let mut options = LayoutOptions::default();
    options.pinned.insert(first.clone(), (20.0, 60.0));
    let layout = algoscope_layout::layout_memory_full(&scene, &options);
    let placed = layout
        .boxes
        .iter()
        .find(|b| b.key == first)
        .expect("pinned box drawn");
    assert_eq!((placed.x, placed.y), (20.0, 60.0));
    let svg = layout.drawing.to_svg();
    let overlaps: Vec<String> = common::check(&scene, false, &svg)
        .into_iter()
        .filter(|p| p.contains("overlaps"))
        .collect();
    assert!(overlaps.is_empty(), "{overlaps:?}");
}
