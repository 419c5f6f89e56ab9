//! Crossing minimisation: the order of the nodes inside each layer.
//!
//! A start is an initial order improved in two stages. Rounds alternate a downward and an
//! upward sweep; a sweep sorts each layer by the weighted median of its neighbours' positions
//! in the layer just fixed (barycenter every third round, to leave the median's local minima),
//! then adjacent nodes are exchanged wherever that removes crossings (transpose); every other
//! pair of rounds breaks ties the other way, as dot does; rounds stop after
//! `ordering_patience` rounds without improvement (at most [`LARGE_PATIENCE`] for graphs too
//! large for a second start). Then sifting (Matuszewski, Schönfeld &
//! Molitor 1999: each node, most connected first, moved to the place in its layer where its
//! edges cross least) and a transpose are repeated while they help.
//!
//! The first two starts are dot's breadth-first orders from the top and from the bottom; the
//! next ones perturb the best order found so far (a short stretch of each layer shuffled, a
//! seeded iterated local search) for as long as the work budget allows (it grows with nodes ×
//! edges for small graphs, see [`SMALL_WORK`]), so sparse 50-node graphs get about a hundred
//! starts, dense ones up to 200, and a 500-node graph one or two. The best order over all
//! starts wins.
//!
//! Speed: transpose keeps a layer's neighbour lists while it passes over that layer again and
//! again until it settles, and looks again only at the pairs next to a swap; sifting reads a
//! per-position balance of the moving node's edges (see `neighbours`) instead of merging two
//! neighbour lists per step, filled run by run and read for all slots in one tight loop; the
//! adjacency is packed into one array once per ordering.
//!
//! What beats dot: dot stops at median sweeps + transpose from its two starts. Sifting moves
//! nodes further than one place (5–10% fewer crossings on the benchmark's 200–500-node
//! graphs), and the perturbed restarts find better local optima on the small dense ones.

mod neighbours;
mod refine;

use super::crossings::inversions;
use super::proper::ProperGraph;
use super::GraphLayoutOptions;

/// Work budget of one ordering, in node pairs compared: by transpose (only pairs next to a
/// change are looked at again) and by sifting (one table look-up per edge of the node passed
/// over): sweeps stop at half of it, sifting at all of it, and further starts are made while
/// one more of the first start's cost still fits. Deterministic, unlike a time limit: the same
/// graph gets the same work, and the same order, on every machine. Mid-sized graphs (about
/// 250 to 1900 nodes, dummies included: the benchmark's dense 50-node DAGs up to its
/// 200-node ones) get all of it: enough starts to beat dot on every row with 3 and 6 seeds
/// per size (a pair costs about 20–30 ns, fixed costs included).
const WORK_BUDGET: u64 = 5_000_000;
/// Larger graphs get `LARGE_WORK / nodes` (dummies included): 3 million pairs at 500 nodes ×
/// 1500 edges (3151 nodes with dummies). They can afford one start only, so their rounds
/// stop after [`LARGE_PATIENCE`] idle rounds and the rest goes to sifting, which gains more
/// per pair there: about 2 million pairs are used, near 60 ms in a release build.
const LARGE_WORK: u64 = 9_500_000_000;
/// Rounds without improvement before a large graph's rounds stop (at most; the options'
/// `ordering_patience` applies to the others). With the default 6, the rounds of a 500 × 1500
/// graph use their whole half of the budget and gain nothing in their last four rounds.
const LARGE_PATIENCE: usize = 2;
/// Small graphs get `SMALL_WORK × nodes × edges` (dummies and their edges included): about
/// 130 000 pairs for a 50-node DAG with 60 edges (a hundred starts or so, a few ms) instead
/// of 200 starts' worth, while the dense 50-node DAGs (150 edges, about 250–380 nodes with
/// dummies) still get the whole [`WORK_BUDGET`].
const SMALL_WORK: u64 = 50;
/// Most starts (two breadth-first orders, then perturbations of the best order so far). The
/// 50-node graphs reach it long before the budget; more starts keep finding better orders
/// there.
const MAX_STARTS: usize = 200;
/// Starts in a row without a better order before the restarts stop. The benchmark's 50-node
/// DAGs find their best orders at most about 40 starts after the previous best; small graphs
/// that settle early stop long before [`MAX_STARTS`].
const STALL_STARTS: usize = 50;
/// Nodes shuffled per layer by a perturbation.
const PERTURB_SPAN: usize = 12;

/// Orders `g.layers` to reduce crossings (see the module documentation).
pub(crate) fn minimise(g: &mut ProperGraph, options: &GraphLayoutOptions) {
    if g.layers.len() < 2 {
        return;
    }
    let mut state = State::new(g, options);
    let mut best: Option<(u64, Vec<Vec<usize>>)> = None;
    let (mut first_cost, mut best_start) = (0, 0);
    for start in 0..MAX_STARTS {
        if start > 0 && state.work + first_cost > state.budget {
            break;
        }
        if start > best_start + STALL_STARTS {
            break;
        }
        match start {
            0 => state.breadth_first_start(false),
            1 => state.breadth_first_start(true),
            _ => {
                if let Some((_, layers)) = &best {
                    state.layers.clone_from(layers);
                }
                state.perturb(start as u64);
            }
        }
        let (count, layers) = state.rounds(options);
        let (count, layers) = state.polish(count, layers);
        if start == 0 {
            first_cost = state.work.max(1);
        }
        if best.as_ref().is_none_or(|b| count < b.0) {
            best = Some((count, layers));
            best_start = start;
        }
        if count == 0 {
            break;
        }
    }
    if let Some((_, layers)) = best {
        g.layers = layers;
    }
}

/// Working copy of the layers with each node's position in its layer.
struct State<'a> {
    g: &'a ProperGraph,
    /// `g`'s adjacency, packed.
    adj: neighbours::Adjacency,
    layers: Vec<Vec<usize>>,
    pos: Vec<usize>,
    /// Node pairs compared so far (the work budget's unit).
    work: u64,
    /// Pairs to compare at most (rounds stop at half of it, sifting at all of it).
    budget: u64,
    /// Rounds without improvement before a start's rounds stop.
    patience: usize,
}

impl<'a> State<'a> {
    fn new(g: &'a ProperGraph, options: &GraphLayoutOptions) -> Self {
        let adj = neighbours::Adjacency::new(&g.up, &g.down);
        let (nodes, edges) = (g.len().max(1) as u64, adj.edges() as u64);
        let budget = WORK_BUDGET
            .min(LARGE_WORK / nodes)
            .min(SMALL_WORK.saturating_mul(nodes).saturating_mul(edges));
        let patience = if LARGE_WORK / nodes < WORK_BUDGET {
            options.ordering_patience.min(LARGE_PATIENCE)
        } else {
            options.ordering_patience
        };
        let mut s = State {
            g,
            adj,
            layers: g.layers.clone(),
            pos: vec![0; g.len()],
            work: 0,
            budget,
            patience,
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

    /// Layers in the order a breadth-first search first reaches each node (dot's initial
    /// order): from each node without upper neighbours (top layer first), or with
    /// `from_bottom` without lower neighbours (bottom layer first), following edges both
    /// ways, downward ones first (upward ones first from the bottom).
    fn breadth_first_start(&mut self, from_bottom: bool) {
        let g = self.g;
        let (first, second) = if from_bottom {
            (&g.up, &g.down)
        } else {
            (&g.down, &g.up)
        };
        let mut seen = vec![false; g.len()];
        let mut layers = vec![Vec::new(); g.layers.len()];
        let mut queue = std::collections::VecDeque::new();
        let layer_order: Vec<usize> = if from_bottom {
            (0..g.layers.len()).rev().collect()
        } else {
            (0..g.layers.len()).collect()
        };
        for l in layer_order {
            for &root in &g.layers[l] {
                if seen[root] || !second[root].is_empty() {
                    continue;
                }
                seen[root] = true;
                queue.push_back(root);
                while let Some(v) = queue.pop_front() {
                    layers[g.layer_of[v]].push(v);
                    for &w in first[v].iter().chain(&second[v]) {
                        if !seen[w] {
                            seen[w] = true;
                            queue.push_back(w);
                        }
                    }
                }
            }
        }
        self.layers = layers;
        self.reindex_all();
    }

    /// Shuffles a stretch of [`PERTURB_SPAN`] nodes at a random place in every layer
    /// (splitmix64 seeded by `seed`, so the same every run).
    fn perturb(&mut self, seed: u64) {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for layer in &mut self.layers {
            if layer.len() < 2 {
                continue;
            }
            let len = PERTURB_SPAN.min(layer.len());
            let at = (next() % (layer.len() - len + 1) as u64) as usize;
            let part = &mut layer[at..at + len];
            for i in (1..part.len()).rev() {
                let j = (next() % (i as u64 + 1)) as usize;
                part.swap(i, j);
            }
        }
        self.reindex_all();
    }

    /// Sweep + transpose rounds from the current order until `patience` rounds bring
    /// nothing; the best order seen and its crossings.
    fn rounds(&mut self, options: &GraphLayoutOptions) -> (u64, Vec<Vec<usize>>) {
        let mut best = self.layers.clone();
        let mut best_count = self.total();
        let mut idle = 0;
        for round in 0..options.ordering_rounds {
            if best_count == 0 || self.work > self.budget / 2 {
                break;
            }
            let ties = round % 4 >= 2;
            self.sweep(round % 2 == 0, round % 3 == 2, ties);
            self.transpose(ties);
            let count = self.total();
            if count < best_count {
                best_count = count;
                best.clone_from(&self.layers);
                idle = 0;
            } else {
                idle += 1;
                if idle >= self.patience {
                    break;
                }
            }
        }
        (best_count, best)
    }

    /// From `layers` with `count` crossings: sifting passes (each followed by a transpose)
    /// while they lower the crossings; the best order and its crossings.
    fn polish(&mut self, count: u64, layers: Vec<Vec<usize>>) -> (u64, Vec<Vec<usize>>) {
        self.layers = layers;
        self.reindex_all();
        let mut best_count = count;
        while best_count > 0 && self.work <= self.budget {
            let before = self.layers.clone();
            self.sift_all();
            self.transpose(false);
            let count = self.total();
            if count >= best_count {
                self.layers = before;
                self.reindex_all();
                break;
            }
            best_count = count;
        }
        (best_count, self.layers.clone())
    }

    /// Total crossings of the current order.
    fn total(&self) -> u64 {
        let mut total = 0;
        let mut lower = Vec::new();
        let mut seq = Vec::new();
        for l in 0..self.layers.len() - 1 {
            seq.clear();
            for &v in &self.layers[l] {
                lower.clear();
                lower.extend(self.g.down[v].iter().map(|&w| self.pos[w]));
                lower.sort_unstable();
                seq.extend_from_slice(&lower);
            }
            total += inversions(seq.iter().copied(), self.layers[l + 1].len());
        }
        total
    }

    /// Sorts every layer by its neighbours in the layer just fixed: downwards (layers 1, 2, …
    /// by their upper neighbours) or upwards. Nodes without such neighbours keep their place;
    /// equal keys keep their order, or with `ties` swap it.
    fn sweep(&mut self, downward: bool, barycenter: bool, ties: bool) {
        let n = self.layers.len();
        let order: Vec<usize> = if downward {
            (1..n).collect()
        } else {
            (0..n - 1).rev().collect()
        };
        let mut keyed: Vec<(f64, usize)> = Vec::new();
        let mut free: Vec<bool> = Vec::new();
        let mut positions: Vec<usize> = Vec::new();
        for l in order {
            keyed.clear();
            free.clear();
            for &v in &self.layers[l] {
                let nbrs = if downward {
                    &self.g.up[v]
                } else {
                    &self.g.down[v]
                };
                positions.clear();
                positions.extend(nbrs.iter().map(|&w| self.pos[w]));
                positions.sort_unstable();
                let key = if barycenter {
                    mean(&positions)
                } else {
                    weighted_median(&positions)
                };
                free.push(key.is_some());
                if let Some(k) = key {
                    keyed.push((k, self.pos[v]));
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
    fn the_weighted_median_leans_to_the_packed_side() {
        assert_eq!(weighted_median(&[]), None);
        assert_eq!(weighted_median(&[3]), Some(3.0));
        assert_eq!(weighted_median(&[1, 2, 3]), Some(2.0));
        // Left pair packed (spread 1), right pair spread 9: closer to the left middle.
        let m = weighted_median(&[0, 1, 2, 11]).unwrap();
        assert!(m > 1.0 && m < 1.5, "{m}");
    }
}
