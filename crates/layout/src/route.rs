//! Orthogonal arrow routing after placement.
//!
//! Each arrow leaves its box through the port polyline the shape gave it and is classified by
//! the column of its target: the next column (forward), the same column (u-turn, arriving on
//! the right side), a later one (long forward) or an earlier one (backward). Vertical runs get
//! lanes in the gaps between columns: forward lanes just left of the target column, u-turn and
//! corridor lanes just right of the source column. Long and backward arrows cross columns in
//! a corridor above the boxes of the columns they pass (the top margin), or below them when
//! the top margin is full. Arrivals on one side of a box are spread apart; an arrow already
//! level with its target stays one straight line. Tree nodes are entered from above.

use std::collections::BTreeMap;

use algoscope_scene::MemoryScene;

use crate::options::Sizes;
use crate::place::{TopInfo, Unit};
use crate::shape::Pt;

/// A routed arrow.
pub(crate) struct Routed {
    pub from: String,
    pub to: String,
    pub points: Vec<Pt>,
    pub classes: String,
}

/// Lanes each gap needs: (right of the column before it, left of the column after it).
pub(crate) type GapNeeds = Vec<(usize, usize)>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    Straight,
    Forward,
    Same,
    Corridor,
    TreeEdge,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Left,
    Right,
    Top,
}

struct Abs {
    key: String,
    rect: [f64; 4],
    entry_x: f64,
    span: (f64, f64),
    unit: usize,
    top: Option<TopInfo>,
}

struct Job {
    from: String,
    to: String,
    classes: String,
    prefix: Vec<Pt>,
    exit: Pt,
    class: Class,
    side: Side,
    sc: usize,
    tc: usize,
    target: usize,
    cy: f64,
    arrive: f64,
    arrive_track: f64,
    lane_r: Option<usize>,
    lane_l: Option<usize>,
}

/// Routes every drawn arrow of `scene`. `col_x`/`col_w` give each column's left edge and
/// width; returns the arrows and the lanes each gap needs.
pub(crate) fn route(
    scene: &MemoryScene,
    nested: bool,
    units: &[Unit],
    unit_of: &BTreeMap<String, usize>,
    col_x: &[f64],
    col_w: &[f64],
    sizes: &Sizes,
) -> (Vec<Routed>, GapNeeds) {
    let ncols = col_x.len();
    // Absolute targets and ports.
    let mut targets: Vec<Abs> = Vec::new();
    let mut target_index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut ports: BTreeMap<(&str, &str), (Vec<Pt>, bool, usize)> = BTreeMap::new();
    for (ui, u) in units.iter().enumerate() {
        for (px, py, shape) in &u.parts {
            let (ox, oy) = (u.x + px, u.y + py);
            for t in &shape.targets {
                let top = u.tops.get(&t.key).map(|ti| TopInfo {
                    cx: u.x + ti.cx,
                    top: u.y + ti.top,
                    chan_y: u.y + ti.chan_y,
                    level: ti.level,
                    parent: ti.parent.clone(),
                });
                target_index.insert(t.key.as_str(), targets.len());
                targets.push(Abs {
                    key: t.key.clone(),
                    rect: [ox + t.rect[0], oy + t.rect[1], t.rect[2], t.rect[3]],
                    entry_x: ox + t.entry_x,
                    span: (oy + t.span.0, oy + t.span.1),
                    unit: ui,
                    top,
                });
            }
            for p in &shape.ports {
                let pts: Vec<Pt> = p.points.iter().map(|(x, y)| (ox + x, oy + y)).collect();
                ports.insert((p.from.as_str(), p.to.as_str()), (pts, p.down, ui));
            }
        }
    }
    let col_right =
        |c: usize| col_x.get(c).copied().unwrap_or(0.0) + col_w.get(c).copied().unwrap_or(0.0);
    let col_left = |c: usize| col_x.get(c).copied().unwrap_or(0.0);

    let mut jobs: Vec<Job> = Vec::new();
    for a in scene.drawn_arrows(nested) {
        let (Some(&ti), Some((pts, down, su))) = (
            target_index.get(a.to.as_str()),
            ports.get(&(a.from.as_str(), a.to.as_str())),
        ) else {
            continue;
        };
        let t = &targets[ti];
        let Some(&tu) = unit_of.get(&a.to) else {
            continue;
        };
        let sc = units[*su].column.min(ncols - 1);
        let tc = units[tu].column.min(ncols - 1);
        let exit = pts.last().copied().unwrap_or((0.0, 0.0));
        let mut classes = String::from("arrow");
        if a.kind == algoscope_scene::ArrowKind::Output {
            classes.push_str(" print-arrow");
        }
        if a.changed {
            classes.push_str(" changed");
        }
        let tree_edge = *down
            && t.top.as_ref().and_then(|ti| ti.parent.as_deref()) == Some(a.from_node.as_str());
        let side = if t.top.is_some() {
            Side::Top
        } else if tc == sc {
            Side::Right
        } else {
            Side::Left
        };
        let class = if tree_edge {
            Class::TreeEdge
        } else if tc == sc {
            Class::Same
        } else if tc == sc + 1 {
            Class::Forward
        } else {
            Class::Corridor
        };
        jobs.push(Job {
            from: a.from.clone(),
            to: a.to.clone(),
            classes: if tree_edge {
                format!("{classes} tree-edge")
            } else {
                classes
            },
            prefix: pts.clone(),
            exit,
            class,
            side,
            sc,
            tc,
            target: ti,
            cy: 0.0,
            arrive: 0.0,
            arrive_track: 0.0,
            lane_r: None,
            lane_l: None,
        });
    }

    // Corridors: above the boxes of the columns crossed, nearest first; below when full.
    let mut col_top = vec![f64::MAX; ncols];
    let mut col_bottom = vec![f64::MIN; ncols];
    for u in units {
        let c = u.column.min(ncols - 1);
        col_top[c] = col_top[c].min(u.y);
        col_bottom[c] = col_bottom[c].max(u.y + u.h);
    }
    let mut corridor_ids: Vec<usize> = (0..jobs.len())
        .filter(|&i| jobs[i].class == Class::Corridor)
        .collect();
    let range = |j: &Job| {
        if j.tc > j.sc {
            (j.sc + 1, j.tc - 1)
        } else {
            (j.tc, j.sc)
        }
    };
    corridor_ids.sort_by_key(|&i| {
        let (lo, hi) = range(&jobs[i]);
        (hi - lo, lo, i)
    });
    let mut above: Vec<((usize, usize), usize)> = Vec::new();
    let mut below: Vec<((usize, usize), usize)> = Vec::new();
    for i in corridor_ids {
        let (lo, hi) = range(&jobs[i]);
        let overl = |list: &Vec<((usize, usize), usize)>| {
            list.iter()
                .filter(|((a, b), _)| *a <= hi && lo <= *b)
                .map(|(_, k)| k + 1)
                .max()
                .unwrap_or(0)
        };
        let t = (lo..=hi).map(|c| col_top[c]).fold(f64::MAX, f64::min);
        let b = (lo..=hi).map(|c| col_bottom[c]).fold(f64::MIN, f64::max);
        let k = overl(&above);
        let cy = t - 10.0 - sizes.lane_px * k as f64;
        if t < f64::MAX && cy >= 6.0 {
            above.push(((lo, hi), k));
            jobs[i].cy = cy;
        } else {
            let k = overl(&below);
            below.push(((lo, hi), k));
            jobs[i].cy = if b > f64::MIN { b } else { 0.0 } + 12.0 + sizes.lane_px * k as f64;
        }
    }

    // Arrivals: spread per (target, side).
    let mut groups: BTreeMap<(usize, u8), Vec<(f64, usize)>> = BTreeMap::new();
    for (i, j) in jobs.iter().enumerate() {
        let t = &targets[j.target];
        let incoming = match (j.side, j.class) {
            (Side::Top, Class::TreeEdge) => j.exit.0,
            (Side::Top, Class::Same) => t.rect[0] + t.rect[2] + 1.0e6,
            (Side::Top, _) => t.rect[0] - 1.0e6,
            (_, Class::Corridor) => j.cy,
            _ => j.exit.1,
        };
        let side = match j.side {
            Side::Left => 0,
            Side::Right => 1,
            Side::Top => 2,
        };
        groups
            .entry((j.target, side))
            .or_default()
            .push((incoming, i));
    }
    let mut level_tracks: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for ((ti, side), mut list) in groups {
        list.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let t = &targets[ti];
        if side == 2 {
            let top = t.top.clone();
            let Some(top) = top else { continue };
            let n = list.len();
            let spacing = (t.rect[2] - 12.0).max(0.0) / (n.max(2) - 1) as f64;
            let spacing = spacing.min(9.0);
            for (k, (_, i)) in list.iter().enumerate() {
                let x = top.cx + (k as f64 - (n as f64 - 1.0) / 2.0) * spacing;
                jobs[*i].arrive = x;
                if jobs[*i].class != Class::TreeEdge {
                    let slot = level_tracks.entry((t.unit, top.level)).or_default();
                    jobs[*i].arrive_track = top.top - 7.0 - 4.0 * (*slot % 4) as f64;
                    *slot += 1;
                } else {
                    jobs[*i].arrive_track = top.chan_y;
                }
            }
            continue;
        }
        let ins: Vec<f64> = list.iter().map(|(y, _)| *y).collect();
        let ys = spread(t.span, &ins, 6.0);
        for ((_, i), y) in list.iter().zip(ys) {
            jobs[*i].arrive = y;
            if jobs[*i].class == Class::Forward && (jobs[*i].exit.1 - y).abs() < 0.01 && side == 0 {
                jobs[*i].class = Class::Straight;
                jobs[*i].arrive = jobs[*i].exit.1;
            }
        }
    }

    // Lanes.
    struct Req {
        job: usize,
        right: bool,
        y1: f64,
        y2: f64,
        exit_y: f64,
        entry_y: f64,
    }
    let mut reqs: BTreeMap<(usize, bool), Vec<Req>> = BTreeMap::new();
    for (i, j) in jobs.iter().enumerate() {
        let arrive_y = if j.side == Side::Top {
            j.arrive_track
        } else {
            j.arrive
        };
        match j.class {
            Class::Straight | Class::TreeEdge => {}
            Class::Forward => reqs.entry((j.sc, false)).or_default().push(Req {
                job: i,
                right: false,
                y1: j.exit.1,
                y2: arrive_y,
                exit_y: j.exit.1,
                entry_y: arrive_y,
            }),
            Class::Same => reqs.entry((j.sc, true)).or_default().push(Req {
                job: i,
                right: true,
                y1: j.exit.1,
                y2: arrive_y,
                exit_y: j.exit.1,
                entry_y: arrive_y,
            }),
            Class::Corridor => {
                reqs.entry((j.sc, true)).or_default().push(Req {
                    job: i,
                    right: true,
                    y1: j.exit.1,
                    y2: j.cy,
                    exit_y: j.exit.1,
                    entry_y: j.cy,
                });
                reqs.entry((j.tc.saturating_sub(1), false))
                    .or_default()
                    .push(Req {
                        job: i,
                        right: false,
                        y1: j.cy,
                        y2: arrive_y,
                        exit_y: j.cy,
                        entry_y: arrive_y,
                    });
            }
        }
    }
    let mut needs: GapNeeds = vec![(0, 0); ncols];
    for ((gap, right), mut list) in reqs {
        let span = |r: &Req| (r.y1.min(r.y2), r.y1.max(r.y2));
        if right {
            list.sort_by(|a, b| {
                let (a0, a1) = span(a);
                let (b0, b1) = span(b);
                (a1 - a0)
                    .total_cmp(&(b1 - b0))
                    .then(a0.total_cmp(&b0))
                    .then(a.job.cmp(&b.job))
            });
        } else {
            // Order left to right by pairwise crossings (insertion sort: the order is not
            // total), then hand out lanes from the target column leftwards.
            let cost = |a: &Req, b: &Req| {
                let (b0, b1) = span(b);
                let (a0, a1) = span(a);
                let inside = |y: f64, lo: f64, hi: f64| y > lo + 0.01 && y < hi - 0.01;
                inside(a.entry_y, b0, b1) as u8 + inside(b.exit_y, a0, a1) as u8
            };
            list.sort_by(|a, b| a.exit_y.total_cmp(&b.exit_y).then(a.job.cmp(&b.job)));
            let mut ordered: Vec<Req> = Vec::with_capacity(list.len());
            for r in list {
                let mut at = ordered.len();
                while at > 0 && cost(&r, &ordered[at - 1]) < cost(&ordered[at - 1], &r) {
                    at -= 1;
                }
                ordered.insert(at, r);
            }
            ordered.reverse();
            list = ordered;
        }
        let mut assigned: Vec<(f64, f64, usize)> = Vec::new();
        let mut max_lane = 0;
        for r in &list {
            let (lo, hi) = span(r);
            let lane = assigned
                .iter()
                .filter(|(a, b, _)| *a < hi + 8.0 && lo < *b + 8.0)
                .map(|(_, _, l)| l + 1)
                .max()
                .unwrap_or(0);
            assigned.push((lo, hi, lane));
            max_lane = max_lane.max(lane + 1);
            if r.right {
                jobs[r.job].lane_r = Some(lane);
            } else {
                jobs[r.job].lane_l = Some(lane);
            }
        }
        if gap < needs.len() {
            if right {
                needs[gap].0 = max_lane;
            } else {
                needs[gap].1 = max_lane;
            }
        }
    }

    // Points.
    let lane_r = |c: usize, l: usize| col_right(c) + 10.0 + sizes.lane_px * l as f64;
    let lane_l = |c: usize, l: usize| col_left(c) - 10.0 - sizes.lane_px * l as f64;
    let mut out = Vec::new();
    for j in jobs {
        let t = &targets[j.target];
        let mut pts = j.prefix.clone();
        let (ex, ey) = j.exit;
        let finish = |pts: &mut Vec<Pt>, lane_x: f64| {
            if j.side == Side::Top {
                pts.push((lane_x, j.arrive_track));
                pts.push((j.arrive, j.arrive_track));
                pts.push((j.arrive, t.top.as_ref().map_or(t.rect[1], |ti| ti.top)));
            } else if j.side == Side::Right {
                pts.push((lane_x, j.arrive));
                pts.push((t.rect[0] + t.rect[2], j.arrive));
            } else {
                pts.push((lane_x, j.arrive));
                pts.push((t.entry_x, j.arrive));
            }
        };
        match j.class {
            Class::Straight => pts.push((t.entry_x, ey)),
            Class::TreeEdge => {
                pts.push((ex, j.arrive_track));
                pts.push((j.arrive, j.arrive_track));
                pts.push((j.arrive, t.top.as_ref().map_or(t.rect[1], |ti| ti.top)));
            }
            Class::Forward => {
                let x = lane_l(j.tc, j.lane_l.unwrap_or(0));
                pts.push((x, ey));
                finish(&mut pts, x);
            }
            Class::Same => {
                let x = lane_r(j.sc, j.lane_r.unwrap_or(0));
                pts.push((x, ey));
                finish(&mut pts, x);
            }
            Class::Corridor => {
                let xr = lane_r(j.sc, j.lane_r.unwrap_or(0));
                let xl = lane_l(j.tc, j.lane_l.unwrap_or(0));
                pts.push((xr, ey));
                pts.push((xr, j.cy));
                pts.push((xl, j.cy));
                finish(&mut pts, xl);
            }
        }
        out.push(Routed {
            from: j.from,
            to: j.to,
            points: simplify(pts),
            classes: j.classes,
        });
    }
    let _ = &targets.first().map(|t| &t.key);
    (out, needs)
}

/// Arrival heights for arrows coming in at heights `ins` (sorted): each as level with where
/// it comes from as `span` allows (so a level arrow stays one straight line), at least `step`
/// apart.
fn spread(span: (f64, f64), ins: &[f64], step: f64) -> Vec<f64> {
    let n = ins.len();
    if n == 0 {
        return Vec::new();
    }
    let room = (span.1 - span.0).max(0.0);
    let step = if n > 1 {
        step.min(room / (n - 1) as f64)
    } else {
        step
    };
    let mut ys: Vec<f64> = ins
        .iter()
        .map(|y| y.clamp(span.0, span.1.max(span.0)))
        .collect();
    for i in 1..n {
        ys[i] = ys[i].max(ys[i - 1] + step);
    }
    if ys[n - 1] > span.1 {
        ys[n - 1] = span.1;
        for i in (0..n - 1).rev() {
            ys[i] = ys[i].min(ys[i + 1] - step);
        }
    }
    ys
}

/// Drops repeated points and middle points of straight runs.
fn simplify(points: Vec<Pt>) -> Vec<Pt> {
    let mut out: Vec<Pt> = Vec::with_capacity(points.len());
    for p in points {
        if out
            .last()
            .is_some_and(|q| (q.0 - p.0).abs() < 0.01 && (q.1 - p.1).abs() < 0.01)
        {
            continue;
        }
        if out.len() >= 2 {
            let a = out[out.len() - 2];
            let b = out[out.len() - 1];
            let collinear = ((a.0 - b.0).abs() < 0.01 && (b.0 - p.0).abs() < 0.01)
                || ((a.1 - b.1).abs() < 0.01 && (b.1 - p.1).abs() < 0.01);
            if collinear {
                out.pop();
            }
        }
        out.push(p);
    }
    out
}

/// An SVG path through `points` with rounded corners of radius up to `radius`.
pub(crate) fn rounded_path(points: &[Pt], radius: f64) -> String {
    use crate::drawing::fmt_num as f;
    let mut d = String::with_capacity(24 * points.len());
    let Some(first) = points.first() else {
        return d;
    };
    let point = |d: &mut String, lead: &str, p: Pt| {
        d.push_str(lead);
        d.push_str(&f(p.0));
        d.push(',');
        d.push_str(&f(p.1));
    };
    point(&mut d, "M", *first);
    for i in 1..points.len() {
        let p = points[i];
        if i + 1 < points.len() {
            let prev = points[i - 1];
            let next = points[i + 1];
            let d1 = ((p.0 - prev.0).abs() + (p.1 - prev.1).abs()) / 2.0;
            let d2 = ((next.0 - p.0).abs() + (next.1 - p.1).abs()) / 2.0;
            let r = radius.min(d1).min(d2);
            let towards = |from: Pt, to: Pt, r: f64| {
                let len = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
                if len == 0.0 {
                    from
                } else {
                    (
                        from.0 + (to.0 - from.0) * r / len,
                        from.1 + (to.1 - from.1) * r / len,
                    )
                }
            };
            let a = towards(p, prev, r);
            let b = towards(p, next, r);
            point(&mut d, " L", a);
            point(&mut d, " Q", p);
            point(&mut d, " ", b);
        } else {
            point(&mut d, " L", p);
        }
    }
    d
}
