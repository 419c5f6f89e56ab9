//! `loop_scene` never panics and keeps its own invariants on every step of every golden trace
//! (examples and cases, all three languages) and of the sampled fixture, with rows up to the
//! step and for the whole run.

use std::path::Path;

use algoscope_scene::{loop_scene, LoopItem, LoopSceneOptions, RowContent};
use algoscope_test_support::loops::{all_goldens, load};

#[test]
fn every_step_of_every_golden_trace() {
    let mut traces = all_goldens();
    let sampled =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/loops_fixtures/sampled_range.json");
    traces.push(("sampled_range.json".to_string(), load(&sampled)));
    assert!(
        traces.len() >= 48,
        "goldens of 16 examples in 3 languages, and more"
    );
    let mut with_loops = 0;
    for (name, trace) in &traces {
        for whole_run in [false, true] {
            let options = LoopSceneOptions {
                whole_run,
                ..Default::default()
            };
            for step in 0..trace.steps.len() {
                let scene = loop_scene(trace, step, &options)
                    .unwrap_or_else(|e| panic!("{name} @{step}: {e}"));
                let active = !trace.steps[step].loops.is_empty();
                assert_eq!(
                    scene.is_some(),
                    active,
                    "{name} @{step}: a scene exactly when a loop runs"
                );
                let Some(scene) = scene else { continue };
                with_loops += 1;
                let at = format!("{name} @{step} (whole run {whole_run})");
                assert!(scene.rows().count() <= options.max_rows, "{at}: row cap");
                assert!(
                    matches!(
                        scene.items.first(),
                        Some(LoopItem::RunHeader(_) | LoopItem::Dropped(_))
                    ),
                    "{at}: starts with a header"
                );
                let mut last_step = 0;
                for row in scene.rows() {
                    assert!(row.step >= last_step, "{at}: rows sorted by step");
                    last_step = row.step;
                    assert!(whole_run || row.step <= step, "{at}: no row after the step");
                    assert!(
                        row.compare_step < row.step || row.current,
                        "{at}: compared with an earlier step"
                    );
                    assert_eq!(
                        row.containers.len(),
                        scene.containers.len(),
                        "{at}: one entry per container"
                    );
                    assert_eq!(
                        row.scalars.len(),
                        scene.scalars.len(),
                        "{at}: one entry per scalar"
                    );
                    for (c, shown) in row.containers.iter().zip(&scene.containers) {
                        assert_eq!(c.name, shown.name);
                        if let RowContent::Sequence(s) = &c.content {
                            assert!(
                                s.offset + s.cells.len() as u64 <= shown.max_index_end,
                                "{at}: index extent"
                            );
                            assert!(s.cells.len() as u64 <= shown.max_items, "{at}: item extent");
                            for cell in &s.cells {
                                assert!(
                                    cell.changed || cell.from.is_none(),
                                    "{at}: a move only on a changed cell"
                                );
                            }
                        }
                    }
                }
                let current = scene.rows().filter(|r| r.current).count();
                assert!(current <= 1, "{at}: at most one current row");
            }
        }
    }
    assert!(
        with_loops > 1000,
        "the goldens have loops ({with_loops} scenes)"
    );
}
