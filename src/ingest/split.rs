//! One large text read on every core: cut into chunks at the lines of block headers, each
//! chunk scanned on a thread of its own, the chunks' findings put back in file order. A
//! 200 MB log was otherwise read by one thread while the others idled.
//!
//! The result is the one-thread result, line numbers and errors included. A chunk's
//! scanner knows how many lines precede the chunk, and a block may run past its chunk's
//! end (a block cut short takes the next header's rule as its own closing one): the chunk
//! after it is then scanned again from where that block ended, as one pass over the
//! whole text would have gone on.

use std::ops::Range;

use rayon::prelude::*;

use super::text::LineCounter;

/// What the scan of one chunk gave: its findings, and the byte offset before which no
/// block may start (where the last block it read ended; the offset it was given when it
/// read none).
pub struct Scanned<T> {
    pub found: T,
    pub end: usize,
}

/// Cuts `text` into chunks of about `chunk_bytes`, each but the first starting on a line
/// that holds `anchor`, and returns what `scan` found in each, in order.
/// `scan(range, lines, not_before)` reads the blocks whose anchors lie in `range`, none of
/// them starting before `not_before`; `lines` numbers the lines from the range's start.
/// The first error in file order is returned, as a scan of the whole text would return it.
pub fn scan_in_chunks<T: Send, E: Send>(
    text: &str,
    anchor: &str,
    chunk_bytes: usize,
    scan: impl Fn(Range<usize>, &LineCounter, usize) -> Result<Scanned<T>, E> + Sync,
) -> Result<Vec<T>, E> {
    let ranges = chunks(text, anchor, chunk_bytes);
    if ranges.len() < 2 {
        return Ok(vec![scan(0..text.len(), &LineCounter::default(), 0)?.found]);
    }
    let bytes = text.as_bytes();
    let newlines: Vec<u64> = ranges
        .par_iter()
        .map(|r| memchr::memchr_iter(b'\n', &bytes[r.clone()]).count() as u64)
        .collect();
    let lines_before: Vec<u64> = newlines
        .iter()
        .scan(0, |seen, n| {
            let before = *seen;
            *seen += n;
            Some(before)
        })
        .collect();
    let scanned: Vec<Result<Scanned<T>, E>> = ranges
        .par_iter()
        .zip(&lines_before)
        .map(|(r, &before)| scan(r.clone(), &LineCounter::at(r.start, before), r.start))
        .collect();
    let mut found = Vec::with_capacity(ranges.len());
    let mut end = 0;
    for ((range, before), result) in ranges.iter().zip(lines_before).zip(scanned) {
        let result = if end <= range.start {
            result
        } else {
            // The chunk before read a block into this one: the scan that assumed it
            // started free is wrong; this one starts where that block ended.
            scan(range.clone(), &LineCounter::at(range.start, before), end)
        };
        let scanned = result?;
        end = scanned.end;
        found.push(scanned.found);
    }
    Ok(found)
}

/// The chunks: from the start of the text, then from the start of the first line holding
/// `anchor` at least `chunk_bytes` after the last chunk's start.
fn chunks(text: &str, anchor: &str, chunk_bytes: usize) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let finder = memchr::memmem::Finder::new(anchor.as_bytes());
    let mut starts = vec![0];
    let mut from = chunk_bytes.max(1);
    while from < bytes.len() {
        let Some(hit) = finder.find(&bytes[from..]) else {
            break;
        };
        let pos = from + hit;
        let line = memchr::memrchr(b'\n', &bytes[..pos]).map_or(0, |i| i + 1);
        if line > starts[starts.len() - 1] {
            starts.push(line);
        }
        from = line.saturating_add(chunk_bytes).max(pos + 1);
    }
    let mut ranges: Vec<Range<usize>> = starts.windows(2).map(|w| w[0]..w[1]).collect();
    ranges.push(starts[starts.len() - 1]..bytes.len());
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_start_on_the_lines_of_anchors_and_cover_the_text() {
        let text = "a\nxx HEAD\nb\nHEAD c\nd\n";
        assert_eq!(chunks(text, "HEAD", 1), vec![0..2, 2..12, 12..text.len()]);
        assert_eq!(chunks(text, "HEAD", 6), vec![0..12, 12..text.len()]);
        assert_eq!(chunks(text, "HEAD", usize::MAX), vec![0..text.len()]);
        assert_eq!(chunks("", "HEAD", 1), vec![0..0]);
    }
}

/// The serving-block reader, split as `perflab ingest` splits a large log.
#[cfg(test)]
mod serve_text_tests {
    use std::path::Path;

    use super::chunks;
    use crate::ingest::serve_text::{read_blocks, HEADER};

    fn fixture(rel: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures")
            .join(rel);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Real blocks of several tools and layouts, back to back: consoles, CRLF, `#`-prefixed
    /// and indented blocks, a truncated one, a job log with three runs, a report with 13.
    fn corpus() -> String {
        [
            "corpus/generated/vllm-0.33.0/run1-openai-rate20.console.txt",
            "corpus/generated/sglang-0.5.23/run1-sglang-oai-rate20.console.txt",
            "corpus/gpustack-qwen3-30b-a3b-910b.md",
            "corpus/vllm-bench-serve-specdecode-e2el-dgx-spark-run-I.md",
            "variants/vllm-bench-serve-2026-pr33743-crlf.txt",
            "variants/sglang-cookbook-nemotron-hash-prefixed.md",
            "variants/vllm-bench-serve-specdecode-dgx-spark-run-I-truncated.md",
            "corpus/vllm-benchmark-serving-2025-k8s-job-log-nerdalert.txt",
            "variants/vllm-serve-2025-readme-sample-hand-notes.md",
        ]
        .iter()
        .map(|rel| fixture(rel))
        .collect::<Vec<_>>()
        .join("\n")
    }

    #[test]
    fn a_file_split_across_threads_gives_the_runs_of_one_thread() {
        let text = corpus().repeat(3);
        // Chunks of one byte: every header line starts a chunk of its own.
        assert!(chunks(&text, HEADER, 1).len() > 40);
        let one = read_blocks(&text, usize::MAX).unwrap();
        assert!(one.runs.len() > 60, "{}", one.runs.len());
        for chunk_bytes in [1, 700, 5_000] {
            let split = read_blocks(&text, chunk_bytes).unwrap();
            assert_eq!(split.runs, one.runs, "chunks of {chunk_bytes} bytes");
            assert_eq!(
                split.warnings, one.warnings,
                "chunks of {chunk_bytes} bytes"
            );
        }
        // Line numbers count from the file's start, not the chunk's.
        let last = one.runs.last().and_then(|r| r.line).unwrap();
        assert!(last > text.lines().count() as u64 * 9 / 10, "{last}");
        // And each is its header's line (or, for a block pasted without one, its first
        // value's), counted here apart from the reader, which skips the lines of each
        // block it read.
        let lines: Vec<&str> = text.split('\n').collect();
        for run in &one.runs {
            let line = lines[run.line.unwrap() as usize - 1];
            assert!(
                line.contains(HEADER) || line.contains("Successful requests:"),
                "{:?}: {line}",
                run.line
            );
        }
    }

    #[test]
    fn a_block_cut_short_before_the_next_header_is_read_as_one_thread_reads_it() {
        // A block that lost its closing rule right before the next header: the header's
        // `====` line closes it, and the next block is read without its header, from its
        // first value on. The chunk that began at that header is scanned again.
        let console = fixture("corpus/generated/vllm-0.33.0/run1-openai-rate20.console.txt");
        let header = console.find("============ Serving").unwrap();
        let block = &console[header..];
        let cut = &block[..block.rfind("\n==========").unwrap() + 1];
        let text = [&console[..header], cut, block, cut, cut, block].concat();
        assert_eq!(chunks(&text, HEADER, 1).len(), 6);
        let one = read_blocks(&text, usize::MAX).unwrap();
        assert_eq!(one.runs.len(), 5);
        // The second run starts on its `Successful requests:` line, one after its header.
        let header_lines: Vec<u64> = (text.lines().enumerate())
            .filter(|(_, l)| l.contains(HEADER))
            .map(|(i, _)| i as u64 + 1)
            .collect();
        assert_eq!(one.runs[1].line, Some(header_lines[1] + 1));
        let split = read_blocks(&text, 1).unwrap();
        assert_eq!(split.runs, one.runs);
        assert_eq!(split.warnings, one.warnings);
    }

    #[test]
    fn the_error_of_a_split_file_is_the_first_in_file_order_at_its_line() {
        let bad = fixture("variants/vllm-serve-2025-readme-sample-placeholders.md");
        let text = [corpus(), bad.clone(), corpus(), bad].join("\n");
        let one = read_blocks(&text, usize::MAX).unwrap_err();
        assert_eq!(read_blocks(&text, 1).unwrap_err(), one);
        let corpus_lines = corpus().lines().count() as u64;
        assert!(one.line.unwrap() > corpus_lines, "{:?}", one.line);
        assert!(one.line.unwrap() < 2 * corpus_lines, "{:?}", one.line);
    }
}
