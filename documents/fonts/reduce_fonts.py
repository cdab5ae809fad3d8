"""Reduce the shipped DejaVu Serif fonts to what official documents print.

WeasyPrint subsets every font it embeds, with fontTools when HarfBuzz-subset is absent;
reading DejaVu's full layout tables (kerning for many scripts) was most of a decision's
render time. The shipped files keep Latin with every Vietnamese letter (Latin-1,
Extended-A/B, Extended Additional), combining marks with their positioning (``mark``,
``mkmk``, ``ccmp``), Greek, general punctuation, currency, letter-like symbols and fractions,
arrows (↓ ↑ of the tracking card), mathematical operators, enclosed numbers and box/shape
symbols; kerning and hinting are dropped (WeasyPrint drops hinting anyway).

Run from the repository root with the original DejaVu 2.37 fonts (Debian
``fonts-dejavu-core``, or ``git show 1db94a4:documents/fonts/DejaVuSerif.ttf``)::

    .venv/bin/python documents/fonts/reduce_fonts.py /usr/share/fonts/truetype/dejavu
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

UNICODES = ("U+0020-007E,U+00A0-024F,U+0300-036F,U+0370-03FF,U+1E00-1EFF,U+2000-206F,"
            "U+20A0-20CF,U+2100-218F,U+2190-21FF,U+2200-22FF,U+2460-24FF,U+2500-25FF,"
            "U+FB00-FB06")
FEATURES = "ccmp,locl,mark,mkmk"
NAMES = ["DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic"]


def reduce(source_dir: Path, target_dir: Path) -> None:
    for name in NAMES:
        subset.main([str(source_dir / f"{name}.ttf"), f"--unicodes={UNICODES}",
                     f"--layout-features={FEATURES}", "--no-hinting", "--name-IDs=*",
                     "--name-legacy", "--name-languages=*", "--notdef-outline",
                     "--drop-tables+=MATH,FFTM", f"--output-file={target_dir / name}.ttf"])


if __name__ == "__main__":
    reduce(Path(sys.argv[1]), Path(__file__).resolve().parent)
