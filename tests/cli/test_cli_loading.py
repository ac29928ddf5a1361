"""The `crib` command loads only the subcommand it runs, so quick commands start quickly."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pi_app.cli import build_parser, command_names, main


@pytest.mark.parametrize("name", command_names())
def test_each_command_module_registers_the_command_of_its_own_name(name: str) -> None:
    parser = build_parser(only=name)
    subparsers = parser._subparsers._group_actions[0]  # type: ignore[union-attr]
    assert list(subparsers.choices) == [name]


def test_scoring_a_hand_loads_neither_the_web_server_nor_numpy_nor_opencv() -> None:
    code = (
        "import sys; from pi_app.cli import main; main(['score', '5H', '5C', '5S', 'JD', "
        "'--starter', '5D', '--json']); "
        "print(sorted(m for m in ('numpy', 'aiohttp', 'cv2') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "[]"


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    listing = capsys.readouterr().out
    assert all(name in listing for name in command_names())


def test_an_unknown_command_is_an_error_naming_the_choices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["scroe"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'scroe'" in capsys.readouterr().err
