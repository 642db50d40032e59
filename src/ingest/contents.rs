//! A file's bytes as the readers get them: read into a buffer, whatever its size.
//!
//! Large files were once mapped (`memmap2`). A mapped file that another process
//! truncates while it is read (a benchmark still writing its log) makes every read past
//! its new end fault with SIGBUS, which kills the process, and a notebook's kernel with
//! it; no Rust code can turn that signal into an error. Reading costs the kernel's copy,
//! which measured within noise of mapping on the ingest corpora (BENCHMARKS.md, "Reading
//! large files instead of mapping them", and issue 37's figures); a file that shrinks
//! while it is read then gives the bytes that were there, never a crash.

use std::fs::File;
use std::io::Read;
use std::ops::Deref;
use std::path::Path;

/// A file's bytes, owned.
pub struct Contents(Vec<u8>);

impl Deref for Contents {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

pub fn open(path: &Path) -> std::io::Result<Contents> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    // A regular file's size is known (one byte more for the end-of-file read); anything
    // else (a pipe, `/dev/stdin`, a FIFO) is read as a stream.
    let mut bytes = Vec::with_capacity(if meta.is_file() {
        usize::try_from(meta.len()).unwrap_or(0).saturating_add(1)
    } else {
        0
    });
    // Through `Take`, not `File`'s own `read_to_end`, which asks the size again (a
    // `statx` and an `lseek` per file: two of seven system calls on 100,000 small files).
    (&file).take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(Contents(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file truncated after it was opened, while its bytes are still in use: a map of it
    /// faulted (SIGBUS) on the first read past the new end, killing this test's process;
    /// the bytes read are the file as it was.
    #[test]
    fn a_file_truncated_while_in_use_keeps_its_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.log");
        // Past the size from which files were mapped (256 KiB), from a real vLLM log.
        let block =
            std::fs::read("fixtures/corpus/vllm-bench-serve-2026-pr33743-failed-requests-line.txt")
                .unwrap();
        let text = block.repeat((1 << 20) / block.len() + 1);
        std::fs::write(&path, &text).unwrap();
        let contents = open(&path).unwrap();
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(0)
            .unwrap();
        assert_eq!(contents.len(), text.len());
        assert_eq!(
            &contents[contents.len() - 4096..],
            &text[text.len() - 4096..]
        );
        assert_eq!(open(&path).unwrap().len(), 0);
    }
}
