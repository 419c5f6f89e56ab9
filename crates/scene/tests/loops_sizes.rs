//! Memory sizes in the loop history (`--sizes`): each row's containers and linked track,
//! under the model the options name, and none without one.

use algoscope_scene::{loop_scene, step_sizes, LoopSceneOptions, SizeModel};
use algoscope_test_support::loops::{golden, main_run};

fn options(model: Option<SizeModel>) -> LoopSceneOptions {
    let mut options = LoopSceneOptions::default();
    options.scene.size_model = model;
    options
}

#[test]
fn a_bubble_sort_row_gives_its_list_with_its_six_ints() {
    let trace = golden("python", "bubble_sort");
    let ([_, last], _) = main_run(&trace, "bubble_sort");
    let scene = loop_scene(&trace, last, &options(Some(SizeModel::Python)))
        .expect("step")
        .expect("a loop runs");
    assert_eq!(scene.size_model, Some(SizeModel::Python));
    let arr = scene
        .containers
        .iter()
        .position(|c| c.name == "arr")
        .expect("arr is shown");
    for row in scene.rows() {
        let sizes = row.sizes.as_ref().expect("sizes in every row");
        // CPython: the list as recorded (104 bytes for six slots) and six 28-byte ints.
        assert_eq!(
            sizes.containers[arr],
            Some(104 + 6 * 28),
            "pass {}",
            row.iteration
        );
        assert_eq!(sizes.linked, None);
    }
    let plain = loop_scene(&trace, last, &options(None))
        .expect("step")
        .expect("a loop runs");
    assert_eq!(plain.size_model, None);
    assert!(plain.rows().all(|r| r.sizes.is_none()));
}

#[test]
fn a_reversal_row_gives_its_nodes_own_sizes_in_each_model() {
    for (language, model) in [("python", SizeModel::Python), ("javascript", SizeModel::V8)] {
        let trace = golden(language, "linked_list");
        let ([_, last], _) = main_run(&trace, "reverse_list");
        let scene = loop_scene(&trace, last, &options(Some(model)))
            .expect("step")
            .expect("a loop runs");
        for row in scene.rows() {
            let linked = row.linked.as_ref().expect("a linked track");
            let sizes = step_sizes(&trace.steps[row.step], model);
            let want: u64 = linked
                .nodes
                .iter()
                .map(|n| sizes.objects[&n.id].own_bytes)
                .sum();
            assert_eq!(linked.nodes.len(), 5, "{language} pass {}", row.iteration);
            assert_eq!(
                row.sizes.as_ref().and_then(|s| s.linked),
                Some(want),
                "{language} pass {}",
                row.iteration
            );
            assert!(
                want > 5 * 8,
                "{language}: five nodes take more than five words"
            );
        }
    }
}
