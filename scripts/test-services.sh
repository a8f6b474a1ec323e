#!/usr/bin/env bash
# Sourced by scripts/test.sh: installs and starts what the tests need on a fresh Debian machine
# (run as root). Idempotent: skips what is already there.
rustup component add rustfmt clippy >/dev/null 2>&1 || true
# Headless Chromium and ChromeDriver for the end-to-end browser tests (crates/server/tests/browser_*.rs).
if ! command -v chromedriver >/dev/null 2>&1 || ! test -x /usr/bin/chromium; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
# A font with Chinese glyphs, so that the language switch's 中文 shows in the screenshots.
if ! test -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei >/dev/null
fi
# nginx for the test that runs two nodes behind the reverse proxy of docs/deploy.md; only its
# binary is used (the test starts its own nginx with its own configuration).
if ! test -x /usr/sbin/nginx; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
# An SMTP server on loopback for the e-mail notification tests (crates/server/tests/mail.rs):
# Debian's aiosmtpd, which each test starts on a port of its own, storing mails in a Maildir.
if ! /usr/bin/python3 -c "import aiosmtpd" >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-aiosmtpd >/dev/null
fi
# PostgreSQL for the server's storage, integration and crash tests (they always run on SQLite
# too): Debian's server on loopback, a user that may create one database per test, and
# HELVETIA_TEST_POSTGRES pointing at it.
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
PG_VERSION="$(ls /usr/lib/postgresql | sort -n | tail -1)"
pg_lsclusters -h | grep -q "^$PG_VERSION main " || pg_createcluster "$PG_VERSION" main >/dev/null
pg_ctlcluster "$PG_VERSION" main status >/dev/null 2>&1 || pg_ctlcluster "$PG_VERSION" main start
pg_isready -h 127.0.0.1 -t 60 >/dev/null
as_postgres() { su postgres -s /bin/sh -c "psql -v ON_ERROR_STOP=1 -qtA -c \"$1\""; }
as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'helvetia'" | grep -q 1 ||
  as_postgres "CREATE ROLE helvetia LOGIN CREATEDB PASSWORD 'helvetia'"
for db in $(as_postgres "SELECT datname FROM pg_database WHERE datname LIKE 'helvetia_t%'"); do
  as_postgres "DROP DATABASE $db" >/dev/null
done
as_postgres "CREATE DATABASE helvetia_test OWNER helvetia"
export HELVETIA_TEST_POSTGRES=postgres://helvetia:helvetia@127.0.0.1:5432/helvetia_test
