"""Card face images by design: the shipped CC0 deck, aisleriot themes, and font-drawn decks.

A design is a mapping from card code (`QH`) to a BGRA face image, portrait, with transparent
rounded corners. The synthesiser lays these on virtual tables; training and benchmarks use them.
Aisleriot themes (GPL art from Debian's gnome-cards-data) are rendered at run time with
`rsvg-convert` into a cache and never shipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from pi_app.engine.cards import DECK, RANKS

Face = np.ndarray
Design = dict[str, Face]

AISLERIOT_DIR = Path("/usr/share/aisleriot/cards")
ENGLISH_INDEX_THEMES = (
    "anglo", "anglo_modern", "anglo_poker", "bellot", "dondorf", "gnomangelo",
    "neoclassical", "paris", "plastic", "simplistic", "tango",
)
"""Aisleriot themes whose corner index is an English A K Q J with the four French suits."""

CARD_ASPECT = 88.0 / 63.0
"""Height over width of a poker-size card."""


class DesignError(RuntimeError):
    """A deck design that cannot be loaded (missing files or tools)."""


def load_folder(folder: Path) -> Design:
    """Read one image per card, named by code (`QH.png`, `TD.jpg`); all 52 must be present."""
    faces: Design = {}
    for path in sorted(Path(folder).iterdir()):
        code = path.stem.upper()
        if path.suffix.lower() in {".png", ".jpg", ".jpeg", ".webp", ".bmp"} and code in _CODES:
            image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
            if image is None:
                raise DesignError(f"{path}: not a readable image")
            faces[code] = _as_bgra(image)
    missing = [c for c in _CODES if c not in faces]
    if missing:
        raise DesignError(f"{folder}: no image for {', '.join(missing[:8])}"
                          + (" ..." if len(missing) > 8 else ""))
    return faces


def kennard(shared: Path) -> Design:
    """The CC0 Kennard deck from `shared/data/decks/kennard`."""
    return load_folder(shared / "data" / "decks" / "kennard")


def aisleriot_available() -> bool:
    return AISLERIOT_DIR.is_dir() and shutil.which("rsvg-convert") is not None


def aisleriot(theme: str, cache: Path | None = None, card_width: int = 300) -> Design:
    """Render an aisleriot theme (13 x 5 grid: clubs, diamonds, hearts, spades) and cut it up."""
    source = AISLERIOT_DIR / f"{theme}.svgz"
    if not source.is_file():
        raise DesignError(f"{source} is missing: install Debian's gnome-cards-data")
    if shutil.which("rsvg-convert") is None:
        raise DesignError("rsvg-convert is missing: install Debian's librsvg2-bin")
    cache = cache or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "crib-decks"
    cache.mkdir(parents=True, exist_ok=True)
    sheet_path = cache / f"{theme}-{card_width}.png"
    if not sheet_path.is_file():
        # A file of this render's own: two processes filling one cache (a benchmark per seed)
        # would otherwise render into one file, and the second to finish find it moved away.
        handle, name = tempfile.mkstemp(suffix=".png", prefix=f"{theme}-", dir=cache)
        os.close(handle)
        tmp = Path(name)
        try:
            subprocess.run(["rsvg-convert", "-w", str(card_width * 13), str(source), "-o",
                            str(tmp)], check=True, capture_output=True)
            tmp.replace(sheet_path)
        finally:
            tmp.unlink(missing_ok=True)
    sheet = cv2.imread(str(sheet_path), cv2.IMREAD_UNCHANGED)
    if sheet is None:
        raise DesignError(f"{sheet_path}: rendering failed")
    sheet = _as_bgra(sheet)
    cell_h, cell_w = sheet.shape[0] / 5, sheet.shape[1] / 13
    faces: Design = {}
    for card in DECK:
        row, col = int(card.suit), card.rank - 1
        cell = sheet[round(row * cell_h):round((row + 1) * cell_h),
                     round(col * cell_w):round((col + 1) * cell_w)]
        faces[card.code] = _trim(cell)
    return faces


def font_design(seed: int) -> Design:
    """A plain deck drawn with OpenCV's Hershey fonts and drawn suit shapes, varied by `seed`.

    These teach the default recogniser letter and suit shapes beyond the one shipped deck.
    """
    rng = np.random.default_rng(seed)
    fonts = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
             cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_COMPLEX_SMALL]
    font = fonts[int(rng.integers(len(fonts)))]
    thickness = int(rng.integers(1, 7))
    if rng.random() < 0.2:
        font |= cv2.FONT_ITALIC
    width = 300
    height = round(width * CARD_ASPECT)
    index_h = rng.uniform(0.10, 0.17) * width  # height of the rank glyph
    suit_h = index_h * rng.uniform(0.6, 1.0)
    margin_x, margin_y = rng.uniform(0.03, 0.08) * width, rng.uniform(0.03, 0.08) * width
    gap = rng.uniform(0.02, 0.08) * width
    paper = np.array([255, 255, 255]) - rng.integers(0, 25, 3)
    red = (int(rng.integers(0, 60)), int(rng.integers(0, 50)), int(rng.integers(170, 240)))
    black = tuple(int(v) for v in rng.integers(0, 50, 3))
    radius = int(rng.uniform(0.03, 0.08) * width)
    style = SuitStyle.random(rng)
    faces: Design = {}
    for card in DECK:
        face = np.zeros((height, width, 4), np.uint8)
        face[..., :3] = paper
        face[..., 3] = _rounded_alpha(height, width, radius)
        colour = red if card.suit in (1, 2) else black
        half = np.zeros((height, width, 3), np.uint8)
        half[...] = paper
        label = "10" if card.rank == 10 else RANKS[card.rank - 1]
        scale = cv2.getFontScaleFromHeight(font, max(8, int(index_h)), thickness)
        (tw, th), _ = cv2.getTextSize(label, font, scale, thickness)
        x0 = int(margin_x + max(0, (index_h * 0.8 - tw) / 2))
        cv2.putText(half, label, (x0, int(margin_y + th)), font, scale, colour, thickness,
                    cv2.LINE_AA)
        centre_x = margin_x + max(tw, index_h * 0.8) / 2
        suit_y = margin_y + th + gap + suit_h / 2
        draw_suit(half, int(card.suit), (centre_x, suit_y), suit_h, colour, style)
        draw_suit(half, int(card.suit), (width / 2, height * rng.uniform(0.3, 0.45)),
                  width * rng.uniform(0.15, 0.3), colour, style)
        if card.rank > 10 and rng.random() < 0.8:  # a framed "court" picture touching art
            cv2.rectangle(half, (int(width * 0.22), int(width * 0.2)),
                          (int(width * 0.78), height // 2 + 2),
                          tuple(int(v) for v in rng.integers(0, 255, 3)), int(rng.integers(2, 12)))
        bottom = cv2.rotate(half, cv2.ROTATE_180)
        mask = np.zeros((height, width), np.uint8)
        mask[: height // 2] = 255
        face[..., :3] = np.where(mask[..., None] > 0, half, bottom)
        faces[card.code] = face
    return faces


@dataclass(frozen=True)
class SuitStyle:
    """How one deck draws its suit symbols: proportions vary a lot between real decks."""

    diamond_width: float = 0.75
    lobe: float = 0.5
    point: float = 0.95
    stem_width: float = 0.35
    club_lobe: float = 0.42

    @classmethod
    def random(cls, rng: np.random.Generator) -> SuitStyle:
        return cls(diamond_width=float(rng.uniform(0.55, 1.0)), lobe=float(rng.uniform(0.4, 0.62)),
                   point=float(rng.uniform(0.75, 1.1)), stem_width=float(rng.uniform(0.1, 0.5)),
                   club_lobe=float(rng.uniform(0.3, 0.5)))


TYPEFACES = ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Condensed",
             "DejaVu Sans Light", "Liberation Sans", "Liberation Serif", "Liberation Mono",
             "Liberation Sans Narrow", "Nimbus Sans", "Nimbus Sans Narrow", "Nimbus Roman",
             "Nimbus Mono PS", "URW Bookman", "URW Gothic", "C059", "P052", "FreeSans",
             "FreeSerif", "FreeMono", "Roboto", "Roboto Condensed", "Open Sans", "Lato",
             "Cantarell", "TeX Gyre Adventor", "TeX Gyre Bonum", "TeX Gyre Schola",
             "TeX Gyre Heros Cn", "Linux Libertine O", "Linux Biolinum O", "Carlito", "Caladea",
             "Comic Neue", "EB Garamond", "Inconsolata", "Old Standard TT", "Noto Sans",
             "Noto Serif", "Noto Serif Display")
"""System typefaces for `typeface_design` (Debian's FONT_PACKAGES)."""
FONT_PACKAGES = ("fonts-dejavu", "fonts-liberation", "fonts-urw-base35", "fonts-freefont-ttf",
                 "fonts-roboto", "fonts-open-sans", "fonts-lato", "fonts-cantarell",
                 "fonts-texgyre", "fonts-linuxlibertine", "fonts-crosextra-carlito",
                 "fonts-crosextra-caladea", "fonts-comic-neue", "fonts-ebgaramond",
                 "fonts-inconsolata", "fonts-oldstandard", "fonts-noto-core")
"""The Debian packages that hold TYPEFACES and SUIT_TYPEFACES (needed only to build the
default model)."""
SUIT_TYPEFACES = ("DejaVu Sans", "DejaVu Serif", "Standard Symbols PS", "D050000L", "FreeSans",
                  "FreeSerif", "Nimbus Sans", "URW Bookman", "C059", "P052",
                  "Noto Sans Symbols2", "Linux Libertine O", "Linux Biolinum O")
"""Typefaces whose ♣♦♥♠ differ in shape: a deck's suits may come from any of them."""


def typeface_design(family: str, bold: bool, seed: int, cache: Path,
                    suit_family: str | None = None) -> Design:
    """A plain deck set in a system typeface, its suits the ♣♦♥♠ glyphs of `suit_family`
    (default: the same typeface): written as one SVG sheet and drawn by `rsvg-convert` (build
    time only, never at the table)."""
    if shutil.which("rsvg-convert") is None:
        raise DesignError("rsvg-convert is missing: install Debian's librsvg2-bin")
    rng = np.random.default_rng(seed)
    w, h = 300, round(300 * CARD_ASPECT)
    size = rng.uniform(0.13, 0.2) * w
    suit_size = size * rng.uniform(0.65, 1.0)
    gap = rng.uniform(1.02, 1.2)  # from the rank's top to the suit's, in rank sizes
    x, y = rng.uniform(0.04, 0.08) * w, rng.uniform(0.03, 0.06) * w
    weight = "bold" if bold else "normal"
    red = f"rgb({rng.integers(170, 240)},{rng.integers(0, 50)},{rng.integers(0, 60)})"
    suit_font = f' font-family="{suit_family}"' if suit_family else ""
    cards = []
    for card in DECK:
        left, top = (card.rank - 1) * w, int(card.suit) * h
        ink = red if card.suit in (1, 2) else "rgb(20,20,20)"
        label = "10" if card.rank == 10 else RANKS[card.rank - 1]
        index = (f'<text x="{x + size * 0.4:.1f}" y="{y + size:.1f}" text-anchor="middle" '
                 f'font-size="{size:.1f}">{label}</text>'
                 f'<text x="{x + size * 0.4:.1f}" y="{y + size * gap + suit_size:.1f}" '
                 f'text-anchor="middle" font-size="{suit_size:.1f}"{suit_font}>'
                 f'{card.suit.symbol}</text>')
        cards.append(
            f'<g transform="translate({left},{top})" fill="{ink}" font-family="{family}" '
            f'font-weight="{weight}"><rect width="{w}" height="{h}" rx="{w * 0.05:.0f}" '
            f'fill="white"/>{index}<g transform="rotate(180 {w / 2} {h / 2})">{index}</g>'
            f'<text x="{w / 2}" y="{h * 0.62:.0f}" text-anchor="middle" '
            f'font-size="{w * 0.4:.0f}"{suit_font}>{card.suit.symbol}</text></g>')
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{13 * w}" height="{4 * h}">'
           + "".join(cards) + "</svg>")
    cache.mkdir(parents=True, exist_ok=True)
    name = f"{family}-{suit_family}-{weight}-{seed}".replace(" ", "_")
    source, sheet_path = cache / f"{name}.svg", cache / f"{name}.png"
    source.write_text(svg, encoding="utf-8")
    subprocess.run(["rsvg-convert", str(source), "-o", str(sheet_path)], check=True,
                   capture_output=True)
    sheet = cv2.imread(str(sheet_path), cv2.IMREAD_UNCHANGED)
    if sheet is None:
        raise DesignError(f"{sheet_path}: rendering failed")
    return {card.code: _as_bgra(sheet[int(card.suit) * h:(int(card.suit) + 1) * h,
                                      (card.rank - 1) * w:card.rank * w]).copy()
            for card in DECK}


def draw_suit(image: np.ndarray, suit: int, centre: tuple[float, float], size: float,
              colour: tuple[int, ...], style: SuitStyle = SuitStyle()) -> None:
    """Draw a club (0), diamond (1), heart (2) or spade (3) of height `size` centred there."""
    cx, cy = centre
    s = size / 2
    col = tuple(int(c) for c in colour)
    if suit == 1:
        d = style.diamond_width
        pts = np.array([[cx, cy - s], [cx + s * d, cy], [cx, cy + s], [cx - s * d, cy]])
        cv2.fillPoly(image, [np.round(pts).astype(np.int32)], col, cv2.LINE_AA)
        return
    flip = -1 if suit == 3 else 1  # a spade is an upside-down heart with a stem
    if suit in (2, 3):
        r = s * style.lobe
        for dx in (-r * 0.95, r * 0.95):
            cv2.circle(image, (round(cx + dx), round(cy - flip * s * 0.45)), round(r), col, -1,
                       cv2.LINE_AA)
        pts = np.array([[cx - r * 1.9, cy - flip * s * 0.3], [cx + r * 1.9, cy - flip * s * 0.3],
                        [cx, cy + flip * s * style.point]])
        cv2.fillPoly(image, [np.round(pts).astype(np.int32)], col, cv2.LINE_AA)
    else:
        r = s * style.club_lobe
        for dx, dy in ((0, -s * 0.5), (-s * 0.5, 0.05 * s), (s * 0.5, 0.05 * s)):
            cv2.circle(image, (round(cx + dx), round(cy + dy)), round(r), col, -1, cv2.LINE_AA)
    if suit in (0, 3):
        w = style.stem_width
        stem = np.array([[cx - s * 0.1, cy], [cx + s * 0.1, cy], [cx + s * w, cy + s],
                         [cx - s * w, cy + s]])
        cv2.fillPoly(image, [np.round(stem).astype(np.int32)], col, cv2.LINE_AA)


_CODES = [card.code for card in DECK]


def _as_bgra(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[2] == 3:
        return cv2.cvtColor(image, cv2.COLOR_BGR2BGRA)
    return image


def _trim(cell: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(cell[..., 3] > 16)
    if len(xs) == 0:
        raise DesignError("an empty card cell in the theme sheet")
    return cell[ys.min():ys.max() + 1, xs.min():xs.max() + 1].copy()


def _rounded_alpha(height: int, width: int, radius: int) -> np.ndarray:
    alpha = np.zeros((height, width), np.uint8)
    cv2.rectangle(alpha, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
    cv2.rectangle(alpha, (0, radius), (width - 1, height - 1 - radius), 255, -1)
    for x, y in ((radius, radius), (width - 1 - radius, radius), (radius, height - 1 - radius),
                 (width - 1 - radius, height - 1 - radius)):
        cv2.circle(alpha, (x, y), radius, 255, -1, cv2.LINE_AA)
    return alpha
