//! `import` and `report` on real published reports (`fixtures/reports/published/`): each
//! imports into a study that loads, compares and renders, with every benchmark block of the
//! report in the rendered Markdown or listed, with its line, as lost, each block of a fence
//! of several its own variant. What a report holds
//! in particular is asserted below.

use std::path::{Path, PathBuf};

use perflab::compare::StudyComparison;
use perflab::import::import;
use perflab::published::read_report;
use perflab::render::report;
use perflab::render::templates::Templates;
use perflab::study;

const DIR: &str = "fixtures/reports/published";

fn published() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures/reports/published")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter(|p| p.file_name().is_some_and(|n| n != "PROVENANCE.md"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "{files:?}");
    files
}

#[test]
fn every_published_report_imports_renders_and_keeps_its_blocks() {
    for path in published() {
        let text = std::fs::read_to_string(&path).unwrap();
        let im = import(&path, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let dir = tempfile::tempdir().unwrap();
        im.write(dir.path()).unwrap();
        let loaded = study::load(&dir.path().join("study.toml"))
            .unwrap_or_else(|e| panic!("{}: the imported study: {e}", path.display()));
        let cmp = StudyComparison::new(&loaded).unwrap();
        let md = report::render(&loaded, &cmp, "en", &Templates::new(None).unwrap())
            .unwrap()
            .markdown;
        let blocks = read_report(&path, &text).unwrap().report.blocks;
        for b in &blocks {
            // A block import cannot place must be listed, with its line, as lost.
            assert!(
                md.contains(b.raw.trim_end()) || im.lost.iter().any(|l| l.line == b.line),
                "{}: block at line {} neither rendered nor listed as lost",
                path.display(),
                b.line
            );
        }
    }
}

#[test]
fn a_bare_dataset_name_is_the_profile_of_every_variant() {
    let path = Path::new(DIR).join("qwen3-8b__h100-latency.md");
    let im = import(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(im.study.profiles[0].name, "ShareGPT");
    for e in &im.study.experiments {
        for v in &e.variants {
            assert_eq!(v.profile, "ShareGPT", "{}/{}", e.id, v.name);
        }
    }
}

#[test]
fn a_block_without_its_header_is_a_result() {
    let path = Path::new(DIR).join("deepseek-v3.2__h200.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let blocks = read_report(&path, &text).unwrap().report.blocks;
    // `Successful requests:` at line 210, under its variant's "Benchmark result".
    let b = blocks
        .iter()
        .find(|b| b.line == 210)
        .expect("the headerless block");
    assert_eq!(b.run.get("total_token_throughput"), Some(6343.10));
    assert_eq!(b.run.get("p99_itl_ms"), Some(1239.62));
    assert!(b.raw.starts_with("Successful requests:"), "{}", b.raw);
    let im = import(&path, &text).unwrap();
    assert!(
        !im.lost.iter().any(|l| l.line == 210),
        "{:?}",
        im.lost.iter().filter(|l| l.line == 210).collect::<Vec<_>>()
    );
}

#[test]
fn a_conclusion_row_without_blocks_borrows_no_other_profiles_baseline() {
    // `Ultra Long Prompt` has a row in the conclusion table and no block anywhere: its
    // scenario has no result on either side, not the ShareGPT baseline's block.
    let path = Path::new(DIR).join("deepseek-v3.2__h200.md");
    let im = import(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    let ultra = im
        .study
        .scenarios
        .iter()
        .find(|s| s.profile == "Ultra Long Prompt")
        .expect("the row's scenario");
    assert_eq!(ultra.baseline.result, None);
    assert_eq!(ultra.optimized.result, None);
    // The ShareGPT row does quote the study's baseline.
    let sharegpt = im
        .study
        .scenarios
        .iter()
        .find(|s| s.profile == "ShareGPT")
        .unwrap();
    assert!(sharegpt.baseline.result.is_some());
}

#[test]
fn every_block_of_a_fence_of_several_is_a_variant() {
    // `# triton` and `# flashinfer` in one fence under `Attention Backend`.
    let path = Path::new(DIR).join("qwen3-8b__h100-latency.md");
    let im = import(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    let exp = im
        .study
        .experiments
        .iter()
        .find(|e| e.id == "attention-backend")
        .unwrap();
    let names: Vec<_> = exp.variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["triton", "flashinfer"]);
    assert!(exp.variants.iter().all(|v| v.result.is_some()));
    // A label of flags is the block's own: the script's other flags stay.
    let path = Path::new(DIR).join("gpt-oss-120b__a100.md");
    let im = import(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    let exp = im
        .study
        .experiments
        .iter()
        .find(|e| e.id == "chunked-prefill-in-vllm")
        .unwrap();
    let params: Vec<_> = exp.variants.iter().map(|v| v.parameters.clone()).collect();
    assert_eq!(
        params,
        [
            [
                "--max-model-len 32768",
                "--async-scheduling",
                "--max-num-batched-tokens 4096"
            ],
            [
                "--max-model-len 32768",
                "--async-scheduling",
                "--max-num-batched-tokens 8192"
            ]
        ]
    );
}
