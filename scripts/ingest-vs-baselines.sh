#!/usr/bin/env bash
# perflab ingest against the baselines users have (BENCHMARKS.md, "perflab ingest against
# baselines"): a Python regex script of the usual kind (ingest_regex_baseline.py, beside
# this file), the issue-26 peer (../shared/bench/peer_parse.py: a loop with one regex per
# line that fills a dict per run and prints only the count) and `wc -l`, one pass over the
# bytes, the practical floor. Same files, same run, best of $REPEATS wall times, output to
# /dev/null.
#
#   scripts/ingest-vs-baselines.sh [CORPUS_DIR]
#
# Env: PERFLAB (default target/release/perflab: build it with `cargo build --release`),
# CARGO (default cargo; builds the corpus generator in the dev profile), GEN (the built
# generator, target/debug/examples/gen_corpus_bench, instead of `cargo run`), REPEATS (3),
# ONLY (the corpora to measure, e.g. "logs small"; default all seven), PEER (the peer script;
# its column is left out when the file is missing).
# The corpora are written once into CORPUS_DIR (default /tmp/perflab-bench-corpus, about
# 1.1 GB) and reused, so figures before and after a change read the same files.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=${1:-/tmp/perflab-bench-corpus}
perflab=${PERFLAB:-$here/../target/release/perflab}
cargo=${CARGO:-cargo}
repeats=${REPEATS:-3}
regex=$here/ingest_regex_baseline.py
peer=${PEER:-$here/../../shared/bench/peer_parse.py}

# name, generator kind, files, size (KiB per file, or requests per JSON file)
corpora=(
  "logs logs 200 2048"
  "dense dense 200 2048"
  "json json 2000 4000"
  "small json 100000 40"
  "dense1 one-file 1 0"
  # Issue 38's text readers (llama-bench, MLPerf, trtllm-bench, ollama, evalscope) on their
  # fixtures' outputs back to back, and evalscope's consoles alone.
  "tools tools 200 512"
  "evalscope evalscope 200 512"
)

for c in "${corpora[@]}"; do
  set -- $c
  if [ ! -e "$corpus/$1/.done" ]; then
    rm -rf "${corpus:?}/$1"
    if [ "$2" = one-file ]; then
      # The dense corpus as one file: the same bytes, one file for the threads to share.
      mkdir -p "$corpus/$1"
      find "$corpus/dense" -type f ! -name '.*' | sort | xargs cat > "$corpus/$1/dense.log"
    elif [ -n "${GEN:-}" ]; then
      "$GEN" "$2" "$corpus/$1" "$3" "$4"
    else
      (cd "$here/.." && $cargo run -q --example gen_corpus_bench -- "$2" "$corpus/$1" "$3" "$4")
    fi
    touch "$corpus/$1/.done"
  fi
done

# Best wall time in seconds of "$@" over $repeats runs, stdout discarded.
best_of() {
  local best="" start end t
  for _ in $(seq "$repeats"); do
    start=$(date +%s%N)
    "$@" > /dev/null
    end=$(date +%s%N)
    t=$(( end - start ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  awk -v ns="$best" 'BEGIN { printf "%.3f", ns / 1e9 }'
}

wc_all() { find "$1" -type f ! -name '.*' -print0 | xargs -0 wc -l | tail -n 1; }
# The peer takes files; xargs may call it more than once, each printing its count.
peer_all() { find "$1" -type f ! -name '.*' -print0 | sort -z | xargs -0 python3 "$peer"; }
ingest() { RAYON_NUM_THREADS=$1 "$perflab" ingest --json "$2"; }

echo "perflab: $("$perflab" --version)  ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-6s %8s %7s %8s | %7s %7s %7s %7s %7s | %9s %8s %7s %8s %8s %7s\n' \
  corpus MB files runs "perf-2" "perf-1" python peer "wc -l" "MB/s-2" "x-regex" "x-peer" "x-wc" "1->2thr" "RSS-MB"
for c in "${corpora[@]}"; do
  set -- $c
  case " ${ONLY:-$1} " in *" $1 "*) ;; *) continue ;; esac
  dir=$corpus/$1
  wc_all "$dir" > /dev/null
  mb=$(du -sm --apparent-size "$dir" | cut -f1)
  files=$(find "$dir" -type f ! -name '.*' | wc -l)
  runs=$(ingest 2 "$dir" | wc -l)
  py_runs=$(python3 "$regex" "$dir" | wc -l)
  [ "$runs" = "$py_runs" ] || echo "note: $1: perflab found $runs runs, the regex script $py_runs" >&2
  rss=$( { RAYON_NUM_THREADS=2 /usr/bin/time -f '%M' "$perflab" ingest --json "$dir" > /dev/null; } 2>&1 | tail -n 1)
  t2=$(best_of ingest 2 "$dir")
  t1=$(best_of ingest 1 "$dir")
  tp=$(best_of python3 "$regex" "$dir")
  tq=0
  if [ -e "$peer" ]; then
    peer_runs=$(peer_all "$dir" | awk '{ s += $1 } END { print s + 0 }')
    # The peer reads only serving blocks: its count matches on logs, not on JSON.
    [ "$runs" = "$peer_runs" ] || echo "note: $1: perflab found $runs runs, the peer $peer_runs" >&2
    tq=$(best_of peer_all "$dir")
  fi
  tw=$(best_of wc_all "$dir")
  awk -v n="$1" -v mb="$mb" -v f="$files" -v r="$runs" -v t2="$t2" -v t1="$t1" -v tp="$tp" \
      -v tq="$tq" -v tw="$tw" -v rss="$rss" 'BEGIN {
    printf "%-6s %8d %7d %8d | %7.3f %7.3f %7.3f %7.3f %7.3f | %9.0f %8.1f %7.1f %8.2f %8.2f %7.0f\n",
      n, mb, f, r, t2, t1, tp, tq, tw, mb / t2, tp / t2, tq / t2, t2 / tw, t1 / t2, rss / 1024 }'
  if [ "$1" = small ]; then
    awk -v f="$files" -v t2="$t2" -v t1="$t1" 'BEGIN {
      printf "       small files: %.0f files/s on 2 threads, %.0f on 1\n", f / t2, f / t1 }'
  fi
done

case " ${ONLY:-small} " in *" small "*) ;; *) exit 0 ;; esac
# The terminal table of every run of the small corpus (100,000 rows), 120 columns wide:
# time to its first line and to its end, against the same ingest as NDJSON.
dir=$corpus/small
first() { COLUMNS=120 "$perflab" ingest "$dir" 2> /dev/null | head -n 1 || true; }
table() { COLUMNS=120 "$perflab" ingest "$dir"; }
tf=$(best_of first)
tt=$(best_of table)
tj=$(best_of ingest 2 "$dir")
echo "table of $(ingest 2 "$dir" | wc -l) runs: first line after ${tf} s, all after ${tt} s (NDJSON: ${tj} s)"
echo "columns: perf-N = perflab ingest --json with RAYON_NUM_THREADS=N, best of $repeats (s);"
echo "  x-regex = regex script time / perflab's; x-peer = peer_parse.py's / perflab's;"
echo "  x-wc = perflab's time / wc -l's;"
echo "  1->2thr = 1-thread time / 2-thread time; RSS-MB = perflab's peak (2 threads)"
