//! One SVG snapshot with memory sizes: step 60 of the Python linked-list example (frames with
//! totals, a class, functions, linked nodes, a list with its cell-size row), in the Python model.

use algoscope_layout::{layout_memory, LayoutOptions};
use algoscope_scene::{memory_scene, SceneOptions, SizeModel};

#[test]
fn linked_list_step_60_with_python_sizes() {
    let trace = algoscope_test_support::goldens::golden("python", "linked_list");
    let options = SceneOptions {
        size_model: Some(SizeModel::Python),
        ..SceneOptions::default()
    };
    let scene = memory_scene(&trace, 59, &options).expect("step 60 exists");
    let svg = layout_memory(&scene, &LayoutOptions::default()).to_svg();
    assert!(svg.contains("Σ 3804 B"), "the module frame's total");
    insta::assert_snapshot!(svg);
}
