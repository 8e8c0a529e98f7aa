#!/usr/bin/env bash
# Checks what the test command needs from the machine, beyond npm: Debian's Chromium (with the
# Liberation fonts it renders with) and a PostgreSQL server that takes the tests' superuser without a
# password. Where it can (root, with apt-get), it installs or starts what is missing, as a CI machine
# needs; otherwise it stops at once, naming exactly what to install and how.
#
# Used by scripts/test-all.sh (`npm test`) before anything else, and by .ci/run.
#
# Environment (defaults in brackets):
#   TEST_PG_ADMIN_URL     the PostgreSQL the tests use [postgres://postgres@127.0.0.1:5432/postgres]
#   CHROMIUM_PATH         where Chromium must be [/usr/bin/chromium]; the Playwright and Storybook
#                         configs look there, so moving it only moves this check (for testing)
#   LIBERATION_FONTS_DIR  where fonts-liberation puts its fonts [/usr/share/fonts/truetype/liberation]
#   PREREQUISITES_INSTALL auto: install/start when root with apt-get; 0: never, only check and report
#   PG_WAIT_SECONDS       how long to wait for a PostgreSQL that was just started [30]
set -uo pipefail

me="scripts/prerequisites.sh"
pg_url="${TEST_PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
fonts_dir="${LIBERATION_FONTS_DIR:-/usr/share/fonts/truetype/liberation}"
install_mode="${PREREQUISITES_INSTALL:-auto}"
pg_wait="${PG_WAIT_SECONDS:-30}"

# postgres://user[:password]@host[:port]/db → host, port, user (no URL-encoded parts expected here).
pg_rest="${pg_url#*://}"
pg_authority="${pg_rest%%/*}"
pg_userinfo=""
[[ "$pg_authority" == *@* ]] && pg_userinfo="${pg_authority%@*}"
pg_hostport="${pg_authority##*@}"
pg_host="${pg_hostport%%:*}"
pg_port=5432
[[ "$pg_hostport" == *:* ]] && pg_port="${pg_hostport##*:}"
pg_user="${pg_userinfo%%:*}"
pg_user="${pg_user:-postgres}"
pg_local=0
[[ "$pg_host" == "127.0.0.1" || "$pg_host" == "localhost" || "$pg_host" == "::1" ]] && pg_local=1

can_install=0
if [[ "$install_mode" != "0" ]] && [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  can_install=1
fi

say() { printf '%s: %s\n' "$me" "$*"; }

apt_updated=0
apt_install() {
  if [[ "$apt_updated" == 0 ]]; then
    apt-get update -qq || return 1
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

chromium_ok() { [[ -x "$chromium" ]]; }
fonts_ok() { compgen -G "$fonts_dir/LiberationSans-Regular.ttf" >/dev/null; }

# Whether something accepts connections at the tests' PostgreSQL address.
pg_listening() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -h "$pg_host" -p "$pg_port" -q -t 3
  else
    timeout 3 bash -c "exec 3<>/dev/tcp/$pg_host/$pg_port" 2>/dev/null
  fi
}

wait_for_pg() {
  for _ in $(seq 1 "$pg_wait"); do
    pg_listening && return 0
    sleep 1
  done
  return 1
}

pg_versions() { ls /etc/postgresql 2>/dev/null; }

# The installed cluster that should listen on the tests' port, as "VERSION NAME STATUS" (empty if none).
pg_cluster_on_port() {
  command -v pg_lsclusters >/dev/null 2>&1 || return 0
  pg_lsclusters -h 2>/dev/null | awk -v port="$pg_port" '$3 == port { print $1, $2, $4; exit }'
}

# Why psql cannot sign in (its first error line), or nothing when it can or psql is absent.
pg_login_error() {
  command -v psql >/dev/null 2>&1 || return 0
  PGCONNECT_TIMEOUT=5 psql "$pg_url" -w -Atqc 'select 1' 2>&1 >/dev/null | head -n 1
}

# --- Chromium and its fonts ---------------------------------------------------------------------
if ! chromium_ok || ! fonts_ok; then
  if [[ "$can_install" == 1 ]]; then
    say "installing Debian's chromium and fonts-liberation (apt-get)"
    apt_install chromium fonts-liberation || say "apt-get could not install chromium fonts-liberation"
  fi
fi

# --- PostgreSQL -----------------------------------------------------------------------------------
installed_pg=0
if ! pg_listening && [[ "$can_install" == 1 && "$pg_local" == 1 ]]; then
  if [[ -z "$(pg_versions)" ]]; then
    say "installing PostgreSQL (apt-get install postgresql)"
    if apt_install postgresql; then installed_pg=1; else say "apt-get could not install postgresql"; fi
  fi
  read -r version cluster _ <<<"$(pg_cluster_on_port)"
  if [[ -n "${version:-}" ]]; then
    if [[ "$installed_pg" == 1 ]]; then
      # A cluster made just now for the tests: let local TCP connections in without a password, as
      # the tests expect (never done to a cluster that was already here).
      hba="/etc/postgresql/$version/$cluster/pg_hba.conf"
      say "trusting local TCP connections in the new cluster ($hba): a test machine only"
      sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    fi
    say "starting the local PostgreSQL $version cluster '$cluster' (port $pg_port)"
    pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start || true
    wait_for_pg || true
  fi
fi

# --- Verdict --------------------------------------------------------------------------------------
missing=()
howto=()
if ! chromium_ok; then
  missing+=("Chromium at $chromium (Playwright and the Storybook tests drive Debian's chromium; no browser download)")
fi
if ! fonts_ok; then
  missing+=("the Liberation fonts in $fonts_dir (fonts-liberation: screenshots and layout in Chromium)")
fi
if ! chromium_ok || ! fonts_ok; then
  howto+=("apt-get update && apt-get install -y chromium fonts-liberation")
fi
if ! pg_listening; then
  missing+=("a PostgreSQL server at $pg_host:$pg_port (nothing answers there; TEST_PG_ADMIN_URL=$pg_url)")
  read -r version cluster status <<<"$(pg_cluster_on_port)"
  if [[ "$pg_local" == 1 && -n "${version:-}" ]]; then
    howto+=("pg_ctlcluster --skip-systemctl-redirect $version $cluster start   # installed for port $pg_port, $status")
  elif [[ "$pg_local" == 1 && -z "$(pg_versions)" ]]; then
    howto+=("apt-get install -y postgresql && pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start")
    howto+=("then let the tests' user in without a password: 'host all $pg_user 127.0.0.1/32 trust' first in /etc/postgresql/<version>/main/pg_hba.conf, and reload")
  else
    howto+=("start the PostgreSQL server that should listen at $pg_host:$pg_port")
  fi
  howto+=("or point the tests at another server: TEST_PG_ADMIN_URL=postgres://USER@HOST:PORT/postgres (a superuser that needs no password)")
elif login_error="$(pg_login_error || true)"; [[ -n "$login_error" ]]; then
  missing+=("PostgreSQL at $pg_host:$pg_port answers but does not let '$pg_user' in without a password ($login_error)")
  howto+=("put 'host all $pg_user 127.0.0.1/32 trust' first in that server's pg_hba.conf and reload it (pg_ctlcluster <version> main reload)")
  howto+=("or set TEST_PG_ADMIN_URL to a superuser that needs no password")
fi

if [[ "${#missing[@]}" -gt 0 ]]; then
  {
    printf '\n%s: the tests cannot run on this machine yet. Missing:\n' "$me"
    printf '  - %s\n' "${missing[@]}"
    printf '\nTo fix it (Debian or Ubuntu, as root):\n'
    printf '  %s\n' "${howto[@]}"
    if [[ "$can_install" == 0 ]]; then
      if [[ "$install_mode" == "0" ]]; then
        printf '\n(Nothing was installed: PREREQUISITES_INSTALL=0.)\n'
      else
        printf '\n(Nothing was installed: that needs root and apt-get. As root, `npm test` installs them itself.)\n'
      fi
    fi
  } >&2
  exit 1
fi

say "Chromium ($chromium), Liberation fonts and PostgreSQL ($pg_host:$pg_port as $pg_user) are ready"
