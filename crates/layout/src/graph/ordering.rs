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
    let size = g.len() + g.down.iter().map(Vec::len).sum::<usize>();
    let mut state = State::new(g);
    let extra_starts = (START_WORK / size.max(1)).min(MAX_EXTRA_STARTS);
    let mut best: Option<(u64, Vec<Vec<usize>>)> = None;
    for start in 0..2 + extra_starts {
        match start {
            0 => state.depth_first_start(false),
            1 => state.depth_first_start(true),
            _ => state.shuffled_start(start as u64),
        }
        let (count, layers) = state.rounds(options);
        if debug() {
            eprintln!("start {start}: {count} at {:?}", T0.with(|t| t.elapsed()));
        }
        if best.as_ref().is_none_or(|b| count < b.0) {
            best = Some((count, layers));
        }
    }
    let Some((mut best_count, best_layers)) = best else {
        return;
    };
    state.layers = best_layers;
    state.reindex_all();
    let mut work = 0usize;
    while best_count > 0 && work < SIFT_WORK {
        work += state.sift_all();
        state.transpose(false);
        let count = state.total();
        if debug() {
            eprintln!("sift: {count} work {work} at {:?}", T0.with(|t| t.elapsed()));
        }
        if count >= best_count {
            break;
        }
        best_count = count;
    }
    if debug() {
        eprintln!("ordering best {best_count}");
    }
    g.layers = state.layers;
}

thread_local! { static T0: std::time::Instant = std::time::Instant::now(); }
fn debug() -> bool {
    std::env::var_os("GL_DEBUG").is_some()
}

/// Work (nodes + edges of the proper graph, summed over the extra starts) spent on starts
/// from shuffled orders beyond the two depth-first ones.
const START_WORK: usize = 40_000;
/// Most shuffled starts.
const MAX_EXTRA_STARTS: usize = 8;
/// Work (pairs of nodes compared) spent on sifting at most.
const SIFT_WORK: usize = 20_000_000;

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

    /// Layers in the order a depth-first search first reaches each node: along downward
    /// edges from the nodes without upper neighbours (top layer first), or with `from_bottom`
    /// along upward edges from the nodes without lower neighbours (bottom layer first); roots
    /// in node-number order within a layer, so subtrees start side by side.
    fn depth_first_start(&mut self, from_bottom: bool) {
        let g = self.g;
        let (next, back) = if from_bottom {
            (&g.up, &g.down)
        } else {
            (&g.down, &g.up)
        };
        let mut seen = vec![false; g.len()];
        let mut layers = vec![Vec::new(); g.layers.len()];
        let mut stack = Vec::new();
        let layer_order: Vec<usize> = if from_bottom {
            (0..g.layers.len()).rev().collect()
        } else {
            (0..g.layers.len()).collect()
        };
        for l in layer_order {
            for &root in &g.layers[l] {
                if seen[root] || !back[root].is_empty() {
                    continue;
                }
                seen[root] = true;
                stack.push(root);
                while let Some(v) = stack.pop() {
                    layers[g.layer_of[v]].push(v);
                    for &w in next[v].iter().rev() {
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

    /// Sweep + transpose rounds from the current order until `ordering_patience` rounds
    /// bring nothing; the best order seen and its crossings.
    fn rounds(&mut self, options: &GraphLayoutOptions) -> (u64, Vec<Vec<usize>>) {
        let mut best = self.layers.clone();
        let mut best_count = self.total();
        let mut idle = 0;
        for round in 0..options.ordering_rounds {
            if best_count == 0 {
                break;
            }
            let downward = round % 2 == 0;
            let ties = round % 4 >= 2;
            self.sweep(downward, round % 3 == 2, ties);
            self.transpose(ties);
            let count = self.total();
            if count < best_count {
                best_count = count;
                best.clone_from(&self.layers);
                idle = 0;
            } else {
                idle += 1;
                if idle >= options.ordering_patience {
                    break;
                }
            }
        }
        (best_count, best)
    }

    /// Every layer in a seeded pseudo-random order (splitmix64 of `seed`).
    fn shuffled_start(&mut self, seed: u64) {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for layer in &mut self.layers {
            for i in (1..layer.len()).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                layer.swap(i, j);
            }
        }
        self.reindex_all();
    }

    /// One sifting pass (Matuszewski, Schönfeld & Molitor 1999) over every layer, top to
    /// bottom: each node, most connected first, is taken out and put back at the place in its
    /// layer where its edges cross least (staying where it is on ties). Returns the work done.
    fn sift_all(&mut self) -> usize {
        let mut work = 0;
        for l in 0..self.layers.len() {
            work += self.sift_layer(l);
        }
        work
    }

    fn sift_layer(&mut self, l: usize) -> usize {
        let g = self.g;
        let nodes = self.layers[l].clone();
        let m = nodes.len();
        if m < 2 {
            return 0;
        }
        let sorted_positions = |list: &[usize], pos: &[usize]| {
            let mut p: Vec<usize> = list.iter().map(|&w| pos[w]).collect();
            p.sort_unstable();
            p
        };
        let ups: Vec<Vec<usize>> = nodes.iter().map(|&v| sorted_positions(&g.up[v], &self.pos)).collect();
        let downs: Vec<Vec<usize>> =
            nodes.iter().map(|&v| sorted_positions(&g.down[v], &self.pos)).collect();
        // Local indices in current order.
        let mut order: Vec<usize> = (0..m).collect();
        let mut by_degree: Vec<usize> = (0..m).collect();
        by_degree.sort_by_key(|&i| std::cmp::Reverse(ups[i].len() + downs[i].len()));
        let mut work = 0;
        for &v in &by_degree {
            if ups[v].is_empty() && downs[v].is_empty() {
                continue;
            }
            let Some(cur) = order.iter().position(|&i| i == v) else {
                continue;
            };
            order.remove(cur);
            let (mut cost, mut best_cost, mut best_slot) = (0i64, 0i64, 0usize);
            let mut cost_at_cur = 0i64;
            for (k, &w) in order.iter().enumerate() {
                if k == cur {
                    cost_at_cur = cost;
                }
                let (g_up, l_up) = count_pairs(&ups[v], &ups[w]);
                let (g_down, l_down) = count_pairs(&downs[v], &downs[w]);
                cost += (l_up + l_down) as i64 - (g_up + g_down) as i64;
                work += 1 + ups[v].len() + ups[w].len() + downs[v].len() + downs[w].len();
                if cost < best_cost {
                    best_cost = cost;
                    best_slot = k + 1;
                }
            }
            if cur == order.len() {
                cost_at_cur = cost;
            }
            let slot = if best_cost < cost_at_cur { best_slot } else { cur };
            order.insert(slot, v);
        }
        for (k, &i) in order.iter().enumerate() {
            self.layers[l][k] = nodes[i];
        }
        self.reindex(l);
        work
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
    fn sweep(&mut self, downward: bool, barycenter: bool, ties: bool) {
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
            if ties {
                keyed.sort_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)));
            } else {
                keyed.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            }
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

    /// Exchanges adjacent nodes wherever that lowers the crossings (with `ties`, also where it
    /// keeps them equal, once per pass), revisiting only layers next to a change, until no
    /// exchange helps.
    fn transpose(&mut self, ties: bool) {
        let n = self.layers.len();
        let mut dirty = vec![true; n];
        for _ in 0..64 {
            let mut any = false;
            for l in 0..n {
                if !dirty[l] {
                    continue;
                }
                dirty[l] = false;
                let mut improved = false;
                for i in 0..self.layers[l].len().saturating_sub(1) {
                    let (u, v) = (self.layers[l][i], self.layers[l][i + 1]);
                    let (keep, swap) = self.pair_crossings(u, v);
                    if swap < keep || (ties && swap == keep && keep > 0) {
                        self.layers[l].swap(i, i + 1);
                        self.pos[u] = i + 1;
                        self.pos[v] = i;
                        if swap < keep {
                            improved = true;
                        }
                    }
                }
                if improved {
                    any = true;
                    dirty[l] = true;
                    if l > 0 {
                        dirty[l - 1] = true;
                    }
                    if l + 1 < n {
                        dirty[l + 1] = true;
                    }
                }
            }
            if !any {
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
