"""A real headless Chromium (Debian's chromium, driven by Playwright with its
executable_path; no browser is downloaded) plays a whole game of each built-in game through
the web table's pages: the lobby makes the game (one person, bots in the other seats), the
person's secret link opens the table, and the person clicks the prompt's buttons (and the
board's shapes) until the game is over. A screenshot of each board is saved (into
$REGOLA_SCREENSHOTS if set: site/images/web/ holds the ones in the docs)."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
playwright = pytest.importorskip("playwright.sync_api")

from web_helpers import ServerProcess  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SHOT_AT = {"doge": 140, "rialto": 40, "warsaw": 30, "copycat": 40}
"""After how many of the person's decisions the screenshot is taken (mid-game)."""

CENTRE = """id => {
  const shape = [...document.querySelectorAll('#board [data-action], #hand [data-action]')]
    .find(s => s.dataset.action === id);
  if (!shape) return null;
  shape.scrollIntoView({block: 'center'});
  const r = shape.getBoundingClientRect();
  return [r.x + Math.min(8, r.width / 2), r.y + Math.min(8, r.height / 2)];
}"""
"""Where to click a board shape that is a button (scrolled into view first)."""

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists() and not shutil.which("chromium"),
                                reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process = ServerProcess(tmp_path_factory.mktemp("browser") / "games.sqlite3", bot_delay=0)
    yield process
    process.stop()


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("REGOLA_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["doge", "rialto", "warsaw", "copycat"])
def test_a_person_plays_a_whole_game_against_bots_in_a_real_browser(browser, server, rules,
                                                                    tmp_path):
    rng = random.Random(rules)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(server.base + "/?lang=en")
    page.select_option("#game", rules)
    kinds = page.eval_on_selector_all(".seat-kind", "s => s.map(x => x.value)")
    assert kinds[0] == "person" and all(k == "random" for k in kinds[1:])
    page.click("#create")
    page.wait_for_selector("a.open-seat")
    assert page.locator("a.watch").count() == 1
    page.click("a.open-seat")
    page.wait_for_selector("#board svg")
    assert "You play" in page.inner_text("#status")
    decisions = 0
    shot = shots_folder(tmp_path) / f"web-{rules}.png"
    while True:
        page.wait_for_selector("#prompt button.action:not([disabled]), body[data-over='1']",
                               timeout=60_000)
        if page.get_attribute("body", "data-over") == "1":
            break
        if decisions == SHOT_AT[rules]:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(shot), full_page=True)
        version = page.get_attribute("body", "data-version")
        picks = page.eval_on_selector_all("#board [data-action], #hand [data-action]",
                                          "shapes => shapes.map(s => s.dataset.action)")
        spot = page.evaluate(CENTRE, rng.choice(picks)) \
            if picks and rng.random() < 0.3 else None
        if spot:    # by its place: the board is redrawn as the bots move, the shape stays
            page.mouse.click(*spot)
        else:
            buttons = page.locator("#prompt button.action")
            buttons.nth(rng.randrange(buttons.count())).click()
        try:
            page.wait_for_function(f"document.body.dataset.version !== '{version}' || "
                                   "document.querySelector('#prompt .error')", timeout=60_000)
        except Exception:
            print("STUCK", rules, decisions, spot, page.inner_text("#prompt"),
                  spot and page.evaluate("([x, y]) => document.elementFromPoint(x, y).outerHTML"
                                         ".slice(0, 300)", spot))
            page.screenshot(path="/tmp/prev/stuck.png")
            raise
        error = page.locator("#prompt .error")
        assert not error.count(), error.inner_text()
        decisions += 1
    assert decisions > 5 and not problems, problems
    assert page.locator("#result").is_visible()
    assert page.locator("#result table.scores tbody tr").count() == len(kinds)
    assert " win" in page.inner_text("#result .decided")
    if not shot.exists():
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    page.close()


@pytest.mark.slow
def test_the_lobby_makes_a_variant_with_a_changed_option_and_two_people(browser, server):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server.base + "/?lang=es")
    assert page.inner_text("#new-game-title") == "Nueva partida"
    page.select_option("#game", "doge")
    page.select_option("#variant", "year_limit")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "person")
    page.click("#options-box summary")
    page.select_option('[data-option="shared_victory"]', label="no")
    page.click("#create")
    page.wait_for_selector("a.open-seat")
    assert page.locator("a.open-seat").count() == 2
    links = page.eval_on_selector_all("a.open-seat", "a => a.map(x => x.href)")
    assert all("#t=" in link for link in links) and links[0] != links[1]
    made = server.get("/api/games")["games"][0]
    assert made["rules"] == "doge" and made["variant"] == "year_limit"
    assert made["options"] == {"shared_victory": False} and made["players"] == 3
    page.goto(links[1])
    page.wait_for_selector("#prompt button.action")
    assert "Juegas con Azul" in page.inner_text("#status")
    page.close()
