"""HTML + CSS → PDF with WeasyPrint, with the shipped DejaVu fonts embedded.

The fonts live in ``documents/fonts`` (DejaVu, full Vietnamese coverage, licence
beside them) and are loaded by ``@font-face`` from there, so a PDF never depends on
what fonts the machine has installed.
"""

from __future__ import annotations

from pathlib import Path

from django.template.loader import render_to_string

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
    """Render ``html`` and return the PDF bytes and its page count."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    document = HTML(string=html, base_url=str(FONT_DIR)).render(font_config=fonts)
    return document.write_pdf(), len(document.pages)


def render_pdf(template: str, context: dict) -> tuple[bytes, int]:
    return html_to_pdf(render_html(template, context))
