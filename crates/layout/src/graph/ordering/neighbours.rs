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

impl NeighbourLists {
    /// Fills the lists for `nodes` (one layer, in order) from the adjacency `up`/`down` and
    /// every node's position `pos`.
    pub(super) fn build(
        &mut self,
        nodes: &[usize],
        up: &[Vec<usize>],
        down: &[Vec<usize>],
        pos: &[usize],
    ) {
        self.flat.clear();
        self.at.clear();
        for &v in nodes {
            let start = self.flat.len();
            self.flat.extend(up[v].iter().map(|&w| pos[w] as u32));
            let mid = self.flat.len();
            if mid - start > 1 {
                self.flat[start..].sort_unstable();
            }
            self.flat.extend(down[v].iter().map(|&w| pos[w] as u32));
            if self.flat.len() - mid > 1 {
                self.flat[mid..].sort_unstable();
            }
            self.at.push(Span {
                start: start as u32,
                ups: (mid - start) as u32,
                downs: (self.flat.len() - mid) as u32,
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

/// `out[y]` = (entries of sorted `xs` below `y`) − (entries above `y`) for `y` in `0..width`.
fn fill_balance(xs: &[u32], width: usize, out: &mut Vec<i32>) {
    out.clear();
    let n = xs.len();
    let (mut lo, mut hi) = (0usize, 0usize);
    for y in 0..width as u32 {
        while lo < n && xs[lo] < y {
            lo += 1;
        }
        while hi < n && xs[hi] <= y {
            hi += 1;
        }
        out.push(lo as i32 - (n - hi) as i32);
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
    fn balance_deltas_match_pair_counts() {
        // Layer above: 6 positions, layer below: 5; three nodes with mixed degrees.
        let up = vec![
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![0, 3, 5],
            vec![2],
            vec![1, 2, 4],
        ];
        let down = vec![
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![4, 0],
            vec![1],
            vec![],
        ];
        let pos = vec![0, 1, 2, 3, 4, 5, 0, 0, 0, 1, 2];
        let mut lists = NeighbourLists::default();
        lists.build(&[8, 9, 10], &up, &down, &pos);
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
