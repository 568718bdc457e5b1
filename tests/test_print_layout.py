"""The printed book's pages and pictures: the print style keeps headings and pictures with
what follows them and lets example boxes break without a tinted gap; pictures are printed
wide enough for their lettering; a position picture draws face down what the engine
revealed past an example's story. The HTML needs Python-Markdown (the pdf extra)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import regola
from regola.rulebook.book.example_blocks import told_face_down
from regola.rulebook.book.examples import examples_for
from regola.rulebook.book.outline import game_folder
from regola.rulebook.pictures import draw_position
from regola.rulebook.print.html import (
    SMALLEST_LABEL_PT,
    TEXT_WIDTH_PT,
    printed_width,
    smallest_printed_label,
)

SVG = "{http://www.w3.org/2000/svg}"


def picture(width: int, size: float) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="100" '
            f'viewBox="0 0 {width} 100"><text font-size="{size}">x</text></svg>')


def html_of(markdown_text: str, pictures: dict[str, str]) -> str:
    pytest.importorskip("markdown")
    from regola.rulebook.print import book_html
    return book_html(markdown_text, pictures, "en", "T")


def test_print_style_keeps_things_together_and_breaks_example_boxes_cleanly():
    """Headings stay with what follows; a figure keeps its caption; the contents do not
    take a page of their own; the example box's tint lies on its parts, not on the box
    (so a picture moved overleaf leaves no tinted gap); words break at 4 letters or more."""
    css = re.sub(r"/\*.*?\*/", "", html_of("# T\n\n## A\n\ntext", {}), flags=re.S)
    heads = re.search(r"h2, h3, h4 \{([^}]*)\}", css).group(1)
    assert "break-after: avoid" in heads and "break-inside: avoid" in heads
    assert "break-inside: avoid" in re.search(r"\nfigure \{([^}]*)\}", css).group(1)
    assert "break-after: page" not in re.search(r"nav\.toc \{([^}]*)\}", css).group(1)
    box = re.search(r"blockquote \{([^}]*)\}", css).group(1)
    assert "background" not in box and "border" not in box
    assert "background" in re.search(r"blockquote > \* \{([^}]*)\}", css).group(1)
    assert "hyphenate-limit-chars: 8 4 4" in css


def test_a_picture_is_widened_until_its_smallest_lettering_prints_at_7_pt():
    """A picture asked at half width whose 9-unit lettering would print at 3 pt is
    printed wider; never wider than the text; large lettering keeps the size asked."""
    small = picture(800, 9)
    assert smallest_printed_label(small, ' style="width: 50%"') >= \
        min(SMALLEST_LABEL_PT, 9 * TEXT_WIDTH_PT / 800) - 0.01
    assert printed_width(small, ' style="width: 50%"') == pytest.approx(TEXT_WIDTH_PT)
    assert smallest_printed_label(picture(700, 11), ' style="width: 50%"') >= SMALLEST_LABEL_PT
    large = picture(400, 30)
    assert printed_width(large, ' style="width: 50%"') == pytest.approx(TEXT_WIDTH_PT / 2)
    assert printed_width(large, None) == pytest.approx(300)        # its own 400 px


def test_an_example_picture_spans_the_text_and_others_keep_their_size():
    """In an example box a picture without a size is as wide as the text; outside, a
    picture keeps its own size."""
    pictures = {"a.svg": picture(400, 30), "b.svg": picture(400, 30)}
    text = "# T\n\n![A](a.svg)\n\n*A*\n\n> Example.\n>\n> ![B](b.svg)\n>\n> *B*\n"
    page = html_of(text, pictures)
    widths = re.findall(r'<img alt="([AB])" src="[^"]+" style="width: ([\d.]+)%"', page)
    assert dict(widths) == {"A": f"{300 / TEXT_WIDTH_PT * 100:.1f}", "B": "100.0"}
    assert page.count("<figcaption>") == 2


@pytest.fixture(scope="module")
def doge_tie():
    game = regola.load_game("doge")
    played = next(p for p in examples_for(game, game_folder(game.definition))
                  if p.id == "quarantia_tie")
    return game, played


def test_markers_the_engine_turned_up_past_the_story_are_drawn_face_down(doge_tie):
    """The example tells the Quarantia's election; the engine plays on and counts the
    following areas: their secret markers are drawn face down ("?"), the Quarantia's
    (face up when the story starts) and those of the marked areas as they lie."""
    game, played = doge_tie
    settled = next(b.state for b in played.beats if b.node.get("say") == "settled")
    up = {t["id"]: t["at"] for t in settled.observe(None)["tokens"]
          if t["kind"] == "marker" and t.get("shown")}
    hidden = told_face_down(played, settled, {"san_polo"})
    assert {up[tid] for tid in hidden} == {"cannaregio", "santa_croce"}
    assert all(up[tid] not in ("quarantia", "san_polo") for tid in hidden)
    drawn = draw_position(settled, lang="en", face_down=hidden)
    labels = [t.text for t in ET.fromstring(drawn).iter(f"{SVG}text")]
    plain = draw_position(settled, lang="en")
    plain_labels = [t.text for t in ET.fromstring(plain).iter(f"{SVG}text")]
    assert face_down_drawn(labels) == face_down_drawn(plain_labels) + len(hidden)


def face_down_drawn(labels: list[str | None]) -> int:
    """The pieces drawn face down ("?"), not counting the legend's swatch for them."""
    return sum(1 for i, text in enumerate(labels) if text == "?" and not (
        i + 1 < len(labels) and (labels[i + 1] or "").endswith("face down")))


def test_a_told_position_draws_nothing_face_down(doge_tie):
    """The picture of the story's own position shows it as it is."""
    _, played = doge_tie
    told = next(b.state for b in played.beats if b.node.get("say") == "position")
    assert told_face_down(played, told, set()) == frozenset()


def test_example_pictures_print_their_lettering_at_7_pt_or_more():
    """Every example picture of Doge and Warsaw, printed across the text, letters at 7 pt
    or more (tile numbers, counts, names)."""
    from regola.rulebook.book.rulebook import build_rulebook
    for game in ("doge", "warsaw"):
        book = build_rulebook(game, lang="en")
        for name, svg in book.pictures.items():
            if "-example-" in name:
                assert smallest_printed_label(svg, ' style="width: 100%"') >= \
                    SMALLEST_LABEL_PT - 0.01, name


def test_a_title_or_a_colon_line_stays_with_the_table_or_list_it_introduces():
    """A bold title paragraph before a table and a line ending in a colon before a list
    are kept with what follows them; a plain paragraph is not."""
    page = html_of("# T\n\n**Title**\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee:\n\n- x\n\n"
                   "plain\n\n- y\n", {})
    assert '<p class="lead-in"><strong>Title</strong></p>' in page
    assert '<p class="lead-in">See:</p>' in page
    assert "<p>plain</p>" in page
    assert re.search(r"p\.lead-in \{[^}]*break-after: avoid", page)


def test_small_labels_are_lifted_toward_7_pt_by_a_tenth_at_most():
    """On a 852-unit picture a 11-unit label is lifted to what prints at 7 pt, a 7-unit one
    only by a tenth (it was fitted to its box), and a large one is left alone."""
    from regola.rulebook.pictures.svg import least_size, lift_small_labels
    lifted = lift_small_labels(['<text font-size="11">a</text>', '<text font-size="7">b</text>',
                                '<text font-size="14">c</text>'], 852)
    sizes = [float(re.search(r'font-size="([\d.]+)"', e).group(1)) for e in lifted]
    assert sizes[0] == pytest.approx(least_size(852), abs=0.001)
    assert sizes[0] * 493.2 / 852 >= 6.99
    assert sizes[1] == pytest.approx(7.7)
    assert sizes[2] == 14
