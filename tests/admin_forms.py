"""Read an admin page's form as a browser would post it (for tests that post real forms)."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_id: str | None):
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.data: list[tuple[str, str]] = []
        self._select: str | None = None
        self._select_values: list[str] = []
        self._select_first: str | None = None
        self._select_multiple = False
        self._option: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (self.form_id is None or a.get("id") == self.form_id):
            self.inside = True
            return
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = (a.get("type") or "text").lower()
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.data.append((name, a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select" and name:
            self._select, self._select_values, self._select_first = name, [], None
            self._select_multiple = "multiple" in a
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a:
                self._select_values.append(value)
        elif tag == "textarea" and name:
            self._textarea, self._text = name, []

    def handle_data(self, data):
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self._select is not None:
            values = self._select_values
            if not values and not self._select_multiple and self._select_first is not None:
                values = [self._select_first]
            self.data += [(self._select, v) for v in values]
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            text = "".join(self._text)
            self.data.append((self._textarea, text[1:] if text.startswith("\n") else text))
            self._textarea = None


def form_data(html: str, form_id: str | None = None) -> dict[str, list[str]]:
    """The fields of the form (``id=form_id``, or every form) as the browser would post them."""
    reader = _FormReader(form_id)
    reader.feed(html)
    posted: dict[str, list[str]] = {}
    for name, value in reader.data:
        posted.setdefault(name, []).append(value)
    return posted
