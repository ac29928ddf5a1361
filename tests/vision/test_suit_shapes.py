"""Suit symbols drawn in varied shapes, which teach the default suit network (suit_shapes.py)."""

import numpy as np

from pi_app.vision.index import GLYPH, GLYPH_VIEWS
from pi_app.vision.recognizer import Model
from pi_app.vision.suit_shapes import suit_glyphs


def _width_at(glyph: np.ndarray, depth: float) -> float:
    """The ink's width `depth` of the way down the symbol, against its widest row."""
    ink = glyph[0] > 0.5
    rows = np.flatnonzero(ink.any(axis=1))
    widths = ink.sum(axis=1)
    return float(widths[rows[0] + round(depth * (rows[-1] - rows[0]))] / widths.max())


def test_suit_shapes_are_index_glyphs_of_each_suit_in_turn():
    images, suits = suit_glyphs(8, np.random.default_rng(0))
    assert images.shape == (8, GLYPH_VIEWS, GLYPH, GLYPH)
    assert images.min() >= 0.0 and images.max() <= 1.0 + 1e-5  # ink, 0 paper to 1
    assert suits.tolist() == [0, 1, 2, 3, 0, 1, 2, 3]
    again, _ = suit_glyphs(8, np.random.default_rng(0))
    assert np.array_equal(images, again)


def test_a_heart_is_widest_at_its_lobes_and_a_diamond_at_its_middle():
    images, suits = suit_glyphs(400, np.random.default_rng(1))
    near_top = np.array([_width_at(image, 0.1) for image in images])
    middle = np.array([_width_at(image, 0.5) for image in images])
    assert np.median(near_top[suits == 2]) > 0.75  # a heart's two lobes
    assert np.median(near_top[suits != 2]) < 0.5  # a diamond's, spade's, club's top point or lobe
    assert np.median(middle[suits == 1]) > 0.9


def test_shapes_vary_in_proportion_as_decks_draw_them():
    images, suits = suit_glyphs(400, np.random.default_rng(2))
    aspect = []
    for image in images[suits == 3]:
        ys, xs = np.nonzero(image[0] > 0.5)
        aspect.append((xs.max() - xs.min() + 1) / (ys.max() - ys.min() + 1))
    assert max(aspect) / min(aspect) > 1.4  # thin spades and fat ones


def test_the_default_suit_network_knows_every_suit_in_any_proportion():
    """Shapes it was never shown (another seed), 6 to 31 pixels high: the network shipped
    before these shapes read 74% of them, calling round-shouldered spades clubs."""
    images, suits = suit_glyphs(400, np.random.default_rng(1234))
    read = Model.default().suit.probabilities(images).argmax(axis=1)
    assert (read == suits).mean() >= 0.93
    for suit in range(4):
        assert (read[suits == suit] == suit).mean() >= 0.9
