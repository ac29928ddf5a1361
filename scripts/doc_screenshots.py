"""Screenshots of the simulator's page for docs/images, taken in Debian's Chromium.

Run by scripts/make-doc-images.sh: starts `crib sim` on a free port with a scratch game store,
plays through the page as a person would, and saves what the page shows at each stage.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEW = {"width": 1500, "height": 1100}


def start_sim(mode: str, scratch: Path) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "CRIB_STORAGE_PATH": str(scratch / f"{mode}.sqlite"),
           "CRIB_SPEECH_ENABLED": "false", "BROWSER": "true"}
    process = subprocess.Popen(
        [sys.executable, "-m", "pi_app.cli", "sim", "--no-browser", "--port", "0",
         "--mode", mode], env=env, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("Cribbage Companion"):
        process.kill()
        raise SystemExit(f"doc_screenshots: crib sim did not start: {line!r}")
    return process, line.split()[-1]


def settle(page: Page, action: str) -> None:
    """Click `action`, then wait for the state the server pushes after it."""
    before = page.evaluate("document.body.dataset.version")
    page.click(action)
    page.wait_for_function(f"document.body.dataset.version !== {json.dumps(before)}")


def deal_and_show(page: Page, out: Path) -> None:
    settle(page, "#new-game")
    page.screenshot(path=str(out / "sim-deal.png"), full_page=True)
    for seat in (0, 1):
        hand = page.locator(f".hand[data-seat='{seat}'] .card")
        hand.nth(0).click()
        hand.nth(1).click()
        settle(page, f"#lay-away-{seat}")
    for _ in range(20):
        if page.is_visible("#show"):
            break
        settle(page, ".card.playable" if page.query_selector(".card.playable")
               else "button[id^='go-']")
    page.screenshot(path=str(out / "sim-show.png"), full_page=True)


def scoreboard(page: Page, url: str, out: Path) -> None:
    for player, points in ((0, 12), (1, 9), (0, 11), (1, 8)):  # as the page's Peg button does
        page.request.post(url + "api/action", data=json.dumps(
            {"type": "peg", "player": player, "points": points}),
            headers={"Content-Type": "application/json"})
    page.reload()
    page.wait_for_selector("#board circle.lit")
    page.screenshot(path=str(out / "sim-scoreboard.png"), full_page=True)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
    if not CHROMIUM.exists():
        print("doc_screenshots: needs /usr/bin/chromium (apt install chromium)", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for mode, shoot in (("manual", lambda page, url: deal_and_show(page, out)),
                            ("scoreboard", lambda page, url: scoreboard(page, url, out))):
            print(f"doc_screenshots: the simulator in {mode} mode", file=sys.stderr)
            process, url = start_sim(mode, Path(scratch))
            try:
                page = browser.new_page(viewport=VIEW)
                page.goto(url)
                page.wait_for_selector("#board")
                shoot(page, url)
                page.close()
            finally:
                process.terminate()
                process.wait(timeout=20)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
