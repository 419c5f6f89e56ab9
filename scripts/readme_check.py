#!/usr/bin/env python3
"""Runs every shell block of the READMEs as a new user would, in a fresh clone of a commit.

Usage: scripts/readme_check.py [--commit REV] [--fail-fast] [--list] [FILE.md ...]
  (default: HEAD, and README.md, bindings/*/README.md, apps/web/README.md)

Each ```sh (or bash/shell) block runs in its own `bash` from the clone's root; the commands
of a block run in order in that one shell (so `cd` carries over to the next line, as in a
terminal), each until it exits. A command fails the check when it exits non-zero or when a
file it writes (`-o FILE`, `> FILE`) is missing or empty afterwards; the check then prints the
README, the block, the command and the end of its output.

What a reader would do besides typing the commands:
- `algoscope` is the CLI built from the clone (README: "`cargo run -q -p algoscope-cli -- …`
  runs the same commands from a checkout"): a wrapper on PATH does exactly that.
- `pip install` goes into a fresh venv that is first on PATH (README: "best in a venv").
- A command ending in `npm start` is a server: it runs in the background until every
  http://localhost or http://127.0.0.1 address in its comment answers, then it is stopped.
- `make test`, `.ci/run`, `scripts/test-all.sh` and `apps/web/test.sh` are what runs this
  check: they are not run again from here.
- A block preceded by `<!-- readme-check: skip REASON -->` is not run (the reason is printed).

The clone lives at a fixed path ($CARGO_TARGET_DIR/readme-check/algoscope) so that cargo's
fingerprints of the workspace crates stay valid between runs. The new user's CARGO_TARGET_DIR
is a path that does not exist until the first `cargo` runs: a `cargo` wrapper on PATH then
links it to the test run's target folder (and runs cargo on that folder's own path), so what
`make test` compiled is reused, while a
script that writes into the target folder before cargo has made it fails here as it would on
a fresh machine. Commands that need a browser only have the file they write checked.

Each block starts from the clean clone (`git clean -fdx`: no earlier block's builds).

Env: CARGO_TARGET_DIR (default target/), README_CHECK_TIMEOUT (seconds per command: a block
may take that times its commands; a server that long to answer; default 1200).
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

FENCE = re.compile(r"^(\s*)```+\s*([A-Za-z0-9_-]*)")
SHELL_INFOS = {"sh", "bash", "shell"}
SKIP_MARK = re.compile(r"<!--\s*readme-check:\s*skip\b\s*(.*?)\s*-->")
# Commands that run this check (directly or through the test run): never run from here.
RUN_BY_TEST = re.compile(
    r"(?:^|[\s;&|(])(?:make\s+(?:-C\s+\S+\s+)?test\b|(?:\S*/)?(?:\.ci/run|test-all\.sh)\b"
    r"|(?:\S*/)?apps/web/test\.sh\b|\./test\.sh\b)"
)
LOCAL_URL = re.compile(r"https?://(?:localhost|127\.0\.0\.1)(?::\d+)?[^\s)]*")
# A shell word: double-quoted parts and plain characters (single-quoted text is blanked first).
WORD = r'((?:"[^"]*"|[^\s;&|<>()"])+)'
OUTPUT_FLAG = re.compile(r"(?:^|\s)(?:-o|--out(?:put)?)(?:\s+|=)" + WORD)
REDIRECT = re.compile(r"(?:^|[^0-9&>])(?:1)?>>?\s*" + WORD)
# Set in the new user's environment: a README command that reaches this script again stops.
NESTED = "ALGOSCOPE_README_CHECK_ACTIVE"
TAIL_LINES = 60


@dataclass
class Block:
    readme: str
    line: int  # 1-based line of the opening fence
    commands: list[str] = field(default_factory=list)
    skip: str | None = None


def split_commands(lines: list[str]) -> list[str]:
    """Joins `\\` continuations; drops blank lines and whole-line comments. One command per
    line otherwise: a README's shell blocks hold no multi-line `for`/`if`."""
    commands, pending = [], ""
    for raw in lines:
        line = raw.rstrip()
        if code_part(line).endswith("\\"):
            pending += code_part(line)[:-1] + " "
            continue
        line = pending + line
        pending = ""
        if line.strip() and not line.lstrip().startswith("#"):
            commands.append(line.strip())
    if pending.strip():
        commands.append(pending.strip())
    return commands


def blocks_of(path: str, text: str) -> list[Block]:
    """The shell blocks of one markdown text, with any skip mark on the line before each."""
    out, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        info, start = m.group(2).lower(), i
        j = i + 1
        while j < len(lines) and not FENCE.match(lines[j]):
            j += 1
        if info in SHELL_INFOS:
            block = Block(path, start + 1, split_commands(lines[start + 1 : j]))
            k = start - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            if k >= 0 and (skip := SKIP_MARK.search(lines[k])):
                block.skip = skip.group(1) or "marked skip"
            out.append(block)
        i = j + 1
    return out


def code_part(command: str) -> str:
    """The command without its trailing `# comment` (quotes and backslashes respected; a `#`
    starts a comment at a word's start, as in bash)."""
    quote, prev, idx = None, " ", 0
    while idx < len(command):
        ch = command[idx]
        if quote == "'":
            if ch == "'":
                quote = None
        elif ch == "\\":
            idx += 2
            prev = "x"
            continue
        elif quote == '"':
            if ch == '"':
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (prev.isspace() or prev in ";&|()"):
            return command[:idx].rstrip()
        prev = ch
        idx += 1
    return command


def comment_part(command: str) -> str:
    code = code_part(command)
    return command[len(code) :]


def outputs_of(code: str) -> list[str]:
    """Files a command says it writes, as shell words (quotes kept, for the shell to expand):
    `> FILE`, `>> FILE`, and `-o FILE` / `--output FILE` of algoscope itself. Text in single
    quotes (a `python -c` or `node -e` program) is never read as a redirect; `/dev/*` and `-`
    are not files."""
    bare = re.sub(r"'[^']*'", "''", code)
    found = [m.group(1) for m in REDIRECT.finditer(bare)]
    if "algoscope" in bare:
        found += [m.group(1) for m in OUTPUT_FLAG.finditer(bare)]
    return [w for w in found if w != "-" and not w.lstrip('"').startswith(("/dev/", "&"))]


def runs_the_tests(code: str) -> bool:
    return RUN_BY_TEST.search(code) is not None


def git(*args: str, cwd: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def fresh_clone(root: str, commit: str, dest: str) -> str:
    sha = git("rev-parse", "--verify", commit + "^{commit}", cwd=root).strip()
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", root, dest], check=True)
    git("checkout", "--quiet", "--detach", sha, cwd=dest)
    return sha


def new_user_env(clone: str, work: str, target: str) -> dict[str, str]:
    """A login-free shell's environment: PATH with the CLI and cargo wrappers and a fresh venv
    first; CARGO_TARGET_DIR a path that appears (linked to `target`) when cargo first runs."""
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir, exist_ok=True)
    user_target = os.path.join(work, "user-target")
    forget_target(user_target)
    real_cargo = shutil.which("cargo")
    if real_cargo is None:
        raise SystemExit("readme-check: no cargo on PATH")
    cargo = os.path.join(bindir, "cargo")
    with open(cargo, "w") as f:
        f.write(
            "#!/bin/sh\n# The target folder exists once cargo has run, as on a fresh machine; what a script\n"
            "# put into it before (after making it itself) moves into the shared folder.\n"
            f"u={shlex.quote(user_target)}; t={shlex.quote(target)}\n"
            'if [ ! -L "$u" ]; then\n'
            '  if [ -d "$u" ]; then cp -a "$u/." "$t/" && rm -rf "$u"; fi\n'
            '  ln -s "$t" "$u"\n'
            "fi\n"
            # cargo itself sees the shared folder's real path: its fingerprints are the test run's.
            f'CARGO_TARGET_DIR={shlex.quote(target)} exec {shlex.quote(real_cargo)} "$@"\n'
        )
    os.chmod(cargo, 0o755)
    wrapper = os.path.join(bindir, "algoscope")
    with open(wrapper, "w") as f:
        f.write(
            "#!/bin/sh\n# README: `cargo run -q -p algoscope-cli -- ...` runs the same commands from a checkout\n"
            f'exec cargo run -q --manifest-path {shlex.quote(clone)}/Cargo.toml -p algoscope-cli -- "$@"\n'
        )
    os.chmod(wrapper, 0o755)
    venv = os.path.join(work, "venv")
    if os.path.exists(venv):
        shutil.rmtree(venv)
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    keep = ("HOME", "USER", "LANG", "CARGO_HOME", "RUSTUP_HOME", "TMPDIR")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    env.update(
        PATH=os.pathsep.join([bindir, os.path.join(venv, "bin"), os.environ.get("PATH", "")]),
        VIRTUAL_ENV=venv,
        CARGO_TARGET_DIR=user_target,
        CARGO_TERM_COLOR="never",
        TERM="dumb",
        CI=os.environ.get("CI", ""),
    )
    env[NESTED] = "1"
    return env


def forget_target(user_target: str) -> None:
    """Removes the new user's target folder (a link to the shared one; never its contents)."""
    if os.path.islink(user_target) or os.path.isfile(user_target):
        os.unlink(user_target)
    elif os.path.isdir(user_target):
        shutil.rmtree(user_target)


def shell_script(block: Block, clone: str, marker: str, timeout: int) -> str:
    """One bash script for a block: each command, then the files it writes checked (there,
    not empty, and newer than `marker`, touched just before it), in order."""
    parts = ["set -o pipefail", f"cd {shlex.quote(clone)} || exit 90"]
    for n, command in enumerate(block.commands, 1):
        code = code_part(command)
        say = f"printf '\\n__readme_check__ run %d\\n' {n}"
        if runs_the_tests(code):
            parts.append(f"printf '\\n__readme_check__ skip %d\\n' {n}")
            continue
        if re.search(r"npm start\s*$", code):
            urls = [u.rstrip(".,;:") for u in LOCAL_URL.findall(comment_part(command))]
            urls = urls or ["http://localhost:8000/"]
            parts.append(say)
            parts.append(serve_snippet(code, urls, n, timeout))
            continue
        parts.append(say)
        parts.append(f"touch {shlex.quote(marker)}")
        parts.append(f"eval {shlex.quote(code)}")
        parts.append(f"rc=$?; [ $rc -eq 0 ] || {{ printf '\\n__readme_check__ fail %d exit %s\\n' {n} $rc; exit 1; }}")
        for out in outputs_of(code):
            word = out if out.startswith(('"', "~")) else f'"{out}"'
            parts.append(
                f"{{ [ -s {word} ] && [ {word} -nt {shlex.quote(marker)} ]; }} || "
                f"{{ printf '\\n__readme_check__ fail %d no-file %s\\n' {n} {shlex.quote(out)}; exit 1; }}"
            )
    parts.append("exit 0")
    return "\n".join(parts) + "\n"


def serve_snippet(code: str, urls: list[str], n: int, timeout: int) -> str:
    """Starts a server command (its build included) in its own process group, waits up to
    `timeout` s for each of its URLs to answer while it runs, then stops it. A URL that
    answers before the server starts is a failure (something else holds the port)."""
    checks = " ".join(shlex.quote(u) for u in urls)
    stop = 'kill -TERM -- -"$server" 2>/dev/null; sleep 1; kill -KILL -- -"$server" 2>/dev/null'
    return f"""
for url in {checks}; do
  if curl -fsS --max-time 5 -o /dev/null "$url" 2>/dev/null; then printf '\\n__readme_check__ fail %d port-taken %s\\n' {n} "$url"; exit 1; fi
done
set -m
( eval {shlex.quote(code)} ) &
server=$!
set +m
deadline=$(( $(date +%s) + {timeout} ))
for url in {checks}; do
  until curl -fsS --max-time 5 -o /dev/null "$url" 2>/dev/null; do
    if ! kill -0 "$server" 2>/dev/null; then wait "$server"; printf '\\n__readme_check__ fail %d server-exited %s\\n' {n} "$?"; exit 1; fi
    if [ "$(date +%s)" -ge "$deadline" ]; then {stop}; printf '\\n__readme_check__ fail %d no-answer %s\\n' {n} "$url"; exit 1; fi
    sleep 1
  done
  printf 'readme-check: %s answers\\n' "$url"
done
if ! kill -0 "$server" 2>/dev/null; then printf '\\n__readme_check__ fail %d server-exited-after-answering\\n' {n}; exit 1; fi
{stop}; wait "$server" 2>/dev/null
true
"""


def session_members(sid: int) -> list[int]:
    """The processes of session `sid` (Linux `/proc`: the 6th field of `stat`)."""
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 3 and fields[3] == str(sid):
            pids.append(int(name))
    return pids


def kill_session(sid: int) -> None:
    """SIGKILL to every process the block started, in any process group (servers run in
    groups of their own) that is still in its session."""
    for pid in session_members(sid):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def run_block(block: Block, clone: str, env: dict[str, str], timeout: int, work: str) -> tuple[bool, str, float]:
    """Runs a block's script; the whole block may take `timeout` s per command. Output goes
    to a file, so a process left holding it cannot keep this waiting."""
    marker = os.path.join(work, "before-command")
    script = shell_script(block, clone, marker, timeout)
    started = time.monotonic()
    with tempfile.TemporaryFile(mode="w+", errors="replace") as log:
        proc = subprocess.Popen(
            ["bash", "--noprofile", "--norc", "-c", script],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        timed_out = False
        try:
            proc.wait(timeout=timeout * max(1, len(block.commands)))
        except subprocess.TimeoutExpired:
            timed_out = True
        kill_session(proc.pid)  # anything the block left running
        proc.wait()
        log.seek(0)
        output = log.read()
    if timed_out:
        runs = re.findall(r"__readme_check__ run (\d+)", output)
        output += f"\n__readme_check__ fail {runs[-1] if runs else '?'} timeout\n"
    ok = proc.returncode == 0 and not timed_out and "__readme_check__ fail" not in output
    return ok, output, time.monotonic() - started


def report(block: Block, output: str) -> str:
    """The failing command, with the block it is in and the end of its output."""
    m = re.search(r"__readme_check__ fail (\S+) (.*)", output)
    n, why = (m.group(1), m.group(2)) if m else ("?", "exit status")
    # The output of the failing command: what follows its `run N` marker.
    start = output.rfind(f"__readme_check__ run {n}\n")
    own = output[start:] if start >= 0 else output
    own = "\n".join(l for l in own.splitlines() if not l.startswith("__readme_check__"))
    tail = "\n".join(own.splitlines()[-TAIL_LINES:])
    command = block.commands[int(n) - 1] if n.isdigit() else "?"
    body = "\n".join("    " + c for c in block.commands)
    return (
        f"readme-check: FAILED {block.readme}:{block.line}, command {n} ({why})\n"
        f"  block:\n{body}\n  command:\n    {command}\n  its output (last {TAIL_LINES} lines):\n{tail}\n"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commit", default="HEAD")
    ap.add_argument("--list", action="store_true", help="print the blocks and commands, run nothing")
    ap.add_argument("--fail-fast", action="store_true", help="stop at the first block that fails")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()

    if os.environ.get(NESTED):
        print("readme-check: reached from a README command it runs: not run again", flush=True)
        return 0
    root = git("rev-parse", "--show-toplevel", cwd=os.getcwd()).strip()
    target = os.path.abspath(os.environ.get("CARGO_TARGET_DIR") or os.path.join(root, "target"))
    work = os.path.join(target, "readme-check")
    clone = os.path.join(work, "algoscope")
    timeout = int(os.environ.get("README_CHECK_TIMEOUT", "1200"))

    if args.list:
        files = args.files or default_files(root)
        for path in files:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                for b in blocks_of(path, f.read()):
                    print(f"{b.readme}:{b.line}" + (f"  (skip: {b.skip})" if b.skip else ""))
                    for c in b.commands:
                        tag = "  [run by make test]" if runs_the_tests(code_part(c)) else ""
                        print(f"    $ {c}{tag}")
                        for o in outputs_of(code_part(c)):
                            print(f"        writes {o}")
        return 0

    sha = fresh_clone(root, args.commit, clone)
    files = args.files or default_files(clone)
    print(f"readme-check: {sha[:12]} cloned into {clone}; CARGO_TARGET_DIR={target}", flush=True)
    env = new_user_env(clone, work, target)
    failed = 0
    for path in files:
        with open(os.path.join(clone, path), encoding="utf-8") as f:
            blocks = blocks_of(path, f.read())
        for block in blocks:
            where = f"{block.readme}:{block.line}"
            if block.skip:
                print(f"readme-check: {where} skipped: {block.skip}", flush=True)
                continue
            # Each section is tried as the first thing a reader runs: no target folder yet.
            forget_target(env["CARGO_TARGET_DIR"])
            subprocess.run(["git", "clean", "-fdxq"], cwd=clone, check=True)  # no earlier block's builds
            ok, output, secs = run_block(block, clone, env, timeout, work)
            skipped = output.count("__readme_check__ skip")
            extra = f", {skipped} run by the test run itself" if skipped else ""
            if ok:
                print(f"readme-check: {where} ok ({len(block.commands)} commands{extra}, {secs:.0f} s)", flush=True)
                for line in output.splitlines():
                    if line.startswith("readme-check: "):  # what a server check saw
                        print("  " + line, flush=True)
            else:
                failed += 1
                print(report(block, output), flush=True)
                if args.fail_fast:
                    break
        if failed and args.fail_fast:
            break
    if failed:
        print(f"readme-check: {failed} block(s) failed", flush=True)
        return 1
    print("readme-check: every command ran as written", flush=True)
    return 0


def default_files(root: str) -> list[str]:
    names = ["README.md"] + sorted(glob.glob("bindings/*/README.md", root_dir=root))
    names += sorted(glob.glob("apps/*/README.md", root_dir=root))
    return [n for n in names if os.path.exists(os.path.join(root, n))]


if __name__ == "__main__":
    sys.exit(main())
