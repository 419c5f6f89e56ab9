//! Resource limits of a tracer process ([`TraceOptions`]): set by a `/bin/sh` wrapper that
//! calls `ulimit` and then `exec`s the interpreter, so the limits hold from its first
//! instruction without `unsafe` code in this process.
//!
//! - memory: `ulimit -d` (`RLIMIT_DATA`, which on Linux 4.7+ counts `malloc` and private
//!   `mmap` alike). `RLIMIT_AS` is not used: Node reserves gigabytes of address space it never
//!   touches and cannot start under it. Node also gets `--max-old-space-size` (three quarters
//!   of the limit), so a JavaScript heap that fills up fails with V8's own message.
//! - CPU time: `ulimit -t` (`RLIMIT_CPU`), soft limit (`SIGXCPU`) then a hard one a second
//!   later (`SIGKILL`).
//! - no core dumps: `ulimit -c 0`.
//! - processes: `ulimit -u` (`RLIMIT_NPROC`) counts every process and thread of the user, so it
//!   is set (when not running as root, who is exempt) to what the user has now plus the
//!   allowance; beside it, the runner counts the tracer's process group ([`group_size`]) and
//!   kills the group past [`TraceOptions::max_processes`].
//!
//! A limit the machine does not allow (a hard limit already lower) is left as it is.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::TraceOptions;

/// Threads the interpreters themselves run (Node's worker threads) on top of the process
/// allowance, for `RLIMIT_NPROC`, which counts threads.
const THREAD_HEADROOM: u64 = 64;

/// A command that runs `program` (found on `PATH` by the shell when it has no `/`) under the
/// limits of `options`; add its arguments with [`Command::arg`].
pub(super) fn limited_command(program: &Path, options: &TraceOptions) -> Command {
    let mut script = String::from("ulimit -c 0 2>/dev/null\n");
    let cpu = options.cpu_limit_seconds();
    script.push_str(&format!(
        "ulimit -S -t {cpu} 2>/dev/null && ulimit -H -t {} 2>/dev/null\n",
        cpu + 1
    ));
    if options.max_memory_mb > 0 {
        let kb = options.max_memory_mb.saturating_mul(1024);
        script.push_str(&format!(
            "ulimit -d {kb} 2>/dev/null || ulimit -S -d {kb} 2>/dev/null\n"
        ));
    }
    if options.max_processes > 0 {
        if let Some(now) = user_tasks() {
            let n = now + u64::from(options.max_processes) + THREAD_HEADROOM;
            // `-u` in bash, ksh and zsh; dash calls it `-p`.
            script.push_str(&format!(
                "ulimit -u {n} 2>/dev/null || ulimit -p {n} 2>/dev/null\n"
            ));
        }
    }
    script.push_str("exec \"$0\" \"$@\"\n");
    let mut command = Command::new("/bin/sh");
    command.arg("-c").arg(script).arg(program);
    command
}

/// Node's `--max-old-space-size=MB` for the memory limit (three quarters of it, so V8 stops
/// with its own "heap out of memory" before the data limit), or `None` without a limit.
pub(super) fn node_heap_flag(options: &TraceOptions) -> Option<String> {
    (options.max_memory_mb > 0).then(|| {
        format!(
            "--max-old-space-size={}",
            (options.max_memory_mb * 3 / 4).max(16)
        )
    })
}

/// `name` as the shell would run it: itself when it names a file (has a `/`), else the first
/// executable file of that name on `PATH`. `None` when there is none.
pub(super) fn find_program(name: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if name.components().count() > 1 || name.is_absolute() {
        return runnable(name).then(|| name.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| runnable(candidate))
}

/// How many processes are in process group `group` now (Linux, from `/proc`); `None` where
/// there is no `/proc`.
pub(super) fn group_size(group: u32) -> Option<usize> {
    let entries = std::fs::read_dir("/proc").ok()?;
    let mut count = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !is_pid(&name) {
            continue;
        }
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        if stat_group(&stat) == Some(group) {
            count += 1;
        }
    }
    Some(count)
}

fn is_pid(name: &OsStr) -> bool {
    name.to_str()
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The process group (5th field) of a `/proc/PID/stat` line; the command name (2nd, in
/// parentheses) may hold spaces and parentheses itself, so fields are counted after the last
/// `)`.
fn stat_group(stat: &str) -> Option<u32> {
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(2)?.parse().ok()
}

/// How many tasks (processes and threads) this process's real user has now, from `/proc`;
/// `None` for root (exempt from `RLIMIT_NPROC`) or without `/proc`.
fn user_tasks() -> Option<u64> {
    let me = real_uid(&std::fs::read_to_string("/proc/self/status").ok()?)?;
    if me == 0 {
        return None;
    }
    let mut tasks = 0;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        if !is_pid(&entry.file_name()) {
            continue;
        }
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        if real_uid(&status) == Some(me) {
            tasks += status
                .lines()
                .find_map(|l| l.strip_prefix("Threads:"))
                .and_then(|n| n.trim().parse::<u64>().ok())
                .unwrap_or(1);
        }
    }
    Some(tasks)
}

/// The real user id of a `/proc/PID/status` text (`Uid:` line, first number).
fn real_uid(status: &str) -> Option<u32> {
    status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_group_reads_past_a_name_with_parentheses() {
        assert_eq!(stat_group("42 (a) b (c)) S 1 77 77 0"), Some(77));
        assert_eq!(stat_group("42 (x) S 1"), None);
        assert_eq!(stat_group("garbage"), None);
    }

    #[test]
    fn real_uid_is_the_first_uid() {
        assert_eq!(
            real_uid("Name:\tx\nUid:\t1000\t1001\t1000\t1000\n"),
            Some(1000)
        );
        assert_eq!(real_uid("Name:\tx\n"), None);
    }

    #[test]
    fn this_process_group_is_counted() {
        let group = std::fs::read_to_string("/proc/self/stat")
            .ok()
            .and_then(|s| stat_group(&s));
        if let Some(group) = group {
            assert!(group_size(group).unwrap_or(0) >= 1);
        }
    }

    #[test]
    fn limited_command_sets_the_limits_then_runs_the_program() {
        let options = TraceOptions {
            max_memory_mb: 64,
            max_cpu_ms: Some(1_500),
            ..TraceOptions::default()
        };
        let output = limited_command(Path::new("sh"), &options)
            .arg("-c")
            .arg("ulimit -d; ulimit -t; ulimit -c")
            .output()
            .expect("sh runs");
        let text = String::from_utf8_lossy(&output.stdout);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines, ["65536", "2", "0"], "{text}");
    }

    #[test]
    fn node_heap_is_three_quarters_of_the_limit() {
        let options = TraceOptions {
            max_memory_mb: 512,
            ..TraceOptions::default()
        };
        assert_eq!(
            node_heap_flag(&options).as_deref(),
            Some("--max-old-space-size=384")
        );
        let none = TraceOptions {
            max_memory_mb: 0,
            ..TraceOptions::default()
        };
        assert_eq!(node_heap_flag(&none), None);
    }

    #[test]
    fn find_program_searches_path_and_checks_files() {
        assert!(find_program(Path::new("sh")).is_some());
        assert!(find_program(Path::new("surely-no-such-program-algoscope")).is_none());
        assert!(find_program(Path::new("/no/such/python3")).is_none());
    }
}
