//! Properties of `layout_graph`: any input (self-loops, duplicates, missing nodes, 0/1 nodes,
//! disconnected) lays out without panics or NaN; layered layouts point every edge downwards
//! with continuous dummy chains and keep nodes apart; force layouts keep nodes 0.9 apart; the
//! same input always gives the same bits.

use algoscope_layout::graph::{
    layout_graph, GraphInput, GraphLayout, GraphLayoutOptions, LayoutMethod,
};
use proptest::prelude::*;

fn any_graph() -> impl Strategy<Value = GraphInput> {
    (0usize..24).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n + 2, 0..n + 2), 0..3 * n + 2),
            any::<bool>(),
            proptest::collection::vec(0.0f64..3.0, 0..n + 1),
        )
            .prop_map(move |(edges, directed, widths)| GraphInput {
                nodes: n,
                edges,
                directed,
                widths,
            })
    })
}

/// A DAG: edges between distinct nodes, from the earlier to the later in a shuffled order,
/// duplicates and reversed duplicates kept out of it (self-loops allowed).
fn dag() -> impl Strategy<Value = GraphInput> {
    (1usize..30).prop_flat_map(|n| {
        (
            Just(n).prop_shuffle_order(),
            proptest::collection::vec((0..n, 0..n), 0..3 * n),
        )
            .prop_map(move |(order, pairs)| {
                let rank: Vec<usize> = {
                    let mut r = vec![0; n];
                    for (i, &v) in order.iter().enumerate() {
                        r[v] = i;
                    }
                    r
                };
                let edges = pairs
                    .into_iter()
                    .map(|(a, b)| if rank[a] <= rank[b] { (a, b) } else { (b, a) })
                    .collect();
                GraphInput {
                    nodes: n,
                    edges,
                    directed: true,
                    ..GraphInput::default()
                }
            })
    })
}

trait ShuffleOrder {
    fn prop_shuffle_order(self) -> BoxedStrategy<Vec<usize>>;
}

impl ShuffleOrder for Just<usize> {
    fn prop_shuffle_order(self) -> BoxedStrategy<Vec<usize>> {
        let n = self.0;
        Just((0..n).collect::<Vec<usize>>()).prop_shuffle().boxed()
    }
}

/// An undirected forest: node i > 0 hangs under a smaller node or starts a new tree.
fn forest() -> impl Strategy<Value = GraphInput> {
    (1usize..30).prop_flat_map(|n| {
        proptest::collection::vec((any::<bool>(), any::<prop::sample::Index>()), n).prop_map(
            move |choices| {
                let mut edges = Vec::new();
                for (i, (attach, parent)) in choices.into_iter().enumerate().skip(1) {
                    if attach {
                        let p = parent.index(i);
                        // Either direction: the input is undirected.
                        edges.push(if i % 2 == 0 { (p, i) } else { (i, p) });
                    }
                }
                GraphInput {
                    nodes: n,
                    edges,
                    directed: false,
                    ..GraphInput::default()
                }
            },
        )
    })
}

/// A graph with a cycle: a ring of at least 3 nodes plus random chords.
fn cyclic() -> impl Strategy<Value = GraphInput> {
    (3usize..30).prop_flat_map(|n| {
        (proptest::collection::vec((0..n, 0..n), 0..n), any::<bool>()).prop_map(
            move |(chords, directed)| {
                let mut edges: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
                edges.extend(chords);
                GraphInput {
                    nodes: n,
                    edges,
                    directed,
                    ..GraphInput::default()
                }
            },
        )
    })
}

fn check_sane(input: &GraphInput, layout: &GraphLayout) -> Result<(), TestCaseError> {
    prop_assert_eq!(layout.positions.len(), input.nodes);
    prop_assert_eq!(layout.edges.len(), input.edges.len());
    let mut all: Vec<(f64, f64)> = layout.positions.clone();
    for (route, &(from, to)) in layout.edges.iter().zip(&input.edges) {
        prop_assert_eq!((route.from, route.to), (from, to));
        all.extend(route.points.iter().copied());
    }
    for &(x, y) in &all {
        prop_assert!(x.is_finite() && y.is_finite(), "non-finite {x} {y}");
        prop_assert!(x >= 0.0 && y >= 0.0, "negative {x} {y}");
        prop_assert!(x <= layout.width + 1e-9 && y <= layout.height + 1e-9);
    }
    Ok(())
}

fn same_bits(a: &GraphLayout, b: &GraphLayout) -> bool {
    let bits = |l: &GraphLayout| {
        let mut v: Vec<u64> = Vec::new();
        for p in &l.positions {
            v.extend([p.0.to_bits(), p.1.to_bits()]);
        }
        for e in &l.edges {
            for p in &e.points {
                v.extend([p.0.to_bits(), p.1.to_bits()]);
            }
            v.push(u64::MAX);
        }
        v
    };
    a.method == b.method && a.layers == b.layers && bits(a) == bits(b)
}

/// Every real node in exactly one layer, at y = its layer; neighbours in a layer at least one
/// unit apart (default widths); every edge between distinct nodes goes from a smaller to a
/// larger y in the orientation `down` gives, with one bend point per layer passed, each one
/// layer lower than the last.
fn check_layered(
    input: &GraphInput,
    layout: &GraphLayout,
    down: impl Fn(usize, usize) -> (usize, usize),
) -> Result<(), TestCaseError> {
    prop_assert_eq!(layout.method, LayoutMethod::Layered);
    let mut seen = vec![0; input.nodes];
    for (l, layer) in layout.layers.iter().enumerate() {
        for (k, &v) in layer.iter().enumerate() {
            seen[v] += 1;
            prop_assert_eq!(layout.positions[v].1, l as f64);
            if k > 0 {
                let gap = layout.positions[v].0 - layout.positions[layer[k - 1]].0;
                prop_assert!(gap >= 1.0 - 1e-9, "gap {gap} in layer {l}");
            }
        }
    }
    prop_assert!(
        seen.iter().all(|&c| c == 1),
        "nodes not in exactly one layer"
    );
    for route in &layout.edges {
        let (a, b) = (route.from, route.to);
        if a == b || a >= input.nodes || b >= input.nodes {
            prop_assert!(route.points.is_empty());
            continue;
        }
        let (upper, lower) = down(a, b);
        let (yu, yl) = (layout.positions[upper].1, layout.positions[lower].1);
        prop_assert!(yu < yl, "edge {a}->{b} does not point down: {yu} {yl}");
        let mut points = route.points.clone();
        if upper != a {
            points.reverse();
        }
        prop_assert_eq!(points.len() as f64, yl - yu - 1.0);
        for (k, p) in points.iter().enumerate() {
            prop_assert_eq!(p.1, yu + k as f64 + 1.0);
        }
    }
    Ok(())
}

fn check_force_spacing(layout: &GraphLayout) -> Result<(), TestCaseError> {
    let p = &layout.positions;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let d = ((p[i].0 - p[j].0).powi(2) + (p[i].1 - p[j].1).powi(2)).sqrt();
            prop_assert!(d >= 0.9 - 1e-9, "nodes {i} and {j} only {d} apart");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_graph_lays_out_sanely_and_deterministically(input in any_graph()) {
        let options = GraphLayoutOptions::default();
        let layout = layout_graph(&input, &options);
        check_sane(&input, &layout)?;
        prop_assert!(same_bits(&layout, &layout_graph(&input, &options)));
        let forced = GraphLayoutOptions { method: Some(LayoutMethod::Layered), ..options.clone() };
        check_sane(&input, &layout_graph(&input, &forced))?;
        let forced = GraphLayoutOptions { method: Some(LayoutMethod::Force), ..options };
        check_sane(&input, &layout_graph(&input, &forced))?;
    }

    #[test]
    fn dags_are_layered_downwards(input in dag()) {
        let options = GraphLayoutOptions::default();
        let layout = layout_graph(&input, &options);
        check_sane(&input, &layout)?;
        check_layered(&input, &layout, |a, b| (a, b))?;
        prop_assert!(same_bits(&layout, &layout_graph(&input, &options)));
    }

    #[test]
    fn forests_are_layered_by_depth(input in forest()) {
        let layout = layout_graph(&input, &GraphLayoutOptions::default());
        check_sane(&input, &layout)?;
        let y = |v: usize| layout.positions[v].1;
        // Parent = the end nearer the root: one layer above the other end.
        check_layered(&input, &layout, |a, b| if y(a) < y(b) { (a, b) } else { (b, a) })?;
        for &(a, b) in &input.edges {
            prop_assert_eq!((y(a) - y(b)).abs(), 1.0);
        }
        // Node 0 is always a root.
        prop_assert_eq!(y(0), 0.0);
    }

    #[test]
    fn cyclic_graphs_are_placed_by_forces(input in cyclic()) {
        let options = GraphLayoutOptions::default();
        let layout = layout_graph(&input, &options);
        prop_assert_eq!(layout.method, LayoutMethod::Force);
        check_sane(&input, &layout)?;
        check_force_spacing(&layout)?;
        prop_assert!(same_bits(&layout, &layout_graph(&input, &options)));
    }

    #[test]
    fn forced_force_layouts_keep_nodes_apart(input in any_graph()) {
        let options = GraphLayoutOptions { method: Some(LayoutMethod::Force), ..Default::default() };
        let mut input = input;
        input.widths.clear();
        let layout = layout_graph(&input, &options);
        check_force_spacing(&layout)?;
    }
}

#[test]
fn tiny_graphs() {
    let options = GraphLayoutOptions::default();
    let empty = layout_graph(&GraphInput::default(), &options);
    assert!(empty.positions.is_empty() && empty.edges.is_empty());
    let one = GraphInput {
        nodes: 1,
        edges: vec![(0, 0), (0, 0)],
        directed: true,
        ..GraphInput::default()
    };
    let layout = layout_graph(&one, &options);
    assert_eq!(layout.method, LayoutMethod::Layered);
    assert_eq!(layout.positions, vec![(0.0, 0.0)]);
    assert!(layout.edges.iter().all(|e| e.points.is_empty()));
}

#[test]
fn a_long_edge_runs_straight_beside_a_chain() {
    // 0 → 1 → 2 → 3 and 0 → 3: the long edge passes layers 1 and 2 on one vertical line.
    let input = GraphInput {
        nodes: 4,
        edges: vec![(0, 1), (1, 2), (2, 3), (0, 3)],
        directed: true,
        ..GraphInput::default()
    };
    let layout = layout_graph(&input, &GraphLayoutOptions::default());
    let points = &layout.edges[3].points;
    assert_eq!(points.len(), 2);
    assert_eq!(points[0].0, points[1].0);
    assert_eq!(layout.crossings(), 0);
}

#[test]
fn a_force_layout_is_wider_than_tall() {
    // A 3 × 8 grid graph (cycles, so force): its long side ends up horizontal.
    let (w, h) = (8, 3);
    let mut edges = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let v = r * w + c;
            if c + 1 < w {
                edges.push((v, v + 1));
            }
            if r + 1 < h {
                edges.push((v, v + w));
            }
        }
    }
    let input = GraphInput {
        nodes: w * h,
        edges,
        directed: false,
        ..GraphInput::default()
    };
    let layout = layout_graph(&input, &GraphLayoutOptions::default());
    assert_eq!(layout.method, LayoutMethod::Force);
    assert!(
        layout.width > layout.height,
        "{} x {}",
        layout.width,
        layout.height
    );
    // Scaled so an edge is about one unit.
    let p = &layout.positions;
    let mean: f64 = input
        .edges
        .iter()
        .map(|&(a, b)| ((p[a].0 - p[b].0).powi(2) + (p[a].1 - p[b].1).powi(2)).sqrt())
        .sum::<f64>()
        / input.edges.len() as f64;
    assert!((0.9..1.3).contains(&mean), "mean edge {mean}");
}

#[test]
fn the_result_round_trips_through_json() {
    let input = GraphInput {
        nodes: 3,
        edges: vec![(0, 1), (1, 2), (0, 2)],
        directed: true,
        widths: vec![1.0, 0.5, 2.0],
    };
    let json = serde_json::to_string(&input).unwrap();
    assert_eq!(serde_json::from_str::<GraphInput>(&json).unwrap(), input);
    let layout = layout_graph(&input, &GraphLayoutOptions::default());
    let back: GraphLayout = serde_json::from_str(&serde_json::to_string(&layout).unwrap()).unwrap();
    assert_eq!(back, layout);
}

#[test]
fn separate_components_of_a_force_layout_stay_close() {
    // A triangle, a pair and three lone nodes (an adjacency dict filled in a loop): the
    // components sit near one another, not tens of edge lengths apart.
    let input = GraphInput {
        nodes: 8,
        edges: vec![(1, 4), (1, 7), (4, 7), (2, 5)],
        directed: false,
        widths: Vec::new(),
    };
    let layout = layout_graph(&input, &GraphLayoutOptions::default());
    assert_eq!(layout.method, LayoutMethod::Force);
    assert!(
        layout.width <= 5.0 && layout.height <= 5.0,
        "{} x {}",
        layout.width,
        layout.height
    );
}
