//! For every step of every golden trace (every example and case, Python, JavaScript and
//! TypeScript) at which a loop runs, the loop-history SVG keeps its contract, read from the SVG
//! alone: every run header, row, quiet band, sampled gap and dropped-rows note of the scene is
//! drawn exactly once (by its `data-key`); no two items overlap; every cell lies inside its
//! row, and a container's index (key, grid cell) is at the same x in every row; every change arrow joins a cell of a row to a cell of the row drawn directly below it,
//! runs only through the gap between them, and lies inside the viewBox with everything else.

use std::collections::BTreeMap;

use algoscope_layout::{layout_loop, LoopLayoutOptions};
use algoscope_scene::{loop_scene, LoopItem, LoopScene, LoopSceneOptions, SizeModel};
use algoscope_test_support::svg::{has_class, num};
use algoscope_trace_format::Trace;

/// The `data-key` every scene item must be drawn with, in order.
fn expected_keys(scene: &LoopScene) -> Vec<String> {
    let mut gaps: BTreeMap<(String, u64), usize> = BTreeMap::new();
    scene
        .items
        .iter()
        .flat_map(|item| match item {
            // A header with the state its run started from draws that as a row under it.
            LoopItem::RunHeader(h) => {
                let mut keys = vec![format!("run:{}:{}", h.loop_id, h.run)];
                if h.start.is_some() {
                    keys.push(format!("start:{}:{}", h.loop_id, h.run));
                }
                keys
            }
            LoopItem::Row(r) => vec![format!("row:{}:{}:{}", r.loop_id, r.run, r.iteration)],
            LoopItem::Quiet(b) => vec![format!(
                "quiet:{}:{}:{}-{}",
                b.loop_id, b.run, b.iterations[0], b.iterations[1]
            )],
            LoopItem::Gap(g) => {
                let n = gaps.entry((g.loop_id.clone(), g.run)).or_insert(0);
                *n += 1;
                vec![format!("gap:{}:{}:{n}", g.loop_id, g.run)]
            }
            LoopItem::Dropped(_) => vec!["dropped".to_string()],
        })
        .collect()
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

/// The numbers of a path's `d` as points.
fn path_points(d: &str) -> Vec<(f64, f64)> {
    d.split(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
        .filter_map(|p| {
            let (x, y) = p.split_once(',')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}

/// Problems of the linked track and graph copies of one row (`rect` in the SVG's units; the
/// row's marks are relative to its corner): linked nodes do not overlap, links keep inside
/// the row and a straight link touches no node it does not join, a graph copy's frame is
/// inside the row.
fn structure_problems(key: &str, row: roxmltree::Node, rect: [f64; 4]) -> Vec<String> {
    let mut problems = Vec::new();
    let local = [0.0, 0.0, rect[2], rect[3]];
    for linked in row.children().filter(|n| has_class(*n, "linked")) {
        let nodes: Vec<(String, [f64; 4])> = linked
            .descendants()
            .filter(|n| has_class(*n, "lnode"))
            .filter_map(|n| {
                let cell = n.children().find(|c| has_class(*c, "cell"))?;
                let slot = n.children().find(|c| has_class(*c, "lslot"));
                let extra = slot.map_or(0.0, |s| {
                    s.children()
                        .find(|c| has_class(*c, "lslot-box"))
                        .map_or(0.0, |b| num(b, "width"))
                });
                let r = [
                    num(cell, "x"),
                    num(cell, "y"),
                    num(cell, "width") + extra,
                    num(cell, "height"),
                ];
                Some((n.attribute("data-node")?.to_string(), r))
            })
            .collect();
        for (i, (a, ra)) in nodes.iter().enumerate() {
            for (b, rb) in &nodes[i + 1..] {
                if overlap(*ra, *rb) {
                    problems.push(format!("{key}: linked nodes {a} and {b} overlap"));
                }
            }
        }
        for link in linked.descendants().filter(|n| has_class(*n, "link")) {
            let d = link.attribute("d").unwrap_or_default();
            let points = path_points(d);
            let (from, to) = (
                link.attribute("data-from").unwrap_or_default(),
                link.attribute("data-to").unwrap_or_default(),
            );
            for p in &points {
                if !inside([p.0, p.1, 0.0, 0.0], local) {
                    problems.push(format!("{key}: link {from} → {to} leaves the row at {p:?}"));
                }
            }
            if d.contains('C') || points.len() != 2 {
                continue;
            }
            // A straight link: sampled along its length, it touches only its own two nodes.
            for k in 1..20 {
                let t = k as f64 / 20.0;
                let (x, y) = (
                    points[0].0 + (points[1].0 - points[0].0) * t,
                    points[0].1 + (points[1].1 - points[0].1) * t,
                );
                for (id, r) in &nodes {
                    if id != from && id != to && inside([x, y, 0.0, 0.0], *r) {
                        problems.push(format!("{key}: link {from} → {to} runs through {id}"));
                    }
                }
            }
        }
    }
    for frame in row
        .descendants()
        .filter(|n| n.tag_name().name() == "rect" && has_class(*n, "graph-frame"))
    {
        let r = [
            num(frame, "x"),
            num(frame, "y"),
            num(frame, "width"),
            num(frame, "height"),
        ];
        if !inside(r, local) {
            problems.push(format!("{key}: graph copy {r:?} outside its row"));
        }
    }
    problems
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
        if has_class(node, "loop-row") || has_class(node, "loop-start") {
            for container in node.children().filter(|n| has_class(*n, "container")) {
                let name = container.attribute("data-name").unwrap_or_default();
                for cell in container
                    .descendants()
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
            problems.extend(structure_problems(&key, node, rect));
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
    let goldens = algoscope_test_support::loops::all_goldens();
    assert!(
        goldens.len() >= 48,
        "expected every language's example traces"
    );
    let (drawn, failures) = check_every_step(&goldens, &LoopSceneOptions::default());
    assert!(drawn > 1000, "only {drawn} loop steps drawn");
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Draws every step of `traces` at which a loop runs and checks it: how many steps were
/// drawn, and the first 40 problems found.
fn check_every_step(
    traces: &[(String, Trace)],
    options: &LoopSceneOptions,
) -> (usize, Vec<String>) {
    let layout = LoopLayoutOptions::default();
    let (mut drawn, mut failures) = (0, Vec::new());
    for (name, trace) in traces {
        for step in 0..trace.steps.len() {
            let Some(scene) = loop_scene(trace, step, options).expect("step in range") else {
                continue;
            };
            if options.scene.size_model.is_some() && scene.rows().any(|r| r.sizes.is_none()) {
                failures.push(format!("{name} step {}: a row without sizes", step + 1));
            }
            let svg = layout_loop(&scene, &layout).to_svg();
            drawn += 1;
            for p in check(&scene, &svg) {
                if failures.len() < 40 {
                    failures.push(format!("{name} step {}: {p}", step + 1));
                }
            }
        }
    }
    (drawn, failures)
}

#[test]
fn linked_lists_trees_and_graphs_with_sizes_keep_the_loop_contract() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for language in algoscope_test_support::loops::LANGUAGES {
        let model = if *language == "python" {
            SizeModel::Python
        } else {
            SizeModel::V8
        };
        let traces: Vec<(String, Trace)> = ["linked_list", "bst", "bfs_dfs"]
            .iter()
            .map(|e| {
                (
                    format!("{language} {e}"),
                    algoscope_test_support::loops::golden(language, e),
                )
            })
            .collect();
        let mut options = LoopSceneOptions::default();
        options.scene.size_model = Some(model);
        let (drawn, problems) = check_every_step(&traces, &options);
        checked += drawn;
        failures.extend(problems);
    }
    assert!(checked > 100, "only {checked} steps drawn");
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_check_notices_overlapping_linked_nodes_and_a_link_through_a_node() {
    let trace = algoscope_test_support::loops::golden("python", "linked_list");
    let ([_, last], _) = algoscope_test_support::loops::main_run(&trace, "reverse_list");
    let scene = loop_scene(&trace, last, &LoopSceneOptions::default())
        .expect("step")
        .expect("a loop runs");
    assert!(scene.linked.is_some(), "the reversal has a linked track");
    let svg = layout_loop(&scene, &LoopLayoutOptions::default()).to_svg();
    assert_eq!(check(&scene, &svg), Vec::<String>::new());
    assert!(svg.contains("class=\"link"), "links are drawn");
    // Every node cell moved onto the first one's x: nodes overlap.
    let doc = roxmltree::Document::parse(&svg).expect("svg");
    let first_x = doc
        .descendants()
        .find(|n| has_class(*n, "lnode"))
        .and_then(|n| n.children().find(|c| has_class(*c, "cell")))
        .and_then(|c| c.attribute("x"))
        .expect("a node cell")
        .to_string();
    let mut piled = String::new();
    let mut rest = svg.as_str();
    while let Some(at) = rest.find("<rect class=\"cell") {
        let (head, tail) = rest.split_at(at);
        piled.push_str(head);
        let end = tail.find("/>").expect("rect end");
        let rect = &tail[..end];
        let moved = match (rect.contains("data-slot=\"o"), rect.find(" x=\"")) {
            (true, Some(x)) => {
                let close = rect[x + 4..].find('"').expect("quote") + x + 4;
                format!("{} x=\"{first_x}{}", &rect[..x], &rect[close..])
            }
            _ => rect.to_string(),
        };
        piled.push_str(&moved);
        rest = &tail[end..];
    }
    piled.push_str(rest);
    assert!(check(&scene, &piled)
        .iter()
        .any(|p| p.contains("linked nodes") && p.contains("overlap")));
}

#[test]
fn the_same_trace_gives_the_same_bytes() {
    let (a, b) = (
        algoscope_test_support::loops::golden("python", "bubble_sort"),
        algoscope_test_support::loops::golden("python", "bubble_sort"),
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
    let trace = algoscope_test_support::loops::golden("python", "bubble_sort");
    let ([_, last], _) = algoscope_test_support::loops::main_run(&trace, "bubble_sort");
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
