//! Our layered layout against Graphviz `dot` on the benchmark's 50-node random DAGs (the
//! same graphs as the first rows of the `compare_dot` example): fewer crossings in total,
//! counted the same way for both. Needs `dot` (Debian package `graphviz`, installed by
//! `.ci/run`). Also checks how dot's `-Tplain` output is read.

use algoscope_layout::graph::{count_crossings, layout_graph, GraphLayoutOptions, LayerTrack};
use algoscope_test_support::graph::{dot_available, plain_tracks, random_dag, run_dot};

#[test]
fn fewer_crossings_than_dot_on_50_node_dags() {
    assert!(
        dot_available(),
        "this test compares with Graphviz dot: apt-get install graphviz"
    );
    let options = GraphLayoutOptions::default();
    for ratio in [1.2, 3.0] {
        let (mut ours, mut dots) = (0, 0);
        for seed in 0..3 {
            let input = random_dag(50, ratio, 50_000 + seed);
            let layout = layout_graph(&input, &options);
            ours += layout.crossings();
            let dot = run_dot(&input).expect("dot runs");
            dots += dot.crossings;
            // Both aim at the least total edge length (dot's search may stop a little short).
            let our_dummies: usize = layout.edges.iter().map(|e| e.points.len()).sum();
            assert!(our_dummies <= dot.dummies, "ratio {ratio} seed {seed}");
        }
        assert!(
            ours < dots,
            "{ratio} edges per node: ours {ours} crossings, dot {dots}"
        );
    }
}

#[test]
fn dot_plain_output_is_read_rank_by_rank() {
    // Ranks at y = 3, 2, 1 (dot's y grows upwards): a and d on top, b in the middle, c at
    // the bottom; a → c spans two ranks, its spline passing x = 3 at the middle rank.
    let plain = "graph 1 5 3\n\
        node n0 1 3 0.3 0.3 \"\" solid circle black lightgrey\n\
        node n1 2 2 0.3 0.3 \"\" solid circle black lightgrey\n\
        node n2 1 1 0.3 0.3 \"\" solid circle black lightgrey\n\
        node n3 4 3 0.3 0.3 \"\" solid circle black lightgrey\n\
        edge n0 n1 4 1 3 1.3 2.6 1.6 2.3 2 2 solid black\n\
        edge n0 n2 7 1 3 2 3 3 2.5 3 2 3 1.5 2 1 1 1 solid black\n\
        edge n3 n1 4 4 3 3.3 2.6 2.6 2.3 2 2 solid black\n\
        stop\n";
    let (tracks, ranks) = plain_tracks(plain, 4).expect("parses");
    assert_eq!(ranks, 3);
    assert_eq!(
        tracks,
        vec![
            LayerTrack {
                top_layer: 0,
                xs: vec![1.0, 2.0]
            },
            LayerTrack {
                top_layer: 0,
                xs: vec![1.0, 3.0, 1.0]
            },
            LayerTrack {
                top_layer: 0,
                xs: vec![4.0, 2.0]
            },
        ]
    );
    // a→b and a→c share their top end, d→b and a→b their bottom end: no crossing; a→c (1 to
    // 3) and d→b (4 to 2) swap order between ranks 0 and 1: one crossing.
    assert_eq!(count_crossings(&tracks), 1);
}
