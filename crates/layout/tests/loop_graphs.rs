//! The graph column of the loop history, on the golden BFS and Dijkstra traces in Python,
//! JavaScript and TypeScript: node labels drawn at 10 px or more, the overlay legend once in
//! the column head, and the graph at the same place in every language (Python indexes
//! `graph[node]`, so its graph is a shown container; JavaScript reads a `Map` with `get`).

use algoscope_layout::{layout_loop, LoopLayoutOptions};
use algoscope_scene::{loop_scene, LoopSceneOptions};
use algoscope_test_support::loops::{golden, main_run, LANGUAGES};
use algoscope_test_support::svg::has_class;

/// Example name and the function whose main loop is shown.
const GRAPH_ALGORITHMS: &[(&str, &str)] = &[("bfs_dfs", "bfs"), ("dijkstra", "dijkstra")];

/// Node labels are 13 px text in the memory view.
const LABEL_PX: f64 = 13.0;

/// The loop history SVG at the last step of `func`'s main loop.
fn loop_svg(language: &str, example: &str, func: &str) -> String {
    let trace = golden(language, example);
    let ([_, last], _) = main_run(&trace, func);
    let scene = loop_scene(&trace, last, &LoopSceneOptions::default())
        .expect("step in range")
        .unwrap_or_else(|| panic!("{language} {example}: no loop at step {last}"));
    layout_loop(&scene, &LoopLayoutOptions::default()).to_svg()
}

/// The `scale(s)` of a transform attribute.
fn scale_of(transform: &str) -> f64 {
    let at = transform.find("scale(").expect("a scale") + "scale(".len();
    let end = transform[at..].find(')').expect("closing parenthesis") + at;
    transform[at..end].parse().expect("a number")
}

/// What the graph column looks like: the x of every row's graph frame, the scale of every
/// copy, and how many legends the column heads hold (with their keys).
struct GraphColumn {
    frame_xs: Vec<f64>,
    scales: Vec<f64>,
    legends: usize,
    keys: Vec<String>,
}

fn graph_column(svg: &str) -> GraphColumn {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let mut column = GraphColumn {
        frame_xs: Vec::new(),
        scales: Vec::new(),
        legends: 0,
        keys: Vec::new(),
    };
    for node in doc.descendants() {
        if has_class(node, "graph-frame") {
            let x = node.attribute("x").expect("frame x");
            column.frame_xs.push(x.parse().expect("a number"));
        }
        if has_class(node, "graph-copy") {
            column
                .scales
                .push(scale_of(node.attribute("transform").expect("transform")));
        }
        if has_class(node, "graph-legend") {
            column.legends += 1;
            assert!(
                node.ancestors().any(|a| has_class(a, "loop-columns")),
                "the legend is in the column heads"
            );
            column.keys.extend(
                node.descendants()
                    .filter(|k| has_class(*k, "gkey"))
                    .filter_map(|k| k.attribute("data-state").map(str::to_string)),
            );
        }
    }
    column
}

#[test]
fn graph_rows_draw_readable_labels_and_one_legend() {
    for (example, func) in GRAPH_ALGORITHMS {
        for language in LANGUAGES {
            let column = graph_column(&loop_svg(language, example, func));
            let what = format!("{language} {example}");
            assert!(!column.scales.is_empty(), "{what}: rows draw the graph");
            for s in &column.scales {
                assert!(
                    s * LABEL_PX >= 10.0,
                    "{what}: labels at {} px",
                    s * LABEL_PX
                );
            }
            assert_eq!(column.legends, 1, "{what}: one legend for all rows");
            assert!(
                column.keys.iter().any(|k| k == "queued"),
                "{what}: the queue's order badges are explained: {:?}",
                column.keys
            );
        }
    }
}

#[test]
fn the_graph_column_is_at_the_same_place_in_every_language() {
    for (example, func) in GRAPH_ALGORITHMS {
        let xs: Vec<(&str, f64)> = LANGUAGES
            .iter()
            .map(|language| {
                let column = graph_column(&loop_svg(language, example, func));
                let first = column.frame_xs[0];
                assert!(
                    column.frame_xs.iter().all(|&x| x == first),
                    "{language} {example}: every row's graph at one x"
                );
                (*language, first)
            })
            .collect();
        assert!(
            xs.iter().all(|&(_, x)| x == xs[0].1),
            "{example}: the graph column moves between languages: {xs:?}"
        );
    }
}
