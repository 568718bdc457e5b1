"""A real headless Chromium (Debian's chromium, driven by Playwright with its
executable_path; no browser is downloaded) plays a whole game of each built-in game through
the web table's pages: the lobby makes the game (one person, bots in the other seats), the
person's secret link opens the table, and the person clicks the prompt's buttons (and the
board's shapes) until the game is over, on a desktop (1280x800) and on a phone (390x844).
Every few decisions and at the end the page is checked: nothing scrolls sideways, no visible
text is rendered under 11 px (SVG text at its rendered size), the question's buttons and the
hand are big enough to tap, and every question shows where it is asked (its steps). A
screenshot of each board at each size is saved as <game>-desktop.png and <game>-phone.png
(into $REGOLA_SCREENSHOTS if set: site/manual/images/web/ holds the ones in the docs)."""

from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
playwright = pytest.importorskip("playwright.sync_api")

from web_helpers import ServerProcess  # noqa: E402

import regola  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SHOT_AT = {"doge": 140, "rialto": 40, "warsaw": 30, "copycat": 40, "tictactoe": 2,
           "goofspiel": 1, "kuhn": 0, "leduc": 0}
CLASSIC = {"tictactoe": 3, "goofspiel": 3, "kuhn": 1, "leduc": 1}
"""The classic games, and the fewest decisions a person makes in one: a whole game of them
is shorter than the 6 the others ask for, and their pieces have no effects to explain."""
"""After how many of the person's decisions the screenshot is taken (mid-game)."""
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
CHECK_EVERY = 1
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
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('svg'))
    .slice(-4).map(e => `${e.tagName}#${e.id}.${e.className}: ${e.textContent.slice(0, 30)}`);
  return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth, small, short,
          wide};
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
    assert found["scroll"] <= found["inner"], (where, found["scroll"], found["inner"],
                                               found["wide"])
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
  const spots = [[r.width / 2, r.height / 2], [Math.min(8, r.width / 2), Math.min(8, r.height / 2)],
                 [r.width / 2, Math.min(8, r.height / 2)]];
  for (const [dx, dy] of spots) {     // where a tap reaches the shape (nothing drawn over it)
    const hit = document.elementFromPoint(r.x + dx, r.y + dy);
    if (hit && hit.closest('[data-action]') === shape) return [r.x + dx, r.y + dy];
  }
  return 'covered';
}"""
"""Where to click a board shape that is a button (scrolled into view first): its middle,
or a corner or its top where something is drawn over the middle; 'covered' if none."""

EFFECTS = """() => {
  const shapes = [...document.querySelectorAll('[data-effect]')];
  const picturesAsked = TABLE.state && TABLE.state.prompt
    ? TABLE.state.prompt.actions.filter(a => a.picture).length : 0;
  return {empty: shapes.filter(s => !s.getAttribute('data-effect').trim()).length,
          count: shapes.length, picturesAsked,
          pictured: document.querySelectorAll('#prompt button.action svg').length};
}"""
"""The pieces that say what they do (none may say nothing) and the rotation's pictures."""

REACHABLE = """const reachable = (shapes) => {
  for (const shape of shapes) {     // the first whose middle a tap reaches (nothing over it)
    shape.scrollIntoView({block: 'center'});
    const r = shape.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + Math.min(10, r.height / 2);
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('[data-effect]') === shape) {
      return [x, y, shape.getAttribute('data-effect')];
    }
  }
  return null;
};"""
"""The first of some shapes a tap reaches, scrolled into view: where, and its effect."""

TAP_PIECE = """() => {
  """ + REACHABLE + """
  const shapes = [...document.querySelectorAll('#board [data-effect], #hand [data-effect]')]
    .filter(s => !s.closest('[data-action]') && s.getBoundingClientRect().width > 0);
  return reachable(shapes);
}"""
"""Where a piece that explains itself and is not an option lies (and its effect)."""


def check_effects(page, rules: str, seen: dict) -> None:
    """Every [data-effect] says something; a rotation's buttons are pictures (svg)."""
    found = page.evaluate(EFFECTS)
    assert not found["empty"], (rules, found)
    seen["pieces"] = max(seen.get("pieces", 0), found["count"])
    if found["picturesAsked"]:
        assert found["pictured"] == found["picturesAsked"], (rules, found)
        seen["rotations"] = seen.get("rotations", 0) + 1


PRESS_PICK = """() => {
  """ + REACHABLE + """
  const shapes = [...document.querySelectorAll('#board [data-action], #hand [data-action]')]
    .map(s => s.matches('[data-effect]') ? s : s.querySelector('[data-effect]'))
    .filter(s => s && s.getBoundingClientRect().width > 0);
  return reachable(shapes);
}"""
"""Where a piece that explains itself and is an option lies (and its effect)."""


def check_long_press_explains(page) -> bool:
    """A long press on a piece that is an option shows its effect and does not choose it;
    False if no such piece is drawn now."""
    spot = page.evaluate(PRESS_PICK)
    if not spot:
        return False
    page.wait_for_timeout(100)
    page.mouse.move(spot[0], spot[1])
    page.mouse.down()
    page.wait_for_timeout(600)
    page.mouse.up()
    pop = page.locator("#effect-pop")
    assert pop.is_visible() and spot[2] in pop.inner_text()
    assert page.locator("#prompt button.action:not([disabled])").count()   # not chosen
    page.keyboard.press("Escape")
    return True


def check_tap_explains(page, shot: Path) -> bool:
    """A tap on a piece that is not an option shows its effect in a popover by it (a
    screenshot of it is saved beside the board's); False if no such piece is drawn."""
    spot = page.evaluate(TAP_PIECE)
    if not spot:
        return False
    page.wait_for_timeout(100)      # the scroll into view is over
    page.mouse.click(spot[0], spot[1])
    pop = page.locator("#effect-pop")
    pop.wait_for(state="visible", timeout=2_000)
    assert spot[2] in pop.inner_text()
    heading = " ".join(pop.locator("strong, .facts").all_inner_texts())
    assert spot[2] not in heading, heading     # a title, not the effect's lines glued
    assert pop.locator(".effect").inner_text() == spot[2]
    box = pop.bounding_box()
    width = page.evaluate("window.innerWidth")
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    page.screenshot(path=str(shot.with_name(shot.stem + "-effect.png")))
    page.keyboard.press("Escape")
    assert not pop.is_visible()
    return True


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
@pytest.mark.parametrize("rules", ["doge", "rialto", "warsaw", "copycat", *CLASSIC])
def test_a_person_plays_a_whole_game_against_bots_in_a_real_browser(browser, server, rules,
                                                                    size, tmp_path):
    rng = random.Random(rules)
    # (bypass_csp: wait_for_function evaluates its predicate with eval, which the table's
    # Content-Security-Policy forbids in every page it serves)
    page = browser.new_page(viewport=SIZES[size], bypass_csp=True)
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
    seen: dict = {}
    tapped = pressed = False
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
        check_effects(page, rules, seen)
        if decisions == SHOT_AT[rules]:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(shot), full_page=True)
        if decisions >= SHOT_AT[rules] and not tapped:
            tapped = check_tap_explains(page, shot)
        if not pressed:
            pressed = check_long_press_explains(page)
        version = page.get_attribute("body", "data-version")
        picks = page.eval_on_selector_all("#board [data-action], #hand [data-action]",
                                          "shapes => shapes.map(s => s.dataset.action)")
        pick = rng.choice(picks) if picks and rng.random() < 0.3 else None
        spot = page.evaluate(CENTRE, pick) if pick else None
        assert spot != "covered", (rules, size, decisions, pick, "a tap cannot reach it")
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
    assert decisions >= CLASSIC.get(rules, 6) and not problems, problems
    if rules == "warsaw":       # its quarter turns were chosen from pictures
        assert seen.get("rotations"), seen
    if rules != "doge" and rules not in CLASSIC:   # what their cards, offices, tiles do
        assert seen.get("pieces") and tapped, (seen, tapped)
    print(rules, size, "long press tried:", pressed, "pieces:", seen)
    assert with_steps == decisions, (with_steps, decisions)   # every built-in game's do
    assert page.locator("#result").is_visible()
    assert page.locator("#result table.scores.wide tbody tr").count() == len(kinds)
    assert " win" in page.inner_text("#result .decided")
    check_layout(page, f"{rules} {size} at the end")
    if not shot.exists():
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    page.close()


RESULT_CARD = """() => {
  const card = document.querySelector('#result');
  const shown = [...card.querySelectorAll('.scores')].filter(t => t.offsetWidth > 0);
  return {scroll: card.scrollWidth, client: card.clientWidth, form: card.dataset.scores,
          shown: shown.map(t => t.className), text: card.innerText};
}"""
"""The end's result card: its widths, the form of the score table it shows, its words."""


@pytest.mark.slow
@pytest.mark.parametrize("rules, players", [("doge", 4), ("rialto", 5), ("warsaw", 4),
                                            ("copycat", 3)])
def test_the_end_card_shows_where_the_points_came_from_without_sideways_scroll(
        browser, server, rules, players, tmp_path):
    """A game of bots watched to its end: on a phone (390x844) the result card fits
    (scrollWidth <= clientWidth) by turning its table or showing a card per player; on a
    desktop the full table shows. Every part of the score and the tie-break are named."""
    made = server.create({"game": rules, "seats": ["random"] * players})
    titles = regola.load_game(rules).definition.text["scores"]
    for size, viewport in SIZES.items():
        phone = size == "phone"
        context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone,
                                      bypass_csp=True)
        page = context.new_page()
        page.goto(f"{server.base}/g/{made['id']}?lang=en")
        page.wait_for_selector("body[data-over='1']", timeout=120_000)
        page.wait_for_selector("#result .decided")
        card = page.evaluate(RESULT_CARD)
        assert card["scroll"] <= card["client"], (rules, size, card)
        assert len(card["shown"]) == 1, card
        if phone and rules != "doge":   # parts make the table too wide for a phone
            assert card["form"] in ("turned", "cards"), card
        elif phone:
            assert card["form"] in ("wide", "turned", "cards"), card
        else:                    # many parts (every named one shown) may need it turned
            assert card["form"] in ("wide", "turned"), card
        shown = set(titles.values()) & {cell.strip() for cell in re.split(r"[\t\n]", card["text"])}
        if rules != "doge":        # the others tell where their victory points came from
            assert len(shown) >= 4, (rules, size, shown)
        assert "tie-break" in card["text"] and "broken by" in card["text"]
        check_layout(page, f"{rules} {size} end card")
        page.locator("#result").screenshot(path=str(shots_folder(tmp_path)
                                                    / f"{rules}-{size}-result.png"))
        context.close()


@pytest.mark.slow
def test_the_lobby_makes_a_variant_with_a_changed_option_and_two_people(browser, server):
    page = browser.new_page(viewport={"width": 1200, "height": 900}, bypass_csp=True)
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


def test_the_lobby_keeps_each_option_box_whole_beside_its_long_text_on_a_desktop(browser,
                                                                              server):
    """Copycat's readings are long sentences: on a desktop each yes/no box keeps the width
    of its words ("yes"), the sentence takes the rest of the row."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    page.goto(server.base + "/")
    page.select_option("#game", "copycat")
    page.click("#options-box summary")
    rows = page.eval_on_selector_all(".row.option", """rows => rows.map(r => {
        const box = r.querySelector('select, input');
        return [box.getBoundingClientRect().width, box.scrollWidth,
                r.querySelector('label').getBoundingClientRect().width]; })""")
    assert len(rows) > 10
    for box, needed, label in rows:
        assert box >= 70 and box >= needed - 1 and label > box, rows
    page.close()


def seat_at_a_new_game(page, server, rules: str, players: int | None = None) -> None:
    """Make a game of `rules` in the lobby with a person in seat 0 (bots in the others) and
    open that seat's table at its first question."""
    page.goto(server.base + "/")
    page.select_option("#game", rules)
    if players is not None:
        page.select_option("#players", str(players))
    page.select_option("#seat-0", "person")
    page.click("#create")
    page.wait_for_selector("a.open-seat")
    page.goto(page.eval_on_selector("a.open-seat", "a => a.href"))
    page.wait_for_selector("#prompt button.action")


def test_a_phone_shows_the_seats_and_their_points_before_the_board(browser, server):
    """On a phone the page is one column: the question, the hand it is decided with (a
    newcomer scrolled past the story to find it), the story, then the seats with
    everyone's VP, and only then the long board."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                            has_touch=True, bypass_csp=True)
    seat_at_a_new_game(page, server, "copycat", 3)
    tops = page.evaluate("""() => ['#prompt', '#hand', 'aside > section:nth-of-type(3)',
        'aside > section:nth-of-type(2)', '#board'].map(
        s => document.querySelector(s).getBoundingClientRect().top)""")
    assert tops == sorted(tops), tops
    assert "VP" in page.inner_text("aside > section:nth-of-type(2)")
    page.close()


def test_a_desktop_keeps_the_question_and_the_seats_in_view_without_overlap(browser, server):
    """On a desktop the side column stays in view while the page scrolls down the board, and
    the question never slides over the seats (a newcomer saw the seat list hidden under it)."""
    page = browser.new_page(viewport=SIZES["desktop"], bypass_csp=True)
    seat_at_a_new_game(page, server, "doge")
    for down in (300, 700, 1400):
        page.evaluate(f"window.scrollTo(0, {down})")
        boxes = page.evaluate("""() => ['#prompt', 'aside > section:nth-of-type(2)']
            .map(s => { const r = document.querySelector(s).getBoundingClientRect();
                        return [r.top, r.bottom]; })""")
        (prompt_top, prompt_bottom), (seats_top, seats_bottom) = boxes
        assert prompt_bottom <= seats_top + 0.5, (down, boxes)
        assert -1 <= prompt_top < SIZES["desktop"]["height"], (down, boxes)   # sub-pixel
    page.close()


CUT_LINES = """() => {
  const log = document.querySelector('#log');
  const box = log.getBoundingClientRect();
  const cut = [];
  for (const li of log.querySelectorAll(':scope > li')) {
    const range = document.createRange();
    range.selectNodeContents(li.querySelector('summary') || li);
    for (const r of range.getClientRects()) {
      if (!r.height) continue;
      const inside = r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      const outside = r.bottom <= box.top + 0.5 || r.top >= box.bottom - 0.5;
      if (!inside && !outside) cut.push(li.textContent.trim().slice(0, 50));
    }
  }
  const fold = log.querySelector('li.fold button');
  return {cut, fold: fold ? fold.textContent : null,
          numbers: [...log.querySelectorAll(':scope > li:not([hidden])')]
            .filter(li => !li.matches('.fold, .nothing-new')).map(li => li.value)};
}"""
"""The story box's lines cut by its edges, its fold line, and the numbers of the lines shown."""


@pytest.mark.slow
@pytest.mark.parametrize("rules, size", [("rialto", "phone"), ("rialto", "desktop"),
                                         ("doge", "phone"), ("doge", "desktop-scrollbar"),
                                         ("doge", "desktop-1024")])
def test_the_board_text_stays_readable_and_the_story_never_cuts_a_line(browser, server,
                                                                       rules, size, tmp_path):
    """Played for at least 40 decisions, and on until the story outgrows its box (the seed is
    random, so the story grows at its own pace): no text under 11 px (SVG text as scaled on
    screen), nothing scrolls sideways, and the story box shows whole lines only (its earliest
    lines fold under a line that opens them, numbered as in the whole story). Desktop widths:
    1265 px (a 1280 px window with a scroll bar) and 1024 px."""
    viewport = {"phone": SIZES["phone"], "desktop": SIZES["desktop"],
                "desktop-scrollbar": {"width": 1265, "height": 800},
                "desktop-1024": {"width": 1024, "height": 768}}[size]
    phone = size == "phone"
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone,
                                  bypass_csp=True)
    page = context.new_page()
    page.goto(server.base + "/?lang=en")
    page.select_option("#game", rules)
    page.click("#create")
    page.wait_for_selector("a.open-seat")
    page.goto(page.eval_on_selector("a.open-seat", "a => a.href"))
    page.wait_for_selector("#board svg")
    rng, folded = random.Random(7), False
    for decision in range(160):
        if decision >= 40 and folded:
            break
        page.wait_for_selector("#prompt button.action:not([disabled]), body[data-over='1']",
                               timeout=60_000)
        if page.get_attribute("body", "data-over") == "1":
            break
        where = f"{rules} {size} after {decision} decisions"
        found = page.evaluate(LAYOUT)
        assert found["scroll"] <= found["inner"], (where, found["wide"])
        assert not found["small"], (where, found["small"][:10])
        story = page.evaluate(CUT_LINES)
        assert not story["cut"], (where, story["cut"])
        if story["fold"]:
            assert story["fold"] == f"Earlier lines ({story['numbers'][0] - 1}): show them"
            assert story["numbers"] == list(range(story["numbers"][0],
                                                  story["numbers"][0] + len(story["numbers"])))
        if story["fold"] and not folded:    # opened: the whole story, from line 1
            folded = True
            page.click("#log li.fold button")
            whole = page.evaluate(CUT_LINES)
            assert whole["numbers"][0] == 1 and not whole["cut"], whole
            assert whole["fold"] == "Show only the latest lines"
            page.screenshot(path=str(shots_folder(tmp_path) / f"story-{rules}-{size}.png"),
                            full_page=True)
            page.click("#log li.fold button")
            assert page.evaluate(CUT_LINES) == story
        version = page.get_attribute("body", "data-version")
        buttons = page.locator("#prompt button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}' || "
                               "document.querySelector('#prompt .error')", timeout=60_000)
    assert folded, "the story never outgrew its box"
    context.close()


WHOLE_STORY = """async () => {
  const headers = TABLE.token ? {Authorization: `Bearer ${TABLE.token}`} : {};
  const body = await (await fetch(`/api/games/${TABLE.game}/story?lang=en`, {headers})).json();
  return body.log.map(e => e.text);
}"""
"""The whole story as the server tells it to the page's seat."""

SHOWN_STORY = """() => [...document.querySelectorAll('#log > li:not([hidden])')]
  .filter(li => !li.matches('.fold, .nothing-new'))
  .map(li => [li.value, (li.querySelector('summary') || li).textContent])"""
"""The story lines the page shows, each with its number."""


@pytest.mark.slow
@pytest.mark.parametrize("size", list(SIZES))
def test_the_whole_game_is_read_back_from_its_first_line(browser, server, size, tmp_path):
    """The story box holds the lines since the person's last move; its button reads the
    whole game from the server, every line from line 1, and keeps it whole as the game goes
    on, until the person goes back to the latest lines."""
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                                  bypass_csp=True)
    page = context.new_page()
    page.goto(server.base + "/?lang=en")
    page.select_option("#game", "doge")
    page.click("#create")
    page.wait_for_selector("a.open-seat")
    page.goto(page.eval_on_selector("a.open-seat", "a => a.href"))
    page.wait_for_selector("#board svg")
    rng = random.Random(11)

    def decide() -> None:
        page.wait_for_selector("#prompt button.action:not([disabled])", timeout=60_000)
        version = page.get_attribute("body", "data-version")
        buttons = page.locator("#prompt button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'",
                               timeout=60_000)

    for _ in range(12):
        decide()
    page.wait_for_selector("#prompt button.action:not([disabled])", timeout=60_000)
    latest = page.evaluate(SHOWN_STORY)
    page.click("#story-whole")
    page.wait_for_selector("#log li.fold button:text('Back to the latest lines')")
    told = page.evaluate(WHOLE_STORY)
    shown = page.evaluate(SHOWN_STORY)
    assert len(told) > len(latest) and [n for n, _ in shown] == list(range(1, len(told) + 1))
    assert [t for _, t in shown] == told
    assert page.text_content("#log-title") == "The whole game, from the start"
    assert page.is_hidden("#story-whole")
    found = page.evaluate(LAYOUT)
    assert found["scroll"] <= found["inner"] and not found["small"], found
    page.screenshot(path=str(shots_folder(tmp_path) / f"whole-story-doge-{size}.png"),
                    full_page=True)
    for _ in range(3):                          # the game goes on: the story stays whole
        decide()
    page.wait_for_selector("#prompt button.action:not([disabled])", timeout=60_000)
    for _ in range(50):
        again, now = page.evaluate(SHOWN_STORY), page.evaluate(WHOLE_STORY)
        if [t for _, t in again] == now:
            break
        page.wait_for_timeout(100)
    assert len(now) >= len(told) and again[0] == shown[0] and [t for _, t in again] == now
    page.click("#log li.fold button")
    assert page.text_content("#log-title").startswith("Since your last move")
    assert page.is_visible("#story-whole")
    context.close()


def test_a_phone_brings_the_next_question_into_view_after_a_tap_on_the_board(browser, server):
    """On a phone the board lies far below the question: after a tap on an office there,
    the next question is scrolled into view (a newcomer found it thousands of px above)."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                            has_touch=True, bypass_csp=True)
    seat_at_a_new_game(page, server, "copycat", 3)
    for _ in range(6):
        picks = page.eval_on_selector_all("#board [data-action]",
                                          "shapes => shapes.map(s => s.dataset.action)")
        if picks:
            break
        version = page.get_attribute("body", "data-version")
        page.locator("#prompt button.action").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        page.wait_for_selector("#prompt button.action")
    assert picks, "no question answered on the board"
    shape = page.locator(f"#board [data-action='{picks[-1]}']").first
    shape.scroll_into_view_if_needed()
    assert page.evaluate("document.querySelector('#prompt').getBoundingClientRect().bottom") < 0
    version = page.get_attribute("body", "data-version")
    shape.tap()
    choose = page.locator("#effect-pop .choose-it")   # a piece lies where it was tapped
    if choose.is_visible():
        choose.tap()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    page.wait_for_selector("#prompt button.action")
    top, bottom = page.evaluate("(() => { const r = document.querySelector('#prompt')"
                                ".getBoundingClientRect(); return [r.top, r.bottom]; })()")
    assert bottom > 0 and top < 844, (top, bottom)
    page.close()


def test_a_tapped_piece_says_its_effect_once_on_a_phone(browser, server):
    """On a phone the office tiles wrap their effect over lines in plain text: the popup
    gave those lines as facts and then the effect again ("Gain 2 coins, or score · 2 VP
    for each coin · instead." and the same words whole; newcomer nc12)."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                            has_touch=True, bypass_csp=True)
    seat_at_a_new_game(page, server, "copycat", 3)
    effects = page.eval_on_selector_all(
        "#board [data-effect]:not([data-action])",
        "shapes => shapes.map(s => s.getAttribute('data-effect'))")
    assert effects
    checked = 0
    for index, effect in enumerate(effects[:12]):
        shape = page.locator("#board [data-effect]:not([data-action])").nth(index)
        shape.scroll_into_view_if_needed()
        shape.tap()
        pop = page.locator("#effect-pop")
        if not pop.is_visible():
            continue
        text = " ".join(pop.inner_text().split())
        words = " ".join(effect.split())
        assert text.count(words) == 1, text
        facts = page.eval_on_selector("#effect-pop", "p => (p.querySelector('.facts') || "
                                      "{textContent: ''}).textContent")
        assert not any(len(part.split()) > 1 and part.strip() in words   # (not "red")
                       for part in facts.split(" · ")), (facts, words)
        checked += 1
    assert checked
    page.close()


@pytest.mark.slow
def test_a_phone_shows_the_questions_subject_on_the_board_and_comes_back(browser, server):
    """On a phone the board lies far below the question (a newcomer found Doge's about
    1,300 px down): a button under a question whose subject is marked on the board scrolls
    to it, and a pinned button brings the question back. A desktop shows neither."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                            has_touch=True, bypass_csp=True)
    seat_at_a_new_game(page, server, "doge")
    for _ in range(40):
        if page.locator("#prompt .to-board").count():
            break
        version = page.get_attribute("body", "data-version")
        page.locator("#prompt button.action").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        page.wait_for_selector("#prompt button.action")
    assert page.locator("#prompt .to-board").count(), "no question with a subject on the board"
    assert not page.is_visible("#back-to-question")
    page.click("#prompt .to-board")
    top, bottom = page.evaluate(
        "(() => { const r = document.querySelector('#board').querySelector("
        "'.subject, [data-subject], [data-subject-cell]').getBoundingClientRect();"
        " return [r.top, r.bottom]; })()")
    assert 0 <= top and bottom <= 844, (top, bottom)
    page.wait_for_selector("#back-to-question", state="visible")
    page.click("#back-to-question")
    page.wait_for_selector("#back-to-question", state="hidden")
    assert abs(page.evaluate("document.querySelector('#prompt').getBoundingClientRect().top")) < 5
    page.close()
    desk = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    seat_at_a_new_game(desk, server, "doge")
    assert desk.locator("#prompt .to-board").count() == 0
    desk.close()


def test_a_finger_on_a_piece_inside_an_option_reads_it_before_choosing(browser, server):
    """Testers' taps on a piece to read it chose the option around it (a Doge card laid,
    Copycat red cards bought, a Warsaw tile built over). On a phone such a tap shows what
    the piece is with a "Choose it" button, which chooses."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                            has_touch=True, bypass_csp=True)
    seat_at_a_new_game(page, server, "doge")
    card = page.locator("#hand [data-action] [data-effect]").first
    card.scroll_into_view_if_needed()
    version = page.get_attribute("body", "data-version")
    card.tap()
    pop = page.locator("#effect-pop")
    pop.wait_for(state="visible", timeout=2_000)
    assert page.get_attribute("body", "data-version") == version     # nothing chosen yet
    assert "face down" in pop.inner_text()
    pop.locator(".choose-it").tap()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert "ballot marker" in page.inner_text("#prompt .ask")
    page.close()


@pytest.mark.slow
def test_a_finger_on_a_connection_ring_names_it_and_lights_its_line_before_choosing(
        browser, server):
    """On a phone the rings of Rialto's connections lie close together on the canal: a
    tester could not tell which was which, and a tap chose at once. A tap names the
    connection and lights its line, with a "Choose it" button, which chooses."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                            has_touch=True, bypass_csp=True)
    seat_at_a_new_game(page, server, "rialto", 3)
    rng = random.Random(5)
    for _ in range(150):            # the most cards played (the last button) wins a bridge
        if page.locator("#board [data-confirm]").count() or \
                page.get_attribute("body", "data-over") == "1":
            break
        version = page.get_attribute("body", "data-version")
        buttons = page.locator("#prompt button.action")
        last = buttons.count() - 1
        buttons.nth(last if rng.random() < 0.8 else rng.randrange(last + 1)).click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        page.wait_for_selector("#prompt button.action:not([disabled]), body[data-over='1']")
    ring = page.locator("#board [data-confirm]").first
    assert ring.count(), "no question about a connection came"
    conn, name = ring.get_attribute("data-conn"), ring.get_attribute("data-name")
    ring.scroll_into_view_if_needed()
    version = page.get_attribute("body", "data-version")
    ring.tap()
    pop = page.locator("#effect-pop")
    pop.wait_for(state="visible", timeout=2_000)
    assert page.get_attribute("body", "data-version") == version     # nothing chosen yet
    assert name in pop.inner_text()
    assert page.locator(f"#board [data-route='{conn}'].lit").count() == 1
    pop.locator(".choose-it").tap()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    assert page.locator("#board .lit").count() == 0
    page.close()

