"""The guides point at things that exist: every relative link and every picture resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDES = ("players-guide.md", "builders-guide.md", "developers-guide.md")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("guide", GUIDES)
def test_every_link_in_the_guide_resolves(guide: str) -> None:
    text = (DOCS / guide).read_text()
    targets = [t for t in LINK.findall(text) if "://" not in t]
    assert targets, f"{guide} links to nothing"
    missing = [t for t in targets if not (DOCS / t).exists()]
    assert not missing, f"{guide}: broken links {missing}"
