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

/// Stepping through the linked-list example (build, then reverse) with previous positions fed
/// in, the final list is a straight chain: boxes reached through a link follow their source
/// instead of keeping a stale place (which turned the reversed list into a staircase).
#[test]
fn a_relinked_chain_ends_straight_while_positions_are_kept() {
    let path = common::fixture_paths()
        .into_iter()
        .find(|p| p.ends_with("linked_list.json"))
        .expect("linked_list fixture");
    let trace = common::load(&path);
    let mut previous = Default::default();
    let mut svg = String::new();
    for step in 0..trace.steps.len() {
        let scene = memory_scene(&trace, step, &SceneOptions::default()).expect("in range");
        let options = LayoutOptions {
            previous,
            ..LayoutOptions::default()
        };
        let layout = layout_memory_full(&scene, &options);
        previous = layout.positions();
        svg = layout.drawing.to_svg();
    }
    let parsed = common::parse(&svg);
    let links: Vec<_> = parsed
        .arrows
        .iter()
        .filter(|a| a.from.ends_with("#next"))
        .collect();
    assert!(
        links.len() >= 4,
        "expected the list's links, got {}",
        links.len()
    );
    for arrow in links {
        let ys: Vec<f64> = arrow.points.iter().map(|p| p.1).collect();
        assert!(
            ys.windows(2).all(|w| (w[0] - w[1]).abs() < 0.5),
            "{} -> {} is bent: {:?}",
            arrow.from,
            arrow.to,
            arrow.points
        );
    }
}
