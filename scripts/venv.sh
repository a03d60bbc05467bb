# Sourced by scripts/serve and scripts/test (not run): make .venv and install the package into
# it, with the exact versions of a lock in requirements/ (scripts/lock writes them), every file
# checked against its hash. RUMIZI_UNLOCKED=1 installs the newest versions pyproject.toml's
# ranges allow instead (CI's early warning of an upstream release that breaks us).
install_into_venv() {  # lock file, the extras an unlocked install asks for
    local lock=$1 extras=$2
    [ -x .venv/bin/python ] || python3 -m venv .venv
    local pip=(.venv/bin/python -m pip install --quiet --disable-pip-version-check)
    if [ "${RUMIZI_UNLOCKED:-0}" = 1 ]; then
        "${pip[@]}" --upgrade --upgrade-strategy eager -e ".[$extras]"
    else
        "${pip[@]}" --require-hashes -r "$lock"
        # The build tools are in the lock too: the package itself builds with them.
        "${pip[@]}" --no-deps --no-build-isolation -e .
    fi
}
