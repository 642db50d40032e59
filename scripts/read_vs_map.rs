// Issue 37's measurement (BENCHMARKS.md, "inputs read, never mapped"): reads every file
// the two ways perflab's ingest/contents.rs did, `read` into a buffer of the file's size
// (now every file) or `mmap` (before, files >= 256 KiB), then passes over the bytes once
// (counting lines, as `wc -l`), as the readers' scan would. Not part of the build:
//   rustc -O scripts/read_vs_map.rs -o /tmp/read_vs_map
//   find CORPUS -type f | sort | /tmp/read_vs_map read|map CORPUS
use std::io::Read;
use std::os::unix::io::AsRawFd;
extern "C" {
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
    fn munmap(addr: *mut u8, len: usize) -> i32;
}
fn count(b: &[u8]) -> usize { b.iter().filter(|&&c| c == b'\n').count() }
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mode, dir) = (&args[1], &args[2]);
    // The files, one a line on stdin (`find DIR -type f | sort`).
    let files: Vec<std::path::PathBuf> = std::io::stdin().lines().map(|l| l.unwrap().into()).collect();
    let t = std::time::Instant::now();
    let mut n = 0;
    for p in &files {
        let f = std::fs::File::open(p).unwrap();
        let len = f.metadata().unwrap().len() as usize;
        if mode == "read" {
            let mut v = Vec::with_capacity(len + 1);
            (&f).take(u64::MAX).read_to_end(&mut v).unwrap();
            n += count(&v);
        } else {
            // SAFETY: a read-only private map of a regular file nobody truncates during
            // the measurement, read within its length and unmapped before the next file.
            unsafe {
                let ptr = mmap(std::ptr::null_mut(), len, 1, 2, f.as_raw_fd(), 0);
                n += count(std::slice::from_raw_parts(ptr, len));
                munmap(ptr, len);
            }
        }
    }
    println!("{mode} {dir}: {} lines, {:.3} s", n, t.elapsed().as_secs_f64());
}
