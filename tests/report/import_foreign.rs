//! `import` of documents other authors wrote (a SGLang cookbook page, a benchmark write-up,
//! pull-request threads): the study names the model and the engine the document's lines
//! and commands name, has one variant per benchmark block, named by the words around it,
//! lists no line of a block as free text, and `perflab report` (the binary) accepts it.
//! Values read off the fixtures by hand.

use std::path::Path;

use perflab::import::{import, Imported, LostKind};
use perflab::published::read_report;

use crate::common::cli::perflab;

const COOKBOOK: &str = "fixtures/corpus/sglang-bench-serving-cookbook-nemotron-nano-fp8-bf16.md";
const RUN_I: &str = "fixtures/corpus/vllm-bench-serve-specdecode-e2el-dgx-spark-run-I.md";
const PR7117: &str = "fixtures/threads/vllm-pr7117.md";
const PR2050: &str = "fixtures/threads/xinference-pr2050.md";
const PR39080: &str = "fixtures/threads/vllm-pr39080.md";

fn text(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).expect("fixture")
}

fn imported(rel: &str) -> Imported {
    import(Path::new(rel), &text(rel)).expect("imports")
}

/// `(name, label, engine, profile)` of every variant, in order.
fn variants(im: &Imported) -> Vec<(String, String, String, String)> {
    im.study
        .experiments
        .iter()
        .flat_map(|e| &e.variants)
        .map(|v| {
            let label = v.label.as_ref().and_then(|l| l.get("en")).cloned();
            (
                v.name.clone(),
                label.unwrap_or_default(),
                v.engine.clone(),
                v.profile.clone(),
            )
        })
        .collect()
}

/// Every block of the document is the result of exactly one variant.
fn assert_one_variant_per_block(rel: &str, im: &Imported) {
    let blocks = read_report(Path::new(rel), &text(rel))
        .unwrap()
        .report
        .blocks;
    let results: Vec<&str> = im
        .study
        .experiments
        .iter()
        .flat_map(|e| &e.variants)
        .filter_map(|v| v.result.as_deref())
        .collect();
    assert_eq!(results.len(), blocks.len(), "{rel}: {results:?}");
    for b in &blocks {
        let provenance = format!("lines {}-{},", b.line, b.end_line);
        let file = im
            .files
            .iter()
            .find(|f| {
                f.text
                    .lines()
                    .next()
                    .is_some_and(|l| l.contains(&provenance))
            })
            .unwrap_or_else(|| panic!("{rel}: no raw file of the block at line {}", b.line));
        assert!(
            results.contains(&file.path.as_str()),
            "{rel}: {}",
            file.path
        );
    }
    // No line of a block (fenced or not, its speculative-decoding list included) is
    // listed as free text.
    for l in im.lost.iter().filter(|l| l.kind == LostKind::FreeText) {
        assert!(
            !blocks
                .iter()
                .any(|b| l.line >= b.line && l.line <= b.end_line),
            "{rel}:{}: a block line listed as free text: {}",
            l.line,
            l.subject
        );
        assert!(
            !l.subject.contains("Serving Benchmark Result")
                && !l.subject.contains("Throughput:")
                && !l.subject.starts_with("====="),
            "{rel}:{}: {}",
            l.line,
            l.subject
        );
    }
}

/// `perflab import` then `perflab report` on the study, both through the binary.
fn import_and_report(rel: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("study");
    perflab()
        .args(["import", rel, "--out"])
        .arg(&study)
        .assert()
        .success();
    let out = dir.path().join("out");
    perflab()
        .arg("report")
        .arg(study.join("study.toml"))
        .args(["--lang", "en", "--out"])
        .arg(&out)
        .assert()
        .success();
    let md = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "md"))
        .expect("a Markdown report");
    std::fs::read_to_string(md).unwrap()
}

#[test]
fn a_page_in_another_language_than_the_imported_texts_says_so_and_fails() {
    // The cookbook page is English: its study's title, notes and profile titles are
    // given in English only. A Russian page shows them in English; that used to pass
    // without a word.
    let dir = tempfile::tempdir().unwrap();
    let study = dir.path().join("study");
    perflab()
        .args(["import", COOKBOOK, "--out"])
        .arg(&study)
        .assert()
        .success();
    let report = |lang: &str, allow: bool| {
        let mut cmd = perflab();
        cmd.arg("report")
            .arg(study.join("study.toml"))
            .args(["--lang", lang, "--out"])
            .arg(dir.path().join(format!("out-{lang}-{allow}")));
        if allow {
            cmd.arg("--allow-untranslated");
        }
        cmd.output().unwrap()
    };
    // English first: the messages are in the first language.
    let ru = report("en,ru", false);
    let stderr = String::from_utf8_lossy(&ru.stderr);
    assert_eq!(ru.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("study.toml"), "{stderr}");
    assert!(
        stderr.contains("not given in ru, so its page shows them in en")
            && stderr.contains("title"),
        "{stderr}"
    );
    assert!(
        dir.path().join("out-en,ru-false/report.ru.md").is_file(),
        "the draft is written"
    );
    let allowed = report("ru", true);
    assert_eq!(allowed.status.code(), Some(0));
    // In Russian, the first language.
    assert!(String::from_utf8_lossy(&allowed.stderr).contains("на языке ru"));
    let en = report("en", false);
    assert_eq!(en.status.code(), Some(0));
    assert!(
        en.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&en.stderr)
    );
}

#[test]
fn a_cookbook_page_names_model_engine_flags_and_workload() {
    let im = imported(COOKBOOK);
    let s = &im.study;
    // The model of the first serving command (`--model-path`), SGLang by its program.
    assert_eq!(s.model, "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-FP8");
    let engines: Vec<_> = s
        .engines
        .iter()
        .map(|e| (e.name.as_str(), e.command.as_deref()))
        .collect();
    assert_eq!(
        engines,
        [(
            "SGLang",
            Some("python3 -m sglang.launch_server --model-path")
        )]
    );
    assert_eq!(
        variants(&im),
        [
            (
                "nvidia-nemotron-3-nano-30b-a3b-fp8".into(),
                "NVIDIA-Nemotron-3-Nano-30B-A3B-FP8".into(),
                "SGLang".into(),
                "random 1024/1024".into()
            ),
            (
                "bf16-variant".into(),
                "BF16 variant (nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16)".into(),
                "SGLang".into(),
                "random 1024/1024".into()
            ),
        ]
    );
    // The launch flags, without the model's.
    let flags = &s.experiments[0].variants[0].parameters;
    assert_eq!(flags[0], "--trust-remote-code");
    assert!(
        flags.contains(&"--attention-backend flashinfer".to_owned()),
        "{flags:?}"
    );
    assert!(
        !flags.iter().any(|f| f.contains("--model-path")),
        "{flags:?}"
    );
    // The benchmark command's workload.
    let p = &s.profiles[0];
    assert_eq!(p.total_requests, Some(4096));
    assert_eq!(
        p.dataset
            .get("max_concurrency")
            .and_then(|v| v.as_integer()),
        Some(256)
    );
    assert_one_variant_per_block(COOKBOOK, &im);
    // Commands and their captions are read, not lost; the second variant's other model
    // is said once.
    let kinds: Vec<_> = im.lost.iter().map(|l| (l.line, l.kind)).collect();
    assert_eq!(kinds, [(75, LostKind::ServedModel)]);
    let md = import_and_report(COOKBOOK);
    assert!(md.contains("22916.30"), "the FP8 block's total throughput");
    assert!(md.contains("11573.65"), "the BF16 block's total throughput");
}

#[test]
fn a_write_up_with_a_bare_block_names_model_and_hardware_by_its_lines() {
    let im = imported(RUN_I);
    assert_eq!(
        im.study.model,
        "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4"
    );
    assert_eq!(im.study.hardware, "DGX Spark NVIDIA GB10 128GB");
    assert_eq!(
        variants(&im),
        [(
            "results".into(),
            "Results".into(),
            "vLLM".into(),
            "sharegpt".into()
        )]
    );
    assert_eq!(im.study.profiles[0].total_requests, Some(250));
    assert_one_variant_per_block(RUN_I, &im);
    // The block, with its per-position list, is whole in its raw file.
    let raw = &im.files[0].text;
    assert!(
        raw.contains("  Position 2:                            31.37"),
        "{raw}"
    );
    let free: Vec<u64> = im
        .lost
        .iter()
        .filter(|l| l.kind == LostKind::FreeText)
        .map(|l| l.line)
        .collect();
    // `**Generated:** … **Profile:** …`, `**Tool:** vllm` and the closing sentence.
    assert_eq!(free, [3, 7, 71]);
    let md = import_and_report(RUN_I);
    assert!(md.contains("129.22"), "{md}");
}

#[test]
fn a_thread_of_trials_is_a_variant_per_trial_named_by_its_side() {
    let im = imported(PR7117);
    assert_eq!(im.study.model, "meta-llama/Meta-Llama-3-8B");
    assert_eq!(im.study.engines[0].name, "vLLM");
    let labels: Vec<String> = variants(&im).into_iter().map(|v| v.1).collect();
    assert_eq!(
        labels,
        [
            "Main branch (3 trials) #1",
            "Main branch (3 trials) #2",
            "Main branch (3 trials) #3",
            "This PR (3 trials) #1",
            "This PR (3 trials) #2",
            "This PR (3 trials) #3",
        ]
    );
    assert_eq!(im.study.profiles[0].name, "256/256");
    assert_one_variant_per_block(PR7117, &im);
    // The HTML comments (provenance, authors) are no text; prose is one line each.
    let free: Vec<u64> = im
        .lost
        .iter()
        .filter(|l| l.kind == LostKind::FreeText)
        .map(|l| l.line)
        .collect();
    assert_eq!(free, [15, 18, 40, 43]);
    let md = import_and_report(PR7117);
    assert!(md.contains("12667.68"), "{md}");
}

#[test]
fn sibling_headings_are_the_variants_of_one_experiment() {
    // `## Before` and `## After` under `# Benchmark`; the old benchmark prints request
    // throughput and no total token throughput, which the study ranks by instead.
    let im = imported(PR2050);
    assert_eq!(im.study.experiments.len(), 1);
    assert_eq!(im.study.experiments[0].id, "benchmark");
    let names: Vec<String> = variants(&im).into_iter().map(|v| v.0).collect();
    assert_eq!(names, ["before", "after"]);
    assert_eq!(
        im.study.metrics.as_ref().map(|m| m.primary.as_str()),
        Some("request_throughput")
    );
    assert_one_variant_per_block(PR2050, &im);
    let md = import_and_report(PR2050);
    assert!(md.contains("4.98"), "{md}");
}

#[test]
fn a_document_without_results_is_an_error_naming_it() {
    perflab()
        .args(["import", PR39080, "--out"])
        .arg(tempfile::tempdir().unwrap().path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains(PR39080))
        .stderr(predicates::str::contains("expected benchmark results"));
}
