//! Insta snapshots of the loop-history SVG of bubble sort, insertion sort, a grid DP, BFS and
//! linked-list reversal in Python, JavaScript and TypeScript (golden traces), each at the last
//! step of the algorithm's main loop, where its history is longest.

use algoscope_layout::{layout_loop, LoopLayoutOptions};
use algoscope_scene::{loop_scene, LoopSceneOptions};
use algoscope_test_support::loops::{golden, main_run, LANGUAGES};

/// Example name and the function whose main loop is shown.
const ALGORITHMS: &[(&str, &str)] = &[
    ("bubble_sort", "bubble_sort"),
    ("insertion_sort", "insertion_sort"),
    ("grid_dp", "unique_paths"),
    ("bfs_dfs", "bfs"),
    ("linked_list", "reverse_list"),
];

#[test]
fn loop_history_at_the_end_of_each_main_loop() {
    for (example, func) in ALGORITHMS {
        for language in LANGUAGES {
            let trace = golden(language, example);
            let ([_, last], _) = main_run(&trace, func);
            let scene = loop_scene(&trace, last, &LoopSceneOptions::default())
                .expect("step in range")
                .unwrap_or_else(|| panic!("{language} {example}: no loop at step {last}"));
            let svg = layout_loop(&scene, &LoopLayoutOptions::default()).to_svg();
            insta::assert_snapshot!(format!("{example}_{language}"), svg);
        }
    }
}
