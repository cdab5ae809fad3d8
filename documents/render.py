"""HTML + CSS → PDF with WeasyPrint, with the shipped DejaVu fonts embedded.

The fonts live in ``documents/fonts`` (DejaVu, full Vietnamese coverage, licence
beside them) and are loaded by ``@font-face`` from there, so a PDF never depends on
what fonts the machine has installed.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import io
import logging
import os
import pickle
import threading
import time
from collections.abc import Callable
from pathlib import Path

from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FAMILY = "VCF Serif"

_FONT_FACES = [
    ("DejaVuSerif.ttf", "normal", "normal"),
    ("DejaVuSerif-Bold.ttf", "bold", "normal"),
    ("DejaVuSerif-Italic.ttf", "normal", "italic"),
    ("DejaVuSerif-BoldItalic.ttf", "bold", "italic"),
]


def font_face_css() -> str:
    return "\n".join(
        f'@font-face {{ font-family: "{FONT_FAMILY}"; src: url("{(FONT_DIR / name).as_uri()}"); '
        f"font-weight: {weight}; font-style: {style}; }}"
        for name, weight, style in _FONT_FACES
    )


def render_html(template: str, context: dict) -> str:
    return render_to_string(template, {**context, "font_face_css": font_face_css(),
                                       "font_family": FONT_FAMILY})


def html_to_pdf(html: str) -> tuple[bytes, int]:
    """Render ``html`` and return the PDF bytes and its page count.

    Python's cyclic garbage collector is paused meanwhile (issue 15): WeasyPrint makes
    hundreds of thousands of objects a document (boxes, styles), which made the collector
    run again and again over the whole process (Django, the data): 13-15 % of a long
    document's CPU time. What a render leaves in cycles is collected after it."""
    from weasyprint import HTML

    enabled = gc.isenabled()
    gc.disable()
    try:
        document = HTML(string=html, base_url=str(FONT_DIR)).render(font_config=_font_config())
        return document.write_pdf(), len(document.pages)
    finally:
        if enabled:
            gc.enable()


#: how long a thread renders with the same font configuration (seconds)
FONT_CONFIG_SECONDS = 600
_fonts = threading.local()
_clock = time.monotonic


def _font_config():
    """This thread's WeasyPrint font configuration, made again every
    ``FONT_CONFIG_SECONDS`` (issue 15). Kept between renders, it loads the shipped fonts
    once (it keeps each ``@font-face`` under its descriptors, the fonts' paths included)
    and keeps Pango's fonts and WeasyPrint's line struts: a new one for every part of a
    long document was ~7 % of its CPU time. One per thread: Pango's font map is not
    thread-safe. Not for ever: its fonts are copied to a temporary folder, which a
    cleaner of old temporary files could remove under a long-lived process.

    While :func:`_fonts_pinned` holds one, that one, as it is."""
    pinned = getattr(_fonts, "pinned", None)
    if pinned is not None:
        return pinned
    kept = getattr(_fonts, "kept", None)
    now = _clock()
    if kept is None or now - kept[1] > FONT_CONFIG_SECONDS:
        kept = _fonts.kept = (_new_font_config(), now)
    return kept[0]


def _new_font_config():
    """A font configuration with the shipped fonts already copied into its temporary
    folder (what a first render would do), so that a child forked to render with it adds
    no folder of its own, which its ``os._exit`` would leave behind."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    config = FontConfiguration()
    CSS(string=font_face_css(), font_config=config)
    return config


@contextlib.contextmanager
def _fonts_pinned():
    """This thread's font configuration, renewed now if due, then used as it is until the
    block ends, here and in a child forked inside the block. The child must not renew it:
    dropping the copy it inherited would run its finalizer there and delete the folder of
    fonts this process still renders with."""
    _fonts.pinned = None
    _fonts.pinned = _font_config()
    try:
        yield
    finally:
        _fonts.pinned = None


def render_pdf(template: str, context: dict) -> tuple[bytes, int]:
    return html_to_pdf(render_html(template, context))


# --- long documents in parts: kept between renders, rendered on both cores (issue 15) ----------

#: how long a rendered part is kept (seconds): an event's parts change only with its results
PART_TIMEOUT = 7 * 24 * 3600
#: render the missing parts in two processes when there are at least this many
PARALLEL_PARTS = 2


def part_key(html: str) -> str:
    """The cache key of one part: a digest of its HTML (every value it prints, the template
    and its styles) and of the renderer's version. A changed result changes its card, so
    its part is rendered again; a changed template changes every part."""
    from weasyprint import __version__

    return "documents:part:" + hashlib.sha256(f"{__version__}\n{html}".encode()).hexdigest()


def render_parts(template: str, parts: list[dict]) -> tuple[bytes, int]:
    """One PDF made of ``parts`` (template contexts, each rendering whole pages of the
    document, its own page numbers included) in their order: the parts already rendered
    come from the cache, the others are rendered (on two cores when several) and kept."""
    htmls, keys, found = _kept(template, parts)
    missing = [i for i, key in enumerate(keys) if key not in found]
    new = _render_and_keep([htmls[i] for i in missing], [keys[i] for i in missing])
    return merge_pdfs([found.get(key) or new[key] for key in keys])


def missing_parts(template: str, parts: list[dict]) -> list[int]:
    """The indexes of the parts a render of ``parts`` would render now (not kept)."""
    _htmls, keys, found = _kept(template, parts)
    return [i for i, key in enumerate(keys) if key not in found]


#: parts rendered between two progress reports (and kept, so a retry resumes) when warming
WARM_BATCH = 4


def warm_parts(template: str, parts: list[dict],
               progress: Callable[[float, str], None] | None = None) -> dict:
    """Render into the cache the parts of ``parts`` not kept yet, the same parts under the
    same keys as :func:`render_parts` (so the next render of the document renders none of
    them), without merging: ``{"parts": n, "kept": already kept, "rendered": n}``. The
    missing parts are rendered ``WARM_BATCH`` at a time, each batch kept at once: a retry
    after a lost worker renders only what is still missing. Nothing missing: nothing done."""
    htmls, keys, found = _kept(template, parts)
    missing = [i for i, key in enumerate(keys) if key not in found]
    for done in range(0, len(missing), WARM_BATCH):
        batch = missing[done:done + WARM_BATCH]
        _render_and_keep([htmls[i] for i in batch], [keys[i] for i in batch])
        if progress is not None:
            progress(10 + 90 * (done + len(batch)) / len(missing),
                     f"{done + len(batch)}/{len(missing)} parts")
    return {"parts": len(keys), "kept": len(keys) - len(missing), "rendered": len(missing)}


def _kept(template: str, parts: list[dict]) -> tuple[list[str], list[str], dict]:
    """The parts' HTML, their keys and those of them already kept (key -> PDF)."""
    from django.core.cache import cache

    htmls = [render_html(template, part) for part in parts]
    keys = [part_key(html) for html in htmls]
    try:
        found = cache.get_many(keys)
    except Exception:  # the cache is a speed-up: without it every part is rendered
        logger.warning("document parts: cache unavailable", exc_info=True)
        found = {}
    return htmls, keys, found


def _render_and_keep(htmls: list[str], keys: list[str]) -> dict[str, bytes]:
    from django.core.cache import cache

    rendered = _render_many(htmls)
    new = {key: pdf for key, (pdf, _pages) in zip(keys, rendered, strict=True)}
    if new:
        try:
            cache.set_many(new, timeout=PART_TIMEOUT)
        except Exception:
            logger.warning("document parts: not kept", exc_info=True)
    return new


def merge_pdfs(pdfs: list[bytes]) -> tuple[bytes, int]:
    """The pages of ``pdfs`` one after another, as one PDF, and its page count."""
    from pypdf import PdfReader, PdfWriter

    if len(pdfs) == 1:
        return pdfs[0], len(PdfReader(io.BytesIO(pdfs[0])).pages)
    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(PdfReader(io.BytesIO(pdf)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(writer.pages)


def _halfway(htmls: list[str]) -> int:
    """Where to split ``htmls`` between the two processes: the parts before it for this
    one, the others for the child, so that the larger share of the work (a part's HTML
    size standing for its cost: a document's last part is often smaller) is as small as
    possible; this process also merges afterwards, so a tie goes to the child."""
    total, before, best = sum(map(len, htmls)), 0, (float("inf"), 1)
    for i, html in enumerate(htmls[:-1], 1):
        before += len(html)
        best = min(best, (max(before, total - before), i))
    return best[1]


def _render_many(htmls: list[str]) -> list[tuple[bytes, int]]:
    """``html_to_pdf`` of each; with several, the second half in a forked child process
    (the machine has two cores; a fork, not multiprocessing: a Celery worker's processes
    may not start children of their own). The child only renders HTML: no database."""
    if len(htmls) < PARALLEL_PARTS or not hasattr(os, "fork"):
        return [html_to_pdf(html) for html in htmls]
    with _fonts_pinned():
        return _render_forked(htmls)


def _render_forked(htmls: list[str]) -> list[tuple[bytes, int]]:
    half = _halfway(htmls)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: render the second half, send it, leave at once
        code = 1
        try:
            os.close(read_end)
            with os.fdopen(write_end, "wb") as out:
                pickle.dump([html_to_pdf(html) for html in htmls[half:]], out)
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    try:
        first = [html_to_pdf(html) for html in htmls[:half]]
        with os.fdopen(read_end, "rb") as source:
            second = pickle.load(source)
    finally:
        _pid, status = os.waitpid(pid, 0)
    if status != 0:
        raise RuntimeError(f"rendering in the child process failed (status {status})")
    return first + second
