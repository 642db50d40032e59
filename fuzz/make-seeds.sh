#!/usr/bin/env bash
# Builds the fuzzer's seed corpus from the repository's fixtures: every tool output under
# 32 KiB (AFL works best on small seeds), prefixed with the byte that makes the target
# read it under its own extension (fuzz_targets/ingest.rs: txt md json jsonl csv log).
# Usage: fuzz/make-seeds.sh OUT_DIR
set -euo pipefail
out=${1:?usage: make-seeds.sh OUT_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
i=0
while IFS= read -r -d '' f; do
  case "${f##*.}" in
    txt) b=0 ;; md) b=1 ;; json) b=2 ;; jsonl) b=3 ;; csv) b=4 ;; *) b=5 ;;
  esac
  { printf "\\x0$b"; cat "$f"; } > "$out/seed-$(printf %03d $i)"
  i=$((i + 1))
done < <(find "$root/fixtures" -path "$root/fixtures/expected" -prune -o \
  -path "$root/fixtures/studies" -prune -o -type f -size -32k -print0 | sort -z)
echo "$i seeds in $out"
