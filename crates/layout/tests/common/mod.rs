//! Shared test helpers: fixture traces and the SVG-contract invariants, read from the SVG.

#![allow(dead_code)]

use std::collections::BTreeMap;

use algoscope_scene::MemoryScene;
use algoscope_test_support::svg::{has_class, num};
use algoscope_trace_format::Trace;

// Each test file uses some of them.
#[allow(unused_imports)]
pub use algoscope_test_support::build::{linked_list_trace, random_heap_trace};
#[allow(unused_imports)]
pub use algoscope_test_support::goldens::{self, fixture_paths, load};

/// The scene and layout options a renderer uses for a whole run: the run's graphs laid out
/// once (`plan_graphs` of `graph_universe`) and known to every step's scene.
pub fn run_options(
    trace: &Trace,
) -> (
    algoscope_scene::SceneOptions,
    algoscope_layout::LayoutOptions,
) {
    let mut scene = algoscope_scene::SceneOptions::default();
    let graphs = algoscope_layout::plan_graphs(
        &algoscope_scene::graph_universe(trace, &scene),
        &algoscope_layout::Sizes::default(),
    );
    scene.known_graphs = graphs.keys().cloned().collect();
    (
        scene,
        algoscope_layout::LayoutOptions {
            graphs,
            ..algoscope_layout::LayoutOptions::default()
        },
    )
}

/// A box read from the SVG.
#[derive(Debug, Clone)]
pub struct SvgBox {
    pub key: String,
    pub rect: [f64; 4],
    /// Keys of the node groups around this one, innermost first.
    pub ancestors: Vec<String>,
}

/// An arrow read from the SVG.
#[derive(Debug, Clone)]
pub struct SvgArrow {
    pub from: String,
    pub to: String,
    pub points: Vec<(f64, f64)>,
}

/// What the SVG contract exposes.
pub struct Parsed {
    pub view_box: [f64; 4],
    pub boxes: Vec<SvgBox>,
    pub arrows: Vec<SvgArrow>,
}

/// Parses an SVG through its contract: node groups and arrow paths.
pub fn parse(svg: &str) -> Parsed {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    let vb: Vec<f64> = root
        .attribute("viewBox")
        .expect("viewBox")
        .split_whitespace()
        .map(|v| v.parse().expect("number"))
        .collect();
    let mut boxes = Vec::new();
    let mut arrows = Vec::new();
    for node in root.descendants() {
        if node.tag_name().name() == "g" && has_class(node, "node") {
            let ancestors = node
                .ancestors()
                .skip(1)
                .filter(|a| a.is_element() && has_class(*a, "node"))
                .filter_map(|a| a.attribute("data-key").map(str::to_string))
                .collect();
            boxes.push(SvgBox {
                key: node.attribute("data-key").expect("data-key").to_string(),
                rect: [
                    num(node, "data-x"),
                    num(node, "data-y"),
                    num(node, "data-w"),
                    num(node, "data-h"),
                ],
                ancestors,
            });
        }
        if node.tag_name().name() == "path" && has_class(node, "arrow") {
            let points = node
                .attribute("data-points")
                .expect("data-points")
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').expect("x,y");
                    (x.parse().expect("x"), y.parse().expect("y"))
                })
                .collect();
            arrows.push(SvgArrow {
                from: node.attribute("data-from").expect("data-from").to_string(),
                to: node.attribute("data-to").expect("data-to").to_string(),
                points,
            });
        }
    }
    Parsed {
        view_box: [vb[0], vb[1], vb[2], vb[3]],
        boxes,
        arrows,
    }
}

fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    let e = 0.5;
    a[0] + e < b[0] + b[2]
        && b[0] + e < a[0] + a[2]
        && a[1] + e < b[1] + b[3]
        && b[1] + e < a[1] + a[3]
}

/// Whether the axis-parallel segment p–q passes through the inside of `r`.
fn crosses(p: (f64, f64), q: (f64, f64), r: [f64; 4]) -> bool {
    let e = 0.5;
    let (x0, x1) = (p.0.min(q.0), p.0.max(q.0));
    let (y0, y1) = (p.1.min(q.1), p.1.max(q.1));
    x0 < r[0] + r[2] - e && x1 > r[0] + e && y0 < r[1] + r[3] - e && y1 > r[1] + e
}

/// Checks the invariants of one drawn step; returns every problem found.
pub fn check(scene: &MemoryScene, nested: bool, svg: &str) -> Vec<String> {
    let parsed = parse(svg);
    let mut problems = Vec::new();
    let [vx, vy, vw, vh] = parsed.view_box;
    let by_key: BTreeMap<&str, &SvgBox> =
        parsed.boxes.iter().map(|b| (b.key.as_str(), b)).collect();
    for b in &parsed.boxes {
        let [x, y, w, h] = b.rect;
        if x < vx - 0.01 || y < vy - 0.01 || x + w > vx + vw + 0.01 || y + h > vy + vh + 0.01 {
            problems.push(format!(
                "{} {:?} is outside the viewBox {:?}",
                b.key, b.rect, parsed.view_box
            ));
        }
    }
    for (i, a) in parsed.boxes.iter().enumerate() {
        for b in &parsed.boxes[i + 1..] {
            if a.ancestors.contains(&b.key) || b.ancestors.contains(&a.key) {
                continue;
            }
            if overlap(a.rect, b.rect) {
                problems.push(format!(
                    "{} {:?} overlaps {} {:?}",
                    a.key, a.rect, b.key, b.rect
                ));
            }
        }
    }
    for arrow in &parsed.arrows {
        let from_key = arrow.from.split('#').next().unwrap_or("");
        let mut allowed: Vec<&str> = vec![from_key, arrow.to.as_str()];
        for k in [from_key, arrow.to.as_str()] {
            if let Some(b) = by_key.get(k) {
                allowed.extend(b.ancestors.iter().map(String::as_str));
            }
        }
        for p in &arrow.points {
            if p.0 < vx - 0.01 || p.1 < vy - 0.01 || p.0 > vx + vw + 0.01 || p.1 > vy + vh + 0.01 {
                problems.push(format!(
                    "arrow {} → {} leaves the viewBox at {:?}",
                    arrow.from, arrow.to, p
                ));
            }
        }
        for seg in arrow.points.windows(2) {
            if (seg[0].0 - seg[1].0).abs() > 0.01 && (seg[0].1 - seg[1].1).abs() > 0.01 {
                problems.push(format!(
                    "arrow {} → {} has a slanted segment {:?}",
                    arrow.from, arrow.to, seg
                ));
            }
            for b in &parsed.boxes {
                if allowed.contains(&b.key.as_str()) {
                    continue;
                }
                if crosses(seg[0], seg[1], b.rect) {
                    problems.push(format!(
                        "arrow {} → {} segment {:?} passes through {} {:?}",
                        arrow.from, arrow.to, seg, b.key, b.rect
                    ));
                }
            }
        }
    }
    let mut want: Vec<(String, String)> = scene
        .drawn_arrows(nested)
        .map(|a| (a.from.clone(), a.to.clone()))
        .collect();
    let mut got: Vec<(String, String)> = parsed
        .arrows
        .iter()
        .map(|a| (a.from.clone(), a.to.clone()))
        .collect();
    want.sort();
    got.sort();
    if want != got {
        problems.push(format!(
            "arrows drawn {got:?} differ from the scene's {want:?}"
        ));
    }
    problems
}
