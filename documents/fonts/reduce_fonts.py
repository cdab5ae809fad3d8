"""Reduce the shipped DejaVu Serif fonts to what official documents print.

WeasyPrint subsets every font it embeds, with fontTools when HarfBuzz-subset is absent;
reading DejaVu's full layout tables (kerning for many scripts) was most of a decision's
render time. The shipped files keep Latin with every Vietnamese letter (Latin-1,
Extended-A/B, Extended Additional), combining marks with their positioning (``mark``,
``mkmk``, ``ccmp``), Greek, general punctuation, currency, letter-like symbols and fractions,
arrows (↓ ↑ of the tracking card), mathematical operators, enclosed numbers and box/shape
symbols; kerning and hinting are dropped (WeasyPrint drops hinting anyway).

The regular face also gets runs of em spaces (issue 15): empty glyphs as wide as 2, 4 and 8
em spaces (U+2003), and a ``liga`` ligature that draws 8, 4 or 2 em spaces in a row as one of
them. The tracking cards place their values with em spaces
(``documents.presentation.spaces``: ~26 a row), and WeasyPrint writes every glyph of a line
in a Python loop: a gap of 13 em spaces is now 3 glyphs (8 + 4 + 1). The ligature's advance is the sum of
its spaces (no change of layout), and the PDF maps it back to its spaces (copied or extracted
text is unchanged). The Bitstream Vera licence allows added glyphs under a name without
"Bitstream" or "Vera": the fonts keep their DejaVu names.

Run from the repository root with the original DejaVu 2.37 fonts (Debian
``fonts-dejavu-core``, or ``git show 1db94a4:documents/fonts/DejaVuSerif.ttf``)::

    .venv/bin/python documents/fonts/reduce_fonts.py /usr/share/fonts/truetype/dejavu
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.otlLib.builder import buildLigatureSubstSubtable, buildLookup
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import otTables
from fontTools.ttLib.tables._g_l_y_f import Glyph

UNICODES = ("U+0020-007E,U+00A0-024F,U+0300-036F,U+0370-03FF,U+1E00-1EFF,U+2000-206F,"
            "U+20A0-20CF,U+2100-218F,U+2190-21FF,U+2200-22FF,U+2460-24FF,U+2500-25FF,"
            "U+FB00-FB06")
FEATURES = "ccmp,locl,mark,mkmk"
NAMES = ["DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic", "DejaVuSerif-BoldItalic"]
#: the face the ruled forms' rows are set in, and the runs of em spaces it draws as one glyph
SPACED = "DejaVuSerif"
EM_SPACE_RUNS = (8, 4, 2)  # 16 em would be 32,768 units: read as negative by some readers


def reduce(source_dir: Path, target_dir: Path) -> None:
    for name in NAMES:
        subset.main([str(source_dir / f"{name}.ttf"), f"--unicodes={UNICODES}",
                     f"--layout-features={FEATURES}", "--no-hinting", "--name-IDs=*",
                     "--name-legacy", "--name-languages=*", "--notdef-outline",
                     "--drop-tables+=MATH,FFTM", f"--output-file={target_dir / name}.ttf"])
    add_em_space_runs(target_dir / f"{SPACED}.ttf")


def add_em_space_runs(path: Path) -> None:
    """Add to the font at ``path`` a glyph for each run of ``EM_SPACE_RUNS`` em spaces and
    a ``liga`` lookup drawing such a run as that glyph (the longest first)."""
    font = TTFont(str(path), recalcTimestamp=False)  # the same file from the same fonts
    em = font.getBestCmap()[0x2003]
    advance = font["hmtx"][em][0]
    runs = {}
    for n in EM_SPACE_RUNS:
        name = f"{em}.run{n}"
        assert name not in font.getGlyphOrder(), f"{path} has its runs already"
        font["glyf"].glyphs[name] = Glyph()  # empty: no outline
        font["hmtx"][name] = (n * advance, 0)
        font.setGlyphOrder([*font.getGlyphOrder(), name])
        runs[(em,) * n] = name
    font["maxp"].numGlyphs = len(font.getGlyphOrder())

    gsub = font["GSUB"].table
    gsub.LookupList.Lookup.append(buildLookup([buildLigatureSubstSubtable(runs)]))
    gsub.LookupList.LookupCount = len(gsub.LookupList.Lookup)
    record = otTables.FeatureRecord()
    record.FeatureTag = "liga"
    record.Feature = otTables.Feature()
    record.Feature.FeatureParams = None
    record.Feature.LookupListIndex = [gsub.LookupList.LookupCount - 1]
    record.Feature.LookupCount = 1
    # the feature list sorted by tag (as the specification asks), every script and
    # language system given the new feature
    records = [*gsub.FeatureList.FeatureRecord, record]
    order = sorted(range(len(records)), key=lambda i: records[i].FeatureTag)
    new_index = {old: new for new, old in enumerate(order)}
    gsub.FeatureList.FeatureRecord = [records[i] for i in order]
    gsub.FeatureList.FeatureCount = len(records)
    for script in gsub.ScriptList.ScriptRecord:
        systems = [script.Script.DefaultLangSys] if script.Script.DefaultLangSys else []
        systems += [lang.LangSys for lang in script.Script.LangSysRecord]
        for system in systems:
            system.FeatureIndex = sorted([new_index[i] for i in system.FeatureIndex]
                                         + [new_index[len(records) - 1]])
            system.FeatureCount = len(system.FeatureIndex)
    font.save(str(path))


if __name__ == "__main__":
    reduce(Path(sys.argv[1]), Path(__file__).resolve().parent)
