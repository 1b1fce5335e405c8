#!/usr/bin/env bash
# Builds, then runs every test file. Node 20's --test neither expands ** nor fails on zero files,
# so the files are listed explicitly and the run fails if none are found.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx esbuild.config.ts
mapfile -t files < <(find src test scripts -name '*.test.ts' -not -path '*/node_modules/*' | sort)
# `npm test -- test/x.test.ts` runs just those files.
if [ "$#" -gt 0 ]; then files=("$@"); fi
if [ "${#files[@]}" -eq 0 ]; then echo "no test files found" >&2; exit 1; fi
exec npx tsx --test --test-concurrency="${TEST_CONCURRENCY:-2}" "${files[@]}"
