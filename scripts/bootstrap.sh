# Sourced by scripts/start and scripts/test: make .venv and install the pinned requirements.
# Re-installs only when a requirements file changed since the last install.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.requirements-$(cat requirements.txt requirements-dev.txt | sha1sum | cut -c1-12)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r requirements-dev.txt
  rm -f .venv/.requirements-* && touch "$stamp"
fi
export PATH="$ROOT/.venv/bin:$PATH"
