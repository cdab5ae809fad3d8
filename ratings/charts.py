"""A player's rating history as a server-rendered SVG line chart (no JavaScript, no library)."""

from __future__ import annotations

from datetime import date
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 36, 44


def _nice_bounds(values: list[int]) -> tuple[int, int]:
    low, high = min(values), max(values)
    low = (low - 25) // 50 * 50
    high = -(-(high + 25) // 50) * 50
    return low, max(high, low + 100)


def rating_chart_svg(points: list[tuple[date, int | None]], title: str) -> str:
    """Ratings by period (oldest first); periods without a rating (unrated) leave gaps."""
    rated = [(day, rating) for day, rating in points if rating is not None]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}">',
             '<rect width="100%" height="100%" fill="#ffffff"/>',
             f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-family="DejaVu Sans, sans-serif" '
             f'font-size="15">{escape(title)}</text>']
    if not rated:
        parts.append(f'<text x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle" '
                     'font-family="DejaVu Sans, sans-serif" font-size="13">Chưa có hệ số</text>')
        parts.append("</svg>")
        return "\n".join(parts)
    low, high = _nice_bounds([rating for _, rating in rated])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(points)

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (count - 1) if count > 1 else plot_w / 2)

    def y(rating: int) -> float:
        return TOP + plot_h * (high - rating) / (high - low)

    step = max(50, ((high - low) // 5 + 49) // 50 * 50)
    for value in range(low, high + 1, step):
        parts.append(f'<line x1="{LEFT}" y1="{y(value):.1f}" x2="{WIDTH - RIGHT}" '
                     f'y2="{y(value):.1f}" stroke="#dddddd"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
                     f'font-family="DejaVu Sans, sans-serif" font-size="11">{value}</text>')
    label_every = max(1, count // 8)
    for index, (day, _rating) in enumerate(points):
        if index % label_every == 0 or index == count - 1:
            parts.append(f'<text x="{x(index):.1f}" y="{HEIGHT - BOTTOM + 18}" '
                         'text-anchor="middle" font-family="DejaVu Sans, sans-serif" '
                         f'font-size="11">{day:%m/%Y}</text>')
    segment: list[str] = []
    segments: list[list[str]] = []
    for index, (_day, rating) in enumerate(points):
        if rating is None:
            if segment:
                segments.append(segment)
            segment = []
            continue
        segment.append(f"{x(index):.1f},{y(rating):.1f}")
    if segment:
        segments.append(segment)
    for seg in segments:
        parts.append(f'<polyline points="{" ".join(seg)}" fill="none" stroke="#1f5fbf" '
                     'stroke-width="2"/>')
    for index, (day, rating) in enumerate(points):
        if rating is not None:
            parts.append(f'<circle cx="{x(index):.1f}" cy="{y(rating):.1f}" r="3" '
                         f'fill="#1f5fbf"><title>{day:%m/%Y}: {rating}</title></circle>')
    parts.append("</svg>")
    return "\n".join(parts)
