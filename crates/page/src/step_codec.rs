//! Each step's list of piece indices, written as copies from the step before plus new
//! indices.
//!
//! Consecutive steps draw mostly the same pieces in the same order (boxes persist and stay
//! put), so a step is stored as a short list of operations over the previous step's list
//! (step 0's "previous" is empty), as JSON integers:
//!
//! - `v >= 0`: the piece index `v`;
//! - `v < 0`, followed by `n`: the `n` indices of the previous step's list starting at
//!   position `-v - 1`.
//!
//! `assets/page.js` (`indicesOf`) decodes it the same way as `decode` here.

use std::collections::HashMap;

/// A copy shorter than this is written as plain indices (a copy costs two numbers).
const MIN_COPY: usize = 2;

/// At most this many earlier positions of the same piece are tried as the start of a copy
/// (a piece like `</g>` occurs many times in one step).
const MAX_CANDIDATES: usize = 32;

/// Encodes `current` as operations over `previous`; [`decode`] gives `current` back.
pub fn encode(previous: &[u32], current: &[u32]) -> Vec<i64> {
    let mut positions: HashMap<u32, Vec<usize>> = HashMap::new();
    for (p, &v) in previous.iter().enumerate() {
        positions.entry(v).or_default().push(p);
    }
    let run_at = |p: usize, j: usize| {
        previous[p..]
            .iter()
            .zip(&current[j..])
            .take_while(|(a, b)| a == b)
            .count()
    };
    let mut ops = Vec::new();
    let mut j = 0;
    // Where the previous step's list is expected to continue: just after the last copy, or
    // one further for each new index (a changed piece usually replaces one in place).
    let mut expected = 0;
    while j < current.len() {
        let mut best = (0, 0);
        if expected < previous.len() {
            best = (run_at(expected, j), expected);
        }
        if j + best.0 < current.len() {
            let candidates = positions.get(&current[j]).map_or(&[][..], Vec::as_slice);
            for &p in candidates.iter().take(MAX_CANDIDATES) {
                let run = run_at(p, j);
                if run > best.0 {
                    best = (run, p);
                }
            }
        }
        let (run, start) = best;
        if run >= MIN_COPY {
            ops.push(-(start as i64) - 1);
            ops.push(run as i64);
            j += run;
            expected = start + run;
        } else {
            ops.push(i64::from(current[j]));
            j += 1;
            expected += 1;
        }
    }
    ops
}

/// Decodes `ops` over `previous`; `None` when an operation points outside it or a copy has
/// no length. The page decodes in JavaScript; this is the reference its tests compare with.
#[cfg(test)]
pub fn decode(previous: &[u32], ops: &[i64]) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < ops.len() {
        let v = ops[k];
        if v >= 0 {
            out.push(u32::try_from(v).ok()?);
            k += 1;
        } else {
            let start = usize::try_from(-(v + 1)).ok()?;
            let len = usize::try_from(*ops.get(k + 1)?).ok()?;
            out.extend_from_slice(previous.get(start..start.checked_add(len)?)?);
            k += 2;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_unchanged_step_is_one_copy() {
        let step = [0, 1, 2, 3, 1, 4];
        assert_eq!(encode(&step, &step), vec![-1, 6]);
        assert_eq!(encode(&[], &step), vec![0, 1, 2, 3, 1, 4]);
    }

    #[test]
    fn a_replaced_piece_keeps_the_rest_copied() {
        let ops = encode(&[0, 1, 2, 3, 4, 5], &[0, 1, 9, 3, 4, 5]);
        assert_eq!(ops, vec![-1, 2, 9, -4, 3]);
    }

    proptest! {
        #[test]
        fn decode_inverts_encode(
            previous in prop::collection::vec(0u32..12, 0..60),
            current in prop::collection::vec(0u32..12, 0..60),
        ) {
            let ops = encode(&previous, &current);
            prop_assert_eq!(decode(&previous, &ops), Some(current.clone()));
            prop_assert!(ops.len() <= current.len());
        }
    }
}
