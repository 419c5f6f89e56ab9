//! The state a run started from, as a row: the first pass of a run is compared with the run's
//! start (there is no earlier pass), so its moves (a swap, a shift, items leaving the front)
//! need a row to come from. [`attach_starts`] gives a run header that row when its first pass
//! follows it directly and moved something.

use super::history::{Pass, Run};
use super::types::*;

/// The label of a run's start row.
pub(crate) const START_LABEL: &str = "start";

/// The pass a start row is read as: pass 0 of run `run` (an index into the runs), at `start`.
pub(crate) fn start_pass(run: usize, start: usize) -> Pass {
    Pass {
        run,
        iteration: 0,
        first: start,
        last: start,
    }
}

/// Makes `row` (read at its run's start and compared with that same state) a start row:
/// pass 0, labelled [`START_LABEL`], nothing marked changed.
pub(crate) fn as_start_row(mut row: LoopRow) -> LoopRow {
    row.label = START_LABEL.to_string();
    row.current = false;
    row.changed = false;
    row
}

/// True when `row` has something a change arrow or a popped-value mark starts from in the
/// row above it: a changed list or tuple cell whose value the scene traced
/// ([`RowCell::from`]), or items that left a sequence's front.
pub(crate) fn moves_something(row: &LoopRow) -> bool {
    row.containers.iter().any(|c| {
        let RowContent::Sequence(seq) = &c.content else {
            return false;
        };
        !c.rebound
            && (!seq.removed_front.is_empty()
                || seq
                    .cells
                    .iter()
                    .any(|cell| cell.changed && cell.from.is_some()))
    })
}

/// Gives every run header of `items` that is directly followed by its run's first pass
/// (compared with the run's start) and that pass moved something ([`moves_something`]) the
/// start row `start_of` reads for it (`None` leaves the header without one).
pub(crate) fn attach_starts(
    items: &mut [LoopItem],
    mut start_of: impl FnMut(&RunHeader) -> Option<LoopRow>,
) {
    for i in 1..items.len() {
        let (head, tail) = items.split_at_mut(i);
        let (LoopItem::RunHeader(header), LoopItem::Row(row)) = (&mut head[i - 1], &tail[0]) else {
            continue;
        };
        let first_pass = row.loop_id == header.loop_id
            && row.run == header.run
            && row.compare_step == header.step;
        if first_pass && moves_something(row) {
            header.start = start_of(header).map(|r| Box::new(as_start_row(r)));
        }
    }
}

/// The run of `runs` a header starts: its index.
pub(crate) fn run_index(runs: &[Run], header: &RunHeader) -> Option<usize> {
    runs.iter()
        .position(|r| r.loop_id == header.loop_id && r.run == header.run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use algoscope_trace_format::Value;

    fn cell(v: &str, changed: bool, from: Option<u64>) -> RowCell {
        RowCell {
            value: Value::prim("int", v),
            text: v.into(),
            changed,
            from,
        }
    }

    fn row(loop_id: &str, run: u64, compare_step: usize, cells: Vec<RowCell>) -> LoopRow {
        LoopRow {
            loop_id: loop_id.into(),
            run,
            depth: 0,
            iteration: 1,
            step: 9,
            compare_step,
            label: "pass 1".into(),
            current: false,
            changed: true,
            containers: vec![RowContainer {
                name: "a".into(),
                id: Some("o1".into()),
                rebound: false,
                content: RowContent::Sequence(SequenceRow {
                    type_name: "list".into(),
                    offset: 0,
                    length: cells.len() as u64,
                    cells,
                    removed_front: Vec::new(),
                    removed_back: Vec::new(),
                }),
            }],
            scalars: Vec::new(),
            pointers: Vec::new(),
            linked: None,
            linked_changed: false,
            linked_changes: Vec::new(),
            graphs: Vec::new(),
            sizes: None,
        }
    }

    fn header(loop_id: &str, run: u64, step: usize) -> LoopItem {
        LoopItem::RunHeader(RunHeader {
            loop_id: loop_id.into(),
            run,
            depth: 0,
            header: "for j in range(2)".into(),
            call: None,
            step,
            values: Vec::new(),
            start: None,
        })
    }

    fn starts(items: &[LoopItem]) -> Vec<Option<String>> {
        items
            .iter()
            .filter_map(|i| match i {
                LoopItem::RunHeader(h) => Some(h.start.as_ref().map(|r| r.label.clone())),
                _ => None,
            })
            .collect()
    }

    fn start_row(h: &RunHeader) -> Option<LoopRow> {
        let mut r = row(&h.loop_id, h.run, h.step, vec![cell("1", true, Some(0))]);
        r.iteration = 0;
        Some(r)
    }

    #[test]
    fn a_swap_in_the_first_pass_gets_the_start_row() {
        let swap = vec![cell("2", true, Some(1)), cell("1", true, Some(0))];
        let mut items = vec![
            header("L1", 1, 3),
            LoopItem::Row(Box::new(row("L1", 1, 3, swap))),
        ];
        attach_starts(&mut items, start_row);
        assert_eq!(starts(&items), [Some("start".to_string())]);
        let LoopItem::RunHeader(h) = &items[0] else {
            panic!("a header first")
        };
        let start = h.start.as_ref().expect("a start row");
        assert!(!start.changed && !start.current && start.iteration == 0);
    }

    #[test]
    fn no_start_row_without_a_move_or_when_the_row_is_not_the_runs_first_pass() {
        let quiet = vec![cell("1", false, None), cell("2", false, None)];
        let new_value = vec![cell("1", true, None)];
        let swap = vec![cell("2", true, Some(1)), cell("1", true, Some(0))];
        let mut items = vec![
            header("L1", 1, 3),
            LoopItem::Row(Box::new(row("L1", 1, 3, quiet))),
            header("L1", 2, 10),
            LoopItem::Row(Box::new(row("L1", 2, 10, new_value))),
            // Another run's row, and a row compared with an earlier pass.
            header("L1", 3, 20),
            LoopItem::Row(Box::new(row("L2", 3, 20, swap.clone()))),
            header("L1", 4, 30),
            LoopItem::Row(Box::new(row("L1", 4, 31, swap))),
        ];
        attach_starts(&mut items, start_row);
        assert_eq!(starts(&items), [None, None, None, None]);
    }

    #[test]
    fn items_leaving_the_front_count_as_a_move() {
        let mut r = row("L1", 1, 3, vec![cell("B", false, None)]);
        if let RowContent::Sequence(seq) = &mut r.containers[0].content {
            seq.removed_front = vec![cell("A", true, None)];
        }
        assert!(moves_something(&r));
        r.containers[0].rebound = true;
        assert!(!moves_something(&r));
    }
}
