#!/usr/bin/env bash
# Runs a cargo command for wasm32-unknown-unknown on this machine.
# Usage: scripts/wasm-cargo.sh build -p algoscope-run --no-default-features [more cargo args]
#
# Where rustup has the wasm32-unknown-unknown target installed, that is used. Otherwise
# (`rustup target add` cannot download on our machines) the standard library is built from
# source: Debian's trixie-backports suite ships `rust-src` for exactly our rustc. The package
# is fetched with a private apt state (the machine's apt sources are not touched), unpacked
# into a cache folder ($ALGOSCOPE_WASM_STD, default /var/tmp/algoscope-wasm-std) and
# handed to cargo's -Zbuild-std; the toolchain's own rust-lld links.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 1 ] || { echo "usage: $0 CARGO-COMMAND [ARGS...]" >&2; exit 2; }
target=wasm32-unknown-unknown

if rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  exec cargo "$1" --target "$target" "${@:2}"
fi

rust_version="$(rustc --version | awk '{print $2}')"        # e.g. 1.95.0
debian_version="${ALGOSCOPE_RUST_SRC_VERSION:-$rust_version+dfsg1-2~bpo13+1}"
cache="${ALGOSCOPE_WASM_STD:-/var/tmp/algoscope-wasm-std}"
library="$cache/usr/src/rustc-$rust_version/library"

# The std source must be our compiler's own: a stamp records which package was unpacked.
stamp="$cache/rust-src.version"
if [ ! -f "$library/Cargo.lock" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$debian_version" ]; then
  echo "wasm-cargo: fetching Debian's rust-src $debian_version into $cache" >&2
  rm -rf "$cache/usr" "$stamp"
  apt_dir="$cache/apt"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/etc"
  echo "deb http://deb.debian.org/debian trixie-backports main" >"$apt_dir/etc/sources.list"
  apt_opts=(
    -o "Dir::Etc::SourceList=$apt_dir/etc/sources.list"
    -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::State::Lists=$apt_dir/lists"
    -o "Dir::Cache=$apt_dir/cache"
    -o "APT::Default-Release="
    -q
  )
  apt-get "${apt_opts[@]}" update >&2
  (cd "$apt_dir" && apt-get "${apt_opts[@]}" download "rust-src=$debian_version" 2>&1 \
    | { grep -v "unsandboxed as root" || true; } >&2)
  deb="$(ls "$apt_dir"/rust-src_*.deb)"
  # Only library/ is needed (the package also holds the compiler's source, ~270 MB).
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$cache" "./usr/src/rustc-$rust_version/library"
  rm -f "$deb"
  echo "$debian_version" >"$stamp"
fi

export RUSTC_BOOTSTRAP=1
export __CARGO_TESTS_ONLY_SRC_ROOT="$library"
exec cargo -Zbuild-std=std,panic_abort "$1" --target "$target" "${@:2}"
