//! Parsing JavaScript or TypeScript with swc, keeping comments and every syntax error.

use swc_common::comments::{Comment, SingleThreadedComments};
use swc_common::sync::Lrc;
use swc_common::{BytePos, FileName, SourceFile, SourceMap, Spanned};
use swc_ecma_ast::Program;
use swc_ecma_parser::{EsSyntax, Parser, StringInput, Syntax, TsSyntax};

use crate::lines::LineIndex;
use crate::{Language, SourceKind, SyntaxError};

/// A parsed program with what later passes need to map positions back to the text.
pub(crate) struct Parsed {
    /// The source map that owns the file (codegen needs it).
    pub(crate) cm: Lrc<SourceMap>,
    /// Position of the first byte of the text in `cm`.
    pub(crate) start: BytePos,
    /// The program.
    pub(crate) program: Program,
    /// Every comment, in source order.
    pub(crate) comments: Vec<Comment>,
}

impl Parsed {
    /// Byte offset into the text of a swc position.
    pub(crate) fn offset(&self, pos: BytePos) -> usize {
        pos.0.saturating_sub(self.start.0) as usize
    }
}

/// Parses `source`. Fails with every syntax error found (line and column 1-based), in order.
pub(crate) fn parse(
    source: &str,
    language: Language,
    kind: SourceKind,
) -> Result<Parsed, Vec<SyntaxError>> {
    let cm: Lrc<SourceMap> = Lrc::default();
    let fm: Lrc<SourceFile> = cm.new_source_file(
        Lrc::new(FileName::Custom("program".into())),
        source.to_string(),
    );
    let comments = SingleThreadedComments::default();
    let syntax = match language {
        Language::Typescript => Syntax::Typescript(TsSyntax::default()),
        Language::Javascript | Language::Python => Syntax::Es(EsSyntax {
            allow_return_outside_function: false,
            ..Default::default()
        }),
    };
    // swc's parser has `unreachable!`s that some malformed inputs reach (found by fuzzing,
    // fuzz/regressions/instrument_js): a panic there is a syntax error of the input, never a
    // crash of the caller.
    let parsed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut parser = Parser::new(syntax, StringInput::from(&*fm), Some(&comments));
        let result = match kind {
            SourceKind::Auto => parser.parse_program(),
            SourceKind::Script => parser.parse_script().map(Program::Script),
            SourceKind::Module => parser.parse_module().map(Program::Module),
        };
        (result, parser.take_errors())
    }));
    let Ok((result, mut errors)) = parsed else {
        return Err(vec![SyntaxError {
            line: 1,
            column: 1,
            message: "the JavaScript parser failed on this text (it is not valid JavaScript)"
                .into(),
        }]);
    };
    let program = match result {
        Ok(program) => Some(program),
        Err(fatal) => {
            errors.push(fatal);
            None
        }
    };
    let start = fm.start_pos;
    if !errors.is_empty() || program.is_none() {
        let index = LineIndex::new(source);
        let mut out: Vec<SyntaxError> = errors
            .into_iter()
            .map(|e| {
                let offset = e.span().lo.0.saturating_sub(start.0) as usize;
                let (line, column) = index.line_col(source, offset);
                SyntaxError {
                    line,
                    column,
                    message: e.into_kind().msg().into_owned(),
                }
            })
            .collect();
        out.sort_by_key(|e| (e.line, e.column));
        out.dedup();
        return Err(out);
    }
    let (leading, trailing) = comments.take_all();
    let mut all: Vec<Comment> = leading
        .borrow()
        .values()
        .chain(trailing.borrow().values())
        .flatten()
        .cloned()
        .collect();
    all.sort_by_key(|c| c.span.lo);
    all.dedup_by_key(|c| c.span.lo);
    let program = program.ok_or_else(Vec::new)?;
    Ok(Parsed {
        cm,
        start,
        program,
        comments: all,
    })
}
