//! Counting edge crossings between adjacent layers (Barth, Jünger & Mutzel, "Simple and
//! efficient bilayer cross counting", 2004): sort the segments between two layers by their
//! upper end, then count, with an accumulator tree over the lower layer, the inversions of
//! their lower ends. O(E log V) per pair of layers.

use serde::{Deserialize, Serialize};

/// One edge seen layer by layer: its x where it meets each layer it touches, from its upper
/// end (`top_layer`) down to its lower end (`top_layer + xs.len() - 1`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LayerTrack {
    /// Layer of the edge's upper end (0 = top).
    pub top_layer: usize,
    /// x (any unit) at each layer from `top_layer` downwards.
    pub xs: Vec<f64>,
}

/// Total crossings between adjacent layers: for each pair of layers `(l, l + 1)`, the number
/// of pairs of track segments between them whose order at `l` and at `l + 1` is strictly
/// opposite. Segments sharing an end point (same x) never count, so edges leaving one node do
/// not cross each other. Non-finite x are treated as equal to each other and larger than all
/// finite x (they never panic).
///
/// # Example
/// ```
/// use algoscope_layout::graph::{count_crossings, LayerTrack};
/// // Two edges forming an X between layers 0 and 1, and a third one passing straight down.
/// let tracks = [
///     LayerTrack { top_layer: 0, xs: vec![0.0, 2.0] },
///     LayerTrack { top_layer: 0, xs: vec![2.0, 0.0] },
///     LayerTrack { top_layer: 0, xs: vec![5.0, 5.0, 5.0] },
/// ];
/// assert_eq!(count_crossings(&tracks), 1);
/// ```
pub fn count_crossings(tracks: &[LayerTrack]) -> u64 {
    let mut by_layer: Vec<Vec<(f64, f64)>> = Vec::new();
    for t in tracks {
        for (j, w) in t.xs.windows(2).enumerate() {
            let l = t.top_layer + j;
            if by_layer.len() <= l {
                by_layer.resize_with(l + 1, Vec::new);
            }
            by_layer[l].push((w[0], w[1]));
        }
    }
    let key = |x: f64| if x.is_finite() { x } else { f64::INFINITY };
    let mut total = 0;
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for segs in &mut by_layer {
        let upper = ranks(segs.iter().map(|s| key(s.0)));
        let lower = ranks(segs.iter().map(|s| key(s.1)));
        pairs.clear();
        pairs.extend(upper.into_iter().zip(lower));
        pairs.sort_unstable();
        let width = pairs.iter().map(|p| p.1 as usize + 1).max().unwrap_or(0);
        total += inversions(pairs.iter().map(|p| p.1 as usize), width);
    }
    total
}

/// Dense ranks (0, 1, 2, … with equal values sharing a rank) of `values`.
fn ranks(values: impl Iterator<Item = f64>) -> Vec<u32> {
    let values: Vec<f64> = values.collect();
    let mut sorted = values.clone();
    sorted.sort_unstable_by(f64::total_cmp);
    sorted.dedup();
    values
        .iter()
        .map(|v| sorted.partition_point(|s| s.total_cmp(v).is_lt()) as u32)
        .collect()
}

/// Number of pairs `i < j` with `seq[i] > seq[j]`, every value `< width`, by the
/// accumulator tree of Barth, Jünger & Mutzel.
pub(crate) fn inversions(seq: impl Iterator<Item = usize>, width: usize) -> u64 {
    let mut first = 1usize;
    while first < width {
        first *= 2;
    }
    let mut tree = vec![0u64; 2 * first];
    let first = first - 1;
    let mut count = 0;
    for v in seq {
        let mut index = v + first;
        tree[index] += 1;
        while index > 0 {
            if index % 2 == 1 {
                count += tree[index + 1];
            }
            index = (index - 1) / 2;
            tree[index] += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn brute_force(tracks: &[LayerTrack]) -> u64 {
        let mut segs = Vec::new();
        for t in tracks {
            for (j, w) in t.xs.windows(2).enumerate() {
                segs.push((t.top_layer + j, w[0], w[1]));
            }
        }
        let mut count = 0;
        for i in 0..segs.len() {
            for j in i + 1..segs.len() {
                let (a, b) = (segs[i], segs[j]);
                if a.0 == b.0 && ((a.1 < b.1 && a.2 > b.2) || (a.1 > b.1 && a.2 < b.2)) {
                    count += 1;
                }
            }
        }
        count
    }

    #[test]
    fn edges_from_one_node_do_not_cross() {
        let tracks = [
            LayerTrack {
                top_layer: 0,
                xs: vec![1.0, 0.0],
            },
            LayerTrack {
                top_layer: 0,
                xs: vec![1.0, 2.0],
            },
            LayerTrack {
                top_layer: 0,
                xs: vec![0.0, 0.0],
            },
        ];
        assert_eq!(count_crossings(&tracks), 0);
    }

    #[test]
    fn a_long_edge_crosses_once_per_layer_it_is_crossed_at() {
        let tracks = [
            LayerTrack {
                top_layer: 0,
                xs: vec![0.0, 3.0, 3.0],
            },
            LayerTrack {
                top_layer: 0,
                xs: vec![1.0, 1.0],
            },
            LayerTrack {
                top_layer: 1,
                xs: vec![2.0, 4.0],
            },
        ];
        assert_eq!(count_crossings(&tracks), 2);
    }

    #[test]
    fn the_accumulator_tree_counts_inversions() {
        assert_eq!(inversions([3, 1, 2, 0].into_iter(), 4), 5);
        assert_eq!(inversions(std::iter::empty(), 0), 0);
        assert_eq!(inversions([0, 0, 0].into_iter(), 1), 0);
    }

    proptest! {
        #[test]
        fn matches_the_brute_force_count(
            raw in prop::collection::vec((0usize..4, prop::collection::vec(0u8..6, 2..5)), 0..30)
        ) {
            let tracks: Vec<LayerTrack> = raw
                .into_iter()
                .map(|(top, xs)| LayerTrack { top_layer: top, xs: xs.into_iter().map(f64::from).collect() })
                .collect();
            prop_assert_eq!(count_crossings(&tracks), brute_force(&tracks));
        }
    }
}
