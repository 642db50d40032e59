# Words shared by every command.
runs-count = { $count ->
    [one] { $count } run
   *[other] { $count } runs
}

## perflab ingest: the runs table

runs-col-number = #
runs-col-source = Source
runs-col-line = Line
runs-col-format = Format
runs-col-model = Model
runs-col-concurrency = Concurrency
runs-col-rate = Request rate

## Messages of every command: errors, warnings, progress

error-unknown-language = unknown language `{ $lang }`; expected one of: { $known }
error-reading = reading { $path }
error-writing = writing { $path }
error-appending = appending to { $path }
error-opening-summary = opening { $path } ($GITHUB_STEP_SUMMARY)
error-no-result-found = expected a benchmark result, found none
error-not-a-directed-metric = { $key }: not a metric with a better direction
study-error-baseline-without-metric = the baseline `{ $variant }` has no { $metric } value
warning = warning: { $message }
warning-at = warning: { $place }: { $message }
ingest-runs-written = { $count ->
    [one] { $count } run written
   *[other] { $count } runs written
}
compare-error-run-number-too-large = { $arg }: run number too large
compare-error-runs-count-from-one = { $arg }: runs are counted from 1
compare-error-no-such-run = no run #{ $number }: the file holds { $count }
compare-error-name-a-run = the file holds { $count } runs; name one as { $path }#N (from 1)
chart-error = chart `{ $title }`: { $reason }
chart-error-empty = needs at least one category and one series
chart-error-values = series `{ $series }` has { $values } values for { $categories } categories
chart-error-labels = series `{ $series }` has { $labels } labels for { $categories } categories
html-error = HTML page: { $reason }
error-not-a-directory = { $flag } { $path }: not a directory
frame-error-no-format = a saved runs frame needs a `format` column
error-unknown-format = unknown format `{ $format }`; expected one of: { $known }
import-error-no-experiments = expected a report with experiments (sections of benchmark results), found none
import-error-no-blocks = expected benchmark results (a `vllm bench serve` or `bench_serving` block, `Throughput:` lines, …), found none
import-error-study-toml = cannot write study.toml: { $reason }
import-study-header = Imported by perflab from { $source }.
    Each file under runs/ is one benchmark block of it.
check-error-no-blocks = expected a report with benchmark result blocks, or results before and after a change, found neither

# The operating system's reasons, as perflab prints them after the file's name. English
# keeps the wording of the system's own messages (strerror).
io-not-found = No such file or directory
io-permission-denied = Permission denied
io-is-a-directory = Is a directory
io-not-a-directory = Not a directory
io-already-exists = File exists
io-storage-full = No space left on device
io-read-only = Read-only file system
io-interrupted = Interrupted system call
io-with-code = { $reason } (os error { $code })
error-format-unsupported = no { $format } output for this command
