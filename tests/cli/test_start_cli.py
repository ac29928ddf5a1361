"""`crib start` and `crib sim`: flags that cannot work together are refused before anything
starts, by name."""

from __future__ import annotations

import pytest

from pi_app.cli import main


@pytest.mark.parametrize("mode", ["versus", "scoreboard"])
def test_crib_sim_refuses_a_real_table_in_a_mode_the_app_deals_or_has_no_cards(
        capsys: pytest.CaptureFixture[str], mode: str) -> None:
    code = main(["sim", "--no-browser", "--mode", mode, "--table", "real"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"crib: --table real: mode {mode} is not played with hidden hands")
