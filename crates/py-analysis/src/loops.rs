//! Loops: `for`/`async for` and `while` statements and every `for` clause of a comprehension.

use std::collections::HashMap;

use algoscope_trace_format::{LoopInfo, LoopKind};
use ruff_python_ast::token::{TokenKind, Tokens};
use ruff_python_ast::visitor::{walk_expr, walk_pattern, walk_stmt, Visitor};
use ruff_python_ast::{Comprehension, Expr, ModModule, Pattern, Stmt};
use ruff_text_size::{Ranged, TextRange, TextSize};

use crate::source::SourceText;
use crate::stack::with_stack;

/// Every loop of `module`, in source order (by the offset where its header starts), with ids
/// `L<line>`, then `L<line>.2`, `L<line>.3`, … for further loops whose header starts on the
/// same line.
pub(crate) fn loops(module: &ModModule, tokens: &Tokens, source: &SourceText) -> Vec<LoopInfo> {
    let mut collector = LoopCollector {
        tokens,
        source,
        found: Vec::new(),
    };
    collector.visit_body(&module.body);
    let mut found = collector.found;
    found.sort_by_key(|found| found.start);

    let mut per_line: HashMap<u32, u32> = HashMap::new();
    found
        .into_iter()
        .map(|found| {
            let count = per_line.entry(found.info.line).or_insert(0);
            *count += 1;
            let mut info = found.info;
            info.id = if *count == 1 {
                format!("L{}", info.line)
            } else {
                format!("L{}.{}", info.line, count)
            };
            info
        })
        .collect()
}

/// A loop before ids are given out.
struct Found {
    /// Where its header starts (bytes), the sort key for source order.
    start: TextSize,
    /// The loop, with an empty id.
    info: LoopInfo,
}

/// Walks the whole tree, loop bodies, lambdas and nested functions included.
struct LoopCollector<'s, 'a> {
    tokens: &'s Tokens,
    source: &'s SourceText<'a>,
    found: Vec<Found>,
}

impl LoopCollector<'_, '_> {
    /// A `for` or `while` statement: the header runs from the keyword (`async` included) to
    /// the end of the controlling expression and any parentheses closing around it; the
    /// body is the line range of its statements (the `else:` clause is not part of it).
    fn statement(&mut self, kind: LoopKind, range: TextRange, control: &Expr, body: &[Stmt]) {
        let header_end = end_with_parentheses(self.tokens, control.range()).max(range.start());
        let header = TextRange::new(range.start(), header_end);
        let line = self.source.line(range.start());
        let (body_start, body_end) = match (body.first(), body.last()) {
            (Some(first), Some(last)) => self
                .source
                .lines(TextRange::new(first.start(), last.end().max(first.start()))),
            _ => (line, line),
        };
        self.push(kind, header, line, body_start, body_end);
    }

    /// One `for … in … if …` clause of the comprehension `whole`: the header is the clause's
    /// text, the body is the line range of the whole comprehension.
    fn comprehension(&mut self, clause: &Comprehension, whole: TextRange) {
        let line = self.source.line(clause.start());
        let (body_start, body_end) = self.source.lines(whole);
        self.push(
            LoopKind::Comprehension,
            clause.range(),
            line,
            body_start,
            body_end,
        );
    }

    fn push(&mut self, kind: LoopKind, header: TextRange, line: u32, start: u32, end: u32) {
        self.found.push(Found {
            start: header.start(),
            info: LoopInfo {
                id: String::new(),
                kind,
                line,
                body_start: start,
                body_end: end,
                header: self.source.slice(header).to_string(),
            },
        });
    }
}

impl<'a> Visitor<'a> for LoopCollector<'_, '_> {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::For(node) => self.statement(LoopKind::For, node.range, &node.iter, &node.body),
            Stmt::While(node) => {
                self.statement(LoopKind::While, node.range, &node.test, &node.body);
            }
            _ => {}
        }
        with_stack(|| walk_stmt(self, stmt));
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        let generators: &[Comprehension] = match expr {
            Expr::ListComp(node) => &node.generators,
            Expr::SetComp(node) => &node.generators,
            Expr::DictComp(node) => &node.generators,
            Expr::Generator(node) => &node.generators,
            _ => &[],
        };
        for clause in generators {
            self.comprehension(clause, expr.range());
        }
        with_stack(|| walk_expr(self, expr));
    }

    fn visit_pattern(&mut self, pattern: &'a Pattern) {
        with_stack(|| walk_pattern(self, pattern));
    }
}

/// The end of `range` moved past the `)` tokens that close parentheses opened right before
/// it (`for x in (xs):` ends after `)`, not after `xs`).
///
/// Uses only binary searches and comparisons on the token list, so offsets that fall inside
/// a token (possible after error recovery) cannot panic.
fn end_with_parentheses(tokens: &Tokens, range: TextRange) -> TextSize {
    let before = tokens.partition_point(|token| token.end() <= range.start());
    let after = tokens.partition_point(|token| token.start() < range.end());
    let opening = tokens[..before]
        .iter()
        .rev()
        .filter(|token| !token.kind().is_trivia())
        .take_while(|token| token.kind() == TokenKind::Lpar)
        .count();
    tokens[after..]
        .iter()
        .filter(|token| !token.kind().is_trivia())
        .take(opening)
        .take_while(|token| token.kind() == TokenKind::Rpar)
        .last()
        .map_or(range.end(), Ranged::end)
}
