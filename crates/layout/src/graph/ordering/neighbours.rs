//! The sorted positions of a layer's neighbours above and below, for comparing two nodes of
//! that layer: how many of their edges cross with one left of the other. Positions in the
//! adjacent layers do not change while one layer is reordered, so the lists are built once per
//! layer visit.

/// Per node of one layer (by its index in the layer when the lists were built): the sorted
/// positions of its neighbours in the layer above and in the layer below.
#[derive(Default)]
pub(super) struct NeighbourLists {
    /// All neighbour positions, node by node, upper ones then lower ones.
    flat: Vec<u32>,
    /// Per node: where its upper positions start, how many, how many lower ones follow.
    at: Vec<Span>,
}

#[derive(Clone, Copy)]
struct Span {
    start: u32,
    ups: u32,
    downs: u32,
}

/// Every node's neighbours above, then below, in one array (read far more often than the
/// graph's per-node lists, so kept contiguous).
pub(super) struct Adjacency {
    /// Node `v`'s neighbours are `flat[start[v]..start[v + 1]]`, its `ups[v]` upper ones first.
    flat: Vec<u32>,
    start: Vec<u32>,
    ups: Vec<u32>,
}

impl Adjacency {
    /// Packs the adjacency `up`/`down` (one list per node).
    pub(super) fn new(up: &[Vec<usize>], down: &[Vec<usize>]) -> Self {
        let mut a = Adjacency {
            flat: Vec::with_capacity(up.iter().chain(down).map(Vec::len).sum()),
            start: Vec::with_capacity(up.len() + 1),
            ups: Vec::with_capacity(up.len()),
        };
        for (u, d) in up.iter().zip(down) {
            a.start.push(a.flat.len() as u32);
            a.ups.push(u.len() as u32);
            a.flat.extend(u.iter().chain(d).map(|&w| w as u32));
        }
        a.start.push(a.flat.len() as u32);
        a
    }

    /// Number of edges (each counted once).
    pub(super) fn edges(&self) -> usize {
        self.flat.len() / 2
    }
}

impl NeighbourLists {
    /// Fills the lists for `nodes` (one layer, in order) from the adjacency and every node's
    /// position `pos`.
    pub(super) fn build(&mut self, nodes: &[usize], adj: &Adjacency, pos: &[usize]) {
        self.flat.clear();
        self.at.clear();
        for &v in nodes {
            let start = self.flat.len();
            let (from, to) = (adj.start[v] as usize, adj.start[v + 1] as usize);
            let ups = adj.ups[v] as usize;
            self.flat
                .extend(adj.flat[from..to].iter().map(|&w| pos[w as usize] as u32));
            let mid = start + ups;
            let end = self.flat.len();
            if ups > 1 {
                self.flat[start..mid].sort_unstable();
            }
            if end - mid > 1 {
                self.flat[mid..end].sort_unstable();
            }
            self.at.push(Span {
                start: start as u32,
                ups: ups as u32,
                downs: (end - mid) as u32,
            });
        }
    }

    /// Number of edges at node `i` (above and below).
    pub(super) fn degree(&self, i: usize) -> usize {
        (self.at[i].ups + self.at[i].downs) as usize
    }

    /// Crossings among the edges of nodes `i` and `j` with `i` left of `j`, and with `j` left
    /// of `i`.
    #[inline]
    pub(super) fn pair(&self, i: usize, j: usize) -> (u64, u64) {
        let (a, b) = (self.at[i], self.at[j]);
        let (sa, sb) = (a.start as usize, b.start as usize);
        if a.ups == 1 && a.downs == 1 && b.ups == 1 && b.downs == 1 {
            // Two dummy nodes (the common case): one edge above and one below each.
            let (au, ad, bu, bd) = (
                self.flat[sa],
                self.flat[sa + 1],
                self.flat[sb],
                self.flat[sb + 1],
            );
            return (
                u64::from(au > bu) + u64::from(ad > bd),
                u64::from(au < bu) + u64::from(ad < bd),
            );
        }
        let (ua, ub) = (a.ups as usize, b.ups as usize);
        let (x, y) = count_pairs(&self.flat[sa..sa + ua], &self.flat[sb..sb + ub]);
        let (z, w) = count_pairs(
            &self.flat[sa + ua..sa + ua + a.downs as usize],
            &self.flat[sb + ub..sb + ub + b.downs as usize],
        );
        (x + z, y + w)
    }
}

/// One node's edges seen from every position of the adjacent layers, for sifting that node
/// through its layer: at position `y` above (below), how many of its upper (lower) neighbours
/// are left of `y` minus how many are right of it. A node `w` of the layer with neighbours at
/// `y₁, y₂, …` then adds `Σ balance[yₖ]` crossings when it moves from the right of the node to
/// its left, so one sifting step reads one entry per edge of `w` instead of merging two lists.
#[derive(Default)]
pub(super) struct Balance {
    up: Vec<i32>,
    down: Vec<i32>,
}

impl NeighbourLists {
    /// Fills `out` for node `i` (its index when the lists were built); `above` and `below` are
    /// the sizes of the adjacent layers (every position in them is smaller).
    pub(super) fn balance(&self, i: usize, above: usize, below: usize, out: &mut Balance) {
        let a = self.at[i];
        let start = a.start as usize;
        let ups = &self.flat[start..start + a.ups as usize];
        let downs = &self.flat[start + a.ups as usize..start + (a.ups + a.downs) as usize];
        fill_balance(ups, above, &mut out.up);
        fill_balance(downs, below, &mut out.down);
    }

    /// Crossings added (negative: removed) when node `j` moves from the right of the node
    /// whose balance is `b` to its left; equals `w_left − v_left` of [`NeighbourLists::pair`].
    #[inline]
    pub(super) fn delta(&self, b: &Balance, j: usize) -> i64 {
        let s = self.at[j];
        let start = s.start as usize;
        if s.ups == 1 && s.downs == 1 {
            // A dummy node (the common case): one edge above, one below.
            let (y, z) = (self.flat[start] as usize, self.flat[start + 1] as usize);
            return i64::from(b.up[y]) + i64::from(b.down[z]);
        }
        let mid = start + s.ups as usize;
        let end = mid + s.downs as usize;
        let mut sum = 0i64;
        for &y in &self.flat[start..mid] {
            sum += i64::from(b.up[y as usize]);
        }
        for &y in &self.flat[mid..end] {
            sum += i64::from(b.down[y as usize]);
        }
        sum
    }
}

impl NeighbourLists {
    /// Running crossing costs of placing the node whose balance is `b` before each node of
    /// `order` in turn: `out[k]` = Σ [`NeighbourLists::delta`] of `order[..k]`, for `k` in
    /// `0..=order.len()` (`out[0]` = 0: the node leftmost). One tight loop, dummies (one edge
    /// above, one below) read without a loop.
    pub(super) fn costs(&self, b: &Balance, order: &[usize], out: &mut Vec<i64>) {
        out.clear();
        out.reserve(order.len() + 1);
        let (up, down, flat) = (&b.up[..], &b.down[..], &self.flat[..]);
        let mut cost = 0i64;
        out.push(cost);
        for &j in order {
            let s = self.at[j];
            let start = s.start as usize;
            if s.ups == 1 && s.downs == 1 {
                cost += i64::from(up[flat[start] as usize] + down[flat[start + 1] as usize]);
            } else {
                cost += self.delta(b, j);
            }
            out.push(cost);
        }
    }
}

/// `out[y]` = (entries of sorted `xs` below `y`) − (entries above `y`) for `y` in `0..width`
/// (every entry `< width`). Constant between two entries, so filled run by run.
fn fill_balance(xs: &[u32], width: usize, out: &mut Vec<i32>) {
    out.clear();
    out.resize(width, 0);
    let n = xs.len();
    let (mut y, mut i) = (0usize, 0usize);
    while i < n {
        let x = xs[i] as usize;
        let mut j = i + 1;
        while j < n && xs[j] == xs[i] {
            j += 1;
        }
        // Left of x: i entries below, n - i above; at x: the j - i equal ones count neither.
        let end = x.min(width);
        if y < end {
            out[y..end].fill(i as i32 - (n - i) as i32);
        }
        if let Some(slot) = out.get_mut(x) {
            *slot = i as i32 - (n - j) as i32;
        }
        y = y.max(x + 1);
        i = j;
    }
    if y < width {
        out[y..].fill(n as i32);
    }
}

/// For sorted `a` (neighbours of the left node) and `b` (of the right node): pairs with
/// `a > b` (crossings as they are) and pairs with `a < b` (crossings if exchanged).
#[inline]
pub(super) fn count_pairs(a: &[u32], b: &[u32]) -> (u64, u64) {
    // Dummy nodes have one neighbour on each side: the common case, without loops.
    if let ([x], [y]) = (a, b) {
        return (u64::from(x > y), u64::from(x < y));
    }
    let (mut greater, mut less) = (0u64, 0u64);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_counts_match_brute_force() {
        let a = [0, 2, 2, 5];
        let b = [1, 2, 4];
        let brute = |x: &[u32], y: &[u32]| {
            let (mut g, mut l) = (0, 0);
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
        assert_eq!(count_pairs(&[], &a), (0, 0));
    }

    #[test]
    fn the_balance_counts_entries_below_minus_above() {
        let mut out = Vec::new();
        for xs in [&[][..], &[0], &[3], &[1, 1, 4], &[0, 2, 2, 2, 5], &[5, 5]] {
            fill_balance(xs, 6, &mut out);
            let brute: Vec<i32> = (0..6u32)
                .map(|y| {
                    let below = xs.iter().filter(|&&x| x < y).count() as i32;
                    below - xs.iter().filter(|&&x| x > y).count() as i32
                })
                .collect();
            assert_eq!(out, brute, "{xs:?}");
        }
    }

    #[test]
    fn balance_deltas_match_pair_counts() {
        // Layer above: 6 positions, layer below: 5; three nodes with mixed degrees.
        let mut up: Vec<Vec<usize>> = vec![vec![]; 11];
        up[8] = vec![0, 3, 5];
        up[9] = vec![2];
        up[10] = vec![1, 2, 4];
        let mut down: Vec<Vec<usize>> = vec![vec![]; 11];
        down[8] = vec![4, 0];
        down[9] = vec![1];
        let pos = vec![0, 1, 2, 3, 4, 5, 0, 0, 0, 1, 2];
        let mut lists = NeighbourLists::default();
        lists.build(&[8, 9, 10], &Adjacency::new(&up, &down), &pos);
        let mut b = Balance::default();
        for i in 0..3 {
            lists.balance(i, 6, 5, &mut b);
            for j in 0..3 {
                let (v_left, w_left) = lists.pair(i, j);
                assert_eq!(lists.delta(&b, j), w_left as i64 - v_left as i64, "{i} {j}");
            }
        }
    }
}
