"""`crib board render` refuses what it cannot do by name, before anything is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.cli import main


def test_board_render_names_a_png_folder_that_does_not_exist(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "board.png"
    code = main(["board", "render", "--score", "0=37", "--png", str(target)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and not target.exists()
    assert err.strip() == (f"crib board render: --png {target}: "
                           f"there is no folder {target.parent}")
