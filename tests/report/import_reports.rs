//! `import` on the two published reports in `fixtures/reports/`: the study it writes says
//! what the report says (values read off the reports by hand), every raw file reads back
//! as the very block it was cut from, and what cannot be recovered is listed with its line.

use std::collections::BTreeMap;
use std::path::Path;

use perflab::import::{import, Imported, LostKind, Text};
use perflab::ingest::{read_source, Source};
use perflab::published::read_report;

const REFERENCE: &str = "fixtures/reports/qwen3.5-9b-h100.en.md";
const CORPUS: &str = "fixtures/reports/gpustack-qwen3-30b-a3b-910b.md";

fn text(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).expect("fixture")
}

fn imported(rel: &str) -> Imported {
    import(Path::new(rel), &text(rel)).expect("imports")
}

fn file<'a>(im: &'a Imported, path: &str) -> &'a str {
    &im.files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no file {path}"))
        .text
}

/// The total token throughput of the one run a raw file holds.
fn tps(im: &Imported, path: &str) -> f64 {
    let t = file(im, path);
    let runs = read_source(&Source::new(Path::new(path), t), None)
        .unwrap()
        .unwrap()
        .runs;
    assert_eq!(runs.len(), 1, "{path}");
    runs[0].get("total_token_throughput").unwrap()
}

#[test]
fn reference_study_says_what_the_report_says() {
    let im = imported(REFERENCE);
    let s = &im.study;
    assert_eq!(s.model, "Qwen/Qwen3.5-9B");
    assert_eq!(s.hardware, "NVIDIA H100 80GB HBM3");
    let engines: Vec<_> = s
        .engines
        .iter()
        .map(|e| (e.name.as_str(), e.version.as_deref(), e.command.as_deref()))
        .collect();
    assert_eq!(
        engines,
        [
            ("vLLM", Some("v0.17.1"), Some("vllm serve")),
            (
                "SGLang",
                Some("v0.5.9"),
                Some("python3 -m sglang.launch_server --model-path")
            ),
        ]
    );
    let profiles: Vec<_> = s
        .profiles
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.dataset.get("total_requests").and_then(|v| v.as_integer()),
            )
        })
        .collect();
    assert_eq!(
        profiles,
        [
            ("ShareGPT", Some(1000)),
            ("Throughput", Some(1000)),
            ("Long Context", Some(100)),
            ("Generation Heavy", Some(200)),
        ]
    );
    let shape: Vec<(&str, usize)> = s
        .experiments
        .iter()
        .map(|e| (e.id.as_str(), e.variants.len()))
        .collect();
    assert_eq!(
        shape,
        [
            ("choosing-the-inference-engine", 2),
            ("prefix-cache", 1),
            ("speculative-decoding", 1),
            ("performance-mode", 1),
            ("max-num-seqs", 3),
            ("max-batched-tokens-performance-mode", 2),
            ("max-num-seqs-performance-mode", 2),
            ("max-num-seqs-max-batched-tokens", 1),
            ("max-num-seqs-max-batched-tokens-performance-mode", 3),
        ]
    );
    assert_eq!(
        s.baseline.as_deref(),
        Some("choosing-the-inference-engine/vllm")
    );
    let sglang = &s.experiments[0].variants[1];
    assert_eq!(sglang.engine, "SGLang");
    assert_eq!(
        sglang.parameters,
        ["--reasoning-parser=qwen3", "--context-length=32768"]
    );
    let spec = &s.experiments[2].variants[0];
    assert_eq!(
        spec.parameters[1],
        r#"--speculative-config={"method":"mtp","num_speculative_tokens":4}"#
    );
    assert!(s.experiments[1..]
        .iter()
        .all(|e| e.variants.iter().all(|v| v.engine == "vLLM")));
    // The "Other Benchmark Cases", in the conclusion table's order.
    let scenarios: Vec<(&str, f64, f64)> = s
        .scenarios
        .iter()
        .map(|sc| {
            (
                sc.profile.as_str(),
                tps(&im, sc.baseline.result.as_deref().unwrap()),
                tps(&im, sc.optimized.result.as_deref().unwrap()),
            )
        })
        .collect();
    assert_eq!(
        scenarios,
        [
            ("ShareGPT", 11527.14, 11768.22),
            ("Throughput", 29822.16, 34470.14),
            ("Long Context", 32416.84, 32658.73),
            ("Generation Heavy", 2973.42, 3025.11),
        ]
    );
    assert_eq!(im.files.len(), 24);
    let Some(Text::PerLanguage(notes)) = &s.notes else {
        panic!("notes per language")
    };
    assert_eq!(notes["en"].len(), 5);
    assert!(notes["en"][4].starts_with("Speculative decoding can significantly reduce latency"));
    let Some(Text::PerLanguage(method)) = &s.method else {
        panic!("method per language")
    };
    assert!(method["en"][0].starts_with("This project uses GPUStack's one-click benchmark"));
}

#[test]
fn every_raw_file_reads_back_as_its_block() {
    for rel in [REFERENCE, CORPUS] {
        let original = text(rel);
        let report = read_report(Path::new(rel), &original).unwrap().report;
        let im = imported(rel);
        for f in &im.files {
            // `# Provenance: NAME, lines A-B, ...`
            let lines = f.text.lines().next().unwrap();
            let range = lines
                .split("lines ")
                .nth(1)
                .unwrap()
                .split(',')
                .next()
                .unwrap();
            let start: u64 = range.split('-').next().unwrap().parse().unwrap();
            let block = report.blocks.iter().find(|b| b.line == start).unwrap();
            let runs = read_source(&Source::new(Path::new(&f.path), &f.text), None)
                .unwrap()
                .unwrap()
                .runs;
            assert_eq!(runs.len(), 1, "{}", f.path);
            // The raw file holds the block alone; the server's configuration is the
            // document's (its serving command and backend parameters), which the study
            // keeps, and so are the throughputs per GPU it gives.
            let measured = |run: &perflab::model::Run| {
                let mut values = run.values.clone();
                let per_gpu = perflab::model::schema::PER_GPU;
                for column in perflab::model::schema::CONFIGURATION.iter().chain(&per_gpu) {
                    values.remove(column);
                }
                values
            };
            assert_eq!(
                measured(&runs[0]),
                measured(&block.run),
                "{} differs from its block",
                f.path
            );
        }
        // Every block is in some file.
        assert_eq!(im.files.len(), report.blocks.len(), "{rel}");
    }
}

#[test]
fn corpus_study_keeps_the_crash_and_lists_what_is_lost() {
    let im = imported(CORPUS);
    let s = &im.study;
    assert_eq!(s.model, "Qwen/Qwen3-30B-A3B");
    assert_eq!(s.hardware, "Ascend 910B NPUs");
    let engines: Vec<_> = s
        .engines
        .iter()
        .map(|e| (e.name.as_str(), e.command.as_deref()))
        .collect();
    assert_eq!(
        engines,
        [
            ("vLLM-Ascend", Some("vllm serve")),
            ("MindIE", Some("mindie serve"))
        ]
    );
    let e0 = &s.experiments[0];
    assert_eq!(e0.id, "choosing-the-inference-engine");
    let v: Vec<_> = e0
        .variants
        .iter()
        .map(|v| (v.name.as_str(), v.engine.as_str(), v.parameters.clone()))
        .collect();
    assert_eq!(
        v,
        [
            ("vllm", "vLLM-Ascend", vec!["-tp 2".to_owned()]),
            ("mindie", "MindIE", vec![]),
        ]
    );
    let crash = &s.experiments[1].variants[0];
    assert_eq!(
        crash.missing.as_deref(),
        Some("Crash, not supported for the model")
    );
    assert_eq!(crash.parameters, ["--enable-prefix-caching"]);
    assert!(crash.result.is_none());
    let quant = &s.experiments[2].variants[0];
    assert_eq!(
        quant.label,
        Some(Text::Same(
            "Quantization in MindIE (vllm-ascend/Qwen3-8B-W8A8)".into()
        ))
    );
    assert_eq!(
        s.baseline.as_deref(),
        Some("choosing-the-inference-engine/vllm")
    );
    let Some(Text::PerLanguage(objective)) = &s.objective else {
        panic!("objective")
    };
    assert_eq!(
        objective["en"],
        "Achieve high throughput under high-concurrency request scenarios."
    );
    let profiles: Vec<_> = s
        .profiles
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.dataset.get("input_tokens").and_then(|v| v.as_integer()),
            )
        })
        .collect();
    assert_eq!(
        profiles,
        [
            ("ShareGPT", None),
            ("Very long prompt", Some(32000)),
            ("Long prompt", Some(4000)),
            ("Medium prompt", Some(2000)),
            ("Short prompt", Some(128)),
            ("ShareGPT batch size 4", None),
        ]
    );
    // The ShareGPT row of the conclusion quotes the engine experiment's blocks.
    let scenarios: Vec<(&str, f64, f64)> = s
        .scenarios
        .iter()
        .map(|sc| {
            (
                sc.profile.as_str(),
                tps(&im, sc.baseline.result.as_deref().unwrap()),
                tps(&im, sc.optimized.result.as_deref().unwrap()),
            )
        })
        .collect();
    assert_eq!(
        scenarios,
        [
            ("ShareGPT", 1227.19, 4712.47),
            ("Short prompt", 5340.68, 15040.15),
            ("Medium prompt", 7843.85, 15591.71),
            ("Long prompt", 5881.36, 13362.49),
            ("Very long prompt", 3704.57, 10830.52),
            ("ShareGPT batch size 4", 66.84, 324.35),
        ]
    );
    let lost: BTreeMap<u64, LostKind> = im.lost.iter().map(|l| (l.line, l.kind)).collect();
    assert_eq!(lost[&5], LostKind::Image);
    assert_eq!(lost[&32], LostKind::FreeText); // "If there are any missing points ..."
                                               // The benchmark script is part of the method, one command per paragraph.
    let Some(Text::PerLanguage(method)) = &s.method else {
        panic!("method")
    };
    assert_eq!(
        method["en"][0],
        "We use the vLLM bench CLI tool to benchmark the model performance. The following command is used to run the benchmark:"
    );
    assert!(method["en"].iter().any(
        |p| p.starts_with("vllm bench serve --model Qwen/Qwen3-30B-A3B --backend openai-chat")
    ));
    assert_eq!(lost[&81], LostKind::AssumedProfile);
    assert_eq!(lost[&171], LostKind::ServedModel);
    assert_eq!(lost[&319], LostKind::UnknownProfile);
    // 13 blocks: 3 experiment blocks and 5 per side of the other cases.
    assert_eq!(im.files.len(), 13);
}

#[test]
fn written_study_is_valid_toml_and_files_exist() {
    let dir = tempfile::tempdir().unwrap();
    let im = imported(CORPUS);
    let written = im.write(dir.path()).unwrap();
    assert_eq!(written.len(), 14);
    let toml_text = std::fs::read_to_string(dir.path().join("study.toml")).unwrap();
    let value: toml::Table = toml::from_str(&toml_text).unwrap();
    assert_eq!(value["model"].as_str(), Some("Qwen/Qwen3-30B-A3B"));
    for sc in value["scenarios"].as_array().unwrap() {
        let result = sc["baseline"]["result"].as_str().unwrap();
        assert!(dir.path().join(result).is_file(), "{result}");
    }
    // Only keys of the study schema.
    let top: Vec<&str> = value.keys().map(String::as_str).collect();
    for key in top {
        assert!(
            [
                "title",
                "model",
                "hardware",
                "objective",
                "engines",
                "profiles",
                "experiments",
                "baseline",
                "scenarios",
                "metrics",
                "goal",
                "conclusion",
                "method",
                "notes"
            ]
            .contains(&key),
            "{key}"
        );
    }
}
