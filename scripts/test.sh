#!/usr/bin/env bash
# Runs the tests, by tier or by file:
#   npm test                     builds, then runs every tier: unit, http, process, browser
#   npm test -- http browser     builds, then runs those tiers
#   npm test -- test/x.test.ts   builds, then runs those files
#   npm run test:unit            the unit tier (*.test.ts beside their modules), without a build,
#                                in two Node processes side by side (UNIT_PROCESSES), each running
#                                its files in itself (isolation none)
#   TEST_LANES=2 npm test        the browser tier side by side with the others (.ci/run does)
# Node 20's --test neither expands ** nor fails when it runs nothing, so the files are listed
# here, and scripts/test/every-file-ran.mjs fails the run if any listed file ran no test.
set -euo pipefail
cd "$(dirname "$0")/.."

tiers=(unit http process browser)
tier_files() {
  case "$1" in
    unit) find src scripts -name '*.test.ts' -not -path '*/node_modules/*' | sort ;;
    *) find "test/$1" -name '*.test.ts' | sort ;;
  esac
}

if [ "$#" -eq 0 ]; then
  set -- "${tiers[@]}"
  # A test file outside every tier would silently never run.
  strays=$(find test -name '*.test.ts' | grep -Ev '^test/(http|process|browser)/' || true)
  if [ -n "$strays" ]; then
    echo "test files outside test/http, test/process and test/browser (move them into a tier):" >&2
    echo "$strays" >&2
    exit 1
  fi
fi

files=()
needs_build=false
for arg in "$@"; do
  case "$arg" in
    unit) mapfile -t -O "${#files[@]}" files < <(tier_files unit) ;;
    http | process | browser)
      needs_build=true
      mapfile -t -O "${#files[@]}" files < <(tier_files "$arg")
      ;;
    *)
      # Unit tests import their module directly; everything else tests the built server.
      case "$arg" in src/* | scripts/*) ;; *) needs_build=true ;; esac
      files+=("$arg")
      ;;
  esac
done
if [ "${#files[@]}" -eq 0 ]; then echo "no test files found for: $*" >&2; exit 1; fi

# The slowest files first (scripts/test/slow-files.txt), the rest in their order: with two files
# at a time, a long file that starts last runs on alone at the end while the other slot idles.
slow=()
mapfile -t slow < <(grep -Ev '^(#|$)' scripts/test/slow-files.txt)
ordered=()
for file in "${slow[@]}"; do
  for i in "${!files[@]}"; do
    if [ "${files[$i]}" = "$file" ]; then ordered+=("$file"); unset 'files[i]'; fi
  done
done
files=("${ordered[@]}" "${files[@]}")

# Node keeps the code it compiled for every module (the test files' imports, the built server's
# packages) and the next process reuses it: about 0.1 CPU-second less per test file's process,
# and a few hundred processes start in a whole run (issue 31). Keyed by each file's content.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-${TMPDIR:-/tmp}/saguaro-doodles-compile-cache}"

# TEST_BUILT=1: the caller has just built (.ci/run builds while it type-checks and lints).
if [ "$needs_build" = true ] && [ -z "${TEST_BUILT:-}" ]; then npx tsx esbuild.config.ts; fi

# One node --test run over the files given: `concurrency` files at a time, each in its own Node
# process; or, with `none`, every file in this one process, one test after another
# (--test-isolation=none: the unit tier, decision 124). --test-force-exit: a file whose tests have
# all ended exits even if something it started is still running (a server whose stopping hook
# was skipped because an earlier hook failed): it reports the failure instead of hanging the run;
# test/helpers/end-with-file.ts kills what it left.
run_files() {
  local concurrency=$1
  shift
  local mode=(--test-concurrency="$concurrency")
  if [ "$concurrency" = none ]; then mode=(--test-isolation=none); fi
  TEST_FILES=$(printf '%s\n' "$@") node --import tsx --test --test-force-exit "${mode[@]}" \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=./scripts/test/every-file-ran.mjs --test-reporter-destination=stderr \
    "$@"
}

unit=()
browser=()
others=()
for file in "${files[@]}"; do
  case "$file" in
    src/* | scripts/*) unit+=("$file") ;;
    test/browser/*) browser+=("$file") ;;
    *) others+=("$file") ;;
  esac
done

# The unit files run in UNIT_PROCESSES Node processes (2) side by side, each holding its files
# in one process (isolation none): a process and tsx's start per file cost more than the unit
# tests themselves (issue 26). The files are dealt in turn, slowest first, so the two processes
# end at about the same time. No unit file may leave anything behind for the next one in its
# process (environment, timers, cwd, mocks, hooks outside a describe): decision 124.
unit_groups=()
if [ "${#unit[@]}" -gt 0 ]; then
  processes=${UNIT_PROCESSES:-2}
  if [ "$processes" -gt "${#unit[@]}" ]; then processes=${#unit[@]}; fi
  for i in "${!unit[@]}"; do unit_groups[i % processes]+="${unit[$i]}"$'\n'; done
fi
group_files() { printf '%s' "${unit_groups[$1]}"; }

# One run only (one file, one tier but the unit tier): its output as it comes.
if [ "${#unit_groups[@]}" -eq 0 ]; then
  if [ "${TEST_LANES:-1}" != 2 ] || [ "${#browser[@]}" -eq 0 ] || [ "${#others[@]}" -eq 0 ]; then
    run_files "${TEST_CONCURRENCY:-2}" "${files[@]}"
    exit
  fi
elif [ "${#unit_groups[@]}" -eq 1 ] && [ "${#browser[@]}" -eq 0 ] && [ "${#others[@]}" -eq 0 ]; then
  mapfile -t group < <(group_files 0)
  run_files none "${group[@]}"
  exit
fi

# Several runs: each one's output is kept, printed whole when all have ended, then one closing
# line for all of them.
# TEST_LANES=2 (.ci/run): the unit processes, then the browser tier (Chromium: BROWSER_CONCURRENCY
# files at a time, 2), run side by side with the others (requests and processes that mostly wait:
# TEST_CONCURRENCY at a time). Every test uses its own port (0) and temporary directories, so the
# runs share nothing but the build, which they only read.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
runs=()
for i in "${!unit_groups[@]}"; do runs+=("unit-$((i + 1))"); done
rest=("${others[@]}")
lanes=false
if [ "${TEST_LANES:-1}" = 2 ] && [ "${#browser[@]}" -gt 0 ]; then lanes=true; else rest+=("${browser[@]}"); fi
if [ "${#rest[@]}" -gt 0 ]; then runs+=(others); fi
if [ "$lanes" = true ]; then runs+=(browser); fi

# The unit processes side by side.
unit_runs() {
  local pids=() i status=0
  for i in "${!unit_groups[@]}"; do
    mapfile -t group < <(group_files "$i")
    run_files none "${group[@]}" >"$out/unit-$((i + 1)).out" 2>"$out/unit-$((i + 1)).err" &
    pids+=($!)
  done
  for i in "${pids[@]}"; do wait "$i" || status=1; done
  return "$status"
}
rest_run() {
  if [ "${#rest[@]}" -eq 0 ]; then return 0; fi
  run_files "${TEST_CONCURRENCY:-2}" "${rest[@]}" >"$out/others.out" 2>"$out/others.err"
}
status=0
if [ "$lanes" = true ]; then
  # The unit processes open the browser lane: the other lane, mostly waiting on peers, retries
  # and timers, ended last (597 s against 542 in a whole run), so it starts at once.
  (
    lane=0
    unit_runs || lane=1
    run_files "${BROWSER_CONCURRENCY:-2}" "${browser[@]}" >"$out/browser.out" 2>"$out/browser.err" || lane=1
    exit "$lane"
  ) &
  browser_pid=$!
  rest_run || status=1
  wait "$browser_pid" || status=1
else
  unit_runs || status=1
  rest_run || status=1
fi
passed=0
failed=0
for run in "${runs[@]}"; do
  echo "=== ${run} ==="
  cat "$out/$run.out"
  grep -Ev '^[0-9]+ passed, [0-9]+ failed$' "$out/$run.err" >&2 || true
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out/$run.err" | tail -1)
  if [ -z "$line" ]; then status=1; echo "the $run run ended without its summary" >&2; continue; fi
  passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
  failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
done
# Each run's failures once more, last: a CI log is often read from its tail, and the runs before
# the browser lane's long output would hide them (a process-tier failure was once known only by
# its name).
for run in "${runs[@]}"; do
  if grep -q '^✖ failing tests:' "$out/$run.out"; then
    echo "=== the failures of the ${run} run, again ==="
    sed -n '/^✖ failing tests:/,$p' "$out/$run.out"
  fi
done
echo "${passed} passed, ${failed} failed"
exit "$status"
