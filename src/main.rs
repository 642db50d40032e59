//! The `perflab` binary: parse flags, run the command, map the outcome to an exit code
//! (0 ok, 1 a regression or a failed check, 2 an error).

fn main() {
    std::process::exit(perflab::cli::main());
}
