"""Reference data shipped with the service: the 63 provinces and the national body.

Loaded by migration 0002; ``load_reference_data`` reloads it where tables were
flushed (e.g. after a transactional test).
"""

import json
from pathlib import Path

PROVINCES_FILE = Path(__file__).resolve().parent / "data" / "provinces.json"
NATIONAL_BODY_NAME = "Liên đoàn Cờ Việt Nam"


def load_reference_data() -> None:
    from federation.models import Body, Province

    for row in json.loads(PROVINCES_FILE.read_text(encoding="utf-8")):
        Province.objects.update_or_create(code=row["code"], defaults=row)
    Body.objects.get_or_create(name=NATIONAL_BODY_NAME, defaults={"level": "national"})
