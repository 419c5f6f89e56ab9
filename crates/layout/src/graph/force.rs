//! Deterministic force-directed layout (Fruchterman & Reingold, 1991).
//!
//! Nodes start on a circle (node 0 at the top, then clockwise, one unit of circumference per
//! node); for a fixed number of iterations every pair repels with `k²/d`, every edge attracts
//! with `d²/k` (k = 1), a weak pull towards the centre keeps separate components together, and
//! a linearly cooling temperature caps each move. Then the picture is turned so its long axis
//! is horizontal (principal axis; node 0 left of and above the centre), scaled so an edge is
//! one unit long on average, separate components are drawn towards one another (keeping 1.5
//! units between them), and nodes closer than 0.9 × their spacing are pushed apart. No
//! randomness anywhere: the same input gives the same bits.

use std::f64::consts::PI;

use super::input::Prepared;
use super::{EdgeRoute, GraphInput, GraphLayout, GraphLayoutOptions, LayoutMethod};
use super::{DEFAULT_NODE_WIDTH, NODE_GAP};

/// Smallest allowed distance between two default nodes' centres, in units.
pub(crate) const MIN_DISTANCE: f64 = 0.9;

/// Pull towards the centre, per unit of distance (a small fraction of one edge's pull).
const GRAVITY: f64 = 0.05;

/// Lays `input` out by forces (see the module documentation).
pub(crate) fn layout(
    input: &GraphInput,
    prepared: &Prepared,
    options: &GraphLayoutOptions,
) -> GraphLayout {
    let n = prepared.n;
    let mut p = simulate(n, &prepared.edges, options.force_iterations);
    orient(&mut p);
    scale(&mut p, &prepared.edges);
    gather(&mut p, &prepared.edges);
    let spacing: Vec<f64> = (0..n)
        .map(|i| match input.widths.get(i) {
            Some(&w) if w.is_finite() && w >= 0.0 => w,
            _ => DEFAULT_NODE_WIDTH,
        })
        .collect();
    separate(&mut p, &spacing);
    let (min_x, min_y) = p.iter().fold((f64::INFINITY, f64::INFINITY), |m, q| {
        (m.0.min(q.0), m.1.min(q.1))
    });
    let (mut width, mut height) = (0.0_f64, 0.0_f64);
    for q in &mut p {
        q.0 -= min_x;
        q.1 -= min_y;
        width = width.max(q.0);
        height = height.max(q.1);
    }
    GraphLayout {
        method: LayoutMethod::Force,
        positions: p,
        edges: input
            .edges
            .iter()
            .map(|&(from, to)| EdgeRoute {
                from,
                to,
                points: Vec::new(),
            })
            .collect(),
        layers: Vec::new(),
        width,
        height,
    }
}

/// A unit direction for two nodes at the same spot, fixed by their numbers.
fn tie_direction(i: usize, j: usize) -> (f64, f64) {
    let angle = (i * 7 + j * 13) as f64;
    (angle.cos(), angle.sin())
}

/// The Fruchterman–Reingold iterations from the circle.
fn simulate(n: usize, edges: &[(usize, usize)], iterations: usize) -> Vec<(f64, f64)> {
    let radius = (n as f64 / (2.0 * PI)).max(0.5);
    let mut p: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let a = 2.0 * PI * i as f64 / n as f64 - PI / 2.0;
            (radius * a.cos(), radius * a.sin())
        })
        .collect();
    let k = 1.0;
    let start = radius.max(1.0) * 0.2;
    let mut disp = vec![(0.0, 0.0); n];
    for it in 0..iterations {
        let t = start * (1.0 - it as f64 / iterations as f64);
        disp.iter_mut().for_each(|d| *d = (0.0, 0.0));
        for i in 0..n {
            for j in i + 1..n {
                let (mut dx, mut dy) = (p[i].0 - p[j].0, p[i].1 - p[j].1);
                let mut d = (dx * dx + dy * dy).sqrt();
                if d < 1e-9 {
                    (dx, dy) = tie_direction(i, j);
                    d = 1e-9;
                    dx *= d;
                    dy *= d;
                }
                let f = k * k / d / d;
                disp[i].0 += dx * f;
                disp[i].1 += dy * f;
                disp[j].0 -= dx * f;
                disp[j].1 -= dy * f;
            }
        }
        for &(a, b) in edges {
            let (dx, dy) = (p[a].0 - p[b].0, p[a].1 - p[b].1);
            let d = (dx * dx + dy * dy).sqrt();
            let f = d / k;
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        let (cx, cy) = centroid(&p);
        for (q, d) in p.iter_mut().zip(&disp) {
            let (mut mx, mut my) = (d.0 - GRAVITY * (q.0 - cx), d.1 - GRAVITY * (q.1 - cy));
            let len = (mx * mx + my * my).sqrt();
            if !len.is_finite() {
                continue;
            }
            if len > t {
                mx *= t / len;
                my *= t / len;
            }
            q.0 += mx;
            q.1 += my;
        }
    }
    p
}

fn centroid(p: &[(f64, f64)]) -> (f64, f64) {
    if p.is_empty() {
        return (0.0, 0.0);
    }
    let n = p.len() as f64;
    let (sx, sy) = p.iter().fold((0.0, 0.0), |s, q| (s.0 + q.0, s.1 + q.1));
    (sx / n, sy / n)
}

/// Centres the picture and turns it so its principal axis is horizontal, node 0 left of and
/// above the centre (when it is not on an axis).
fn orient(p: &mut [(f64, f64)]) {
    let (cx, cy) = centroid(p);
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for q in p.iter_mut() {
        q.0 -= cx;
        q.1 -= cy;
        sxx += q.0 * q.0;
        syy += q.1 * q.1;
        sxy += q.0 * q.1;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (sin, cos) = (-angle).sin_cos();
    for q in p.iter_mut() {
        *q = (q.0 * cos - q.1 * sin, q.0 * sin + q.1 * cos);
    }
    if let Some(&(x0, y0)) = p.first() {
        let (fx, fy) = (
            if x0 > 1e-9 { -1.0 } else { 1.0 },
            if y0 > 1e-9 { -1.0 } else { 1.0 },
        );
        for q in p.iter_mut() {
            *q = (q.0 * fx, q.1 * fy);
        }
    }
}

/// Scales so the mean edge length is 1 (no edges: the mean nearest-neighbour distance).
fn scale(p: &mut [(f64, f64)], edges: &[(usize, usize)]) {
    let dist = |a: (f64, f64), b: (f64, f64)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    let mean = if edges.is_empty() {
        let nearest: Vec<f64> = (0..p.len())
            .map(|i| {
                (0..p.len())
                    .filter(|&j| j != i)
                    .map(|j| dist(p[i], p[j]))
                    .fold(f64::INFINITY, f64::min)
            })
            .filter(|d| d.is_finite())
            .collect();
        nearest.iter().sum::<f64>() / nearest.len().max(1) as f64
    } else {
        edges.iter().map(|&(a, b)| dist(p[a], p[b])).sum::<f64>() / edges.len() as f64
    };
    if mean.is_finite() && mean > 1e-9 {
        for q in p.iter_mut() {
            q.0 /= mean;
            q.1 /= mean;
        }
    }
}

/// Smallest distance, in units, between nodes of two components after [`gather`].
const COMPONENT_GAP: f64 = 1.5;

/// Brings separate components closer. Repulsion between components is only balanced by the
/// weak gravity, so after [`scale`] (edges one unit long) lone nodes and small components
/// sit many edge lengths away (8 nodes drawn 18 units wide). Every component's centroid is
/// moved towards the picture's centroid by the same factor, the smallest of 0.05, 0.10, …, 1
/// that keeps nodes of different components [`COMPONENT_GAP`] apart (or as far apart as they
/// already were, if closer). Components keep their own shapes; one component is left as it is.
fn gather(p: &mut [(f64, f64)], edges: &[(usize, usize)]) {
    let n = p.len();
    let component = components(n, edges);
    let count = component.iter().max().map_or(0, |&c| c + 1);
    if count < 2 {
        return;
    }
    let mut sums = vec![(0.0, 0.0, 0usize); count];
    for (q, &c) in p.iter().zip(&component) {
        sums[c] = (sums[c].0 + q.0, sums[c].1 + q.1, sums[c].2 + 1);
    }
    let centres: Vec<(f64, f64)> = sums
        .iter()
        .map(|&(x, y, k)| (x / k as f64, y / k as f64))
        .collect();
    let (cx, cy) = centroid(p);
    let at = |lambda: f64, i: usize| {
        let (gx, gy) = centres[component[i]];
        let shift = (1.0 - lambda) * (cx - gx);
        let shift_y = (1.0 - lambda) * (cy - gy);
        (p[i].0 + shift, p[i].1 + shift_y)
    };
    let closest = |lambda: f64| {
        let mut best = f64::INFINITY;
        for i in 0..n {
            for j in i + 1..n {
                if component[i] != component[j] {
                    let (a, b) = (at(lambda, i), at(lambda, j));
                    best = best.min(((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt());
                }
            }
        }
        best
    };
    let need = COMPONENT_GAP.min(closest(1.0));
    let Some(lambda) = (1..=20)
        .map(|k| k as f64 / 20.0)
        .find(|&lambda| closest(lambda) >= need)
    else {
        return;
    };
    let moved: Vec<(f64, f64)> = (0..n).map(|i| at(lambda, i)).collect();
    p.copy_from_slice(&moved);
}

/// Each node's connected component (edges taken both ways), numbered from 0 in order of
/// each component's first node; edges naming missing nodes are ignored.
fn components(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for &(a, b) in edges {
        if a < n && b < n {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut number = vec![usize::MAX; n];
    let mut out = Vec::with_capacity(n);
    let mut next = 0;
    for i in 0..n {
        let r = root(&mut parent, i);
        if number[r] == usize::MAX {
            number[r] = next;
            next += 1;
        }
        out.push(number[r]);
    }
    out
}

/// Pushes apart nodes closer than [`MIN_DISTANCE`] × their spacing (`(w_a + w_b)/2 +
/// NODE_GAP`, 1 for default nodes): pairwise pushes for a while, then, if some pair is still
/// too close, the whole picture is scaled up until none is.
fn separate(p: &mut [(f64, f64)], widths: &[f64]) {
    let n = p.len();
    let need = |i: usize, j: usize| MIN_DISTANCE * ((widths[i] + widths[j]) / 2.0 + NODE_GAP);
    for _ in 0..100 {
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
                let (mut dx, mut dy) = (p[j].0 - p[i].0, p[j].1 - p[i].1);
                let mut d = (dx * dx + dy * dy).sqrt();
                let want = need(i, j);
                if d >= want {
                    continue;
                }
                if d < 1e-9 {
                    (dx, dy) = tie_direction(i, j);
                    d = 1.0;
                }
                // Half the shortfall each, plus a hair so rounding never leaves it short.
                let push = (want - d.min(want)) / 2.0 + 1e-6;
                let (ux, uy) = (dx / d, dy / d);
                p[i].0 -= ux * push;
                p[i].1 -= uy * push;
                p[j].0 += ux * push;
                p[j].1 += uy * push;
                moved = true;
            }
        }
        if !moved {
            return;
        }
    }
    let mut factor: f64 = 1.0;
    for i in 0..n {
        for j in i + 1..n {
            let d = ((p[j].0 - p[i].0).powi(2) + (p[j].1 - p[i].1).powi(2)).sqrt();
            if d < need(i, j) {
                factor = factor.max(need(i, j) / d.max(1e-9) * (1.0 + 1e-9));
            }
        }
    }
    if factor > 1.0 && factor.is_finite() {
        for q in p.iter_mut() {
            q.0 *= factor;
            q.1 *= factor;
        }
    }
}
