"""The server knows no screen and the client no hall internals: neither package imports the
other.  They meet only over the protocol, and each starts the other (local mode's hall, the
SSH door) as a child process by module name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize(("package", "other"), [("server", "client"), ("client", "server")])
def test_neither_package_imports_the_other(package, other):
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / package).rglob("*.py"))
        if other in imported_packages(path)
    ]
    assert offenders == []
