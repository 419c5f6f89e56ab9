//! Every fuzz target's function over its seeds — its checked-in corpus (`fuzz/corpus/TARGET/`)
//! and the folders it shares with the rest of the repository (`fuzz/shared-seeds.txt`) — and
//! the inputs fuzzing once found crashing (`fuzz/regressions/TARGET/`): the same checks as
//! `scripts/fuzz.sh` runs under cargo-fuzz, on stable, on every test run.

use std::path::{Path, PathBuf};

use algoscope_fuzz_targets::TARGETS;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir` (none when it does not exist), sorted.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.is_file());
    files.sort();
    files
}

/// The seed inputs of target `name`: its own corpus and its shared folders.
fn seeds(name: &str) -> Vec<PathBuf> {
    let shared = std::fs::read_to_string(fuzz_dir().join("shared-seeds.txt"))
        .expect("fuzz/shared-seeds.txt is readable");
    let mut files = inputs(&fuzz_dir().join("corpus").join(name));
    for line in shared.lines().filter(|l| !l.starts_with('#')) {
        if let Some((target, folder)) = line.split_once(' ') {
            if target == name {
                let dir = fuzz_dir().join("..").join(folder.trim());
                let found = inputs(&dir);
                assert!(
                    !found.is_empty(),
                    "shared seed folder {folder} is empty or missing"
                );
                files.extend(found);
            }
        }
    }
    files
}

#[test]
fn every_target_has_a_seed_corpus() {
    for (name, _) in TARGETS {
        let seeds = seeds(name);
        assert!(seeds.len() >= 3, "{name} has {} seeds", seeds.len());
    }
}

#[test]
fn every_target_passes_its_seeds_and_regressions() {
    for (name, check) in TARGETS {
        let regressions = inputs(&fuzz_dir().join("regressions").join(name));
        {
            for path in seeds(name).into_iter().chain(regressions) {
                let data = std::fs::read(&path).expect("readable input");
                let outcome = std::panic::catch_unwind(|| check(&data));
                assert!(outcome.is_ok(), "{name}: {} fails", path.display());
            }
        }
    }
}
