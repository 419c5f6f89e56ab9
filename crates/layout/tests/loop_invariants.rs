//! For every step of every golden trace (every example and case, Python, JavaScript and
//! TypeScript) at which a loop runs, the loop-history SVG keeps its contract, read from the SVG
//! alone: every run header, row, quiet band, sampled gap and dropped-rows note of the scene is
//! drawn exactly once (by its `data-key`); no two items overlap; every cell lies inside its
//! row, and a container's index (key, grid cell) is at the same x in every row; every change arrow joins a cell of a row to a cell of the row drawn directly below it,
//! runs only through the gap between them, and lies inside the viewBox with everything else.

#[path = "../../scene/tests/loops_support/mod.rs"]
mod loops_support;

use std::collections::BTreeMap;

use algoscope_layout::{layout_loop, LoopLayoutOptions};
use algoscope_scene::{loop_scene, LoopItem, LoopScene, LoopSceneOptions};

/// The `data-key` every scene item must be drawn with, in order.
fn expected_keys(scene: &LoopScene) -> Vec<String> {
    let mut gaps: BTreeMap<(String, u64), usize> = BTreeMap::new();
    scene
        .items
        .iter()
        .map(|item| match item {
            LoopItem::RunHeader(h) => format!("run:{}:{}", h.loop_id, h.run),
            LoopItem::Row(r) => format!("row:{}:{}:{}", r.loop_id, r.run, r.iteration),
            LoopItem::Quiet(b) => format!(
                "quiet:{}:{}:{}-{}",
                b.loop_id, b.run, b.iterations[0], b.iterations[1]
            ),
            LoopItem::Gap(g) => {
                let n = gaps.entry((g.loop_id.clone(), g.run)).or_insert(0);
                *n += 1;
                format!("gap:{}:{}:{n}", g.loop_id, g.run)
            }
            LoopItem::Dropped(_) => "dropped".to_string(),
        })
        .collect()
}

fn num(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("missing numeric {name}"))
}

fn has_class(node: roxmltree::Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|x| x == class))
}

fn inside(r: [f64; 4], outer: [f64; 4]) -> bool {
    let e = 0.01;
    r[0] >= outer[0] - e
        && r[1] >= outer[1] - e
        && r[0] + r[2] <= outer[0] + outer[2] + e
        && r[1] + r[3] <= outer[1] + outer[3] + e
}

fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    let e = 0.5;
    a[0] + e < b[0] + b[2]
        && b[0] + e < a[0] + a[2]
        && a[1] + e < b[1] + b[3]
        && b[1] + e < a[1] + a[3]
}

/// Every problem found in one drawn step.
fn check(scene: &LoopScene, svg: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    let vb: Vec<f64> = root
        .attribute("viewBox")
        .expect("viewBox")
        .split_whitespace()
        .map(|v| v.parse().expect("number"))
        .collect();
    let view = [vb[0], vb[1], vb[2], vb[3]];
    if !has_class(root, "algoscope-loops") {
        problems.push("root lacks class algoscope-loops".into());
    }
    let mut items: Vec<(String, [f64; 4])> = Vec::new();
    // (container, slot) → the x of its cell in the first row that has it.
    let mut slot_x: BTreeMap<(String, String), f64> = BTreeMap::new();
    for node in root.descendants().filter(|n| has_class(*n, "node")) {
        let key = node.attribute("data-key").expect("data-key").to_string();
        let rect = [
            num(node, "data-x"),
            num(node, "data-y"),
            num(node, "data-w"),
            num(node, "data-h"),
        ];
        if !inside(rect, view) {
            problems.push(format!("{key} {rect:?} outside the viewBox {view:?}"));
        }
        if has_class(node, "loop-row") {
            for container in node.children().filter(|n| has_class(*n, "container")) {
                let name = container.attribute("data-name").unwrap_or_default();
                for cell in container
                    .children()
                    .filter(|n| n.tag_name().name() == "rect")
                {
                    let Some(slot) = cell.attribute("data-slot") else {
                        continue;
                    };
                    let x = num(cell, "x");
                    let first = *slot_x
                        .entry((name.to_string(), slot.to_string()))
                        .or_insert(x);
                    if (first - x).abs() > 0.01 {
                        problems.push(format!(
                            "{key}: {name}[{slot}] at x {x}, at x {first} in an earlier row"
                        ));
                    }
                }
            }
            for cell in node
                .descendants()
                .filter(|n| n.tag_name().name() == "rect" && has_class(*n, "cell"))
            {
                let c = [
                    num(cell, "x"),
                    num(cell, "y"),
                    num(cell, "width"),
                    num(cell, "height"),
                ];
                if !inside(c, [0.0, 0.0, rect[2], rect[3]]) {
                    problems.push(format!("{key}: cell {c:?} outside its row {rect:?}"));
                }
            }
        }
        items.push((key, rect));
    }
    let keys: Vec<String> = items.iter().map(|(k, _)| k.clone()).collect();
    let want = expected_keys(scene);
    if keys != want {
        problems.push(format!("drawn items {keys:?}, scene items {want:?}"));
    }
    for (i, (ka, a)) in items.iter().enumerate() {
        for (kb, b) in &items[i + 1..] {
            if overlap(*a, *b) {
                problems.push(format!("{ka} {a:?} overlaps {kb} {b:?}"));
            }
        }
    }
    let rect_of: BTreeMap<&str, (usize, [f64; 4])> = items
        .iter()
        .enumerate()
        .map(|(i, (k, r))| (k.as_str(), (i, *r)))
        .collect();
    for arrow in root
        .descendants()
        .filter(|n| n.tag_name().name() == "path" && has_class(*n, "arrow"))
    {
        let from = arrow.attribute("data-from").expect("data-from");
        let to = arrow.attribute("data-to").expect("data-to");
        let points: Vec<(f64, f64)> = arrow
            .attribute("data-points")
            .expect("data-points")
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').expect("x,y");
                (x.parse().expect("x"), y.parse().expect("y"))
            })
            .collect();
        for p in &points {
            if p.0 < 0.0 || p.1 < 0.0 || p.0 > view[2] || p.1 > view[3] {
                problems.push(format!(
                    "arrow {from} → {to}: point {p:?} outside the viewBox"
                ));
            }
        }
        let row_of = |cell: &str| cell.split_once('#').map(|(row, _)| row.to_string());
        let (Some(above), Some(below)) = (row_of(from), row_of(to)) else {
            problems.push(format!("arrow {from} → {to}: not cell keys"));
            continue;
        };
        match (rect_of.get(above.as_str()), rect_of.get(below.as_str())) {
            (Some((i, a)), Some((j, b))) if j == &(i + 1) => {
                let (top, bottom) = (a[1] + a[3], b[1]);
                if points
                    .iter()
                    .any(|p| p.1 < top - 0.01 || p.1 > bottom + 0.01)
                {
                    problems.push(format!("arrow {from} → {to} leaves the gap {top}–{bottom}"));
                }
            }
            _ => problems.push(format!(
                "arrow {from} → {to}: its rows are not drawn one directly above the other"
            )),
        }
    }
    problems
}

#[test]
fn every_step_of_every_golden_trace_keeps_the_loop_contract() {
    let goldens = loops_support::all_goldens();
    assert!(
        goldens.len() >= 48,
        "expected every language's example traces"
    );
    let options = LoopSceneOptions::default();
    let layout = LoopLayoutOptions::default();
    let (mut drawn, mut failures) = (0, Vec::new());
    for (name, trace) in &goldens {
        for step in 0..trace.steps.len() {
            let Some(scene) = loop_scene(trace, step, &options).expect("step in range") else {
                continue;
            };
            let svg = layout_loop(&scene, &layout).to_svg();
            drawn += 1;
            for p in check(&scene, &svg) {
                if failures.len() < 40 {
                    failures.push(format!("{name} step {}: {p}", step + 1));
                }
            }
        }
    }
    assert!(drawn > 1000, "only {drawn} loop steps drawn");
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_same_trace_gives_the_same_bytes() {
    let (a, b) = (
        loops_support::golden("python", "bubble_sort"),
        loops_support::golden("python", "bubble_sort"),
    );
    let (options, layout) = (LoopSceneOptions::default(), LoopLayoutOptions::default());
    for step in 0..a.steps.len() {
        let first = loop_scene(&a, step, &options).expect("step");
        let second = loop_scene(&b, step, &options).expect("step");
        assert_eq!(
            first.map(|s| layout_loop(&s, &layout).to_svg()),
            second.map(|s| layout_loop(&s, &layout).to_svg()),
            "step {step}"
        );
    }
}

#[test]
fn the_check_notices_a_missing_row_and_an_arrow_out_of_its_gap() {
    let trace = loops_support::golden("python", "bubble_sort");
    let ([_, last], _) = loops_support::main_run(&trace, "bubble_sort");
    let scene = loop_scene(&trace, last, &LoopSceneOptions::default())
        .expect("step")
        .expect("a loop runs");
    let svg = layout_loop(&scene, &LoopLayoutOptions::default()).to_svg();
    assert_eq!(check(&scene, &svg), Vec::<String>::new());
    let row = svg.find("data-key=\"row:").expect("a row");
    let renamed = format!("{}data-key=\"row:X{}", &svg[..row], &svg[row + 14..]);
    assert!(!check(&scene, &renamed).is_empty());
    let points = svg.find("data-points=\"").expect("an arrow") + 13;
    let moved = format!("{}0,0 {}", &svg[..points], &svg[points..]);
    assert!(check(&scene, &moved)
        .iter()
        .any(|p| p.contains("leaves the gap")));
}
