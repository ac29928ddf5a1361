"""The advisor: ranked discards with exact expected values, the card to play, and the
computer players built on them (`levels`)."""

from pi_app.engine.advisor.crib_model import CribModel
from pi_app.engine.advisor.discard import DiscardOption, analyse_discards
from pi_app.engine.advisor.levels import AdvisorPlayer, Level, advise_play
from pi_app.engine.advisor.pegging import PlayChoice, PlayState

__all__ = [
    "AdvisorPlayer",
    "CribModel",
    "DiscardOption",
    "Level",
    "PlayChoice",
    "PlayState",
    "advise_play",
    "analyse_discards",
]
