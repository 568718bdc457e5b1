"""The documentation site: every built-in game and variant in every language, as a
mkdocs project (mkdocs-material with mkdocs-static-i18n), built with `mkdocs build --strict`.

    site/mkdocs.yml
    site/docs/<lang>/index.md                 the list of games
    site/docs/<lang>/<game>/index.md          a game's rulebook (+ its SVG pictures)
    site/docs/<lang>/<game>/aid.md            its turn summary, to print as a player aid
    site/docs/<lang>/<game>/full.md           its rules in full, generated from the data
    site/docs/<lang>/<game>/<variant>.md      a variant's rulebook
    site/docs/<lang>/<game>/<stem>.pdf        its printable PDF (with the pdf extra)
    site/docs/en/manual/                      the manual: site/manual/ and its reference pages
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import RegolaError
from ...i18n.catalog import LANGUAGES, Words
from ...loading.sources import builtin_games, builtin_variants
from .manual import write_manual
from .rulebook import build_rulebook

LANGUAGE_NAMES = {"en": "English", "es": "Español", "nl": "Nederlands"}
MANUAL_LINK = ("The manual (in English): [how to play, write and translate games with "
               "regola](manual/index.md).")


class SiteError(RegolaError):
    """The site could not be built (mkdocs missing, or its build failed)."""


@dataclass
class SiteReport:
    pages: list[Path] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)     # games that failed to load


def write_rulebook(folder: Path, stem: str, game: str, variant: str | None, lang: str,
                   pdf: bool = False, aid: str | None = None,
                   full: str | None = None) -> Path:
    """One rulebook page and its pictures in `folder` (and its printable PDF, linked from
    the page, if `pdf`; its turn summary as the page `aid` and its rules in full as the
    page `full`, if named and the book has them apart); the page's path."""
    book = build_rulebook(game, variant, lang, prefix=f"{stem}-")
    folder.mkdir(parents=True, exist_ok=True)
    page = folder / f"{stem}.md"
    text = book.markdown
    if pdf:
        from ..print import write_pdf
        write_pdf(book, folder / f"{stem}.pdf", lang)
        title, rest = text.split("\n", 1)
        w = Words(lang)
        link = w("Printable rulebook (PDF, A4)")
        text = f"{title}\n\n[{link}]({stem}.pdf){{ .md-button }}\n{rest}"
    page.write_text(text, encoding="utf-8")
    for name, svg in book.pictures.items():
        (folder / name).write_text(svg, encoding="utf-8")
    if aid:
        (folder / f"{aid}.md").write_text(book.aid, encoding="utf-8")
    if full and book.full_rules:
        (folder / f"{full}.md").write_text(book.full_rules, encoding="utf-8")
    return page


def book_count() -> int:
    """How many rulebooks write_pages writes: every built-in game and variant, per language."""
    return len(LANGUAGES) * sum(1 + len(builtin_variants(g)) for g in builtin_games())


def write_pages(out: Path, pdf: bool = False,
                on_book: Callable[[str], None] | None = None,
                manual: Path | None = None) -> SiteReport:
    """Every built-in game and variant, in every language, under out/docs/<lang>/ (with a
    printable PDF of each, linked from its page, if `pdf`), and the manual written in the
    folder `manual` (if given and there); `on_book` hears the name of each book
    ("en/<game>", "es/<game>/<variant>") as its writing starts."""
    report = SiteReport()
    tell = on_book or (lambda name: None)
    docs = out / "docs"
    for lang in LANGUAGES:            # only what an earlier build wrote
        if (docs / lang).is_dir():
            shutil.rmtree(docs / lang)
    manual_pages = write_manual(manual, docs / LANGUAGES[0]) if manual else []
    report.pages += manual_pages
    for lang in LANGUAGES:
        w = Words(lang)
        title = w.ctx("rulebook", "Rulebooks")
        lines = [f"# {title}", "", w("Rulebooks generated from the rule data of each game.")]
        if manual_pages:
            lines += ["", MANUAL_LINK]
        for game in builtin_games():
            tell(f"{lang}/{game}")
            try:
                page = write_rulebook(docs / lang / game, "index", game, None, lang, pdf,
                                      aid="aid", full="full")
            except RegolaError as error:
                if lang == LANGUAGES[0]:
                    report.skipped.append(f"{game}: {str(error).splitlines()[0]}")
                continue
            report.pages.append(page)
            title = page.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
            lines += ["", f"## [{title}]({game}/index.md)", ""]
            if pdf:
                link = w("Printable rulebook (PDF, A4)")
                lines += [f"[{link}]({game}/index.pdf)", ""]
            aid = w.ctx("rulebook", "Turn summary (player aid)")
            lines.append(f"- [{aid}]({game}/aid.md)")
            report.pages.append(docs / lang / game / "aid.md")
            if (docs / lang / game / "full.md").is_file():
                full = w.ctx("rulebook", "The rules in full (every rule step by step, "
                                         "generated from the rule data)")
                lines.append(f"- [{full}]({game}/full.md)")
                report.pages.append(docs / lang / game / "full.md")
            for path in builtin_variants(game):
                tell(f"{lang}/{game}/{path.stem}")
                vpage = write_rulebook(docs / lang / game, path.stem, game, path.stem, lang,
                                       pdf, full=f"{path.stem}-full")
                report.pages.append(vpage)
                vtitle = vpage.read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
                entry = f"- [{vtitle}]({game}/{path.stem}.md)"
                vfull = docs / lang / game / f"{path.stem}-full.md"
                if vfull.is_file():
                    named = w.ctx("rulebook", "the rules in full")
                    entry += f" ([{named}]({game}/{vfull.name}))"
                    report.pages.append(vfull)
                lines.append(entry)
        (docs / lang).mkdir(parents=True, exist_ok=True)
        index = docs / lang / "index.md"
        index.write_text("\n".join(lines) + "\n", encoding="utf-8")
        report.pages.append(index)
    return report


def mkdocs_config() -> dict:
    """mkdocs.yml: Material theme, search, and one folder per language with a switcher."""
    return {
        "site_name": "regola",
        "docs_dir": "docs",
        "site_dir": "build",
        "use_directory_urls": False,
        "theme": {"name": "material", "font": False,
                  "features": ["navigation.sections", "search.highlight"]},
        "markdown_extensions": ["tables", "attr_list", "toc"],
        "plugins": [
            "search",
            {"i18n": {"docs_structure": "folder", "fallback_to_default": True,
                      "languages": [{"locale": lang, "name": LANGUAGE_NAMES[lang],
                                     "default": lang == LANGUAGES[0], "build": True}
                                    for lang in LANGUAGES]}},
        ],
    }


def write_config(out: Path) -> Path:
    """out/mkdocs.yml (JSON is valid YAML, so no YAML writer is needed)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / "mkdocs.yml"
    path.write_text("# Generated by `regola docs build`; edit engine/rulebook/book/site.py "
                    "instead.\n"
                    + json.dumps(mkdocs_config(), indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path


def build_site(out: Path) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` on the site in `out` (offline: nothing is fetched)."""
    try:
        import material  # noqa: F401
        import mkdocs  # noqa: F401
        import mkdocs_static_i18n  # noqa: F401
    except ImportError as error:
        raise SiteError(f"cannot build the site: {error.name} is not installed; "
                        "install the docs extra: pip install 'regola[docs]'") from None
    out = Path(out).resolve()         # mkdocs runs in `out`: a relative path would not be there
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "-f", str(out / "mkdocs.yml")],
                          capture_output=True, text=True, cwd=out,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
