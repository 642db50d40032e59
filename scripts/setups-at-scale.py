#!/usr/bin/env python3
"""Server setups that differ in one flag, at scale (issue 36): N result files per side laid
out as vLLM's performance CI writes them (`--save-result` JSON beside its `.commands`),
built from the real result of `fixtures/vllm/0.33.0-buildkite-commands-reproduction/`.

Each side holds CONFIGS server configurations that differ only in one flag (the
tensor-parallel size, or `--max-num-seqs`), each run N / CONFIGS times with a seeded
±3% noise on its throughputs. The candidate's configurations listed in REGRESSED are 8%
slower. The script runs `perflab diff BASE CAND --json` and prints how many of the injected
regressions the default diff names, and any pair it calls a regression wrongly.

    scripts/setups-at-scale.py target/debug/perflab 1000
"""

import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "fixtures/vllm/0.33.0-buildkite-commands-reproduction/results"
STEM = "serving_mock_random_128_32_qps_inf_concurrency_4"
CONFIGS = [("tensor-parallel-size", v) for v in (1, 2, 4, 8)] + [("max-num-seqs", v) for v in (64, 128, 256, 512, 1024)]
REGRESSED = {1, 4, 6, 8, 3}
# `CONFIGS=K` in the environment keeps the first K configurations (fewer, so that 10 files
# a side hold repeats of each).
import os
CONFIGS = CONFIGS[: int(os.environ.get("CONFIGS", len(CONFIGS)))]
REGRESSED = {c for c in REGRESSED if c < len(CONFIGS)}


def side(folder: Path, files: int, regressed: bool, seed: int) -> None:
    real = json.loads((REAL / f"{STEM}.json").read_text())
    commands = json.loads((REAL / f"{STEM}.commands").read_text())
    rng = random.Random(seed)
    for i in range(files):
        c = i % len(CONFIGS)
        flag, value = CONFIGS[c]
        level = (1.0 + 0.3 * c) * (0.92 if regressed and c in REGRESSED else 1.0)
        result = dict(real)
        for key in ("request_throughput", "output_throughput", "total_token_throughput"):
            result[key] = real[key] * level * (1.0 + rng.uniform(-0.03, 0.03))
        server = f" vllm serve mock-model       --{flag} {value} --swap-space 16"
        cmd = {"server_command": server, "client_command": commands["client_command"], "gpu_type": "H100"}
        d = folder / f"rep{i // len(CONFIGS)}"
        d.mkdir(parents=True, exist_ok=True)
        name = f"serving_c{c}_qps_inf_concurrency_4"
        (d / f"{name}.json").write_text(json.dumps(result))
        (d / f"{name}.commands").write_text(json.dumps(cmd))


def main() -> None:
    perflab, files = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        base, cand = Path(tmp) / "base", Path(tmp) / "cand"
        side(base, files, False, 1)
        # `AA=1`: the candidate is the baseline's configuration again (every alarm is false).
        side(cand, files, os.environ.get("AA") != "1", 2)
        out = subprocess.run([perflab, "diff", base, cand, "--json"], capture_output=True)
        doc = json.loads(out.stdout)
        found, wrong, missed = set(), [], []
        for pair in doc["pairs"]:
            key = dict(zip(doc["key_columns"], pair["key"]))
            args = json.loads(key.get("engine_args") or "{}")
            c = next(
                i for i, (flag, value) in enumerate(CONFIGS) if args.get(flag.replace("-", "_")) == value
            )
            if pair["verdict"] != "regression":
                if c in REGRESSED:
                    outcomes = {o["outcome"] for o in pair["checks"]}
                    missed.append("/".join(sorted(outcomes)))
                continue
            if c in REGRESSED:
                found.add(c)
            else:
                wrong.append(pair["label"])
        print(f"{files} files per side, {len(doc['pairs'])} pairs, exit {out.returncode}: "
              f"{len(found)} of {len(REGRESSED)} injected regressions named, {len(wrong)} false alarms"
              + (f"; the others' checks: {', '.join(missed)}" if missed else ""))


if __name__ == "__main__":
    main()
