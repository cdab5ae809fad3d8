"""Interop bench (issue 29, run by hand): the service's TRF exports in FIDE's tools.

Run (docs/interop.md, "bench/interop.py", has the build commands and the last figures)::

    .venv/bin/python bench/interop_events.py /tmp/trf
    .venv/bin/python bench/interop.py --bbp /path/to/bbpPairings.exe \\
        [--tiebreakserver /path/to/TieBreakServer] \\
        (--trf-dir /tmp/trf | --server http://127.0.0.1:8000 --token T --events 3,4,5) \\
        [--xlsx-dir /tmp/trf/xlsx]

The programs are built or fetched outside the repository and given by path (or by
``BBP_PAIRINGS`` / ``TIEBREAKSERVER_DIR``): nothing of theirs is committed. For every TRF
export (``*.trf`` of ``--trf-dir``, or ``GET /api/v1/tournaments/{id}/trf/`` of each event of
``--server``):

- ``bbpPairings --dutch FILE -c``: accepted, nothing complained of;
- the next round of ``bbpPairings --dutch FILE -p``, of ``python -m chessrules pair FILE``
  and, when a ``.next`` file is beside it, of the service (bench/interop_events.py writes
  them), compared as sets of boards (a bye as ``N 0``);
- with ``--tiebreakserver``: its ``pairingchecker.py -c`` (``Check: True``) and ``-p``,
  its ``tiebreakchecker.py -t PTS`` against the file's points, read as UTF-8 (``-b utf-8``)
  and from the file's Latin-1 form (``?encoding=latin-1``) with its default encoding;
  with a ``.json`` beside the file (``interop_events.py --tiebreaks``), its tie-break values
  against the service's standings.

With ``--xlsx-dir``, every ``*.xlsx`` is converted by LibreOffice
(``libreoffice --headless --convert-to csv``, Debian's ``libreoffice-calc-nogui``) and its
text cells (names, headers, dates as shown) are checked against openpyxl's reading.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_PAIR = re.compile(r"^\s*(\d+)\s*[- ]\s*(\d+)\s*$")


def _run(command: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                          check=False, encoding="latin-1")


def _boards(text: str) -> set[frozenset[int]]:
    """Boards of a pairing listing: lines of two numbers (bbpPairings' ``-p`` output starts
    with the count of boards: a single number, skipped)."""
    return {frozenset((int(m[1]), int(m[2]))) for m in map(_PAIR.match, text.splitlines())
            if m}


def trf_files(args: argparse.Namespace, work: Path) -> list[Path]:
    """The TRF exports to check: a directory's, or downloaded from a running service."""
    if args.trf_dir:
        return sorted(Path(args.trf_dir).glob("*.trf"))
    files = []
    for event in args.events.split(","):
        request = urllib.request.Request(
            f"{args.server.rstrip('/')}/api/v1/tournaments/{event.strip()}/trf/",
            headers={"Authorization": f"Token {args.token}"} if args.token else {})
        with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 (given)
            path = work / f"event-{event.strip()}.trf"
            path.write_bytes(response.read())
            files.append(path)
    return files


def _tbs(args: argparse.Namespace, script: str, path: Path, *options: str,
         utf8: bool = True) -> subprocess.CompletedProcess[str]:
    """A TieBreakServer script on the file, read as UTF-8 (its default is Latin-1)."""
    return _run([args.tbs_python, str(Path(args.tiebreakserver) / script), "-i", str(path),
                 *(["-b", "utf-8"] if utf8 else []), "-dT", *options], timeout=600)


def _latin1_copy(path: Path, work: Path) -> Path:
    """The file as ``?encoding=latin-1`` serves it (chessrules.trf.encode_latin1)."""
    sys.path.insert(0, str(REPO))
    from chessrules.trf import encode_latin1

    copy = work / f"{path.stem}-latin1.trf"
    copy.write_bytes(encode_latin1(path.read_text(encoding="utf-8")))
    return copy


def _file_points(path: Path) -> dict[int, float]:
    return {int(line[4:8]): float(line[80:84] or 0)
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("001")}


def _tbs_points(text: str) -> dict[int, float]:
    """tiebreakchecker's table (``StartNo Rank PTS``, tab-separated)."""
    return {int(p[0]): float(p[2]) for p in (line.split("\t") for line in text.splitlines())
            if len(p) > 2 and p[0].isdigit()}


def check_tiebreakserver(path: Path, args: argparse.Namespace, next_round: set,
                         final: bool, work: Path) -> dict:
    """TieBreakServer's pairing checker (every round of the file, ``Check: True``), its
    pairing of the next round, and its points (``PTS``) against the file's; its points
    again from the Latin-1 form of the file read with its default encoding."""
    checked = _tbs(args, "pairingchecker.py", path, "-c")
    paired = _tbs(args, "pairingchecker.py", path, "-p")
    points = _tbs(args, "tiebreakchecker.py", path, "-t", "PTS")
    latin1 = _tbs(args, "tiebreakchecker.py", _latin1_copy(path, work), "-t", "PTS",
                  utf8=False)
    result = {"tbs_check": "Check: True" in checked.stdout,
              "tbs_next": final or _boards(paired.stdout) == next_round,
              "tbs_points": _tbs_points(points.stdout) == _file_points(path),
              "tbs_latin1": _tbs_points(latin1.stdout) == _file_points(path)}
    if not all(result.values()):
        print(f"  TieBreakServer {path.name}: {result}\n{checked.stdout[-800:]}"
              f"{checked.stderr[-400:]}{paired.stdout[-300:]}{points.stdout[-300:]}")
    return result


def _tbs_code(code: str) -> str | None:
    """The service's tie-break code in TieBreakServer's notation (``BH-C1`` → ``BH/C1``);
    None for a federation code it does not know (``BH-VN``)."""
    name, _, modifier = code.partition("-")
    if name not in ("BH", "SB", "WIN", "WON", "DE", "BPG", "BWG", "ARO", "PS", "AOB"):
        return None
    return f"{name}/{modifier}" if modifier and modifier[0] in "CM" else name


def compare_tiebreaks(path: Path, args: argparse.Namespace) -> tuple[int, int, int]:
    """Rows of the service's standings (the ``.json`` beside a played file), rows whose
    tie-break values TieBreakServer computes differently, and rows ranked differently."""
    import json

    table = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    codes = [_tbs_code(code) for code in table["tiebreaks"]]
    if None in codes:
        return 0, 0, 0
    run = _tbs(args, "tiebreakchecker.py", path, "-n", str(table["round"]), "-t", "PTS",
               *[c for c in codes if c])
    theirs = {int(p[0]): (int(p[1]), [float(v) for v in p[2:]])
              for p in (line.split("\t") for line in run.stdout.splitlines()) if p[0].isdigit()}
    values = ranks = 0
    for number, row in table["rows"].items():
        ours = [float(row["points"])] + [float(row[c]) for c in table["tiebreaks"]]
        rank, computed = theirs.get(int(number), (None, []))
        values += ours != computed
        ranks += ours == computed and rank != row["rank"]
    return len(table["rows"]), values, ranks


def check_trf(path: Path, args: argparse.Namespace, work: Path) -> dict[str, bool]:
    """bbpPairings' check and next round, chessrules' next round, the service's own (the
    ``.next`` file beside the export, when there is one) and TieBreakServer's."""
    checked = _run([args.bbp, "--dutch", str(path), "-c"])
    complaints = [line for line in checked.stdout.splitlines()
                  if line.strip() and not line.rstrip().endswith(tuple(
                      f"Round #{n}" for n in range(1, 100)))]
    accepted = checked.returncode == 0 and not complaints
    out = work / f"{path.stem}.pairs"
    paired = _run([args.bbp, "--dutch", str(path), "-p", str(out)])
    theirs = _boards(out.read_text(encoding="latin-1")) if out.exists() else set()
    ours = _run([sys.executable, "-m", "chessrules", "pair", str(path)])
    # every round of the event played (the final file): both refuse to pair beyond XXR
    final = "larger than the reported number of rounds" in paired.stderr
    identical = (final and "no round left to pair" in ours.stderr) or (
        not final and paired.returncode == 0 and ours.returncode == 0
        and theirs == _boards(ours.stdout))
    service = path.with_suffix(".next")
    result = {"accepted": accepted, "identical": identical, "final": final,
              "service": (_boards(service.read_text(encoding="utf-8")) == theirs)
              if service.exists() else None}
    if args.tiebreakserver:
        result |= check_tiebreakserver(path, args, theirs, final, work)
        if path.with_suffix(".json").exists():
            result["tiebreak_rows"] = compare_tiebreaks(path, args)
    if not accepted or not identical or result["service"] is False:
        print(f"  {path.name}: check exit {checked.returncode} {complaints[-5:]}"
              f"{checked.stderr[-500:]}; next round {'identical' if identical else 'DIFFERENT'}"
              f"; service's round {result['service']}")
    return result


def _shown(value: object) -> str:
    """A cell as LibreOffice's CSV shows it: dates ``dd/mm/yyyy`` (core.xlsx's format)."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.strftime("%d/%m/%Y")
    return str(value)


def check_xlsx(directory: Path, work: Path) -> int:
    """Workbooks whose text cells (names, headers, clubs, dates) LibreOffice reads
    differently from openpyxl (0 expected); numbers are left to the two readers."""
    from openpyxl import load_workbook

    office = shutil.which("libreoffice") or shutil.which("soffice")
    if office is None:
        print("libreoffice not installed (Debian: apt-get install libreoffice-calc-nogui): "
              "skipped")
        return 0
    wrong = cells = 0
    books = sorted(directory.glob("*.xlsx"))
    for book in books:
        _run([office, f"-env:UserInstallation=file://{work}/lo-profile", "--headless",
              "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir",
              str(work), str(book)], timeout=300)
        converted = work / f"{book.stem}.csv"
        with converted.open(encoding="utf-8-sig") as handle:
            theirs = list(csv.reader(handle))
        ours = [[_shown(c) for c in row]
                for row in load_workbook(book).active.iter_rows(values_only=True)]
        text_ours = {c for row in ours for c in row if c and not c.replace(".", "").isdigit()}
        text_theirs = {c for row in theirs for c in row}
        cells += len(text_ours)
        if not text_ours <= text_theirs or len(theirs) != len(ours):
            wrong += 1
            print(f"  {book.name}: LibreOffice lost {sorted(text_ours - text_theirs)[:5]} "
                  f"(rows {len(theirs)} / {len(ours)})")
    print(f"xlsx workbooks: {len(books)}, distinct text cells compared: {cells}")
    return wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bbp", default=os.environ.get("BBP_PAIRINGS"),
                        help="path to the bbpPairings binary (env BBP_PAIRINGS)")
    parser.add_argument("--tiebreakserver", default=os.environ.get("TIEBREAKSERVER_DIR"),
                        help="TieBreakServer's directory, holding pairingchecker.py and "
                             "tiebreakchecker.py (env TIEBREAKSERVER_DIR)")
    parser.add_argument("--tbs-python", default=sys.executable,
                        help="the Python that runs TieBreakServer (needs networkx)")
    parser.add_argument("--trf-dir", help="a directory of the service's TRF exports "
                        "(bench/interop_events.py writes one)")
    parser.add_argument("--server", help="a running service to export from")
    parser.add_argument("--token", help="an API token of the server (staff)")
    parser.add_argument("--events", default="", help="event ids, comma-separated")
    parser.add_argument("--xlsx-dir", help="a directory of the service's .xlsx exports")
    args = parser.parse_args()
    if not args.bbp:
        parser.error("give --bbp (or BBP_PAIRINGS)")
    if not args.trf_dir and not (args.server and args.events):
        parser.error("give --trf-dir, or --server and --events")
    with tempfile.TemporaryDirectory(prefix="vcf-interop-") as tmp:
        work = Path(tmp)
        files = trf_files(args, work)
        results = [check_trf(path, args, work) for path in files]
        with_service = [r for r in results if r["service"] is not None]
        print(f"TRF files: {len(files)}")
        print(f"accepted by bbpPairings -c: {sum(r['accepted'] for r in results)}")
        print(f"check discrepancies: {sum(not r['accepted'] for r in results)}")
        finals = sum(r["final"] for r in results)
        print(f"next round bbpPairings = chessrules: {sum(r['identical'] for r in results) - finals}"
              f", different: {sum(not r['identical'] for r in results)} "
              f"(+{finals} final files: every round played, both refuse a next round)")
        print(f"next round bbpPairings = the service's: "
              f"{sum(r['service'] for r in with_service)} of {len(with_service)}")
        if args.tiebreakserver:
            for key, label in (("tbs_check", "TieBreakServer pairing check True"),
                               ("tbs_next", "TieBreakServer next round = bbpPairings"),
                               ("tbs_points", "TieBreakServer PTS = the file's points"),
                               ("tbs_latin1", "the same, Latin-1 export read by default")):
                print(f"{label}: {sum(r[key] for r in results)} of {len(results)}")
        compared = [r["tiebreak_rows"] for r in results if "tiebreak_rows" in r]
        if compared:
            rows, values, ranks = (sum(c[i] for c in compared) for i in range(3))
            print(f"standings rows compared with TieBreakServer's tie-breaks: {rows}; "
                  f"values differing: {values}; same values, rank differing: {ranks}")
        if args.xlsx_dir:
            print(f"xlsx read differently by LibreOffice: {check_xlsx(Path(args.xlsx_dir), work)}")


if __name__ == "__main__":
    main()
