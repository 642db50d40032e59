"""The compiled core of perflab (Rust, pyo3). Use the functions of ``perflab``."""

from typing import Any

__version__: str

class PerflabError(Exception):
    path: str | None
    line: int | None

class InputError(PerflabError): ...
class UsageError(PerflabError): ...
class OutputError(PerflabError): ...

class FrameStream:
    def __arrow_c_stream__(self, requested_schema: Any | None = None) -> Any: ...

class DiffResult:
    verdict: str
    exit_code: int
    markdown: str
    json: str
    html: str
    text: str
    warnings: list[str]

def ingest(
    paths: list[str],
    keep_going: bool = False,
    slo: list[str] = ...,
    lang: str = "en",
    config: str | None = None,
    allow_empty: bool = False,
) -> tuple[FrameStream, list[str]]: ...
def requests(
    paths: list[str], slo: list[str] = ..., lang: str = "en", config: str | None = None
) -> tuple[FrameStream, list[str]]: ...
def diff(
    baseline: str,
    candidate: str | None = None,
    key: list[str] = ...,
    fail_on: list[str] = ...,
    slo: list[str] = ...,
    lang: str = "en",
    config: str | None = None,
    noise: list[str] = ...,
    noise_from: str | None = None,
) -> DiffResult: ...
def check(path: str, strict: bool = False, lang: str = "en") -> tuple[str, str, int]: ...
def main(argv: list[str]) -> int: ...

class Exported:
    formats: dict[str, str]
    exit_code: int
    warnings: list[str]

def curves(
    paths: list[str],
    x: str,
    y: list[str],
    by: list[str] | None = None,
    slo: list[str] = ...,
    gpus: str | None = None,
    lang: str = "en",
    config: str | None = None,
) -> Exported: ...
def compare(
    baseline: str, candidate: str, primary: str = ..., secondary: str = ..., slo: list[str] = ..., lang: str = "en"
) -> Exported: ...
def history_add(
    paths: list[str], store: str, labels: list[str] = ..., date: str | None = None, lang: str = "en"
) -> list[str]: ...
def history_report(
    store: str,
    metrics: list[str] = ...,
    key: list[str] = ...,
    filters: list[str] = ...,
    since: str | None = None,
    recent: int = 5,
    lang: str = "en",
) -> Exported: ...
def report(
    study: str,
    langs: list[str],
    out: str,
    slo: list[str] = ...,
    lang: str = "en",
    folders: list[str] = ...,
    baseline: str | None = None,
    save_study: str | None = None,
) -> tuple[list[str], list[str]]: ...
def translate(
    report: str,
    langs: list[str],
    out: str,
    html: bool = False,
    memory: str | None = None,
    allow_untranslated: bool = False,
    lang: str = "en",
) -> tuple[list[str], list[str], bool]: ...
def import_report(report: str, out: str, lang: str = "en") -> tuple[list[str], list[str]]: ...
