#!/usr/bin/env python3
"""The kind of script users write today to pull results out of benchmark outputs; the
baseline of scripts/ingest-vs-baselines.sh. Walks the paths, takes every `Serving
Benchmark Result` block's `label: value` lines from text files and the top-level numbers
of result JSON files, and prints one JSON object per run (as `perflab ingest --json`)."""
import json, os, re, sys

BLOCK = re.compile(r"Serving Benchmark Result =+\n(.*?)\n={10,}\n", re.S)
LINE = re.compile(r"^([^:\n]+):\s+(\S+)", re.M)

def runs(path):
    if path.endswith(".json"):
        with open(path) as f:
            obj = json.load(f)
        yield {k: v for k, v in obj.items() if isinstance(v, (int, float))}
        return
    with open(path, errors="replace") as f:
        text = f.read()
    for block in BLOCK.finditer(text):
        yield {k.strip(): v for k, v in LINE.findall(block.group(1))}

out = sys.stdout
for root in sys.argv[1:]:
    for d, dirs, names in sorted(os.walk(root)):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(d, name)
            for run in runs(path):
                out.write(json.dumps({"source": path, **run}) + "\n")
