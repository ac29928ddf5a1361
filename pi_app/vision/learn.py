"""Learn my deck: cut each card's face out of the player's photos, then train a deck profile on
synthetic tables showing those faces, exactly as the default model was trained on its decks.

A profile is a model file (.npz) like the default one, named after the deck.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from pi_app.engine.cards import DECK
from pi_app.vision.designs import CARD_ASPECT, Design
from pi_app.vision.detect import WORK_SIZE, Corner, brighter_paper, paper_levels, paper_mask
from pi_app.vision.frames import IMAGE_SUFFIXES, FrameError, load_image
from pi_app.vision.glyphs import darkest
from pi_app.vision.index import rank_glyph, read_corner
from pi_app.vision.recognizer import Model
from pi_app.vision.training import (
    best_reader,
    collect,
    collect_corners,
    collect_cut,
    tune_to_deck,
)

FACE_WIDTH = 300
HELD_OUT_SCENES = 12
"""Tables of the learned deck, never tuned on, that decide which networks a profile keeps."""
CUT_SCENES = 16
"""Fans and rows of the deck whose glyphs its cut glyphs' heads are tuned on (`Model.cut_suit`,
`Model.cut_rank`)."""


class LearnError(ValueError):
    """Photos that cannot teach a deck; the message names the files and what is wrong."""


class NoCardError(LearnError):
    """A photo of the table with no card on it."""


def cut_out_card(frame: np.ndarray) -> np.ndarray:
    """The single card on the table in `frame`, warped upright to a BGRA face image."""
    quad = lone_card(frame)
    height = round(FACE_WIDTH * CARD_ASPECT)
    target = np.array([[0, 0], [FACE_WIDTH, 0], [FACE_WIDTH, height], [0, height]],
                      np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    face = cv2.warpPerspective(frame, m, (FACE_WIDTH, height), flags=cv2.INTER_AREA)
    return cv2.cvtColor(face, cv2.COLOR_BGR2BGRA)


CARD_ASPECT_OFF = 0.2
"""How far from a card's proportions (`CARD_ASPECT`) the box round the card found may be."""
PIECE_REACH = 0.1
"""How far beyond the box of a card's pieces gathered so far (in the largest piece's widths)
another piece may lie and be gathered: art printed across a court card's whole width parts
its margin into pieces whose boxes need not overlap."""
FRAME_MARGIN = 3
"""How near the frame's edge (working pixels) the box round a card may come: nearer, the
card is cut off, or the shape is the table's own, lit or pale where the picture ends."""


def lone_card(frame: np.ndarray) -> np.ndarray:
    """The corners (4x2, frame pixels) of the single card on the table in `frame`, from one of
    its short sides round; LearnError if there is none, or more than one, or it is cut off.
    Where the paper round the largest pale shape is no card (a pale table's streaks or checks
    touch it and pass for card stock), the card is the brighter part of that paper, split
    from the rest at its own Otsu level."""
    scale = min(1.0, WORK_SIZE / max(frame.shape[:2]))
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    low = darkest(small)
    whole = paper_mask(small, paper_levels(low), low)
    corners = _card_box(whole)
    if corners is None:
        corners = _card_box(brighter_paper(low, whole))
    if corners is None:
        raise LearnError("the card is not alone or not whole in the picture")
    quad = corners / scale
    if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[2] - quad[1]):
        quad = np.roll(quad, -1, axis=0)  # start on a short side: the face stands upright
    return np.asarray(quad, np.float64)


def _card_box(whole: np.ndarray) -> np.ndarray | None:
    """The corners (4x2, `whole`'s pixels) of the rotated box round the card the paper mask
    `whole` shows; None where the paper round the largest shape does not make one card-shaped
    box inside the frame; NoCardError where there is no sizeable paper at all."""
    contours, _ = cv2.findContours(whole, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        raise NoCardError("no card found")
    main = max(contours, key=cv2.contourArea)
    largest = cv2.contourArea(main)
    if largest < 0.005 * whole.size:
        raise NoCardError("no card found (only small pale patches)")
    # Court art touching the edge splits the white margin: take its pieces together (sizeable
    # ones touching the growing group's box), but not pale specks of the table further off.
    others = [c for c in contours if cv2.contourArea(c) >= 0.02 * largest and c is not main]
    group = [main]
    reach = round(PIECE_REACH * min(cv2.minAreaRect(main)[1]))
    grew = True
    while grew:
        x, y, w, h = cv2.boundingRect(np.vstack(group))
        box_now = (x - reach, y - reach, w + 2 * reach, h + 2 * reach)
        joining = [c for c in others if _overlaps(tuple(cv2.boundingRect(c)), box_now)]
        others = [c for c in others if not any(c is j for j in joining)]
        group += joining
        grew = bool(joining)
    hull = cv2.convexHull(np.vstack(group))
    box = cv2.minAreaRect(hull)
    short, long = sorted(box[1])
    corners = cv2.boxPoints(box)
    inside = (corners.min() >= FRAME_MARGIN
              and (corners < np.array(whole.shape[::-1]) - FRAME_MARGIN).all())
    if (not inside or cv2.contourArea(hull) < 0.85 * box[1][0] * box[1][1]
            or abs(long / max(short, 1) - CARD_ASPECT) > CARD_ASPECT_OFF):
        return None
    return np.asarray(corners)


def _overlaps(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def faces_from_folder(folder: Path) -> Design:
    """One face per card from images named by card code (`QH.jpg`); every problem is listed."""
    folder = Path(folder)
    if not folder.is_dir():
        raise LearnError(f"{folder}: not a folder")
    by_code = {p.stem.upper(): p for p in sorted(folder.iterdir())
               if p.suffix.lower() in IMAGE_SUFFIXES}
    problems = [f"no image named {card.code} (e.g. {card.code}.jpg)" for card in DECK
                if card.code not in by_code]
    faces: Design = {}
    for card in DECK:
        path = by_code.get(card.code)
        if path is None:
            continue
        try:
            faces[card.code] = cut_out_card(load_image(path))
        except (LearnError, FrameError) as exc:
            problems.append(f"{path.name}: {exc}")
    if problems:
        shown = "; ".join(problems[:10]) + (f"; and {len(problems) - 10} more"
                                            if len(problems) > 10 else "")
        raise LearnError(f"{folder}: {shown}")
    return faces


def learn_deck(folder: Path, scenes: int = 40, seed: int = 0, progress: bool = False) -> Model:
    """A deck profile from a folder of 52 single-card photos: the default networks tuned to
    the deck, each kept only where it reads tables of the deck held out from tuning better
    than the default one does."""
    faces = faces_from_folder(folder)
    if progress:
        print(f"cut out 52 cards from {folder}; training", file=sys.stderr)
    samples = collect([faces], scenes, seed, progress=progress)
    samples = collect_corners([faces], 8, seed + 1, samples)
    default = Model.default()
    try:
        tuned = tune_to_deck(default, samples, name=Path(folder).name, seed=seed,
                             cut_samples=collect_cut([faces], CUT_SCENES, seed + 3,
                                                     progress=progress))
    except ValueError as exc:  # some rank never showed a readable corner index
        raise LearnError(f"{folder}: {exc}; this deck's corner index could not be read") from exc
    held_out = collect([faces], HELD_OUT_SCENES, seed + 2)
    return replace(best_reader(tuned, default, held_out), width_per_glyph=width_per_glyph(faces))


def width_per_glyph(faces: Design) -> float | None:
    """The deck's card width in rank glyph heights, the median over its faces' top-left
    indexes read on a dark margin (None if none reads): decks print indexes from a tenth to a
    fifth of a card's width, and in a frame where no card's whole width shows, this sizes
    the cards that show only their index."""
    margin = 40
    heights = []
    for face in faces.values():
        table = cv2.copyMakeBorder(np.ascontiguousarray(face[..., :3]), margin, margin, margin,
                                   margin, cv2.BORDER_CONSTANT, value=(40, 40, 40))
        corner = Corner(np.array([margin, margin], np.float64), np.array([1.0, 0.0]),
                        np.array([0.0, 1.0]), float(face.shape[1]))
        read = read_corner(table, corner)
        if read is not None:
            heights.append(face.shape[1] / rank_glyph(*read)[1])
    return float(np.median(heights)) if heights else None
