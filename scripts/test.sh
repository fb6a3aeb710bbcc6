#!/usr/bin/env bash
# `make test`: every suite, each timed, with the table of times printed at the end (also when a suite
# fails, which stops the run and fails make).
#
# The Rust workspace is compiled once for all of it: clippy-driver is the workspace's compiler
# wrapper, so the build lints as it compiles, and the same build gives the `jpmall` binary
# (Rust tests, browser tests) and the test binaries. The web checks (npm packages, lint, unit tests,
# build) need no Rust, so they run beside the Rust build, in their own log, and take the CPU the
# build leaves idle (a 2-core CI machine spends much of the Rust build on one or two crates at a
# time). Debian's chromium installs in the background meanwhile. The browser tests need both; the
# Rust tests run beside them.
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
    printf '  %-44s %6ss  %s\n' "${names[$i]}" "${seconds[$i]}" "${results[$i]}"
  done
  printf '  %-44s %6ss\n' "total (wall)" "$total"
  # Last, so that a log cut to its tail still says which browser test failed where, and why.
  if [[ -n ${browser_failed:-} ]]; then
    echo
    node web/scripts/e2e-digest.mjs || true
  fi
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

# The web checks, one after another, each timed into target/web-times (the table shows them).
web_checks() {
  local name start
  : >target/web-times
  for part in "npm packages|make --no-print-directory web/node_modules/.installed" \
    "web lint (tsc, eslint, knip)|cd web && npm run lint" \
    "web unit tests|cd web && npm test" \
    "web build|cd web && npm run build"; do
    name=${part%%|*}
    start=$(date +%s)
    echo "== $name"
    if ! bash -c "${part#*|}"; then
      echo "$name|$(($(date +%s) - start))|FAILED" >>target/web-times
      return 1
    fi
    echo "$name|$(($(date +%s) - start))|ok" >>target/web-times
  done
}

# waits for the web checks, then puts their times in the table and their log in the output.
await_web() {
  local ok=0
  wait "$web_pid" || ok=1
  echo "-- web checks log (target/web-checks.log):"
  cat target/web-checks.log
  local part took result
  while IFS='|' read -r part took result; do
    names+=("  $part (beside Rust)") seconds+=("$took") results+=("$result")
  done <target/web-times
  return $ok
}

step "postgres" scripts/ensure-postgres.sh
background_chromium >target/chromium-install.log 2>&1 &
chromium_pid=$!
# In a process group of its own (job control), so that a failed run stops it with everything it started.
set -m
web_checks >target/web-checks.log 2>&1 &
web_pid=$!
set +m
trap 'kill -- -"$web_pid" 2>/dev/null; table' EXIT

clippy_driver="$(rustc --print sysroot)/bin/clippy-driver"
linted() {
  RUSTC_WORKSPACE_WRAPPER="$clippy_driver" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" "$@"
}

# The `ci` profile (Cargo.toml): release semantics, optimised less, so that it compiles in far less time.
build=(cargo build --profile ci --workspace --all-targets)
step "rustfmt" cargo fmt --all --check
step "rust build + clippy (ci profile)" linted "${build[@]}"
step "web checks (wait for the rest)" await_web
# The binary carries web/dist (server/ embeds it): rebuilding after the web build recompiles only
# `server` and relinks, and lets the browser tests run the one-file deployment from an empty folder.
# The same command as the first build: selecting other packages would unify other features and
# recompile half the workspace.
step "single binary with the built web" linted "${build[@]}"
# The Rust tests and the browser tests run side by side: the HTTP tests spend most of their time
# waiting on sockets and databases, the browser tests on the browser, and either alone leaves much of
# two cores idle. Six HTTP tests at a time (a PostgreSQL test app holds at most 16 connections; the
# server allows 100). Nothing compiles any more, so they share the build without waiting on its lock.
# They run niced: the browser tests wait on the clock (a test's time limit, an expectation's), the
# Rust tests hardly do, and on two cores at equal priority the six HTTP tests starved a browser
# flow past its 150 s limit in CI. Niced, they take what the browser tests leave idle and get the
# whole machine once those are done.
rust_tests() {
  local start
  start=$(date +%s)
  if linted nice -n 10 cargo test --profile ci --workspace -- --test-threads=6; then
    echo "ok $(($(date +%s) - start))" >target/rust-tests.result
  else
    echo "FAILED $(($(date +%s) - start))" >target/rust-tests.result
    return 1
  fi
}
await_rust_tests() {
  local ok=0
  wait "$rust_pid" || ok=1
  echo "-- rust tests log (target/rust-tests.log):"
  cat target/rust-tests.log
  local result took
  read -r result took <target/rust-tests.result
  names+=("  rust tests (beside the browser tests)") seconds+=("$took") results+=("$result")
  return $ok
}
: >target/rust-tests.result
set -m
rust_tests >target/rust-tests.log 2>&1 &
rust_pid=$!
set +m
trap 'kill -- -"$web_pid" 2>/dev/null; kill -- -"$rust_pid" 2>/dev/null; table' EXIT
step "chromium" await "$chromium_pid" target/chromium-install.log
browser_tests() {
  (cd web && JPMALL_BIN="$(pwd)/../target/ci/jpmall" npm run e2e) || { browser_failed=1; return 1; }
}
step "browser tests" browser_tests
step "rust tests (SQLite and PostgreSQL; wait for them)" await_rust_tests
echo
echo "make test: all suites passed"
