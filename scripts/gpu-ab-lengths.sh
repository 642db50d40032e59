#!/usr/bin/env bash
# ab.sh of ../shared/tools/gpu-bench/ with several run lengths on the same two servers (copy
# it into that folder to run it): made fixtures/gpu/h100-tfserve-c16 with
#   OUT=out CONC=16 SETS="48:7:3 120:4:2" DEADLINE=505 HARD=540 bash gpu-ab-lengths.sh  (A got 6 runs,
#   B 3; the 120-request set did not fit in the time and was skipped), then OUT=out CONC=16 SETS="96:6:3" EST_S=12 B_GUESS=1.0 DEADLINE=525 HARD=560 bash gpu-ab-lengths.sh
# A/A and A/B runs of real LLM serving on one GPU: two configurations of one engine loaded side by
# side (each with 30% of the GPU memory for its KV cache), their runs interleaved A B A B ... at one
# concurrency, so that drift hits both alike. Same engine, model and client as sweep.sh.
#
# CONC (16), N requests a run (48), A_RUNS (4), B_RUNS (3); A_ARGS / B_ARGS as in sweep.sh
# (B default `--dtype float32`). Results: $OUT/results.tar.gz (results/{A,B}/cCONC/rK.{jsonl,
# console.txt}, warmup/, server logs, timeline.txt, summary.tsv).
#
# usage, on a machine with one NVIDIA GPU, torch and transformers 5.17 and no network (the other
# packages come from whl/):  OUT=/path/to/out CONC=16 N=128 bash ab.sh
set -u
set -o pipefail

T0=$(date +%s)
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PY=${PY:-python3}
OUT=${OUT:-/tmp/bench-out}
WORK=${WORK:-/tmp/bench}
SITE=${SITE:-/tmp/site}
PRESET=${PRESET:-gpu}                  # gpu: 0.60 B params; tiny: CPU smoke test
DEV=${DEV:-cuda}
IN=${IN:-256}
OUTLEN=${OUTLEN:-128}
CONCS=${CONCS:-"1 4 16 64"}
REPEATS=${REPEATS:-3}
AA_REPEATS=${AA_REPEATS:-5}
AA_CONC=${AA_CONC:-16}
TARGET_S=${TARGET_S:-10}               # aimed duration of one config-A run
CAL_N=${CAL_N:-"1:3 4:8 16:32 64:64"}  # calibration num-prompts per concurrency
MAX_N=${MAX_N:-3000}
A_ARGS=${A_ARGS:-""}                   # config A: engine defaults
B_ARGS=${B_ARGS:-"--dtype float32"}
MEM=${MEM:-"--cb-max-memory-percent 0.3"}  # both servers share the GPU: each keeps its cache small    # config B: the deliberate regression
EXTRA_ARGS=${EXTRA_ARGS:-""}           # both configs (CPU test: --device cpu --cb-num-blocks N)
B_GUESS=${B_GUESS:-1.6}                # B/A duration ratio assumed until B has been measured
DEADLINE=${DEADLINE:-512}              # no run starts that is predicted to end later (s)
HARD=${HARD:-526}                      # every client timeout ends by then (s); 9 min = 540
PORT_A=${PORT_A:-8001}
PORT_B=${PORT_B:-8002}
MODEL_NAME=${MODEL_NAME:-llama-0.6b-random}
[ "$PRESET" = tiny ] && MODEL_NAME=llama-tiny-random

R=$WORK/results
MODEL=$WORK/$MODEL_NAME
rm -rf "$R"
mkdir -p "$R" "$OUT" "$WORK/hf/hub"

export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_HUB_DISABLE_UPDATE_CHECK=1 HF_HUB_DISABLE_TELEMETRY=1
export HF_HOME=$WORK/hf                # /v1/models scans the hub cache: the folder must exist
export PYTHONUNBUFFERED=1 COLUMNS=200 TOKENIZERS_PARALLELISM=false

el() { echo $(( $(date +%s) - T0 )); }
log() { printf '[%s +%3ss] %s\n' "$(date -u +%H:%M:%S)" "$(el)" "$*" | tee -a "$R/timeline.txt"; }

declare -A PID=() PORT=([A]=$PORT_A [B]=$PORT_B) NP=() EST=() RATIO=()

start_server() {  # NAME ARGS...: own process session, so that the whole group can be stopped
    local name=$1; shift
    log "server $name: start on 127.0.0.1:${PORT[$name]} with: --continuous-batching $*"
    setsid "$PY" "$HERE/serve.py" "$MODEL" --continuous-batching --host 127.0.0.1 \
        --port "${PORT[$name]}" --log-level info "$@" > "$R/server-$name.log" 2>&1 < /dev/null &
    PID[$name]=$!
}

http_200() {  # PORT PATH: bash-only HTTP GET (no curl needed), in a subshell
    (
        exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
        printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$2" >&3
        IFS= read -r -t 10 line <&3 || exit 1
        [[ $line == *" 200 "* ]]
    ) 2>/dev/null
}

wait_ready() {  # NAME MAX_SECONDS
    local name=$1 max=$2 i
    for ((i = 0; i < max; i++)); do
        if ! kill -0 "${PID[$name]}" 2>/dev/null; then
            log "server $name: DIED while starting (see server-$name.log)"; return 1
        fi
        if http_200 "${PORT[$name]}" /v1/models; then log "server $name: /v1/models answers"; return 0; fi
        sleep 1
    done
    log "server $name: not ready after ${max}s"; return 1
}

stop_server() {  # NAME
    local name=$1 pid=${PID[$1]:-} i
    [ -n "$pid" ] || return 0
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
    for ((i = 0; i < 30; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$pid" 2>/dev/null; then
        kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null
        log "server $name: killed"
    else
        log "server $name: stopped"
    fi
    PID[$name]=""
}

jfield() {  # FILE KEY...: fields of the last JSONL line, space-separated ("-" if missing)
    "$PY" - "$@" <<'EOF'
import json, sys
try:
    d = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
except Exception:
    d = {}
out = []
for k in sys.argv[2:]:
    v = d.get(k)
    out.append("-" if v is None else (f"{v:.6g}" if isinstance(v, float) else str(v)))
print(" ".join(out))
EOF
}

bench() {  # NAME(relative path) CONFIG CONC NUM_PROMPTS SEED TIMEOUT
    local name=$1 cfg=$2 c=$3 n=$4 seed=$5 tmax=$6 t1 rc
    mkdir -p "$(dirname "$R/$name")"
    t1=$(date +%s)
    timeout -k 5 "$tmax" "$PY" -m sglang.bench_serving --backend sglang-oai \
        --base-url "http://127.0.0.1:${PORT[$cfg]}" --model "$MODEL" --tokenizer "$MODEL" \
        --dataset-name random-ids --random-input-len "$IN" --random-output-len "$OUTLEN" \
        --random-range-ratio 1.0 --num-prompts "$n" --max-concurrency "$c" --seed "$seed" \
        --output-file "$R/$name.jsonl" --output-details \
        > "$R/$name.console.txt" 2>&1
    rc=$?
    LAST_WALL=$(( $(date +%s) - t1 ))
    if [ -s "$R/$name.jsonl" ]; then
        read -r LAST_DUR LAST_DONE LAST_E2E <<< "$(jfield "$R/$name.jsonl" duration completed mean_e2e_latency_ms)"
    else
        LAST_DUR=- LAST_DONE=0 LAST_E2E=-
    fi
    log "run $name: c=$c n=$n seed=$seed rc=$rc wall=${LAST_WALL}s duration=${LAST_DUR}s completed=$LAST_DONE mean_e2e=${LAST_E2E}ms"
    return $rc
}

predict() {  # CONFIG CONC -> seconds this run is expected to take (client start included)
    local cfg=$1 c=$2 e=${EST[$2]:-5}
    local r=${RATIO[$cfg:$c]:-}
    if [ -z "$r" ]; then [ "$cfg" = B ] && r=$B_GUESS || r=1; fi
    "$PY" -c "print(int(${NP[$c]} / $c * $e * $r + 6))"
}

measured() {  # CONFIG CONC KIND NAME SEED: one measured benchmark, within the time budget
    local cfg=$1 c=$2 kind=$3 name=$4 seed=$5 pred left tmax
    if [ -z "${PID[$cfg]:-}" ] || ! kill -0 "${PID[$cfg]}" 2>/dev/null; then
        log "SKIP $name: server $cfg is not running"; return 1
    fi
    pred=$(predict "$cfg" "$c")
    if (( $(el) + pred > DEADLINE )); then
        log "SKIP $name: predicted ${pred}s would end after ${DEADLINE}s"; return 1
    fi
    left=$(( HARD - $(el) )); tmax=$(( pred * 3 > 45 ? pred * 3 : 45 )); (( tmax > left )) && tmax=$left
    bench "$name" "$cfg" "$c" "${NP[$c]}" "$seed" "$tmax"
    # Observed B/A duration ratio, used to predict the following B runs at this concurrency.
    if [ "$kind" = sweep ] && [ "$LAST_DUR" != - ]; then
        if [ "$cfg" = A ]; then ADUR[$c]=$LAST_DUR; elif [ -n "${ADUR[$c]:-}" ]; then
            RATIO[B:$c]=$("$PY" -c "print(round(max(0.5, $LAST_DUR / ${ADUR[$c]}), 3))")
        fi
    fi
}
declare -A ADUR=()

finish() {
    local rc=$?
    trap - EXIT
    stop_server A; stop_server B
    "$PY" "$HERE/summarize.py" "$R" > "$R/summary.tsv" 2> "$R/summarize.err" || true
    log "done in $(el)s (exit $rc); packing results"
    tar -C "$WORK" -czf "$OUT/results.tar.gz" results
    for f in server-A.log server-B.log; do
        [ -f "$R/$f" ] || continue
        if [ "$(stat -c %s "$R/$f")" -gt 15000000 ]; then gzip -c "$R/$f" > "$OUT/$f.gz"; else cp "$R/$f" "$OUT/"; fi
    done
    cp "$R/timeline.txt" "$R/summary.tsv" "$OUT/" 2>/dev/null
    ls -la "$OUT"
    column -t -s $'\t' "$R/summary.tsv" 2>/dev/null | cut -c1-200 || cat "$R/summary.tsv"
}
trap finish EXIT
trap 'log "interrupted"; exit 130' INT TERM

# ---- 1. model and tokenizer (background: needs only torch/transformers) + packages ---------
log "create model ($PRESET) on $DEV, in the background; install $(ls "$HERE"/whl/*.whl | wc -l) wheels into $SITE"
timeout 300 "$PY" "$HERE/make_model.py" "$MODEL" --preset "$PRESET" --device "$DEV" > "$R/make_model.log" 2>&1 &
MKPID=$!
"$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target "$SITE" \
    "$HERE"/whl/*.whl > "$R/pip-install.log" 2>&1 || { log "pip install FAILED"; cat "$R/pip-install.log"; exit 1; }
export PYTHONPATH=$SITE${PYTHONPATH:+:$PYTHONPATH}
"$PY" - > "$R/versions.json" <<'EOF2'
import json
from importlib.metadata import version
names = ["torch", "transformers", "sglang", "tokenizers", "accelerate", "fastapi", "starlette", "uvicorn",
         "pydantic", "pydantic_core", "openai", "typing_extensions", "aiohttp", "numpy"]
out = {}
for n in names:
    try:
        out[n] = version(n)
    except Exception:
        out[n] = None
print(json.dumps(out))
EOF2
log "versions: $(cat "$R/versions.json")"
{ nvidia-smi 2>&1 || true; uname -a; nproc; free -g; } > "$R/host.txt" 2>&1
wait $MKPID || { log "model creation FAILED"; tail -30 "$R/make_model.log"; exit 1; }
cp "$MODEL/MODEL_INFO.json" "$R/model_info.json"; cp "$MODEL/config.json" "$R/model_config.json"
log "model: $(tr -d '\n ' < "$MODEL/MODEL_INFO.json" | cut -c1-300)"
log "configurations: A = defaults${A_ARGS:+ + $A_ARGS}, B = $B_ARGS; in $IN / out $OUTLEN tokens"

# ---- 2. both configurations loaded side by side, runs interleaved A B A B ... ------------
# A and B alternate so that drift (clocks, allocator, warm-up) hits both alike.
# shellcheck disable=SC2086
start_server A $A_ARGS $MEM $EXTRA_ARGS
# shellcheck disable=SC2086
start_server B $B_ARGS $MEM $EXTRA_ARGS
wait_ready A 240 || exit 1
wait_ready B 240 || exit 1
bench warmup/A-c16 A 16 16 8016 90
bench warmup/B-c16 B 16 16 8116 90
CONC=${CONC:-16}
# Two run lengths on the same two servers, each interleaved A B A B ...: "N:A_RUNS:B_RUNS ..."
SETS=${SETS:-"48:7:3 120:4:2"}
for set in $SETS; do
    IFS=: read -r N A_RUNS B_RUNS <<< "$set"
    NP[$CONC]=$N; EST[$CONC]=${EST_S:-4.8}; RATIO[B:$CONC]=${B_GUESS}
    log "A/B design: interleaved at concurrency $CONC, $N requests a run: A x$A_RUNS, B x$B_RUNS"
    for r in $(seq 1 $(( A_RUNS > B_RUNS ? A_RUNS : B_RUNS ))); do
        (( r <= A_RUNS )) && measured A "$CONC" aa "A/c$CONC-n$N/r$r" $((100 * CONC + r))
        (( r <= B_RUNS )) && measured B "$CONC" aa "B/c$CONC-n$N/r$r" $((100 * CONC + r))
    done
done
exit 0
