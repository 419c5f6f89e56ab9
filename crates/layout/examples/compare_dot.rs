//! Layered graph layout against Graphviz `dot` on seeded random DAGs (the benchmark of issue
//! 6): for 50/100/200/500 nodes with about 1.2 and about 3 edges per node, our layout time and
//! crossings beside `dot -Tplain`'s on the same graphs in the same run, crossings counted the
//! same way for both (`count_crossings` between adjacent layers, long edges cut where they pass
//! each layer; dot's ranks read from node y, its long edges where their spline passes each
//! rank).
//!
//! Run: `cargo run --release -p algoscope-layout --example compare_dot [-- --seeds N]`
//! (`--no-dot` prints our figures only, `--runs R` times each of our layouts R times, 5 by
//! default, `--nodes N` runs the rows of one size only, `--ratio R` those with R edges per
//! node only).
//! Times are the median of the runs for ours (wall clock, and the CPU time the thread ran,
//! which a busy machine inflates less), one `dot` process (spawn included) per graph;
//! crossings are summed over the seeds.

use std::time::Instant;

use algoscope_layout::graph::{layout_graph, GraphLayoutOptions};
use algoscope_test_support::graph::{dot_available, random_dag, run_dot};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seeds: u64 = args
        .iter()
        .position(|a| a == "--seeds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let runs: usize = args
        .iter()
        .position(|a| a == "--runs")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
        .max(1);
    let only_nodes: Option<usize> = args
        .iter()
        .position(|a| a == "--nodes")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok());
    let only_ratio: Option<f64> = args
        .iter()
        .position(|a| a == "--ratio")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok());
    let with_dot = !args.iter().any(|a| a == "--no-dot") && dot_available();
    if !with_dot {
        eprintln!("without dot (not asked for, or not installed: apt-get install graphviz): our figures only");
    }
    println!("seeded random DAGs, {seeds} seed(s) per row; ms = mean per graph, crossings = total");
    println!(
        "{:>6} {:>7} {:>9} {:>8} {:>10} {:>9} {:>10} {:>8} {:>8}",
        "nodes",
        "edges",
        "our ms",
        "our cpu",
        "our cross",
        "dot ms",
        "dot cross",
        "our/dot",
        "ranks"
    );
    let options = GraphLayoutOptions::default();
    let (mut all_ours, mut all_dot) = (0u64, 0u64);
    for &nodes in &[50usize, 100, 200, 500] {
        if only_nodes.is_some_and(|n| n != nodes) {
            continue;
        }
        for &ratio in &[1.2f64, 3.0] {
            if only_ratio.is_some_and(|r| r != ratio) {
                continue;
            }
            let (mut ours_ms, mut ours_x, mut dot_ms, mut dot_x) = (0.0, 0u64, 0.0, 0u64);
            let mut ours_cpu = 0.0;
            let (mut edges, mut our_ranks, mut dot_ranks) = (0, 0, 0);
            for seed in 0..seeds {
                let input = random_dag(nodes, ratio, 1000 * nodes as u64 + seed);
                edges = input.edges.len();
                let mut times = Vec::new();
                let mut cpu_times = Vec::new();
                let mut layout = None;
                for _ in 0..runs {
                    let (start, cpu_start) = (Instant::now(), thread_cpu_ns());
                    layout = Some(layout_graph(&input, &options));
                    times.push(start.elapsed().as_secs_f64() * 1000.0);
                    if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
                        cpu_times.push(b.saturating_sub(a) as f64 / 1e6);
                    }
                }
                times.sort_by(f64::total_cmp);
                cpu_times.sort_by(f64::total_cmp);
                ours_ms += times[times.len() / 2];
                ours_cpu += cpu_times
                    .get(cpu_times.len() / 2)
                    .copied()
                    .unwrap_or(f64::NAN);
                if let Some(l) = layout {
                    ours_x += l.crossings();
                    our_ranks += l.layers.len();
                }
                if with_dot {
                    match run_dot(&input) {
                        Ok(d) => {
                            dot_ms += d.time.as_secs_f64() * 1000.0;
                            dot_x += d.crossings;
                            dot_ranks += d.ranks;
                        }
                        Err(e) => eprintln!("dot failed: {e}"),
                    }
                }
            }
            let n = seeds.max(1) as f64;
            all_ours += ours_x;
            all_dot += dot_x;
            let ratio_text = if dot_x > 0 {
                format!("{:.3}", ours_x as f64 / dot_x as f64)
            } else {
                "-".to_string()
            };
            println!(
                "{:>6} {:>7} {:>9.1} {:>8.1} {:>10} {:>9.1} {:>10} {:>8} {:>4}/{:<4}",
                nodes,
                edges,
                ours_ms / n,
                ours_cpu / n,
                ours_x,
                dot_ms / n,
                dot_x,
                ratio_text,
                our_ranks / seeds.max(1) as usize,
                dot_ranks / seeds.max(1) as usize
            );
        }
    }
    println!("total crossings: ours {all_ours}, dot {all_dot}");
}

/// CPU time this thread has run so far (ns), from Linux's `/proc/thread-self/schedstat`
/// (its first field); `None` elsewhere. Unlike wall time, it does not grow while other
/// processes hold the cores, so it compares runs on a busy machine.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
