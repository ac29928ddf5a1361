"""Settings: defaults, then /etc/crib/config.toml, then --config, then the environment; every
mistake named with its key and where it came from."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.app.config import ConfigError, load_config


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path: Path, *, system: str | None = None, user: str | None = None,
         environ: dict[str, str] | None = None):
    system_file = write(tmp_path / "system.toml", system) if system else tmp_path / "none.toml"
    user_file = write(tmp_path / "user.toml", user) if user else None
    return load_config(user_file, environ=environ or {}, system=system_file)


def test_the_defaults_are_a_two_player_six_card_game_on_the_simulated_board(tmp_path) -> None:
    config = load(tmp_path)
    assert config.game.rules.name == "six-card" and config.game.rules.target == 121
    assert config.game.players == ("North", "South")
    assert config.board.backend == "sim" and config.web.host == "127.0.0.1"
    assert config.board.led_count == config.board.layout.led_count


def test_each_layer_overrides_only_the_keys_it_names(tmp_path) -> None:
    config = load(
        tmp_path,
        system='[web]\nport = 9000\n[speech]\nvoice = "en-gb"\n',
        user="[web]\nport = 9100\n",
        environ={"CRIB_SPEECH_VOLUME": "150", "CRIB_GAME_MODE": "versus", "CRIBBAGE": "x"},
    )
    assert config.web.port == 9100  # --config beats /etc
    assert config.speech.voice == "en-gb"  # /etc kept where nothing later names it
    assert config.speech.volume == 150 and config.game.mode == "versus"  # the environment last
    assert config.sources == (str(tmp_path / "system.toml"), str(tmp_path / "user.toml"),
                              "environment")


def test_house_rules_ride_on_the_variant(tmp_path) -> None:
    config = load(tmp_path, user='[game]\nvariant = "five-card"\nmuggins = true\n')
    assert config.game.rules.name == "five-card" and config.game.rules.target == 61
    assert config.game.rules.muggins


def test_a_pin_used_twice_names_both_settings(tmp_path) -> None:
    with pytest.raises(ConfigError,
                       match=r"user\.toml: pins\.undo is GPIO5, already used by pins\.go"):
        load(tmp_path, user="[pins]\ngo = 5\nundo = 5\n")


def test_a_strip_shorter_than_the_layout_is_refused(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"board.led_count is 100, fewer than the \d+ LEDs"):
        load(tmp_path, user="[board]\nled_count = 100\n")


def test_an_unknown_variant_lists_the_known_ones(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"game.variant is 'nine-card': unknown; choose one of "
                                          r"six-card, five-card"):
        load(tmp_path, environ={"CRIB_GAME_VARIANT": "nine-card"})


def test_an_unknown_setting_is_named_with_the_known_ones(tmp_path) -> None:
    with pytest.raises(ConfigError,
                       match=r"unknown setting web\.prot \(known: host, pairing, port\)"):
        load(tmp_path, user="[web]\nprot = 80\n")


def test_a_wrong_type_says_what_was_expected(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"environment: web\.port must be a whole number"):
        load(tmp_path, environ={"CRIB_WEB_PORT": "x"})


def test_players_must_match_the_variant(tmp_path) -> None:
    with pytest.raises(ConfigError, match="names 3 players, but six-card is played by 2"):
        load(tmp_path, user='[game]\nplayers = ["A", "B", "C"]\n')


def test_broken_toml_names_the_file(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"user.toml: not valid TOML"):
        load(tmp_path, user="[web\nport = 1\n")


def test_a_voice_is_a_voice_name_never_a_command(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"speech.voice is 'en; reboot': not a voice name"):
        load(tmp_path, user='[speech]\nvoice = "en; reboot"\n')


def test_a_missing_layout_file_is_reported(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"board\.layout.*cannot read layout"):
        load(tmp_path, user=f'[board]\nlayout = "{tmp_path / "nope.toml"}"\n')


def test_the_cameras_learned_deck_and_zone_file_must_exist(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"camera\.deck .*no such deck profile"):
        load(tmp_path, user=f'[camera]\ndeck = "{tmp_path / "mine.npz"}"\n')
    with pytest.raises(ConfigError, match=r"camera\.zones .*no such zone file"):
        load(tmp_path, user=f'[camera]\nzones = "{tmp_path / "table.json"}"\n')
    deck, zones = write(tmp_path / "mine.npz", "x"), write(tmp_path / "table.json", "{}")
    config = load(tmp_path, user=f'[camera]\ndeck = "{deck}"\nzones = "{zones}"\n')
    assert (config.camera.deck, config.camera.zones) == (deck, zones)
    assert load(tmp_path).camera.deck is None  # the default recogniser, the default zones


def test_the_cameras_threshold_is_a_confidence_below_one(tmp_path) -> None:
    with pytest.raises(ConfigError, match=r"camera\.threshold is 1.5: must be between"):
        load(tmp_path, user="[camera]\nthreshold = 1.5\n")
    assert load(tmp_path).camera.threshold is None  # the recogniser's own
    assert load(tmp_path, user="[camera]\nthreshold = 0.95\n").camera.threshold == 0.95
