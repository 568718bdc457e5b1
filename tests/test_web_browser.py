"""A real headless Chromium (Debian's chromium, driven by Playwright with its
executable_path; no browser is downloaded) plays a whole game of each built-in game through
the web table's pages: the lobby makes the game (one person, bots in the other seats), the
person's secret link opens the table, and the person clicks the prompt's buttons (and the
board's shapes) until the game is over, on a desktop (1280x800) and on a phone (390x844).
Every few decisions and at the end the page is checked: nothing scrolls sideways, no visible
text is rendered under 11 px (SVG text at its rendered size), the question's buttons and the
hand are big enough to tap, and every question shows where it is asked (its steps). A
screenshot of each board at each size is saved as <game>-desktop.png and <game>-phone.png
(into $REGOLA_SCREENSHOTS if set: site/images/web/ holds the ones in the docs)."""

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
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
CHECK_EVERY = 5
"""The page's layout is checked after every so many decisions (and at the end)."""
SMALLEST = 11
"""No visible text is rendered smaller than this many CSS pixels."""
TAP = 44
"""The question's buttons and the hand's cards are at least this many pixels tall."""

LAYOUT = """() => {
  const small = [];
  const seen = (r) => r.width > 0 && r.height > 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent || parent.closest('svg')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some(seen)) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < 11) small.push(`${size.toFixed(1)}px: ${node.textContent.trim().slice(0, 40)}`);
  }
  for (const t of document.querySelectorAll('svg text')) {
    if (!t.textContent.trim() || !seen(t.getBoundingClientRect())) continue;
    const ctm = t.getScreenCTM();
    const size = parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize)
      * Math.hypot(ctm.a, ctm.b);
    if (size < 11) small.push(`svg ${size.toFixed(1)}px: ${t.textContent.trim().slice(0, 40)}`);
  }
  const short = [...document.querySelectorAll('#prompt button.action, #hand [data-action]')]
    .map(b => [b.getBoundingClientRect().height, b.textContent.trim().slice(0, 30)])
    .filter(([h]) => h < 44);
  return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth, small, short};
}"""
"""The page as a person sees it: its width, text under 11 px, buttons too small to tap."""

STEPS = """() => {
  const prompt = TABLE.state && TABLE.state.prompt;
  const line = document.querySelector('#prompt .steps');
  return [prompt ? prompt.steps.length : 0,
          line && line.getBoundingClientRect().height > 0 ? line.textContent.trim() : ''];
}"""
"""How many steps the question is asked in, and the subject line the page shows."""


def check_layout(page, where: str) -> None:
    """Nothing scrolls sideways, no text is too small to read, nothing too small to tap."""
    found = page.evaluate(LAYOUT)
    assert found["scroll"] <= found["inner"], (where, found["scroll"], found["inner"])
    assert not found["small"], (where, found["small"][:10])
    assert not found["short"], (where, found["short"][:10])


def check_lobby(page, size: str) -> None:
    """The lobby fits the screen and names every option's values in words."""
    page.click("#options-box summary")
    check_layout(page, f"lobby {size}")
    shown = page.eval_on_selector_all(
        "#options select option, #options input",
        "xs => xs.map(x => x.tagName === 'INPUT' ? x.value : x.textContent)")
    raw = [s for s in shown if s in ("null", "true", "false") or "[" in s or "_" in s]
    assert not raw, raw
    page.click("#options-box summary")

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
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("rules", ["doge", "rialto", "warsaw", "copycat"])
def test_a_person_plays_a_whole_game_against_bots_in_a_real_browser(browser, server, rules,
                                                                    size, tmp_path):
    rng = random.Random(rules)
    page = browser.new_page(viewport=SIZES[size])
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(server.base + "/?lang=en")
    page.wait_for_selector("#seat-0", state="attached")
    assert page.evaluate("window.innerWidth") == SIZES[size]["width"]
    page.select_option("#game", rules)
    check_lobby(page, size)
    kinds = page.eval_on_selector_all(".seat-kind", "s => s.map(x => x.value)")
    assert kinds[0] == "person" and all(k == "random" for k in kinds[1:])
    page.click("#create")
    page.wait_for_selector("a.open-seat")
    assert page.locator("a.watch").count() == 1
    page.click("a.open-seat")
    page.wait_for_selector("#board svg")
    assert "You play" in page.inner_text("#status")
    decisions = with_steps = 0
    shot = shots_folder(tmp_path) / f"{rules}-{size}.png"
    while True:
        page.wait_for_selector("#prompt button.action:not([disabled]), body[data-over='1']",
                               timeout=60_000)
        if page.get_attribute("body", "data-over") == "1":
            break
        steps, line = page.evaluate(STEPS)
        assert line or not steps, (rules, size, decisions, "no subject line")
        with_steps += bool(steps)
        if decisions % CHECK_EVERY == 0:
            check_layout(page, f"{rules} {size} after {decisions} decisions")
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
            page.screenshot(path=str(tmp_path / "stuck.png"))
            raise
        error = page.locator("#prompt .error")
        assert not error.count(), error.inner_text()
        decisions += 1
    assert decisions > 5 and not problems, problems
    assert with_steps == decisions, (with_steps, decisions)   # every built-in game's do
    assert page.locator("#result").is_visible()
    assert page.locator("#result table.scores tbody tr").count() == len(kinds)
    assert " win" in page.inner_text("#result .decided")
    check_layout(page, f"{rules} {size} at the end")
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
