//! Insta snapshots of the loop history at a step in the middle of each algorithm's main loop
//! (bubble sort, insertion sort, grid DP, BFS, linked-list reversal), in Python, JavaScript
//! and TypeScript, from the golden traces. Each snapshot is the compact one-line-per-item
//! summary of `algoscope_test_support::loops::summary` (moved cells `v<from`, other changed cells `v*`, grid
//! focus in parentheses, pointers `name→container[index]`); one full JSON snapshot shows the
//! scene's serde shape.

use algoscope_scene::{loop_scene, LoopSceneOptions};
use algoscope_test_support::loops::{golden, main_run, summary, ALGORITHMS, LANGUAGES};

#[test]
fn loop_history_mid_loop_in_every_language() {
    for (example, func) in ALGORITHMS {
        for language in LANGUAGES {
            let trace = golden(language, example);
            let (_, step) = main_run(&trace, func);
            let scene = loop_scene(&trace, step, &LoopSceneOptions::default())
                .expect("step in range")
                .unwrap_or_else(|| panic!("{language} {example}: no loop at step {step}"));
            insta::assert_json_snapshot!(format!("{example}_{language}"), summary(&scene));
        }
    }
}

#[test]
fn loop_scene_json_shape() {
    let trace = golden("python", "insertion_sort");
    let (_, step) = main_run(&trace, "insertion_sort");
    // Three passes into the outer loop, with rows capped to the last four to keep it short.
    let options = LoopSceneOptions {
        max_rows: 4,
        ..LoopSceneOptions::default()
    };
    let scene = loop_scene(&trace, step, &options).unwrap().unwrap();
    insta::assert_json_snapshot!("insertion_sort_python_full", scene);
}
