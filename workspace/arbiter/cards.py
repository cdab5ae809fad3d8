"""The boards of a round as HTML cards, built in Python (as ``results_site.tables`` builds its
rows): a page of 40 boards with six buttons each rendered through template tags took most of
the page's time on a 1,000-player event. Every text is escaped here; every word translated.
"""

from __future__ import annotations

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.models import ValidationStatus
from tournaments.models import Pairing, Round
from workspace.access import wreverse
from workspace.arbiter.reads import WAITING, Board, RoundPage
from workspace.templatetags.workspace_tags import dmy

_MARK = 987654321  # a pairing id no event has: replaced by each board's id


def _pattern(name: str, tournament_id: int) -> str:
    return wreverse(name, tournament_id, _MARK).replace(str(_MARK), "{}")


def board_cards(data: RoundPage, *, buttons: list[dict], csrf: str, board_errors: dict,
                pending_only: bool, locked: bool) -> SafeString:
    t = data.tournament
    urls = {name: _pattern(f"arbiter-{name}", t.pk)
            for name in ("result", "undo", "late", "late-cancel", "record", "change", "annul")}
    print_url = wreverse("arbiter-print", t.pk, "bien-ban") + "?ban={}"
    hidden = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', csrf)
    page = data.page.number if data.page is not None else 1
    if page > 1:
        hidden += format_html('<input type="hidden" name="trang" value="{}">', page)
    if pending_only:
        hidden += mark_safe('<input type="hidden" name="chua-xong" value="1">')
    words: dict[str, str] = {
        "late": escape(_("Đến muộn")), "record": escape(_("Biên bản")),
        "annul": escape(_("Hủy ván, đấu lại")),
        "print": escape(_("In biên bản")), "cancel": escape(_("Hủy")),
        "lost_late": escape(_("thua do đến muộn (Điều 10.2.1a)")),
        "signed": escape(_("đã ký")), "invalid": escape(_("có lỗi")),
        "pending": escape(_("đang kiểm tra")), "valid": escape(_("hợp lệ"))}
    words["change"] = escape(_("Đổi cặp")) if (
        data.is_last and data.round is not None and data.round.status == Round.Status.PAIRED
        and not locked) else ""
    cards = [_card(b, t, buttons, urls, print_url, hidden, words, board_errors.get(b.pairing.pk),
                   locked=locked, is_last=data.is_last) for b in data.boards]
    return mark_safe("\n".join(cards))


def _side(label: str, colour: str, entry) -> str:
    number = f"#{entry.starting_number}" if entry.starting_number else ""
    rating = f" · {entry.rating}" if entry.rating else ""
    return (f'<p class="pl {colour}"><span class="colour c-{colour}">{escape(label)}</span> '
            f'<span class="who"><span class="name">{escape(entry.name)}</span> '
            f'<span class="num">{number}{rating}</span></span></p>')


def _card(b: Board, t, buttons, urls, print_url, hidden, words, error, *, locked: bool,
          is_last: bool) -> str:
    p = b.pairing
    game = p.kind == Pairing.Kind.GAME and p.black_id is not None
    classes = "board" + (" has-result" if p.result else "") + ("" if p.kind == Pairing.Kind.GAME else " bye")
    out = [f'<li class="{classes}" id="ban-{p.board}" data-board="{p.board}" '
           f'data-result="{escape(p.result)}">',
           f'<div class="board-head"><span class="no">{escape(_("Bàn %(b)s") % {"b": p.board})}'
           f'</span> <span class="res" aria-label="{escape(b.words)}">{escape(b.mark or "—")}'
           f'</span></div>', '<div class="players">',
           _side(b.white_label, "white", p.white)]
    if p.black_id is not None:
        out.append(_side(b.black_label, "black", p.black))
    else:
        points = f" ({p.bye_points.normalize()})" if p.bye_points is not None else ""
        out.append(f'<p class="pl bye-kind">{escape(p.get_kind_display())}{points}</p>')
    out.append("</div>")
    if game:
        if error:
            out.append(f'<p class="error" role="alert" id="error-ban-{p.board}">'
                       f'{escape(error)}</p>')
        if not locked:
            out.append(_buttons(p, buttons, urls["result"].format(p.pk), hidden))
        if b.late:
            out.append(_late(b, t, urls, hidden, words, locked=locked, is_last=is_last))
        out.append(_foot(b, urls, print_url, hidden, words, locked=locked))
    out.append("</li>")
    return "".join(out)


def _buttons(p: Pairing, buttons, action: str, hidden) -> str:
    out = [f'<form method="post" action="{escape(action)}" class="result-buttons">{hidden}'
           f'<input type="hidden" name="version" value="{p.version}">']
    for button in buttons:
        chosen = button["value"] == p.result
        label = _("Bàn %(b)s: %(w)s") % {"b": p.board, "w": button["words"]}
        out.append(f'<button type="submit" name="result" value="{escape(button["value"])}" '
                   f'class="rb{" forfeit" if button["forfeit"] else ""}'
                   f'{" chosen" if chosen else ""}" title="{escape(button["words"])}" '
                   f'aria-label="{escape(label)}" aria-pressed="{"true" if chosen else "false"}">'
                   f'{escape(button["mark"])}</button>')
    out.append("</form>")
    return "".join(out)


def _late(b: Board, t, urls, hidden, words, *, locked: bool, is_last: bool) -> str:
    p = b.pairing
    out = ['<ul class="late-list">']
    for late in b.late:
        side = b.white_label if late.side == "white" else b.black_label
        out.append(f'<li class="state late">{escape(side)}: {words["lost_late"]}')
        if not locked and is_last:
            out.append(f' <form method="post" action="{escape(urls["late-cancel"].format(p.pk))}"'
                       f' class="inline">{hidden}<input type="hidden" name="side" '
                       f'value="{escape(late.side)}"><input type="hidden" name="version" '
                       f'value="{p.version}"><button type="submit" class="link-dark">'
                       f'{words["cancel"]}</button></form>')
        out.append("</li>")
    out.append("</ul>")
    return "".join(out)


def _foot(b: Board, urls, print_url, hidden, words, *, locked: bool) -> str:
    p = b.pairing
    out = ['<div class="board-foot">']
    if b.last is not None:
        text = _("%(r)s do %(by)s ghi lúc %(at)s") % {
            "r": b.mark or "—", "by": b.last_by, "at": dmy(b.last.changed_at)}
        out.append(f'<span class="who-entered">{escape(text)}</span>')
    if b.undo is not None:
        label = _("Hoàn tác (về %(r)s)") % {"r": b.undo_to}
        out.append(f'<form method="post" action="{escape(urls["undo"].format(p.pk))}" '
                   f'class="inline undo">{hidden}<input type="hidden" name="change" '
                   f'value="{b.undo.pk}"><button type="submit" class="secondary small">'
                   f'{escape(label)}</button></form>')
    if words["change"]:
        out.append(f'<a href="{escape(urls["change"].format(p.pk))}">{words["change"]}</a>')
    if not locked:
        out.append(f'<a href="{escape(urls["late"].format(p.pk))}">{words["late"]}</a>')
        if p.result in WAITING:  # Điều 9.9a-b; a finished game stands (9.9d)
            out.append(f'<a href="{escape(urls["annul"].format(p.pk))}" class="annul-link">'
                       f'{words["annul"]}</a>')
    state = ""
    if b.game:
        game = b.game
        status = game["validation_status"]
        key = ("signed" if game["arbiter_signed_at"] else "invalid"
               if status == ValidationStatus.INVALID else "pending"
               if status == ValidationStatus.PENDING else "valid")
        state = (f' <span class="state {escape(game["validation_status"])}">'
                 f'{words[key]}</span>')
    out.append(f'<a href="{escape(urls["record"].format(p.pk))}" class="record-link">'
               f'{words["record"]}{state}</a>')
    out.append(f'<a href="{escape(print_url.format(p.pk))}" target="_blank" rel="noopener">'
               f'{words["print"]}</a>')
    out.append("</div>")
    return "".join(out)
