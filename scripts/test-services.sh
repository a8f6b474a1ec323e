#!/usr/bin/env bash
# Installs and starts what the tests need on a fresh Debian machine (run as root). Idempotent:
# skips what is already there. scripts/test.sh runs it in the background while the build runs,
# then sources it, which only checks and sets HELVETIA_TEST_POSTGRES; a developer sources it once.
# What the build needs first (rustfmt, Clippy, the zstd and SQLite libraries).
bash "$(dirname "${BASH_SOURCE[0]}")/build-prerequisites.sh"
# What the tests need from Debian, installed in one go (one package index update):
# - Chromium's headless shell, Chromium and ChromeDriver for the end-to-end browser tests
#   (crates/server/tests/it/browser_*.rs): all but one run in the headless shell, the same
#   Chromium without the browser's windows, in half the processor time (docs/testing.md);
# - a font with Chinese glyphs, so that the language switch's 中文 shows in the screenshots;
# - nginx for the test that runs two nodes behind the reverse proxy of docs/deploy.md (only its
#   binary is used: the test starts its own nginx with its own configuration);
# - an SMTP server on loopback for the e-mail notification tests (crates/server/tests/it/mail.rs):
#   Debian's aiosmtpd, which each test starts on a port of its own, storing mails in a Maildir;
# - espeak-ng, with which the text mode's browser test speaks one turn's live region into
#   docs/screenshots/text-mode-turn.wav;
# - npm, with which the accessibility test installs the axe-core package into Cargo's temporary
#   directory for tests (crates/server/tests/it/browser_support/axe.rs);
# - PostgreSQL for the server's storage, integration and crash tests (they always run on SQLite
#   too): Debian's server on loopback, a user that may create one database per test, and
#   HELVETIA_TEST_POSTGRES pointing at it.
missing=()
command -v chromedriver >/dev/null 2>&1 && test -x /usr/bin/chromium || missing+=(chromium chromium-driver)
test -x /usr/lib/chromium/chromium-headless-shell || missing+=(chromium-headless-shell)
test -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc || missing+=(fonts-wqy-microhei)
test -x /usr/sbin/nginx || missing+=(nginx)
/usr/bin/python3 -c "import aiosmtpd" >/dev/null 2>&1 || missing+=(python3-aiosmtpd)
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
command -v npm >/dev/null 2>&1 || missing+=(npm)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
if ((${#missing[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
PG_VERSION="$(ls /usr/lib/postgresql | sort -n | tail -1)"
pg_lsclusters -h | grep -q "^$PG_VERSION main " || pg_createcluster "$PG_VERSION" main >/dev/null
pg_ctlcluster "$PG_VERSION" main status >/dev/null 2>&1 || pg_ctlcluster "$PG_VERSION" main start
pg_isready -h 127.0.0.1 -t 60 >/dev/null
as_postgres() { su postgres -s /bin/sh -c "psql -v ON_ERROR_STOP=1 -qtA -c \"$1\""; }
as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'helvetia'" | grep -q 1 ||
  as_postgres "CREATE ROLE helvetia LOGIN CREATEDB PASSWORD 'helvetia'"
# Databases the tests of an earlier run left behind go; one in use (a run going on beside this
# one on the same machine) stays, as does the database the tests connect to first.
for db in $(as_postgres "SELECT datname FROM pg_database WHERE datname LIKE 'helvetia_t%' AND datname <> 'helvetia_test' \
    AND datname NOT IN (SELECT datname FROM pg_stat_activity WHERE datname IS NOT NULL)"); do
  as_postgres "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
done
as_postgres "SELECT 1 FROM pg_database WHERE datname = 'helvetia_test'" | grep -q 1 ||
  as_postgres "CREATE DATABASE helvetia_test OWNER helvetia"
export HELVETIA_TEST_POSTGRES=postgres://helvetia:helvetia@127.0.0.1:5432/helvetia_test
