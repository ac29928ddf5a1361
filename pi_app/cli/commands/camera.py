"""`crib camera preview`: live view of the camera with the cards it reads drawn on it.
`crib camera markers`: the printed corner markers that show the camera where the table is."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("camera", help="the table camera")
    actions = parser.add_subparsers(dest="camera_action", metavar="ACTION", required=True)
    preview = actions.add_parser("preview", help="show detections live (window or JPEG file)")
    preview.add_argument("--source", default="0",
                         help="picamera, a camera number, an image, a folder, or a video")
    preview.add_argument("--deck", metavar="PROFILE", help="a deck profile from `crib deck learn`")
    preview.add_argument("--zones", type=Path, help="zone file (JSON) to draw and attribute")
    preview.add_argument("--out", type=Path,
                         help="write each annotated frame to this JPEG instead of a window")
    preview.add_argument("--frames", type=int, default=0, help="stop after N frames (0: never)")
    preview.add_argument("--markers", action="store_true",
                         help="draw the play area the corner markers mark, and say which are "
                              "missing")
    preview.set_defaults(func=run_preview)
    markers = actions.add_parser("markers", help="print the corner markers for the play area")
    markers.add_argument("--out", type=Path, required=True,
                         help="the A4 sheet as an image (.png), to print at 100%% and cut apart")
    markers.add_argument("--dpi", type=int, default=150, help="the sheet's resolution")
    markers.set_defaults(func=run_markers)


def _marked(found: dict[int, tuple[float, float]]) -> tuple[Any, str]:
    """The play area the corner markers mark (or None), and a note for the status line."""
    from pi_app.vision.markers import PLACES, MarkerError, marker_quad

    missing = [str(i) for i in range(len(PLACES)) if i not in found]
    if missing:
        return None, f" · marker {' '.join(missing)} not in sight"
    try:
        return marker_quad(found), " · the markers mark the play area"
    except MarkerError:
        return None, " · the markers are in the wrong corners"


def run_markers(args: argparse.Namespace) -> int:
    try:
        import cv2

        from pi_app.vision.markers import MARKER_MM, PLACES, marker_sheet
    except ImportError as exc:
        print(f"crib camera markers: card vision needs OpenCV ({exc})", file=sys.stderr)
        return 2
    if not 72 <= args.dpi <= 1200:
        print(f"crib camera markers: --dpi {args.dpi} is not between 72 and 1200",
              file=sys.stderr)
        return 2
    reason = None
    if not args.out.parent.is_dir():
        reason = f"no such folder {args.out.parent}"
    else:
        try:
            if not cv2.imwrite(str(args.out), marker_sheet(args.dpi)):
                reason = "it could not be written (is the folder writable?)"
        except cv2.error:
            reason = "OpenCV writes no image of that kind: name it .png"
    if reason is not None:
        print(f"crib camera markers: cannot write {args.out}: {reason}", file=sys.stderr)
        return 2
    print(f"{args.out}: four {MARKER_MM} mm markers on A4 at {args.dpi} dpi. Lay "
          + ", ".join(f"{i} at the {place}" for i, place in enumerate(PLACES))
          + " of the play area as the camera sees it, and set [camera] markers = true.")
    return 0


def run_preview(args: argparse.Namespace) -> int:
    try:
        import cv2

        from pi_app.vision.frames import FrameError, open_source
        from pi_app.vision.markers import find_markers
        from pi_app.vision.preview import draw_detections, preview_jpeg
        from pi_app.vision.recognizer import ModelError, make_recognizer
        from pi_app.vision.zones import ZoneError, ZoneMap
    except ImportError as exc:
        print(f"crib camera preview: card vision needs OpenCV ({exc})", file=sys.stderr)
        return 2
    try:
        recognizer = make_recognizer(args.deck)
        zones = ZoneMap.load(args.zones) if args.zones else None
        source = open_source(args.source)
    except (ModelError, ZoneError, FrameError) as exc:
        print(f"crib camera preview: {exc}", file=sys.stderr)
        return 2
    count = 0
    with source:
        for frame in source:
            reading = recognizer.read(frame)
            count += 1
            labels = []
            for d in reading.detections:
                zone = zones.zone_of(d.corners) if zones else None
                labels.append(d.label + (f"@{zone.name}" if zone else ""))
            quad, marked = _marked(find_markers(frame)) if args.markers else (None, "")
            print(f"\rframe {count}: {' '.join(labels) or 'no cards'} [{reading.ms:.0f} ms]"
                  f"{marked}\033[K", end="", file=sys.stderr, flush=True)
            if args.out is not None:
                tmp = args.out.with_suffix(".tmp")
                tmp.write_bytes(preview_jpeg(frame, reading.detections, zones, markers=quad))
                tmp.replace(args.out)
            else:
                try:
                    cv2.imshow("crib camera preview", draw_detections(frame, reading.detections,
                                                                      zones, quad))
                    if cv2.waitKey(1) & 0xFF in (ord("q"), 27):
                        break
                except cv2.error:
                    print("\ncrib camera preview: this OpenCV has no windows (headless); use "
                          "--out preview.jpg, or the simulator's web page", file=sys.stderr)
                    return 2
            if args.frames and count >= args.frames:
                break
    print(file=sys.stderr)
    return 0
