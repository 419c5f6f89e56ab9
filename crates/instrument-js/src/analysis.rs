//! The static facts the pictures need, the same as for Python: loops, names used as
//! subscripts, two-level grid accesses and `viz:` hint comments.

use std::collections::HashMap;

use algoscope_trace_format::{Analysis, GridAccess, Hint, LoopInfo, LoopKind};
use swc_common::comments::Comment;
use swc_common::{BytePos, Span, Spanned};
use swc_ecma_ast::{
    DoWhileStmt, Expr, ForInStmt, ForOfStmt, ForStmt, Ident, MemberExpr, MemberProp, Stmt,
    WhileStmt,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::lines::LineIndex;
use crate::parse::Parsed;

/// Gives loop ids `L<line>`, then `L<line>.2`, `L<line>.3` for further loops on one line.
#[derive(Default)]
pub(crate) struct LoopIds {
    seen: HashMap<u32, u32>,
}

impl LoopIds {
    /// The id of the next loop whose header is on `line`.
    pub(crate) fn next(&mut self, line: u32) -> String {
        let n = self.seen.entry(line).or_insert(0);
        *n += 1;
        if *n == 1 {
            format!("L{line}")
        } else {
            format!("L{line}.{n}")
        }
    }
}

/// The kind and parts of a loop statement, if `stmt` is one.
pub(crate) fn loop_parts(stmt: &Stmt) -> Option<(LoopKind, Span, &Stmt)> {
    match stmt {
        Stmt::For(ForStmt { span, body, .. }) => Some((LoopKind::For, *span, body)),
        Stmt::While(WhileStmt { span, body, .. }) => Some((LoopKind::While, *span, body)),
        Stmt::DoWhile(DoWhileStmt { span, body, .. }) => Some((LoopKind::DoWhile, *span, body)),
        Stmt::ForIn(ForInStmt { span, body, .. }) => Some((LoopKind::ForIn, *span, body)),
        Stmt::ForOf(ForOfStmt { span, body, .. }) => Some((LoopKind::ForOf, *span, body)),
        _ => None,
    }
}

/// Analyses a parsed program whose positions point into `source`.
pub(crate) fn analyze(parsed: &Parsed, source: &str) -> Analysis {
    let index = LineIndex::new(source);
    let mut visitor = Analyzer {
        parsed,
        source,
        index: &index,
        ids: LoopIds::default(),
        out: Analysis::default(),
    };
    parsed.program.visit_with(&mut visitor);
    visitor.out.hints = hints(parsed, &index);
    visitor.out.cost = crate::cost::cost_shape(parsed, source);
    visitor.out
}

fn hints(parsed: &Parsed, index: &LineIndex) -> Vec<Hint> {
    parsed
        .comments
        .iter()
        .filter_map(|c: &Comment| {
            let text = c.text.trim_start();
            let rest = text.strip_prefix("viz:")?;
            Some(Hint {
                line: index.line(parsed.offset(c.span.lo)),
                text: rest.trim().to_string(),
            })
        })
        .collect()
}

struct Analyzer<'a> {
    parsed: &'a Parsed,
    source: &'a str,
    index: &'a LineIndex,
    ids: LoopIds,
    out: Analysis,
}

impl Analyzer<'_> {
    fn line(&self, pos: BytePos) -> u32 {
        self.index.line(self.parsed.offset(pos))
    }

    fn text(&self, span: Span) -> &str {
        let lo = self.parsed.offset(span.lo);
        let hi = self.parsed.offset(span.hi);
        self.source.get(lo..hi).unwrap_or("")
    }

    fn record_loop(&mut self, stmt: &Stmt) {
        let Some((kind, span, body)) = loop_parts(stmt) else {
            return;
        };
        let line = self.line(span.lo);
        let id = self.ids.next(line);
        let (body_lo, body_hi) = body_lines(body);
        let header = match stmt {
            Stmt::DoWhile(d) => format!("do … while ({})", self.text(d.test.span())),
            _ => {
                let lo = self.parsed.offset(span.lo);
                let hi = self.parsed.offset(body.span().lo);
                self.source
                    .get(lo..hi)
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        self.out.loops.push(LoopInfo {
            id,
            kind,
            line,
            body_start: self.line(body_lo),
            body_end: self.line(body_hi),
            header,
        });
    }

    fn add_index(&mut self, container: String, names: Vec<String>) {
        let entry = self.out.index_names.entry(container).or_default();
        for name in names {
            if !entry.contains(&name) {
                entry.push(name);
            }
        }
    }
}

/// First and last position of a loop body's statements (the braces when it is empty).
pub(crate) fn body_lines(body: &Stmt) -> (BytePos, BytePos) {
    match body {
        Stmt::Block(block) => match (block.stmts.first(), block.stmts.last()) {
            (Some(first), Some(last)) => (first.span().lo, last.span().hi - BytePos(1)),
            _ => (block.span.lo, block.span.hi - BytePos(1)),
        },
        other => (other.span().lo, other.span().hi - BytePos(1)),
    }
}

/// `x`, `this.items`, `a.b.c`: the dotted name of a plain member chain.
pub(crate) fn dotted_name(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Ident(id) => Some(id.sym.to_string()),
        Expr::This(_) => Some("this".to_string()),
        Expr::Paren(p) => dotted_name(&p.expr),
        Expr::Member(MemberExpr {
            obj,
            prop: MemberProp::Ident(name),
            ..
        }) => Some(format!("{}.{}", dotted_name(obj)?, name.sym)),
        _ => None,
    }
}

/// Identifiers read in an expression, in order, without duplicates.
fn names_in(expr: &Expr) -> Vec<String> {
    struct Names(Vec<String>);
    impl Visit for Names {
        fn visit_ident(&mut self, id: &Ident) {
            let name = id.sym.to_string();
            if !self.0.contains(&name) {
                self.0.push(name);
            }
        }
    }
    let mut names = Names(Vec::new());
    expr.visit_with(&mut names);
    names.0
}

impl Visit for Analyzer<'_> {
    fn visit_stmt(&mut self, stmt: &Stmt) {
        self.record_loop(stmt);
        stmt.visit_children_with(self);
    }

    fn visit_member_expr(&mut self, member: &MemberExpr) {
        if let MemberProp::Computed(prop) = &member.prop {
            let inner = match &*member.obj {
                Expr::Paren(p) => &*p.expr,
                other => other,
            };
            if let Some(name) = dotted_name(inner) {
                self.add_index(name, names_in(&prop.expr));
            } else if let Expr::Member(MemberExpr {
                obj,
                prop: MemberProp::Computed(row),
                ..
            }) = inner
            {
                if let Some(name) = dotted_name(obj) {
                    self.add_index(format!("{name}[]"), names_in(&prop.expr));
                    let access = GridAccess {
                        name,
                        line: self.line(member.span.lo),
                        row: self.text(row.expr.span()).to_string(),
                        col: self.text(prop.expr.span()).to_string(),
                    };
                    self.out.grid_accesses.push(access);
                }
            }
        }
        member.visit_children_with(self);
    }
}
