#!/usr/bin/env bash
# `make test`: every suite, each timed, with the table of times printed at the end (also when a suite
# fails, which stops the run and fails make).
#
# The Rust workspace is compiled once for all of it: clippy-driver is the workspace's compiler
# wrapper, so the release build lints as it compiles, and the same build gives the `jpmall` binary
# (Rust tests, browser tests) and the test binaries. Debian's chromium and the npm packages install in
# the background while Rust compiles.
set -uo pipefail
cd "$(dirname "$0")/.."

mkdir -p target
names=()
seconds=()
results=()
started=$(date +%s)

table() {
  local total=$(($(date +%s) - started))
  echo
  echo "make test: time per suite"
  for i in "${!names[@]}"; do
    printf '  %-34s %6ss  %s\n' "${names[$i]}" "${seconds[$i]}" "${results[$i]}"
  done
  printf '  %-34s %6ss\n' "total (wall)" "$total"
}
trap table EXIT

# step NAME COMMAND...: runs and times one suite; a failure ends the run.
step() {
  local name=$1
  shift
  local start
  start=$(date +%s)
  echo
  echo "== $name"
  if "$@"; then
    names+=("$name") seconds+=($(($(date +%s) - start))) results+=("ok")
  else
    names+=("$name") seconds+=($(($(date +%s) - start))) results+=("FAILED")
    echo "make test: $name failed" >&2
    exit 1
  fi
}

# waits for a background job started by `background`, showing its log when it failed.
await() {
  local pid=$1 log=$2
  if ! wait "$pid"; then
    cat "$log" >&2
    return 1
  fi
}

background_chromium() {
  if dpkg -s chromium fonts-wqy-microhei >/dev/null 2>&1; then
    return 0
  fi
  echo "installing Debian's chromium for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
}

step "postgres" scripts/ensure-postgres.sh
background_chromium >target/chromium-install.log 2>&1 &
chromium_pid=$!
make --no-print-directory web/node_modules/.installed >target/npm-install.log 2>&1 &
npm_pid=$!

clippy_driver="$(rustc --print sysroot)/bin/clippy-driver"
linted() {
  RUSTC_WORKSPACE_WRAPPER="$clippy_driver" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" "$@"
}

step "rustfmt" cargo fmt --all --check
step "rust build + clippy (release)" linted cargo build --release --workspace --all-targets
step "rust tests (SQLite and PostgreSQL)" linted cargo test --release --workspace
step "npm packages" await "$npm_pid" target/npm-install.log
step "web lint (tsc, eslint)" bash -c "cd web && npm run lint"
step "web unit tests" bash -c "cd web && npm test"
step "web build" bash -c "cd web && npm run build"
step "chromium" await "$chromium_pid" target/chromium-install.log
step "browser tests" bash -c "cd web && JPMALL_BIN=$(pwd)/target/release/jpmall npm run e2e"
echo
echo "make test: all suites passed"
