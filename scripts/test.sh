#!/usr/bin/env bash
# Runs the tests, by tier or by file:
#   npm test                     builds, then runs every tier: unit, http, process, browser
#   npm test -- http browser     builds, then runs those tiers
#   npm test -- test/x.test.ts   builds, then runs those files
#   npm run test:unit            the unit tier (*.test.ts beside their modules), without a build
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

# TEST_BUILT=1: the caller has just built (.ci/run builds while it type-checks and lints).
if [ "$needs_build" = true ] && [ -z "${TEST_BUILT:-}" ]; then npx tsx esbuild.config.ts; fi

# One node --test run over `files`, at `concurrency` files at a time.
run_files() {
  local concurrency=$1
  shift
  TEST_FILES=$(printf '%s\n' "$@") node --import tsx --test \
    --test-concurrency="$concurrency" \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=./scripts/test/every-file-ran.mjs --test-reporter-destination=stderr \
    "$@"
}

# TEST_LANES=2 (.ci/run): the browser tier (Chromium: BROWSER_CONCURRENCY files at a time, 2) runs
# side by side with the others (requests and processes that mostly wait: TEST_CONCURRENCY at a time).
# Every test uses its own port (0) and temporary directories, so the lanes share nothing but the
# build, which they only read. Each lane's output is printed whole when both have ended, then one
# closing line for both.
browser=()
others=()
for file in "${files[@]}"; do
  case "$file" in test/browser/*) browser+=("$file") ;; *) others+=("$file") ;; esac
done
if [ "${TEST_LANES:-1}" != 2 ] || [ "${#browser[@]}" -eq 0 ] || [ "${#others[@]}" -eq 0 ]; then
  run_files "${TEST_CONCURRENCY:-2}" "${files[@]}"
  exit
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_files "${TEST_CONCURRENCY:-2}" "${others[@]}" >"$out/others.out" 2>"$out/others.err" &
others_pid=$!
run_files "${BROWSER_CONCURRENCY:-2}" "${browser[@]}" >"$out/browser.out" 2>"$out/browser.err" &
browser_pid=$!
status=0
wait "$others_pid" || status=1
wait "$browser_pid" || status=1
passed=0
failed=0
for lane in others browser; do
  echo "=== ${lane} lane ==="
  cat "$out/$lane.out"
  grep -Ev '^[0-9]+ passed, [0-9]+ failed$' "$out/$lane.err" >&2 || true
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out/$lane.err" | tail -1)
  if [ -z "$line" ]; then status=1; echo "the $lane lane ended without its summary" >&2; continue; fi
  passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
  failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
done
echo "${passed} passed, ${failed} failed"
exit "$status"
