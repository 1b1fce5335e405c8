#!/usr/bin/env bash
# Runs the tests, by tier or by file:
#   npm test                     builds, then runs every tier: unit, http, process, browser
#   npm test -- http browser     builds, then runs those tiers
#   npm test -- test/x.test.ts   builds, then runs those files
#   npm run test:unit            the unit tier (*.test.ts beside their modules), without a build
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

if [ "$needs_build" = true ]; then npx tsx esbuild.config.ts; fi

TEST_FILES=$(printf '%s\n' "${files[@]}") exec node --import tsx --test \
  --test-concurrency="${TEST_CONCURRENCY:-2}" \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=./scripts/test/every-file-ran.mjs --test-reporter-destination=stderr \
  "${files[@]}"
