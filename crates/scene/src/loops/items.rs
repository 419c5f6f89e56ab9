//! The items to draw, in order: run headers, rows, bands of quiet passes, gaps of unrecorded
//! (sampled) passes, and the cap on rows.

use super::types::*;

/// A row with what the item list needs besides it.
pub(crate) struct Placed {
    /// The row.
    pub row: LoopRow,
    /// Passes skipped (not recorded) right before this one in its run, and the events they
    /// ran.
    pub gap_before: Option<(u64, u64)>,
}

/// A run header with the step range its items span.
pub(crate) struct HeaderAt {
    /// The header.
    pub header: RunHeader,
    /// Last step of the run (its last pass's row step, or its start).
    pub end: usize,
}

/// The rows of one step's history to assemble, and what comes before them.
pub(crate) struct Window {
    /// Every run header shown at the step (those before the window are kept only when their
    /// run is still open where the cap cuts).
    pub headers: Vec<HeaderAt>,
    /// Headers starting at or before this step lie before the window (`None`: the window
    /// starts at the beginning).
    pub after_step: Option<usize>,
    /// The rows, in step order.
    pub rows: Vec<Placed>,
    /// Rows (after folding) before the window; the window starts where folding starts afresh.
    pub rows_before: usize,
}

/// Orders headers and rows by step, inserts gaps, folds quiet passes, and keeps the latest
/// `max_rows` rows.
pub(crate) fn assemble(window: Window, options: &LoopSceneOptions) -> Vec<LoopItem> {
    let Window {
        headers,
        after_step,
        rows,
        rows_before,
    } = window;
    // (sort step, order within step, item)
    let mut keyed: Vec<(usize, u32, LoopItem)> = Vec::new();
    for h in &headers {
        if after_step.is_some_and(|after| h.header.step <= after) {
            continue;
        }
        keyed.push((
            h.header.step,
            h.header.depth,
            LoopItem::RunHeader(h.header.clone()),
        ));
    }
    for placed in rows {
        if let Some((passes, events)) = placed.gap_before {
            keyed.push((
                placed.row.step,
                u32::MAX - 1,
                LoopItem::Gap(SampledGap {
                    loop_id: placed.row.loop_id.clone(),
                    run: placed.row.run,
                    depth: placed.row.depth,
                    passes,
                    events,
                }),
            ));
        }
        keyed.push((
            placed.row.step,
            u32::MAX,
            LoopItem::Row(Box::new(placed.row)),
        ));
    }
    keyed.sort_by_key(|(step, order, _)| (*step, *order));
    let items: Vec<LoopItem> = keyed.into_iter().map(|(_, _, item)| item).collect();
    let items = fold_quiet(items, options.min_quiet_band.max(1));
    cap_rows(items, &headers, options.max_rows, rows_before)
}

/// Folds runs of at least `min` consecutive quiet rows of one run (never the current row nor
/// the last row) into a [`QuietBand`].
pub(crate) fn fold_quiet(items: Vec<LoopItem>, min: usize) -> Vec<LoopItem> {
    let last_row = items.iter().rposition(|i| matches!(i, LoopItem::Row(_)));
    let foldable = |index: usize, item: &LoopItem| match item {
        LoopItem::Row(r) => !r.changed && !r.current && Some(index) != last_row,
        _ => false,
    };
    let mut out: Vec<LoopItem> = Vec::new();
    let mut pending: Vec<LoopRow> = Vec::new();
    let flush = |pending: &mut Vec<LoopRow>, out: &mut Vec<LoopItem>| {
        if pending.len() >= min {
            let (first, last) = (&pending[0], &pending[pending.len() - 1]);
            out.push(LoopItem::Quiet(QuietBand {
                loop_id: first.loop_id.clone(),
                run: first.run,
                depth: first.depth,
                count: pending.len() as u64,
                iterations: [first.iteration, last.iteration],
                steps: [first.step, last.step],
            }));
            pending.clear();
        } else {
            out.extend(pending.drain(..).map(|r| LoopItem::Row(Box::new(r))));
        }
    };
    for (index, item) in items.into_iter().enumerate() {
        if foldable(index, &item) {
            if let LoopItem::Row(row) = item {
                let same_run = pending
                    .last()
                    .is_none_or(|p| p.loop_id == row.loop_id && p.run == row.run);
                if !same_run {
                    flush(&mut pending, &mut out);
                }
                pending.push(*row);
            }
            continue;
        }
        flush(&mut pending, &mut out);
        out.push(item);
    }
    flush(&mut pending, &mut out);
    out
}

/// Keeps the latest `max_rows` rows: everything before the first kept row goes, replaced by
/// a [`LoopItem::Dropped`] and the headers of the runs still open there. `rows_before` rows
/// came before `items` (and go first).
pub(crate) fn cap_rows(
    items: Vec<LoopItem>,
    headers: &[HeaderAt],
    max_rows: usize,
    rows_before: usize,
) -> Vec<LoopItem> {
    let total = rows_before
        + items
            .iter()
            .filter(|i| matches!(i, LoopItem::Row(_)))
            .count();
    if total <= max_rows {
        return items;
    }
    let dropped = total - max_rows;
    let mut seen = rows_before;
    let mut cut = items.len();
    for (index, item) in items.iter().enumerate() {
        if let LoopItem::Row(_) = item {
            if seen == dropped {
                cut = index;
                break;
            }
            seen += 1;
        }
    }
    // Keep the headers, gaps and bands right before the first kept row that belong with it.
    while cut > 0 && !matches!(items[cut - 1], LoopItem::Row(_)) {
        cut -= 1;
    }
    let cut_step = items[cut..]
        .iter()
        .find_map(|i| match i {
            LoopItem::Row(r) => Some(r.step),
            _ => None,
        })
        .unwrap_or(0);
    let kept_headers: Vec<(String, u64)> = items[cut..]
        .iter()
        .filter_map(|i| match i {
            LoopItem::RunHeader(h) => Some((h.loop_id.clone(), h.run)),
            _ => None,
        })
        .collect();
    let mut out = vec![LoopItem::Dropped(DroppedRows { rows: dropped })];
    let mut open: Vec<&HeaderAt> = headers
        .iter()
        .filter(|h| h.header.step < cut_step && h.end >= cut_step)
        .filter(|h| !kept_headers.contains(&(h.header.loop_id.clone(), h.header.run)))
        .collect();
    open.sort_by_key(|h| (h.header.step, h.header.depth));
    out.extend(
        open.into_iter()
            .map(|h| LoopItem::RunHeader(h.header.clone())),
    );
    out.extend(items.into_iter().skip(cut));
    out
}
