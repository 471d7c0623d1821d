# Sourced by bin/run and bin/test: makes the project's virtualenv from the pinned requirements.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$ROOT/.venv}"
PYTHON="${PYTHON:-python3}"

ensure_venv() {
  local requirements="$1"
  if [ ! -x "$VENV/bin/python" ]; then
    echo "Creating the virtualenv in $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  local stamp="$VENV/.installed-$(basename "$requirements")"
  local wanted
  wanted="$(cat "$ROOT"/requirements*.txt | sha256sum | cut -c1-16)"
  if [ "$(cat "$stamp" 2>/dev/null || true)" != "$wanted" ]; then
    echo "Installing $requirements into $VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$ROOT/$requirements"
    echo "$wanted" > "$stamp"
  fi
  export PATH="$VENV/bin:$PATH"
  cd "$ROOT"
}
