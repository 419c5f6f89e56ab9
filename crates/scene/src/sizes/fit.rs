//! Which size models fit which language: the Python model reads the sizes CPython reported
//! and counts CPython's layouts, so it describes no JavaScript or TypeScript run; the textbook
//! and V8 models are formulas over any trace's structure (see `docs/memory-sizes.md`).

use algoscope_trace_format::Language;

use super::SizeModel;

/// A size model asked for a trace of a language it does not describe.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the {model} size model does not fit a {} program: use {}",
    language_name(*language),
    fitting_names(*language)
)]
pub struct SizeModelMismatch {
    /// The model asked for.
    pub model: SizeModel,
    /// The trace's language.
    pub language: Language,
}

impl SizeModel {
    /// Whether the model describes runs of `language`: `python` only Python's, `textbook` and
    /// `v8` every language's.
    pub fn fits(self, language: Language) -> bool {
        self != SizeModel::Python || language == Language::Python
    }

    /// The models that fit `language`, in [`SizeModel::ALL`] order.
    pub fn fitting(language: Language) -> Vec<SizeModel> {
        SizeModel::ALL
            .into_iter()
            .filter(|m| m.fits(language))
            .collect()
    }

    /// `Ok` when the model fits `language`, else the error naming the models that do.
    ///
    /// # Example
    /// ```
    /// use algoscope_scene::SizeModel;
    /// use algoscope_trace_format::Language;
    /// assert!(SizeModel::V8.check_fits(Language::Python).is_ok());
    /// let error = SizeModel::Python.check_fits(Language::Typescript).unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "the python size model does not fit a TypeScript program: use textbook or v8"
    /// );
    /// ```
    pub fn check_fits(self, language: Language) -> Result<(), SizeModelMismatch> {
        if self.fits(language) {
            Ok(())
        } else {
            Err(SizeModelMismatch {
                model: self,
                language,
            })
        }
    }
}

/// `textbook or v8`: the names of the models fitting `language`, joined for a message.
fn fitting_names(language: Language) -> String {
    let names: Vec<&str> = SizeModel::fitting(language)
        .into_iter()
        .map(SizeModel::name)
        .collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The language's name as a message writes it.
fn language_name(language: Language) -> &'static str {
    match language {
        Language::Python => "Python",
        Language::Javascript => "JavaScript",
        Language::Typescript => "TypeScript",
    }
}
