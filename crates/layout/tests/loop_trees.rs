//! Tree rows of the loop history: each row is only as tall as its own tree (a BST built pass
//! by pass grows row by row), and every node keeps one x on every row (its place in an order
//! of the whole run that keeps each row's in-order), in Python, JavaScript and TypeScript.

use std::collections::BTreeMap;

use algoscope_layout::{layout_loop, LoopLayoutOptions};
use algoscope_scene::{loop_scene, LoopSceneOptions};
use algoscope_test_support::loops::{golden, main_run, LANGUAGES};
use algoscope_test_support::svg::{has_class, num};

/// The loop SVG of the BST example at the end of its insert loop (the module's loop).
fn bst_svg(language: &str) -> String {
    let trace = golden(language, "bst");
    let top = if language == "python" {
        "<module>"
    } else {
        "<main>"
    };
    let ([_, last], _) = main_run(&trace, top);
    let scene = loop_scene(&trace, last, &LoopSceneOptions::default())
        .expect("in range")
        .expect("a loop runs");
    layout_loop(&scene, &LoopLayoutOptions::default()).to_svg()
}

/// One row's height, its tree's levels, and each node's value text and x.
type TreeRow = (f64, usize, Vec<(String, f64)>);

/// Per row: its height, its tree's levels, and each node's value text and x.
fn rows(svg: &str) -> Vec<TreeRow> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| has_class(*n, "loop-row"))
        .filter_map(|row| {
            let tree = row
                .children()
                .find(|n| has_class(*n, "linked") && has_class(*n, "tree"))?;
            let mut ys: Vec<i64> = Vec::new();
            let mut nodes = Vec::new();
            for node in tree.descendants().filter(|n| has_class(*n, "lnode")) {
                let cell = node.children().find(|c| has_class(*c, "cell"))?;
                let text = node
                    .children()
                    .find(|c| has_class(*c, "value"))
                    .and_then(|t| t.text())
                    .unwrap_or_default()
                    .to_string();
                let y = num(cell, "y").round() as i64;
                if !ys.contains(&y) {
                    ys.push(y);
                }
                nodes.push((text, num(cell, "x")));
            }
            Some((num(row, "data-h"), ys.len(), nodes))
        })
        .collect()
}

#[test]
fn bst_rows_grow_with_their_tree_and_nodes_keep_their_x() {
    let python = rows(&bst_svg("python"));
    assert_eq!(python.len(), 7, "one row per inserted value");
    // Levels 1, 2, 2, 3, 3, 3, 3: rows grow only when the tree gets deeper.
    let levels: Vec<usize> = python.iter().map(|r| r.1).collect();
    assert_eq!(levels, [1, 2, 2, 3, 3, 3, 3]);
    for pair in python.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert_eq!(a.1 == b.1, a.0 == b.0, "height follows depth: {a:?} {b:?}");
        assert!(a.0 <= b.0);
    }
    // Each value is at one x on every row.
    let mut x_of: BTreeMap<String, f64> = BTreeMap::new();
    for (_, _, nodes) in &python {
        for (text, x) in nodes {
            let first = *x_of.entry(text.clone()).or_insert(*x);
            assert_eq!(first, *x, "{text} moved sideways");
        }
    }
    // And in-order across: 20 < 30 < 40 < 50 < 60 < 70 < 80 left to right.
    let mut by_x: Vec<(f64, i64)> = x_of
        .iter()
        .map(|(t, x)| (*x, t.parse().expect("a number")))
        .collect();
    by_x.sort_by(|a, b| a.0.total_cmp(&b.0));
    let values: Vec<i64> = by_x.iter().map(|v| v.1).collect();
    assert_eq!(values, [20, 30, 40, 50, 60, 70, 80]);
    // The same rows in every language: heights, levels, values left to right, and the x
    // of each node from the root's.
    let shape = |rows: &[TreeRow]| -> Vec<TreeRow> {
        rows.iter()
            .map(|(h, levels, nodes)| {
                let root = nodes.iter().find(|(t, _)| t == "50").map_or(0.0, |n| n.1);
                let mut nodes: Vec<(String, f64)> =
                    nodes.iter().map(|(t, x)| (t.clone(), x - root)).collect();
                nodes.sort_by(|a, b| a.1.total_cmp(&b.1));
                (*h, *levels, nodes)
            })
            .collect()
    };
    for language in &LANGUAGES[1..] {
        assert_eq!(
            shape(&rows(&bst_svg(language))),
            shape(&python),
            "{language}"
        );
    }
}

#[test]
fn bst_loop_history_svg() {
    insta::assert_snapshot!(bst_svg("python"));
}
