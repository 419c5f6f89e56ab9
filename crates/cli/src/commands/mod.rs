//! One module per subcommand. Each exposes `Args` (clap) and `run(args) -> Result<ExitCode, String>`:
//! `Err` is a message for standard error with exit code 1.

pub mod bigo;
pub mod html;
pub mod input;
pub mod measure;
pub mod notes;
pub mod output;
pub mod render;
pub mod trace;
pub mod validate;
