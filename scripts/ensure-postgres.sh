#!/usr/bin/env bash
# Makes PostgreSQL available for the Postgres half of the tests: starts an installed but stopped
# cluster, or installs Debian's postgresql (trusting local TCP connections on that fresh cluster only),
# then drops test databases that earlier, interrupted runs left behind.
set -euo pipefail

url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
ready() { command -v pg_isready >/dev/null && pg_isready -q -d "$url"; }

if ! ready; then
  if ! command -v pg_ctlcluster >/dev/null; then
    echo "PostgreSQL is not installed: installing Debian's postgresql"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    hba="/etc/postgresql/$version/main/pg_hba.conf"
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do ready && break; sleep 1; done
  ready || { echo "PostgreSQL did not come up at $url" >&2; exit 1; }
fi

leftovers=$(psql "$url" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'jpmall_test_%'")
for db in $leftovers; do
  psql "$url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
done
echo "PostgreSQL ready at $url"
