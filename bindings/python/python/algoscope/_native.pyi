"""Type stubs of the native module (``bindings/python/src/lib.rs``). Use the public API in
``algoscope`` instead: it adds the keyword options, the exception classes and the notebook
display."""

from typing import Dict, List, Optional, Tuple

__version__: str
KILL_GRACE_MS: int

class NativeError(Exception):
    """``args``: ``(kind, message, details_json)``; ``algoscope._errors.translate`` turns
    it into the public exception classes."""

class NativeTrace:
    def __len__(self) -> int: ...
    @property
    def language(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def stdout(self) -> str: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def stopped_by(self) -> Optional[str]: ...
    @property
    def notes(self) -> List[str]: ...
    def error_json(self) -> Optional[str]: ...
    def complexity_json(self) -> Optional[str]: ...
    def to_json(self, expanded: bool = False, pretty: bool = False) -> str: ...
    def memory_svg(self, step: int, nested: bool = False, sizes: Optional[str] = None) -> str: ...
    def loop_svg(
        self, step: int, max_rows: Optional[int] = None, sizes: Optional[str] = None
    ) -> str: ...
    def loop_spans(self) -> List[Tuple[int, int]]: ...
    def hint_warnings(self) -> List[str]: ...
    def page(
        self,
        title: str,
        nested: bool = False,
        sizes: Optional[str] = None,
        loop_rows: Optional[int] = None,
    ) -> str: ...

def trace_source(
    source: str,
    language: str,
    name: str,
    stdin: Optional[str] = None,
    max_steps: Optional[int] = None,
    timeout_ms: Optional[int] = None,
    python: Optional[str] = None,
    node: Optional[str] = None,
    max_memory_mb: Optional[int] = None,
    max_output_kb: Optional[int] = None,
    max_cpu_ms: Optional[int] = None,
    max_processes: Optional[int] = None,
) -> NativeTrace: ...
def trace_file(
    path: str,
    stdin: Optional[str] = None,
    max_steps: Optional[int] = None,
    timeout_ms: Optional[int] = None,
    python: Optional[str] = None,
    node: Optional[str] = None,
    max_memory_mb: Optional[int] = None,
    max_output_kb: Optional[int] = None,
    max_cpu_ms: Optional[int] = None,
    max_processes: Optional[int] = None,
) -> NativeTrace: ...
def limits() -> Dict[str, Optional[int]]: ...
def bigo_json(source: str, language: str, name: str, function: Optional[str] = None) -> str: ...
def validate(text: str) -> NativeTrace: ...
def validate_bytes(data: bytes) -> NativeTrace: ...
