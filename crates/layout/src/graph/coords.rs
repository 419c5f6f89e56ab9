//! x coordinates of a layered graph whose layer orders are fixed.
//!
//! Minimises `Σ w(e) · (x_a − x_b)²` over the edges, keeping every layer's order and a minimum
//! distance between neighbours in a layer, by block coordinate descent: layer by layer (down,
//! then up, repeatedly), each node wants the weighted mean of its neighbours' x, and the
//! closest positions respecting the order and gaps are found exactly by weighted isotonic
//! regression (pool adjacent violators). Edge weights follow dot's straightening factors: 1
//! between real nodes, 2 between a real and a dummy node, 8 between two dummies, so long edges
//! run straight where possible.

use super::proper::ProperGraph;
use super::NODE_GAP;

/// Passes of the descent (one pass = one downward and one upward sweep).
const PASSES: usize = 24;

/// x of every node of `g` (real and dummy); the smallest is 0. `widths` gives each node's width
/// (dummies 0).
pub(crate) fn assign(g: &ProperGraph, widths: &[f64]) -> Vec<f64> {
    let n = g.len();
    let mut x = vec![0.0; n];
    for layer in &g.layers {
        let mut at = 0.0;
        for (i, &v) in layer.iter().enumerate() {
            if i > 0 {
                at += separation(g, widths, layer[i - 1], v);
            }
            x[v] = at;
        }
    }
    let mut desired = Vec::new();
    let mut weight = Vec::new();
    let mut gaps = Vec::new();
    for pass in 0..PASSES {
        let down = pass % 2 == 0;
        let order: Vec<usize> = if down {
            (0..g.layers.len()).collect()
        } else {
            (0..g.layers.len()).rev().collect()
        };
        for l in order {
            let layer = &g.layers[l];
            desired.clear();
            weight.clear();
            gaps.clear();
            for (i, &v) in layer.iter().enumerate() {
                let (mut sum, mut total) = (0.0, 0.0);
                for &w in g.up[v].iter().chain(&g.down[v]) {
                    let we = edge_weight(g, v, w);
                    sum += we * x[w];
                    total += we;
                }
                // A node without neighbours stays put (tiny weight on its current x).
                let keep = 1e-3;
                desired.push((sum + keep * x[v]) / (total + keep));
                weight.push(total + keep);
                gaps.push(if i == 0 {
                    0.0
                } else {
                    separation(g, widths, layer[i - 1], v)
                });
            }
            let placed = isotonic_with_gaps(&desired, &weight, &gaps);
            for (&v, &p) in layer.iter().zip(&placed) {
                x[v] = p;
            }
        }
    }
    straighten(g, widths, &mut x);
    let min = x.iter().copied().fold(f64::INFINITY, f64::min);
    if min.is_finite() {
        for v in &mut x {
            *v -= min;
        }
    }
    x
}

/// Puts each long edge's dummy nodes on one vertical line (their mean x) where that keeps
/// every gap in their layers; the descent leaves them only nearly aligned.
fn straighten(g: &ProperGraph, widths: &[f64], x: &mut [f64]) {
    let mut index = vec![0usize; g.len()];
    for layer in &g.layers {
        for (i, &v) in layer.iter().enumerate() {
            index[v] = i;
        }
    }
    for chain in g.chains.values() {
        if chain.len() < 2 {
            continue;
        }
        let mean = chain.iter().map(|&d| x[d]).sum::<f64>() / chain.len() as f64;
        let fits = chain.iter().all(|&d| {
            let layer = &g.layers[g.layer_of[d]];
            let i = index[d];
            let left_ok = i == 0 || {
                let l = layer[i - 1];
                mean - x[l] >= separation(g, widths, l, d) - 1e-9
            };
            let right_ok = i + 1 >= layer.len() || {
                let r = layer[i + 1];
                x[r] - mean >= separation(g, widths, d, r) - 1e-9
            };
            left_ok && right_ok
        });
        if fits {
            for &d in chain {
                x[d] = mean;
            }
        }
    }
}

/// Least distance between the centres of `a` and its right neighbour `b`.
fn separation(g: &ProperGraph, widths: &[f64], a: usize, b: usize) -> f64 {
    let real = |v: usize| v < g.real;
    let gap = if real(a) && real(b) {
        NODE_GAP
    } else if real(a) || real(b) {
        NODE_GAP * 0.75
    } else {
        NODE_GAP * 0.5
    };
    (widths[a] + widths[b]) / 2.0 + gap
}

/// dot's Ω: 1 real–real, 2 real–dummy, 8 dummy–dummy.
fn edge_weight(g: &ProperGraph, a: usize, b: usize) -> f64 {
    match (a < g.real, b < g.real) {
        (true, true) => 1.0,
        (false, false) => 8.0,
        _ => 2.0,
    }
}

/// Positions `x` minimising `Σ weight_i (x_i − desired_i)²` with `x_i − x_{i−1} ≥ gaps_i`
/// (`gaps_0` unused): subtract the running gap sum, solve the monotone regression by pooling
/// adjacent violators, add the sum back.
fn isotonic_with_gaps(desired: &[f64], weight: &[f64], gaps: &[f64]) -> Vec<f64> {
    let mut offset = Vec::with_capacity(desired.len());
    let mut run = 0.0;
    for (i, &g) in gaps.iter().enumerate() {
        if i > 0 {
            run += g;
        }
        offset.push(run);
    }
    // Blocks of (weighted mean, total weight, count).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::with_capacity(desired.len());
    for i in 0..desired.len() {
        let mut block = (desired[i] - offset[i], weight[i], 1usize);
        while let Some(&(m, w, c)) = blocks.last() {
            if m < block.0 {
                break;
            }
            blocks.pop();
            let tw = w + block.1;
            block = ((m * w + block.0 * block.1) / tw, tw, c + block.2);
        }
        blocks.push(block);
    }
    let mut out = Vec::with_capacity(desired.len());
    for (m, _, c) in blocks {
        for _ in 0..c {
            let i = out.len();
            out.push(m + offset[i]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isotonic_keeps_order_and_gaps() {
        // Three nodes all wanting x = 0 with a gap of 1: centred on 0.
        let x = isotonic_with_gaps(&[0.0, 0.0, 0.0], &[1.0, 1.0, 1.0], &[0.0, 1.0, 1.0]);
        assert_eq!(x, vec![-1.0, 0.0, 1.0]);
        // Already far enough apart: untouched.
        let x = isotonic_with_gaps(&[0.0, 5.0], &[1.0, 1.0], &[0.0, 1.0]);
        assert_eq!(x, vec![0.0, 5.0]);
        // A heavy node wins.
        let x = isotonic_with_gaps(&[0.0, 0.0], &[9.0, 1.0], &[0.0, 1.0]);
        assert!(
            (x[0] + 0.1).abs() < 1e-12 && (x[1] - 0.9).abs() < 1e-12,
            "{x:?}"
        );
    }
}
