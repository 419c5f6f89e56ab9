//! Values that left a list are drawn in the loop history: those that left the front
//! (`popleft()`, `shift()`) as faded cells left of index 0 with an arrow out, those that left
//! the end (`pop()`) as faded cells in their old slots; and a run's first pass has the run's
//! start row above it with its change arrows. Checked on the BFS, bubble sort and insertion
//! sort examples in Python, JavaScript and TypeScript, read from the SVG.

use algoscope_layout::{layout_loop, LoopLayoutOptions};
use algoscope_test_support::loops::{whole_main_run, LANGUAGES};
use algoscope_test_support::svg::{has_class, num};

/// The loop SVG of `example` at the last step of `func`'s main loop, every pass shown.
fn svg_at_end(language: &str, example: &str, func: &str) -> String {
    let scene = whole_main_run(language, example, func);
    layout_loop(&scene, &LoopLayoutOptions::default()).to_svg()
}

/// Per row with values that left the queue's front: the row key, the popped texts, and
/// whether every popped cell lies left of the row's index-0 cell with the arrow further left.
fn popped_front(svg: &str) -> Vec<(String, Vec<String>, bool)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let mut out = Vec::new();
    for row in doc.descendants().filter(|n| has_class(*n, "loop-row")) {
        let key = row.attribute("data-key").unwrap_or_default().to_string();
        let Some(queue) = row
            .children()
            .find(|n| has_class(*n, "container") && n.attribute("data-name") == Some("queue"))
        else {
            continue;
        };
        let Some(popped) = queue
            .children()
            .find(|n| has_class(*n, "popped") && has_class(*n, "front"))
        else {
            continue;
        };
        let texts: Vec<String> = popped
            .children()
            .filter(|n| has_class(*n, "value"))
            .filter_map(|n| n.text())
            .map(|t| t.replace(['\'', '"'], ""))
            .collect();
        let index0 = queue
            .children()
            .find(|n| n.attribute("data-slot") == Some("0"))
            .map(|n| num(n, "x"));
        let cells: Vec<f64> = popped
            .children()
            .filter(|n| has_class(*n, "cell"))
            .map(|n| num(n, "x") + num(n, "width"))
            .collect();
        let arrow_left = popped
            .children()
            .find(|n| has_class(*n, "pop-out"))
            .and_then(|n| n.attribute("d"))
            .is_some();
        let left = index0.is_none_or(|x0| cells.iter().all(|right| *right <= x0 + 0.01));
        out.push((key, texts, left && arrow_left));
    }
    out
}

#[test]
fn the_bfs_queue_shows_each_value_leaving_its_front_in_every_language() {
    let python = popped_front(&svg_at_end("python", "bfs_dfs", "bfs"));
    let texts: Vec<String> = python.iter().flat_map(|(_, t, _)| t.clone()).collect();
    // F leaves a queue of one: the queue ends empty, F left "the end" as much as the front.
    assert_eq!(texts, ["A", "B", "C", "D", "E"]);
    assert!(python.iter().all(|(_, _, left)| *left), "{python:?}");
    for language in &LANGUAGES[1..] {
        let other = popped_front(&svg_at_end(language, "bfs_dfs", "bfs"));
        let strip = |v: &[(String, Vec<String>, bool)]| -> Vec<(Vec<String>, bool)> {
            v.iter().map(|(_, t, l)| (t.clone(), *l)).collect()
        };
        assert_eq!(strip(&other), strip(&python), "{language}");
    }
}

#[test]
fn a_popped_end_is_a_faded_cell_in_its_old_slot() {
    let svg = svg_at_end("python", "bfs_dfs", "bfs");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let back: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| has_class(*n, "popped") && has_class(*n, "back"))
        .collect();
    assert_eq!(back.len(), 1, "the last pop empties the queue");
    let cell = back[0]
        .children()
        .find(|n| has_class(*n, "cell") && has_class(*n, "popped"))
        .expect("a popped cell");
    // In the slot of index 0 (the queue's head, as every row draws it).
    let head = doc
        .descendants()
        .filter(|n| n.attribute("data-name") == Some("queue"))
        .flat_map(|c| c.children())
        .find(|n| n.attribute("data-slot") == Some("0"))
        .expect("a queue cell at index 0");
    assert_eq!(num(cell, "x"), num(head, "x"));
    // No "empty" placeholder on top of it.
    let container = back[0].parent().expect("its container");
    assert!(!container.children().any(|n| has_class(n, "empty")));
}

#[test]
fn the_first_swap_and_shift_have_arrows_from_the_start_row_in_every_language() {
    for language in LANGUAGES {
        for (example, func, want) in [
            (
                "bubble_sort",
                "bubble_sort",
                ["start:L6:1#arr[1]", "start:L6:1#arr[0]"].as_slice(),
            ),
            (
                "insertion_sort",
                "insertion_sort",
                ["start:L6:1#arr[0]"].as_slice(),
            ),
        ] {
            let svg = svg_at_end(language, example, func);
            let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
            let start = doc
                .descendants()
                .find(|n| has_class(*n, "loop-start"))
                .unwrap_or_else(|| panic!("{language} {example}: no start row"));
            let key = start.attribute("data-key").expect("a key");
            let from: Vec<String> = doc
                .descendants()
                .filter(|n| has_class(*n, "arrow"))
                .filter_map(|n| n.attribute("data-from"))
                .filter(|f| f.starts_with(&format!("{key}#")))
                .map(|f| f.replacen(key, "start:L6:1", 1))
                .collect();
            // Loop ids differ by language (the header's line): compare without them.
            assert_eq!(from, want, "{language} {example}");
        }
    }
}
