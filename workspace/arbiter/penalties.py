"""The chess arbiter's penalties on the game record's screen (Luật Cờ Vua 13.4 a-g in seed
002; FIDE Laws 12.9): the form, the list of the game's penalties in words, and the write —
``games.services.add_penalty``, the call the API makes (``POST /api/v1/games/{id}/
penalties/``): the same permissions and refusals. A refusal lands on the field it names with
what was typed kept; an expulsion by an arbiter who is not the chief (Điều 16.2) is a plain
refusal page. Chess only: a xiangqi record keeps Điều 16's reminders, cautions and faults.
The two minutes a completed illegal move gives (7.4b; FIDE 7.5.5) are penalties too, listed
here; the illegal move itself is logged with the faults form."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessrules.values import Discipline
from core.errors import NotAllowedError, ServiceError
from games import services as game_services
from games.models import GameFault, GamePenalty, GameRecord, PenaltyKind
from games.services.faults import PENALTY_MINUTES_MAX
from workspace.access import forbidden
from workspace.arbiter.forms import NOTE_MAX, set_choices
from workspace.arbiter.reads import colour
from workspace.forms import apply_service_error

#: The kinds in the words of the arbiter (13.4 a-g), in the article's order.
KIND_WORDS = (
    (PenaltyKind.WARNING, gettext_lazy("Nhắc nhở (13.4a)")),
    (PenaltyKind.ADD_TIME, gettext_lazy("Thêm phút cho đối thủ (13.4b)")),
    (PenaltyKind.REDUCE_TIME, gettext_lazy("Bớt phút của đấu thủ vi phạm (13.4c)")),
    (PenaltyKind.LOSS, gettext_lazy("Xử thua ván cờ (13.4d)")),
    (PenaltyKind.REDUCE_POINTS, gettext_lazy("Giảm điểm ván của đấu thủ vi phạm (13.4e)")),
    (PenaltyKind.RAISE_OPPONENT_POINTS,
     gettext_lazy("Tăng điểm ván của đối thủ lên tối đa (13.4f)")),
    (PenaltyKind.EXPULSION, gettext_lazy("Truất quyền thi đấu (13.4g, tổng trọng tài)")),
)
#: The kinds that take minutes (13.4b-c) and the one that takes points (13.4e): the page's
#: script shows those fields only for them.
MINUTE_KINDS = (PenaltyKind.ADD_TIME, PenaltyKind.REDUCE_TIME)
POINT_KINDS = (PenaltyKind.REDUCE_POINTS,)


class PenaltyForm(forms.Form):
    """One penalty of 13.4: the offender, the kind in words, the minutes (b, c only), the
    points the offender keeps (e only), the article (13.4 unless another is cited) and a
    note. Shapes only: which kind takes what is the service's rule."""

    side = forms.ChoiceField(label=gettext_lazy("Đấu thủ vi phạm"), widget=forms.RadioSelect)
    kind = forms.ChoiceField(label=gettext_lazy("Hình phạt"))
    minutes = forms.IntegerField(
        label=gettext_lazy("Số phút"), required=False, min_value=1,
        max_value=PENALTY_MINUTES_MAX,
        help_text=gettext_lazy("Chỉ cho thêm phút hoặc bớt phút (13.4b-c)."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    points = forms.ChoiceField(
        label=gettext_lazy("Điểm ván còn lại"), required=False,
        choices=[("", "—"), ("0", "0"), ("0.5", "½")],
        help_text=gettext_lazy("Chỉ cho giảm điểm (13.4e): số điểm ván đấu thủ vi phạm còn "
                               "được."))
    article = forms.CharField(label=gettext_lazy("Điều luật"), max_length=20, initial="13.4",
                              required=False)  # empty: the service writes 13.4
    note = forms.CharField(label=gettext_lazy("Ghi chú"), required=False, max_length=NOTE_MAX,
                           widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, pairing=None, discipline: str = Discipline.CHESS, **kwargs):
        super().__init__(*args, **kwargs)
        choices = []
        for side in ("white", "black"):
            entry = getattr(pairing, side, None) if pairing is not None else None
            name = f": {entry.name}" if entry is not None else ""
            choices.append((side, f"{colour(discipline, side)}{name}"))
        set_choices(self, "side", choices)
        set_choices(self, "kind", [("", _("— chọn hình phạt —"))] + list(KIND_WORDS))
        self.fields["side"].error_messages["required"] = _("Chọn đấu thủ vi phạm.")
        self.fields["kind"].error_messages["required"] = _("Chọn hình phạt.")
        self.fields["minutes"].widget.attrs["data-kinds"] = " ".join(MINUTE_KINDS)
        self.fields["points"].widget.attrs["data-kinds"] = " ".join(POINT_KINDS)

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        return {"side": data["side"], "kind": data["kind"], "minutes": data["minutes"],
                "points": data["points"] or None, "article": data["article"],
                "note": data["note"]}


def is_chess(discipline: str) -> bool:
    return Discipline(discipline) is Discipline.CHESS


def _points(value) -> str:
    return "½" if Decimal(value) == Decimal("0.5") else f"{Decimal(value):g}"


def penalty_words(penalty: GamePenalty) -> str:
    """What the penalty did, in words: "Đối thủ được thêm 2 phút", "Giảm điểm ván: còn ½"."""
    kind, minutes = penalty.kind, penalty.minutes
    if kind == PenaltyKind.ADD_TIME:
        return _("Đối thủ được thêm %(m)s phút") % {"m": minutes}
    if kind == PenaltyKind.REDUCE_TIME:
        return _("Bị bớt %(m)s phút") % {"m": minutes}
    if kind == PenaltyKind.REDUCE_POINTS and penalty.points is not None:
        return _("Giảm điểm ván: còn %(p)s") % {"p": _points(penalty.points)}
    if kind == PenaltyKind.RAISE_OPPONENT_POINTS:
        return _("Điểm ván của đối thủ tăng lên tối đa (1)")
    return str(dict(KIND_WORDS).get(PenaltyKind(kind)) or penalty.get_kind_display())


def penalty_rows(game: GameRecord | None, discipline: str) -> list[dict]:
    """The game's penalties, oldest first, each in words with the offender's colour (one
    query; none for a xiangqi record)."""
    if game is None or not is_chess(discipline):
        return []
    return [{"side": colour(discipline, p.side), "words": penalty_words(p),
             "article": p.article, "note": p.note, "at": p.recorded_at,
             "illegal_move": p.fault_id is not None, "id": p.pk}
            for p in game.penalties.order_by("recorded_at", "pk")]


def illegal_move_done(game: GameRecord, fault: GameFault, discipline: str) -> str:
    """The notice after logging a completed illegal move (7.4b; FIDE 7.5.5): the two minutes
    the opponent got, or the loss proposed when it reached the event's limit."""
    game.refresh_from_db(fields=["proposed_decision", "proposed_reason", "decision"])
    penalty = GamePenalty.objects.filter(fault=fault).first()
    opponent = colour(discipline, "black" if fault.side == "white" else "white")
    if penalty is not None:
        return _("Đã ghi nước đi không hợp lệ: %(side)s được thêm %(m)s phút (Luật Cờ Vua "
                 "7.4b).") % {"side": opponent, "m": penalty.minutes}
    return _("Đã ghi nước đi không hợp lệ: đủ số lần xử thua — sổ lỗi đề xuất %(side)s thắng "
             "(Luật Cờ Vua 7.4b); trọng tài xác nhận.") % {"side": opponent}


def penalty(request, tournament, pairing, game):
    """Record one penalty of 13.4 through ``games.services.add_penalty``."""
    form = PenaltyForm(request.POST, pairing=pairing, discipline=tournament.discipline)
    if not form.is_valid():
        return {"penalty": form}, 400, ""
    try:
        done, _game = game_services.add_penalty(game, user=request.user,
                                                **form.service_kwargs())
    except NotAllowedError as exc:  # 13.4g by an arbiter who is not the chief (Điều 16.2)
        return forbidden(request, exc.message), 403, ""
    except ServiceError as exc:
        if not is_chess(tournament.discipline):  # no chess form on a xiangqi record
            return {"refusal": exc.message}, exc.status_code, ""
        apply_service_error(form, exc)
        return {"penalty": form}, exc.status_code, ""
    return {}, 200, _("Đã ghi hình phạt: %(side)s — %(words)s.") % {
        "side": colour(tournament.discipline, done.side), "words": penalty_words(done)}
