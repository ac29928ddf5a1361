"""The table as a service: it starts, a stop leaves the board dark, a restart resumes the game."""

from __future__ import annotations

from hil_rigs import ServiceRig, table_state


def test_the_service_stops_dark_and_resumes_the_game_where_it_was(
        service_rig: ServiceRig) -> None:
    url = service_rig.start()
    before = table_state(url)["pegs"]
    service_rig.peg(url, "peg0", 3)
    played = table_state(url)["pegs"]
    assert played != before, "the presses did not peg"
    service_rig.stop()
    assert service_rig.strip_dark(), "the board was left lit after the service stopped"
    assert service_rig.watchdog_pinged() is not False, "no watchdog pings while it ran"

    url = service_rig.start()
    try:
        assert table_state(url)["pegs"] == played, "the restarted app lost the game"
    finally:
        service_rig.stop()
