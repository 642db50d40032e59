//! A file's bytes as the readers get them: mapped into memory when the file is large,
//! read into a buffer otherwise. A large log is then scanned where the page cache holds
//! it, without first copying it (the copy was about a third of a core's time on 1 GiB of
//! logs) and without a buffer of its size per worker; small files are read, since
//! mapping one costs more than copying a few kilobytes. Anything that is not a regular
//! file (a pipe, `/dev/stdin`, a FIFO) is read as a stream.

use std::fs::File;
use std::io::Read;
use std::ops::Deref;
use std::path::Path;

/// Files from this size on are mapped.
const MAP_FROM: u64 = 256 << 10;

pub enum Contents {
    Mapped(memmap2::Mmap),
    Read(Vec<u8>),
}

impl Deref for Contents {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Contents::Mapped(map) => map,
            Contents::Read(bytes) => bytes,
        }
    }
}

pub fn open(path: &Path) -> std::io::Result<Contents> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_file() && meta.len() >= MAP_FROM {
        // SAFETY: the map is only read, and lives no longer than this read of the file.
        // A file truncated by another process while it is read makes the reads past its
        // new end fault (SIGBUS), as it does for every tool that maps its input (ripgrep,
        // grep); benchmark outputs are read after they are written. A file that cannot be
        // mapped is read instead.
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            return Ok(Contents::Mapped(map));
        }
    }
    let mut bytes = Vec::with_capacity(if meta.is_file() {
        meta.len() as usize + 1
    } else {
        0
    });
    // Through `Take`, not `File`'s own `read_to_end`, which asks the size again (a
    // `statx` and an `lseek` per file: two of seven system calls on 100,000 small files).
    // The buffer already holds the size and a byte for the end-of-file read.
    (&file).take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(Contents::Read(bytes))
}
