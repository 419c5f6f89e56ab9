//! A program to trace: its text, language and name.

use std::path::{Path, PathBuf};

use algoscope_trace_format::Language;

use crate::RunError;

/// A program to trace: its text, its language and the name errors are reported under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The program text exactly as it will run.
    pub source: String,
    /// Its language.
    pub language: Language,
    /// The name used in messages (`examples/python/bst.py`, or `<program>`).
    pub name: String,
    /// The folder the program came from, put first on the module search path as a plain run
    /// would; `None` for text that came from no file.
    pub dir: Option<PathBuf>,
}

impl Program {
    /// A program from text that came from no file, named `name` in messages.
    pub fn from_source(source: impl Into<String>, language: Language, name: &str) -> Self {
        Program {
            source: source.into(),
            language,
            name: name.to_string(),
            dir: None,
        }
    }

    /// The language of the program at `path`, from its extension (`.py`; `.js`, `.mjs`,
    /// `.cjs`; `.ts`, `.mts`, `.cts`, in any case), without reading it.
    ///
    /// # Errors
    /// [`RunError::Unsupported`] for any other extension.
    pub fn language_of(path: &Path) -> Result<Language, RunError> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        Language::from_extension(&extension).ok_or_else(|| RunError::Unsupported {
            path: path.to_path_buf(),
            extension,
        })
    }
}
