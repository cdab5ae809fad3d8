"""Điều 10: the tournament's time control becomes data (issue #16).

The free-text ``time_control`` label becomes ``time_control_note`` and a structured
``time_control`` (periods and increment, ``chessrules.timecontrol``) is filled for every
tournament: from the label when it reads as a control ("90 phút + 30 giây", "40/5400+30:
1800+30"; the label is then cleared), otherwise from the old preset ("moves" → the 90-minute
25-move control of Điều 10.1.2; "free" and the never-chosen default 90 of a rapid or blitz
event → the default of the event's discipline and class), keeping the label as a note.
"""

from django.db import migrations, models

from chessrules import timecontrol

OLD_PRESETS = {"60": "60", "90": "90", "120": "120", "moves": "90_25", "asian": "asian"}
BACK = {"60": "60", "90": "90", "120": "120", "90_25": "moves", "asian": "asian",
        "intl_10_15": "moves"}


def mapped(row) -> tuple[str, dict, str]:
    label = (row.time_control_note or "").strip()
    parsed = timecontrol.from_label(label) if label else None
    if parsed is not None:
        return timecontrol.preset_of(parsed) or "custom", parsed.to_dict(), ""
    key = OLD_PRESETS.get(row.time_control_preset)
    if key is None or (key == "90" and row.time_control_class != "standard"):
        key = timecontrol.default_preset(row.discipline, row.time_control_class)
    return key, timecontrol.PRESETS[key], label


def forwards(apps, schema_editor):
    for name in ("Tournament", "HistoricalTournament"):
        model = apps.get_model("tournaments", name)
        for row in model.objects.all().iterator():
            row.time_control_preset, row.time_control, row.time_control_note = mapped(row)
            model.objects.filter(pk=row.pk).update(
                time_control_preset=row.time_control_preset, time_control=row.time_control,
                time_control_note=row.time_control_note)


def backwards(apps, schema_editor):
    for name in ("Tournament", "HistoricalTournament"):
        model = apps.get_model("tournaments", name)
        for row in model.objects.all().iterator():
            note = row.time_control_note
            if not note and row.time_control:
                try:
                    note = timecontrol.TimeControl.parse(row.time_control).pgn()[:120]
                except timecontrol.TimeControlError:
                    note = ""
            model.objects.filter(pk=row.pk).update(
                time_control_preset=BACK.get(row.time_control_preset, "free"),
                time_control_note=note)


PRESET = models.CharField(
    choices=[("60", "60 phút mỗi bên, không kiểm tra số nước (Điều 10.1.1a)"),
             ("90", "90 phút mỗi bên (Điều 10.1.1b)"),
             ("90_25", "90 phút: 25 nước trong 60 phút đầu, 30 phút còn lại (Điều 10.1.2)"),
             ("120", "120 phút: 25 nước trong 60 phút đầu, 60 phút còn lại (Điều 10.1.1c, 10.1.2)"),
             ("intl_10_15", "Thể thức quốc tế: cứ 15 phút 10 nước (Điều 10.1.1d)"),
             ("asian", "Kiểu châu Á: 25/35/45/55/65 nước trong 60/75/90/105/120 phút, sau đó cứ 5 phút 10 nước (Điều 10.1.2)"),
             ("rapid_15", "Cờ nhanh 15 phút mỗi bên (Điều 10.1.1e)"),
             ("rapid_25", "Cờ nhanh 25 phút mỗi bên (Điều 10.1.1e)"),
             ("rapid_30", "Cờ nhanh 30 phút mỗi bên (Điều 10.1.1e)"),
             ("fide_40_90_30", "FIDE: 90 phút cho 40 nước, 30 phút còn lại, +30 giây mỗi nước"),
             ("fide_90_30", "FIDE: 90 phút +30 giây mỗi nước"),
             ("fide_rapid_15_10", "FIDE cờ nhanh: 15 phút +10 giây mỗi nước"),
             ("fide_blitz_3_2", "FIDE cờ chớp: 3 phút +2 giây mỗi nước"),
             ("custom", "Tự định nghĩa (các giai đoạn và giây cộng thêm)")],
    default="90", max_length=20, verbose_name="mẫu thời gian")
CONTROL = models.JSONField(
    blank=True, default=dict, verbose_name="thời gian thi đấu",
    help_text='Điều 10: các giai đoạn {"moves": số nước hoặc null (hết ván), "minutes": phút, '
              '"repeat": lặp lại} và giây cộng thêm mỗi nước, ví dụ {"periods": [{"moves": 40, '
              '"minutes": 90}, {"moves": null, "minutes": 30}], "increment_seconds": 30}. Chọn '
              'một mẫu thì ô này lấy theo mẫu.')
NOTE = models.CharField(
    blank=True, max_length=120, verbose_name="ghi chú thời gian",
    help_text="Chỉ để ghi chú thêm; thời gian thi đấu là các giai đoạn ở trên.")
LATE = models.PositiveSmallIntegerField(
    choices=[(0, "0 phút: đến sau giờ bắt đầu là thua (cờ vua, FIDE 6.7a)"), (15, "15 phút"),
             (30, "30 phút"), (60, "60 phút")],
    default=15, verbose_name="thời gian đến muộn tối đa (phút)",
    help_text="Điều 10.2.1a: ai đến chậm quá thời gian này (15, 30 hay 60 phút theo điều lệ) bị "
              "tính thua ván đó. Cờ vua (002 Điều 6.7): 60 phút nếu điều lệ không quy định khác; 0 "
              "theo Luật FIDE hiện hành.")


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0014_match_and_individual_scheveningen"),
    ]

    operations = [
        *[op for model in ("tournament", "historicaltournament") for op in (
            migrations.RenameField(model, "time_control", "time_control_note"),
            migrations.AlterField(model, "time_control_note", NOTE),
            migrations.AddField(model, "time_control", CONTROL),
            migrations.AlterField(model, "time_control_preset", PRESET),
            migrations.AlterField(model, "late_arrival_minutes", LATE),
        )],
        migrations.RunPython(forwards, backwards),
    ]
