//! Crossing minimisation: the order of the nodes inside each layer.
//!
//! Starting from a depth-first order, rounds alternate a downward and an upward sweep; a sweep
//! sorts each layer by the weighted median of its neighbours' positions in the layer just
//! fixed (barycenter every third round, to leave the median's local minima), then adjacent
//! nodes are exchanged wherever that removes crossings (transpose). The order with the fewest
//! crossings is kept; rounds stop after `ordering_patience` rounds without improvement.

use super::crossings::inversions;
use super::proper::ProperGraph;
use super::GraphLayoutOptions;

/// Orders `g.layers` to reduce crossings (see the module documentation).
pub(crate) fn minimise(g: &mut ProperGraph, options: &GraphLayoutOptions) {
    if g.layers.len() < 2 {
        return;
    }
    let mut state = State::new(g);
    state.depth_first_start();
    let mut best = state.layers.clone();
    let mut best_count = state.total();
    let mut idle = 0;
    for round in 0..options.ordering_rounds {
        if best_count == 0 {
            break;
        }
        let downward = round % 2 == 0;
        let barycenter = round % 3 == 2;
        state.sweep(downward, barycenter);
        state.transpose();
        let count = state.total();
        if count < best_count {
            best_count = count;
            best.clone_from(&state.layers);
            idle = 0;
        } else {
            idle += 1;
            if idle >= options.ordering_patience {
                break;
            }
        }
    }
    g.layers = best;
}

/// Working copy of the layers with each node's position in its layer.
struct State<'a> {
    g: &'a ProperGraph,
    layers: Vec<Vec<usize>>,
    pos: Vec<usize>,
    /// Scratch buffers (sorted neighbour positions).
    a: Vec<usize>,
    b: Vec<usize>,
}

impl<'a> State<'a> {
    fn new(g: &'a ProperGraph) -> Self {
        let mut s = State {
            g,
            layers: g.layers.clone(),
            pos: vec![0; g.len()],
            a: Vec::new(),
            b: Vec::new(),
        };
        s.reindex_all();
        s
    }

    fn reindex(&mut self, l: usize) {
        for (i, &v) in self.layers[l].iter().enumerate() {
            self.pos[v] = i;
        }
    }

    fn reindex_all(&mut self) {
        for l in 0..self.layers.len() {
            self.reindex(l);
        }
    }

    /// Layers in the order a depth-first search along downward edges first reaches each node
    /// (roots: nodes without upper neighbours, in their current order), so subtrees start
    /// side by side.
    fn depth_first_start(&mut self) {
        let g = self.g;
        let mut seen = vec![false; g.len()];
        let mut layers = vec![Vec::new(); self.layers.len()];
        let mut stack = Vec::new();
        for l in 0..self.layers.len() {
            for &root in &self.layers[l] {
                if seen[root] || !g.up[root].is_empty() {
                    continue;
                }
                seen[root] = true;
                stack.push(root);
                while let Some(v) = stack.pop() {
                    layers[g.layer_of[v]].push(v);
                    for &w in g.down[v].iter().rev() {
                        if !seen[w] {
                            seen[w] = true;
                            stack.push(w);
                        }
                    }
                }
            }
        }
        self.layers = layers;
        self.reindex_all();
    }

    /// Total crossings of the current order.
    fn total(&self) -> u64 {
        let mut total = 0;
        let mut lower = Vec::new();
        for l in 0..self.layers.len() - 1 {
            let mut seq = Vec::new();
            for &v in &self.layers[l] {
                lower.clear();
                lower.extend(self.g.down[v].iter().map(|&w| self.pos[w]));
                lower.sort_unstable();
                seq.extend_from_slice(&lower);
            }
            total += inversions(seq.into_iter(), self.layers[l + 1].len());
        }
        total
    }

    /// Sorts every layer by its neighbours in the layer just fixed: downwards (layers 1, 2, …
    /// by their upper neighbours) or upwards. Nodes without such neighbours keep their place.
    fn sweep(&mut self, downward: bool, barycenter: bool) {
        let n = self.layers.len();
        let order: Vec<usize> = if downward {
            (1..n).collect()
        } else {
            (0..n - 1).rev().collect()
        };
        let mut keyed: Vec<(f64, usize)> = Vec::new();
        let mut free: Vec<bool> = Vec::new();
        for l in order {
            keyed.clear();
            free.clear();
            for &v in &self.layers[l] {
                let nbrs = if downward {
                    &self.g.up[v]
                } else {
                    &self.g.down[v]
                };
                self.a.clear();
                self.a.extend(nbrs.iter().map(|&w| self.pos[w]));
                self.a.sort_unstable();
                let key = if barycenter {
                    mean(&self.a)
                } else {
                    weighted_median(&self.a)
                };
                match key {
                    Some(k) => {
                        keyed.push((k, self.pos[v]));
                        free.push(true);
                    }
                    None => free.push(false),
                }
            }
            keyed.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            let old = self.layers[l].clone();
            let mut next = keyed.iter();
            for (slot, &is_free) in free.iter().enumerate() {
                if is_free {
                    if let Some(&(_, p)) = next.next() {
                        self.layers[l][slot] = old[p];
                    }
                }
            }
            self.reindex(l);
        }
    }

    /// Crossings among the edges of `u` and `v` (neighbours above and below) with `u` left of
    /// `v`, and with `v` left of `u`.
    fn pair_crossings(&mut self, u: usize, v: usize) -> (u64, u64) {
        let (mut left, mut right) = (0, 0);
        for side in [&self.g.up, &self.g.down] {
            self.a.clear();
            self.a.extend(side[u].iter().map(|&w| self.pos[w]));
            self.a.sort_unstable();
            self.b.clear();
            self.b.extend(side[v].iter().map(|&w| self.pos[w]));
            self.b.sort_unstable();
            let (l, r) = count_pairs(&self.a, &self.b);
            left += l;
            right += r;
        }
        (left, right)
    }

    /// Exchanges adjacent nodes wherever that lowers the crossings, until no exchange helps.
    fn transpose(&mut self) {
        for _ in 0..32 {
            let mut improved = false;
            for l in 0..self.layers.len() {
                for i in 0..self.layers[l].len().saturating_sub(1) {
                    let (u, v) = (self.layers[l][i], self.layers[l][i + 1]);
                    let (keep, swap) = self.pair_crossings(u, v);
                    if swap < keep {
                        self.layers[l].swap(i, i + 1);
                        self.pos[u] = i + 1;
                        self.pos[v] = i;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
}

/// For sorted `a` (neighbours of the left node) and `b` (of the right node): pairs with
/// `a > b` (crossings as they are) and pairs with `a < b` (crossings if exchanged).
fn count_pairs(a: &[usize], b: &[usize]) -> (u64, u64) {
    let (mut greater, mut less) = (0u64, 0u64);
    // For each x in a: how many in b are smaller / larger.
    let (mut lo, mut hi) = (0usize, 0usize);
    for &x in a {
        while lo < b.len() && b[lo] < x {
            lo += 1;
        }
        while hi < b.len() && b[hi] <= x {
            hi += 1;
        }
        greater += lo as u64;
        less += (b.len() - hi) as u64;
    }
    (greater, less)
}

fn mean(sorted: &[usize]) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    Some(sorted.iter().sum::<usize>() as f64 / sorted.len() as f64)
}

/// The weighted median of Gansner et al. (1993): the middle position, or for an even count a
/// mean of the two middle ones weighted towards the side where the neighbours are packed.
fn weighted_median(sorted: &[usize]) -> Option<f64> {
    let n = sorted.len();
    let m = n / 2;
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[m] as f64),
        2 => Some((sorted[0] + sorted[1]) as f64 / 2.0),
        _ => {
            let left = (sorted[m - 1] - sorted[0]) as f64;
            let right = (sorted[n - 1] - sorted[m]) as f64;
            if left + right == 0.0 {
                return Some((sorted[m - 1] + sorted[m]) as f64 / 2.0);
            }
            Some((sorted[m - 1] as f64 * right + sorted[m] as f64 * left) / (left + right))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_counts_match_brute_force() {
        let a = [0, 2, 2, 5];
        let b = [1, 2, 4];
        let brute = |x: &[usize], y: &[usize]| {
            let mut g = 0;
            let mut l = 0;
            for &p in x {
                for &q in y {
                    g += u64::from(p > q);
                    l += u64::from(p < q);
                }
            }
            (g, l)
        };
        assert_eq!(count_pairs(&a, &b), brute(&a, &b));
        assert_eq!(count_pairs(&b, &a), brute(&b, &a));
    }

    #[test]
    fn the_weighted_median_leans_to_the_packed_side() {
        assert_eq!(weighted_median(&[]), None);
        assert_eq!(weighted_median(&[3]), Some(3.0));
        assert_eq!(weighted_median(&[1, 2, 3]), Some(2.0));
        // Left pair packed (spread 1), right pair spread 9: closer to the left middle.
        let m = weighted_median(&[0, 1, 2, 11]).unwrap();
        assert!(m > 1.0 && m < 1.5, "{m}");
    }
}
