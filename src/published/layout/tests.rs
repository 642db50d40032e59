//! Unit tests of the layout's pieces.

use super::command::{served_model, split_args};
use super::names::label_numbers;
use super::setup::dataset_item;

#[test]
fn served_models_from_commands() {
    assert_eq!(
        served_model("vllm serve Qwen/Qwen3.5-9B \\").as_deref(),
        Some("Qwen/Qwen3.5-9B")
    );
    assert_eq!(
        served_model("python -m sglang.launch_server --model-path=org/M --tp 2").as_deref(),
        Some("org/M")
    );
    assert_eq!(
        served_model("vllm bench serve --model X").as_deref(),
        Some("X")
    );
    assert_eq!(
        served_model("trtllm-serve Qwen/Qwen3-14B --tp_size 1").as_deref(),
        Some("Qwen/Qwen3-14B")
    );
    assert_eq!(served_model("ls -l"), None);
}

#[test]
fn args_split_on_flags() {
    assert_eq!(
        split_args(&["-tp", "2", "--enable-prefix-caching", "--x=1"]),
        ["-tp 2", "--enable-prefix-caching", "--x=1"]
    );
}

#[test]
fn dataset_items_give_lengths() {
    let p = dataset_item("Very long prompt: 32000 input tokens, 100 output tokens", 3).unwrap();
    assert_eq!(p.name, "Very long prompt");
    assert_eq!((p.input_len, p.output_len), (Some(32000.0), Some(100.0)));
    assert_eq!(dataset_item("ShareGPT", 1).unwrap().input_len, None);
    assert!(dataset_item("Random dataset with varying sequence lengths:", 2).is_none());
}

#[test]
fn label_numbers_read_k_suffixes() {
    assert_eq!(
        label_numbers("random 32K input"),
        vec![vec![32000.0, 32768.0]]
    );
    assert_eq!(label_numbers("ShareGPT batch size 4"), vec![vec![4.0]]);
}
