//! AFL target `translate`: arbitrary bytes through the reader of `perflab_fuzz`'s target of
//! that name (fuzz/src/), which the bounded fuzzer of tests/fuzz/ runs too. A crash is a
//! panic: the reader's own, or a promise of the target broken.

fn main() {
    let target = perflab_fuzz::target("translate");
    afl::fuzz!(|data: &[u8]| {
        (target.run)(data);
    });
}
