//! Shared by the graph-layout comparison with Graphviz `dot` (example `compare_dot`, bench
//! `graph_layout`, test `graph_vs_dot`): seeded random DAGs, running `dot`, and reading its
//! result back as layer tracks counted exactly like ours.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use algoscope_layout::graph::{count_crossings, GraphInput, LayerTrack};

/// splitmix64: a tiny seeded generator, so the graphs are the same on every machine.
pub struct Rng(u64);

impl Rng {
    /// The generator started at `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A random DAG: `nodes` nodes in a hidden random order, `round(nodes × edges_per_node)`
/// distinct edges, each between two uniformly chosen distinct nodes and pointing from the
/// earlier to the later one in the hidden order. Node numbers are shuffled, so number order
/// says nothing about the topological order.
pub fn random_dag(nodes: usize, edges_per_node: f64, seed: u64) -> GraphInput {
    let mut rng = Rng::new(seed);
    let mut perm: Vec<usize> = (0..nodes).collect();
    for i in (1..nodes).rev() {
        let j = rng.below(i + 1);
        perm.swap(i, j);
    }
    let max_edges = nodes * nodes.saturating_sub(1) / 2;
    let want = ((nodes as f64 * edges_per_node).round() as usize).min(max_edges);
    let mut set = std::collections::BTreeSet::new();
    let mut edges = Vec::with_capacity(want);
    while edges.len() < want {
        let (a, b) = (rng.below(nodes), rng.below(nodes));
        if a == b {
            continue;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        if set.insert((lo, hi)) {
            edges.push((perm[lo], perm[hi]));
        }
    }
    GraphInput {
        nodes,
        edges,
        directed: true,
        ..GraphInput::default()
    }
}

/// The graph in the DOT language, nodes as small unlabeled circles.
pub fn to_dot(input: &GraphInput) -> String {
    let mut s = String::from(
        "digraph G {\n  node [shape=circle, width=0.3, fixedsize=true, label=\"\"];\n",
    );
    for v in 0..input.nodes {
        s.push_str(&format!("  n{v};\n"));
    }
    for &(a, b) in &input.edges {
        s.push_str(&format!("  n{a} -> n{b};\n"));
    }
    s.push_str("}\n");
    s
}

/// Whether `dot` can be run.
pub fn dot_available() -> bool {
    Command::new("dot")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// What `dot` made of a graph.
pub struct DotResult {
    /// Wall time of the `dot -Tplain` process (spawn included).
    pub time: Duration,
    /// Crossings between adjacent ranks, long edges cut where their spline passes each rank.
    pub crossings: u64,
    /// Number of ranks.
    pub ranks: usize,
    /// Dummy nodes: ranks passed between the ends, summed over the edges.
    pub dummies: usize,
}

/// Runs `dot -Tplain` on `input` and counts its crossings the way ours are counted.
pub fn run_dot(input: &GraphInput) -> Result<DotResult, String> {
    let text = to_dot(input);
    let start = Instant::now();
    let mut child = Command::new("dot")
        .arg("-Tplain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run dot: {e}"))?;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(text.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let time = start.elapsed();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let plain = String::from_utf8_lossy(&out.stdout);
    let (tracks, ranks) = plain_tracks(&plain, input.nodes)?;
    Ok(DotResult {
        time,
        crossings: count_crossings(&tracks),
        ranks,
        dummies: tracks.iter().map(|t| t.xs.len() - 2).sum(),
    })
}

/// An edge of dot's output: tail, head, control points.
type Spline = (usize, usize, Vec<(f64, f64)>);

/// Reads `dot -Tplain` output: ranks are the distinct node y (top = rank 0); each edge becomes
/// a track with its end nodes' centre x at their ranks and, at every rank between, the x where
/// its spline passes that rank's y.
pub fn plain_tracks(plain: &str, nodes: usize) -> Result<(Vec<LayerTrack>, usize), String> {
    let mut pos = vec![None; nodes];
    let mut splines: Vec<Spline> = Vec::new();
    let node_index = |name: &str| -> Result<usize, String> {
        name.strip_prefix('n')
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|&v| v < nodes)
            .ok_or_else(|| format!("unknown node {name}"))
    };
    for line in plain.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| -> Result<f64, String> {
            f.get(i)
                .and_then(|s| s.parse::<f64>().ok())
                .ok_or_else(|| format!("bad line {line}"))
        };
        match f.first() {
            Some(&"node") => {
                let v = node_index(f.get(1).ok_or("bad node line")?)?;
                pos[v] = Some((num(2)?, num(3)?));
            }
            Some(&"edge") => {
                let a = node_index(f.get(1).ok_or("bad edge line")?)?;
                let b = node_index(f.get(2).ok_or("bad edge line")?)?;
                let n = num(3)? as usize;
                let mut pts = Vec::with_capacity(n);
                for k in 0..n {
                    pts.push((num(4 + 2 * k)?, num(5 + 2 * k)?));
                }
                splines.push((a, b, pts));
            }
            _ => {}
        }
    }
    let pos: Vec<(f64, f64)> = pos
        .into_iter()
        .enumerate()
        .map(|(v, p)| p.ok_or(format!("node n{v} missing")))
        .collect::<Result<_, _>>()?;
    // Rank y values, top (largest y in dot's y-up coordinates) first.
    let mut ys: Vec<f64> = pos.iter().map(|p| p.1).collect();
    ys.sort_by(|a, b| b.total_cmp(a));
    ys.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
    let rank_of = |y: f64| ys.iter().position(|r| (r - y).abs() < 1e-3);
    let mut tracks = Vec::new();
    for (a, b, pts) in splines {
        let (ra, rb) = (
            rank_of(pos[a].1).ok_or("rank")?,
            rank_of(pos[b].1).ok_or("rank")?,
        );
        if ra == rb {
            continue;
        }
        let (top, bottom, upper, lower) = if ra < rb {
            (ra, rb, a, b)
        } else {
            (rb, ra, b, a)
        };
        let mut xs = vec![pos[upper].0];
        for (r, &y) in ys.iter().enumerate().take(bottom).skip(top + 1) {
            xs.push(spline_x_at(&pts, y).ok_or(format!("edge n{a}->n{b} misses rank {r}"))?);
        }
        xs.push(pos[lower].0);
        tracks.push(LayerTrack { top_layer: top, xs });
    }
    Ok((tracks, ys.len()))
}

/// x where the piecewise cubic Bézier `pts` (dot's `3k + 1` control points) first reaches
/// height `y`, by sampling each piece finely and interpolating.
fn spline_x_at(pts: &[(f64, f64)], y: f64) -> Option<f64> {
    let mut prev: Option<(f64, f64)> = None;
    for piece in pts.windows(4).step_by(3) {
        for s in 0..=64 {
            let t = s as f64 / 64.0;
            let u = 1.0 - t;
            let (b0, b1, b2, b3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            let p = (
                b0 * piece[0].0 + b1 * piece[1].0 + b2 * piece[2].0 + b3 * piece[3].0,
                b0 * piece[0].1 + b1 * piece[1].1 + b2 * piece[2].1 + b3 * piece[3].1,
            );
            if let Some(q) = prev {
                if (q.1 - y) * (p.1 - y) <= 0.0 && q.1 != p.1 {
                    let f = (y - q.1) / (p.1 - q.1);
                    return Some(q.0 + f * (p.0 - q.0));
                }
            }
            prev = Some(p);
        }
    }
    None
}
