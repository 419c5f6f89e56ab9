//! Checking the cost shape against a run: each loop's bound is evaluated with the values the
//! run had when the loop started (a list's length, a number's value, a graph's neighbour
//! lists), and compared with the passes the trace counted. A loop that ran clearly more passes
//! than its bound is a disagreement; one that ran clearly fewer did not reach the bound (an
//! early exit, or a looser estimate); sizes too small to tell the classes apart are said so.

use std::collections::BTreeMap;

use algoscope_trace_format::{
    CostNode, CostShape, FunctionShape, HeapObject, LoopBound, ShrinkKind, SizeRef, Step, Trace,
    Value,
};
use serde::{Deserialize, Serialize};

/// How a run compares with the estimate.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// The function (or loop) did not run.
    NotRun,
    /// Nothing to compare: no loop with a bound the run's values give.
    Unchecked,
    /// The sizes were too small to tell `n` from `log n` or `n²`.
    TooSmall,
    /// The run's counts are within a small factor of the bound.
    Agrees,
    /// The run made clearly fewer passes than the bound (an early exit, or a looser bound).
    Below,
    /// The run made clearly more passes than the bound: the estimate is too low.
    Above,
}

impl Verdict {
    /// The verdict in words (`agrees`, `too small to tell`).
    pub fn words(self) -> &'static str {
        match self {
            Verdict::NotRun => "not run",
            Verdict::Unchecked => "nothing to check",
            Verdict::TooSmall => "too small to tell",
            Verdict::Agrees => "agrees",
            Verdict::Below => "below the bound",
            Verdict::Above => "disagrees",
        }
    }
}

/// One loop of a function, over all its runs in the trace.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LoopCheck {
    /// The loop's id (`L12`).
    pub loop_id: String,
    /// Its header line.
    pub line: u32,
    /// How many times the loop was entered.
    pub runs: u64,
    /// Mean passes per run (per call of the function for an amortised bound).
    pub passes: f64,
    /// Mean passes the bound gives with the run's values, when they are known.
    pub expected: Option<f64>,
    /// The bound as written (`len(arr)`, `log n`, `√n`).
    pub bound: String,
    /// The verdict.
    pub verdict: Verdict,
}

/// One function's check.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct FunctionCheck {
    /// The function's name as in the cost shape.
    pub name: String,
    /// The worst verdict of its loops.
    pub verdict: Verdict,
    /// One sentence: what ran and how it compares.
    pub message: String,
    /// Calls in the run.
    pub calls: u64,
    /// The deepest recursion in the run (1 when not recursive).
    pub max_depth: u64,
    /// Each loop with a loop id that ran.
    pub loops: Vec<LoopCheck>,
    /// For a recursive function: its calls against its recursion depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recursion: Option<RecursionCheck>,
}

/// A recursive function's calls compared with what the estimate's recursion gives for the
/// depth the run reached: one self-call per frame (or a memo) makes calls grow with the depth
/// (`n - 1`, binary search, memoised Fibonacci), several unmemoised self-calls make them grow
/// exponentially with it (naive Fibonacci, subsets; divide and conquer, whose depth is log n).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RecursionCheck {
    /// Calls from other functions (each starts a recursion).
    pub outer_calls: u64,
    /// Self-calls one frame makes on its longest path (alternatives count once).
    pub self_calls: u32,
    /// Whether the estimate takes the calls to grow exponentially with the depth.
    pub exponential: bool,
    /// The verdict.
    pub verdict: Verdict,
}

/// The whole program's check.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RunCheck {
    /// The worst verdict over the functions.
    pub verdict: Verdict,
    /// One sentence for the program.
    pub message: String,
    /// Per function, in the shape's order.
    pub functions: Vec<FunctionCheck>,
}

/// A clear factor between the run and the bound: within it, the run agrees.
const FACTOR: f64 = 3.0;
/// Bounds below this many passes cannot tell the classes apart.
const SMALL: f64 = 6.0;

/// Compares the cost shape with a trace of the same program (full heaps or deltas).
///
/// ```
/// use algoscope_bigo::{check, Verdict};
/// use algoscope_trace_format::{CostShape, Trace, Language};
/// let trace = Trace::new(Language::Python, "", vec![]);
/// let c = check(&CostShape::default(), &trace);
/// assert_eq!(c.verdict, Verdict::NotRun);
/// ```
pub fn check(shape: &CostShape, trace: &Trace) -> RunCheck {
    let expanded;
    let trace = if trace.heap_delta {
        let mut t = trace.clone();
        if algoscope_trace_format::expand_heaps(&mut t).is_err() {
            return RunCheck {
                verdict: Verdict::Unchecked,
                message: "the trace's heaps could not be read".into(),
                functions: Vec::new(),
            };
        }
        expanded = t;
        &expanded
    } else {
        trace
    };
    let runs = loop_runs(trace);
    let functions: Vec<FunctionCheck> = shape
        .functions
        .iter()
        .map(|f| check_function(f, trace, &runs))
        .collect();
    let verdict = functions
        .iter()
        .map(|f| f.verdict)
        .max()
        .unwrap_or(Verdict::NotRun);
    let message = match verdict {
        Verdict::Above => {
            let names: Vec<&str> = functions
                .iter()
                .filter(|f| f.verdict == Verdict::Above)
                .map(|f| f.name.as_str())
                .collect();
            format!(
                "the run did more work (loop passes or calls) than the estimate allows in {}",
                names.join(", ")
            )
        }
        Verdict::Below => {
            "the run stayed below the estimate's bounds (early exits, or the estimate is loose)"
                .into()
        }
        Verdict::Agrees => "the run's loop counts agree with the estimate".into(),
        Verdict::TooSmall => "the run is too small to tell the classes apart".into(),
        Verdict::Unchecked => "no loop of the run has a bound to compare".into(),
        Verdict::NotRun => "nothing ran".into(),
    };
    RunCheck {
        verdict,
        message: if trace.truncated {
            format!("{message} (the run was cut short: only finished loops count)")
        } else {
            message
        },
        functions,
    }
}

/// One run of one loop: the step it started at, its frame and its passes.
struct LoopRun {
    frame: String,
    first_step: usize,
    passes: u64,
    finished: bool,
}

/// Every loop run in the trace, by loop id.
fn loop_runs(trace: &Trace) -> BTreeMap<String, Vec<LoopRun>> {
    let mut runs: BTreeMap<(String, String, u64), LoopRun> = BTreeMap::new();
    for (i, step) in trace.steps.iter().enumerate() {
        for lc in &step.loops {
            let key = (lc.loop_id.clone(), lc.frame.clone(), lc.instance);
            let run = runs.entry(key).or_insert(LoopRun {
                frame: lc.frame.clone(),
                first_step: i,
                passes: 0,
                finished: false,
            });
            run.passes = run.passes.max(lc.iteration);
        }
    }
    // A run is finished when a later step exists (the program went on after it); the last
    // runs of a truncated trace may have been cut.
    let last = trace.steps.len().saturating_sub(1);
    let mut out: BTreeMap<String, Vec<LoopRun>> = BTreeMap::new();
    for ((id, _, _), mut run) in runs {
        let still = trace.steps.last().is_some_and(|s| {
            s.loops
                .iter()
                .any(|l| l.loop_id == id && l.frame == run.frame)
        });
        run.finished = !(trace.truncated && still) && run.first_step <= last;
        out.entry(id).or_default().push(run);
    }
    out
}

fn frame_matches(func: &str, name: &str) -> bool {
    func == name
        || (name == "<module>" && func == "<main>")
        || func.rsplit('.').next() == Some(name)
}

fn check_function(
    f: &FunctionShape,
    trace: &Trace,
    runs: &BTreeMap<String, Vec<LoopRun>>,
) -> FunctionCheck {
    let count = trace
        .counts
        .functions
        .iter()
        .find(|(k, _)| frame_matches(k, &f.name));
    let (calls, max_depth) = count.map_or((0, 0), |(_, c)| (c.calls, c.max_depth));
    let mut loops = Vec::new();
    let mut nodes = Vec::new();
    collect_loops(&f.body, &mut nodes);
    for (id, line, bound) in nodes {
        let Some(rs) = runs.get(&id) else { continue };
        let finished: Vec<&LoopRun> = rs
            .iter()
            .filter(|r| r.finished)
            .filter(|r| frame_func(trace, r).is_some_and(|func| frame_matches(func, &f.name)))
            .collect();
        if finished.is_empty() {
            continue;
        }
        loops.push(check_loop(&id, line, bound, &finished, trace));
    }
    let ran = calls > 0 || f.name == "<module>" && !trace.steps.is_empty();
    let recursion = (ran && max_depth > 1)
        .then(|| check_recursion(f, trace, calls, max_depth))
        .flatten();
    let verdict = if !ran {
        Verdict::NotRun
    } else {
        loops
            .iter()
            .map(|l| l.verdict)
            .chain(recursion.as_ref().map(|r| r.verdict))
            .max()
            .unwrap_or(Verdict::Unchecked)
    };
    let mut parts = Vec::new();
    if let Some(r) = &recursion {
        let shape = if r.exponential {
            "exponential in the depth"
        } else {
            "about the depth per outer call"
        };
        parts.push(format!(
            "{calls} calls at recursion depth {max_depth} ({} outer): the estimate expects {shape}, {}",
            r.outer_calls,
            r.verdict.words()
        ));
    }
    for l in &loops {
        let passes = format_count(l.passes);
        parts.push(match (l.verdict, l.expected) {
            (Verdict::Above, Some(e)) => format!(
                "line {}: the bound {} gives ~{} passes, but the loop ran ~{passes}",
                l.line,
                l.bound,
                format_count(e)
            ),
            (Verdict::Below, Some(e)) => format!(
                "line {}: ran ~{passes} passes, under the bound {} (~{})",
                l.line,
                l.bound,
                format_count(e)
            ),
            (Verdict::TooSmall, Some(e)) => format!(
                "line {}: ~{passes} passes for a bound of ~{}: too small to tell",
                l.line,
                format_count(e)
            ),
            (Verdict::Agrees, Some(e)) => format!(
                "line {}: ~{passes} passes, as the bound {} gives (~{})",
                l.line,
                l.bound,
                format_count(e)
            ),
            _ => format!("line {}: ~{passes} passes (bound {})", l.line, l.bound),
        });
    }
    let message = if !ran {
        "not called in this run".to_string()
    } else if parts.is_empty() && f.name == "<module>" {
        "no loop or recursion to compare".to_string()
    } else if parts.is_empty() {
        format!("{calls} call(s); no loop or recursion to compare")
    } else {
        parts.join("; ")
    };
    FunctionCheck {
        name: f.name.clone(),
        verdict,
        message,
        calls,
        max_depth,
        loops,
        recursion,
    }
}

/// Self-calls along the longest path of a body: a sequence adds, alternatives take the most,
/// a loop around a self-call makes it several.
fn self_calls(body: &[CostNode], name: &str) -> u32 {
    body.iter()
        .map(|n| match n {
            CostNode::Call { callee, .. } if callee == name => 1,
            CostNode::Loop { body, .. } => self_calls(body, name).saturating_mul(2),
            CostNode::Branch { arms, .. } => {
                arms.iter().map(|a| self_calls(a, name)).max().unwrap_or(0)
            }
            _ => 0,
        })
        .sum()
}

/// Calls of the function from other functions: frames of it whose caller is not itself.
fn outer_calls(trace: &Trace, name: &str) -> u64 {
    let mut seen = std::collections::HashSet::new();
    let mut outer = 0;
    for step in &trace.steps {
        for (i, frame) in step.stack.iter().enumerate() {
            if frame_matches(&frame.func, name) && seen.insert(frame.id.clone()) {
                let caller_is_self = i > 0 && step.stack[i - 1].func == frame.func;
                if !caller_is_self {
                    outer += 1;
                }
            }
        }
    }
    outer
}

fn check_recursion(
    f: &FunctionShape,
    trace: &Trace,
    calls: u64,
    max_depth: u64,
) -> Option<RecursionCheck> {
    let k = self_calls(&f.body, &f.name);
    if k == 0 {
        return None;
    }
    let outer = outer_calls(trace, &f.name).max(1);
    let halving = has_shrink(&f.body, &f.name, &[ShrinkKind::Half, ShrinkKind::Partition]);
    let exponential = k >= 2 && f.memo.is_none();
    let per_outer = calls as f64 / outer as f64;
    let depth = max_depth as f64;
    let verdict = if max_depth < 6 {
        Verdict::TooSmall
    } else if !exponential {
        // One self-call per frame, or a memo: calls grow with the depth.
        if per_outer > FACTOR * depth * f64::from(k) + 2.0 {
            Verdict::Above
        } else {
            Verdict::Agrees
        }
    } else if halving {
        // Divide and conquer: up to k^depth calls, at least the depth.
        Verdict::Agrees
    } else if per_outer < 1.3_f64.powf(depth) {
        Verdict::Below
    } else {
        Verdict::Agrees
    };
    Some(RecursionCheck {
        outer_calls: outer,
        self_calls: k,
        exponential,
        verdict,
    })
}

fn has_shrink(body: &[CostNode], name: &str, kinds: &[ShrinkKind]) -> bool {
    body.iter().any(|n| match n {
        CostNode::Call { callee, shrink, .. } => {
            callee == name && shrink.is_some_and(|s| kinds.contains(&s))
        }
        CostNode::Loop { body, .. } => has_shrink(body, name, kinds),
        CostNode::Branch { arms, .. } => arms.iter().any(|a| has_shrink(a, name, kinds)),
        CostNode::Op { .. } => false,
    })
}

fn format_count(x: f64) -> String {
    if x >= 10.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// The function running the frame a loop run is in.
fn frame_func<'t>(trace: &'t Trace, run: &LoopRun) -> Option<&'t str> {
    trace.steps[run.first_step]
        .stack
        .iter()
        .find(|fr| fr.id == run.frame)
        .map(|fr| fr.func.as_str())
}

fn collect_loops<'s>(body: &'s [CostNode], out: &mut Vec<(String, u32, &'s LoopBound)>) {
    for n in body {
        match n {
            CostNode::Loop {
                loop_id,
                line,
                bound,
                body,
            } => {
                if let Some(id) = loop_id {
                    out.push((id.clone(), *line, bound));
                }
                collect_loops(body, out);
            }
            CostNode::Branch { arms, .. } => {
                for a in arms {
                    collect_loops(a, out);
                }
            }
            _ => {}
        }
    }
}

fn bound_text(b: &LoopBound) -> String {
    let s = |r: &SizeRef| {
        if r.inner {
            format!("len({}[u])", r.name)
        } else if r.len {
            format!("len({})", r.name)
        } else {
            r.name.clone()
        }
    };
    match b {
        LoopBound::Size { sizes } => sizes.iter().map(s).collect::<Vec<_>>().join(" + "),
        LoopBound::Log { size } => format!("log {}", s(size)),
        LoopBound::Sqrt { size } => format!("√{}", s(size)),
        LoopBound::Amortised { size } => format!("{} in all", s(size)),
        LoopBound::Constant => "a constant".into(),
        LoopBound::Unknown => "unknown".into(),
    }
}

fn check_loop(
    id: &str,
    line: u32,
    bound: &LoopBound,
    runs: &[&LoopRun],
    trace: &Trace,
) -> LoopCheck {
    // An amortised bound holds for all runs in one frame together.
    let (passes, expected): (Vec<f64>, Vec<Option<f64>>) =
        if let LoopBound::Amortised { size } = bound {
            let mut per_frame: BTreeMap<&str, (u64, Option<f64>)> = BTreeMap::new();
            for r in runs {
                let e = per_frame
                    .entry(&r.frame)
                    .or_insert((0, size_value(size, &trace.steps[r.first_step], &r.frame)));
                e.0 += r.passes;
            }
            per_frame.values().map(|(p, e)| (*p as f64, *e)).unzip()
        } else {
            runs.iter()
                .map(|r| {
                    let step = &trace.steps[r.first_step];
                    let e = match bound {
                        LoopBound::Size { sizes } => sizes
                            .iter()
                            .map(|s| size_value(s, step, &r.frame))
                            .sum::<Option<f64>>(),
                        LoopBound::Log { size } => {
                            size_value(size, step, &r.frame).map(|v| v.max(1.0).log2() + 1.0)
                        }
                        LoopBound::Sqrt { size } => {
                            size_value(size, step, &r.frame).map(|v| v.max(0.0).sqrt() + 1.0)
                        }
                        _ => None,
                    };
                    (r.passes as f64, e)
                })
                .unzip()
        };
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len().max(1) as f64;
    let observed = mean(&passes);
    let known: Vec<f64> = expected.iter().flatten().copied().collect();
    let expected_mean = (known.len() == expected.len() && !known.is_empty()).then(|| mean(&known));
    let verdict = match expected_mean {
        None => Verdict::Unchecked,
        Some(e) if observed > FACTOR * e + 2.0 => Verdict::Above,
        Some(e) if e < SMALL => Verdict::TooSmall,
        Some(e) if observed * FACTOR < e => Verdict::Below,
        Some(_) => Verdict::Agrees,
    };
    LoopCheck {
        loop_id: id.to_string(),
        line,
        runs: runs.len() as u64,
        passes: observed,
        expected: expected_mean,
        bound: bound_text(bound),
        verdict,
    }
}

/// The value of a size at a step, looked up in the loop's frame, then the module's.
fn size_value(s: &SizeRef, step: &Step, frame: &str) -> Option<f64> {
    let (name, row) = match s.name.strip_suffix("[]") {
        Some(base) => (base, true),
        None => (s.name.as_str(), false),
    };
    let lookup = |fr: &algoscope_trace_format::Frame| {
        fr.locals
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let value = step
        .stack
        .iter()
        .find(|f| f.id == frame)
        .and_then(lookup)
        .or_else(|| step.stack.first().and_then(lookup))?;
    if row {
        let first = match &value {
            Value::Ref { id } => match step.heap.get(id.as_str())?.as_ref() {
                HeapObject::List(q) | HeapObject::Tuple(q) => q.items.first().cloned(),
                _ => None,
            },
            _ => None,
        }?;
        return length(&first, step);
    }
    if s.inner {
        return mean_item_length(&value, step);
    }
    if s.len {
        return length(&value, step);
    }
    match &value {
        Value::Prim { repr, .. } => repr.parse::<f64>().ok().map(f64::abs),
        Value::Ref { .. } => length(&value, step),
        Value::Unreadable { .. } => None,
    }
}

fn length(v: &Value, step: &Step) -> Option<f64> {
    match v {
        Value::Prim {
            type_name,
            repr,
            length,
        } if type_name == "str" || type_name == "string" => Some(length.map_or_else(
            || repr.chars().count().saturating_sub(2) as f64,
            |l| l as f64,
        )),
        Value::Ref { id } => match step.heap.get(id.as_str())?.as_ref() {
            HeapObject::List(q) | HeapObject::Tuple(q) | HeapObject::Set(q) => {
                Some(q.length as f64)
            }
            HeapObject::Dict(m) => Some(m.length as f64),
            _ => None,
        },
        _ => None,
    }
}

/// The mean length of a collection's items (a graph's neighbour lists).
fn mean_item_length(v: &Value, step: &Step) -> Option<f64> {
    let Value::Ref { id } = v else { return None };
    let items: Vec<Value> = match step.heap.get(id.as_str())?.as_ref() {
        HeapObject::Dict(m) => m.entries.iter().map(|(_, v)| v.clone()).collect(),
        HeapObject::List(q) | HeapObject::Tuple(q) => q.items.clone(),
        _ => return None,
    };
    let lens: Vec<f64> = items.iter().filter_map(|i| length(i, step)).collect();
    (!lens.is_empty()).then(|| lens.iter().sum::<f64>() / lens.len() as f64)
}
