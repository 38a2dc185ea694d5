#!/usr/bin/env bash
# Download the official JSettlers2 release jar from the project's GitHub releases page
# (https://github.com/jdmonin/JSettlers2/releases) for scripts/jsettlers-server.sh, and print
# the `export JSETTLERS_JAR=...` line to use it.
#
# No checksum is hard-coded: the project publishes none we could verify. Instead the download
# must come over HTTPS from github.com and must start as a JSettlers server of the wanted
# version (`soc.server.SOCServer --version`); otherwise it is deleted.
set -euo pipefail

# Usage errors exit 1, as documented below.
lib_die_status=1
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REPO_URL="https://github.com/jdmonin/JSettlers2"
API_URL="https://api.github.com/repos/jdmonin/JSettlers2"

usage() {
    cat <<'EOF'
Usage: scripts/fetch-jsettlers.sh [--help] [DIR]

Downloads the JSettlers2 release jar (the full jar, which holds the server, the robots and the
GUI client) into DIR (default: $JSETTLERS_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/catan-bot),
checks that it runs as a JSettlers server of the wanted version, and prints

    export JSETTLERS_JAR=DIR/JSettlers-VERSION-full.jar

Environment:
  JSETTLERS_VERSION  release to fetch, without the "release-" tag prefix [2.6.10, the newest
                     published release; catan-bot plays 2.4.00 and newer]
  JSETTLERS_URL      download this jar URL instead of looking the release up
  JAVA               java command used for the check [java]

Exit status: 0 ok (or already present), 1 usage/other error, 2 offline (github.com not
reachable), 3 release or jar not found, 4 download is not a working JSettlers server jar.

Offline machines: download the jar elsewhere from https://github.com/jdmonin/JSettlers2/releases,
copy it over, and set JSETTLERS_JAR to its path (or put it into DIR), or build JSettlers2 from
source (see its doc/Readme.developer.md) and set JSETTLERS_JAR / JSETTLERS_CLASSPATH.
EOF
}

parse_one_operand DIR "$@"
DEST=$operand

# The newest published release (tag release-2.6.10); 2.7.00 has no release yet.
VERSION="${JSETTLERS_VERSION:-2.6.10}"
JAVA="${JAVA:-java}"
DEST="${DEST:-$JSETTLERS_CACHE}"
TAG="release-$VERSION"

[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "bad JSETTLERS_VERSION '$VERSION' (like 2.7.00)"

offline() {
    cat >&2 <<EOF
fetch-jsettlers.sh: cannot reach $1 (${2##*$'\n'}).
  This machine looks offline, or github.com is blocked.
  Get the jar another way:
    - on a machine with network, download JSettlers-$VERSION-full.jar (or JSettlersServer-$VERSION.jar)
      from $REPO_URL/releases/tag/$TAG and copy it to $DEST/ ;
    - or build JSettlers2 $VERSION from source (gradle; see doc/Readme.developer.md in that repository);
  then: export JSETTLERS_JAR=/path/to/that.jar
EOF
    exit 2
}

# check_jar FILE: does FILE start as a JSettlers server of VERSION? Prints the version line.
check_jar() {
    local out line
    if ! command -v "$JAVA" >/dev/null 2>&1; then
        say "WARNING: '$JAVA' not found, cannot check $1 (install Java 8+ to run the server)"
        return 0
    fi
    out="$(cd "$TMP" && "$JAVA" -cp "$1" soc.server.SOCServer --version 2>&1)" || true
    line="${out%%$'\n'*}"
    case "$line" in
        "Java Settlers Server $VERSION"*) echo "$line"; return 0 ;;
        *) say "$1 is not a JSettlers $VERSION server jar: ${line:-no output}"; return 1 ;;
    esac
}

if command -v curl >/dev/null 2>&1; then
    DL=curl
elif command -v wget >/dev/null 2>&1; then
    DL=wget
else
    die "need curl or wget"
fi

# http_get URL OUTFILE: 0 ok, 2 network unreachable, 3 HTTP error (404 ...). Sets HTTP_ERR.
HTTP_ERR=""
http_get() {
    local rc=0
    if [[ "$DL" == curl ]]; then
        HTTP_ERR="$(curl -fsSL --proto '=https' --tlsv1.2 --connect-timeout 15 --retry 2 \
                         -o "$2" "$1" 2>&1)" || rc=$?
        case "$rc" in
            0) return 0 ;;
            5|6|7|28|35|60) return 2 ;;   # resolve, connect, timeout, TLS failures
            *) return 3 ;;
        esac
    else
        HTTP_ERR="$(wget --no-verbose --https-only --timeout=15 --tries=2 -O "$2" "$1" 2>&1)" || rc=$?
        [[ -n "$HTTP_ERR" ]] || HTTP_ERR="wget exit status $rc"
        case "$rc" in
            0) return 0 ;;
            4|5) return 2 ;;              # network failure, TLS failure
            *) return 3 ;;
        esac
    fi
}

mkdir -p "$DEST"
DEST="$(cd "$DEST" && pwd)"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/fetch-jsettlers.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# Already there?
for f in "$DEST/JSettlers-$VERSION-full.jar" "$DEST/JSettlers-$VERSION.jar" "$DEST/JSettlersServer-$VERSION.jar"; do
    if [[ -f "$f" ]] && check_jar "$f" >/dev/null; then
        say "already present: $f"
        echo "export JSETTLERS_JAR=$f"
        exit 0
    fi
done

# Candidate download URLs: the release's real asset list first (GitHub API), then the
# names JSettlers releases have used (full jar first: it also has the GUI client for watching).
candidates=()
if [[ -n "${JSETTLERS_URL:-}" ]]; then
    candidates+=("$JSETTLERS_URL")
else
    rc=0
    http_get "$API_URL/releases/tags/$TAG" "$TMP/release.json" || rc=$?
    if (( rc == 2 )); then
        offline "api.github.com" "$HTTP_ERR"
    elif (( rc == 0 )); then
        mapfile -t assets < <(grep -o '"browser_download_url": *"[^"]*\.jar"' "$TMP/release.json" \
                              | sed 's/.*"\(https:[^"]*\)"$/\1/')
        for pat in "JSettlers-$VERSION-full.jar" "JSettlers-$VERSION.jar" "JSettlers-full.jar" "JSettlersServer-$VERSION.jar"; do
            for a in "${assets[@]}"; do
                [[ "${a##*/}" == "$pat" ]] && candidates+=("$a")
            done
        done
        if (( ${#candidates[@]} == 0 && ${#assets[@]} > 0 )); then
            say "release $TAG has jars with unexpected names: ${assets[*]##*/}; trying them"
            candidates+=("${assets[@]}")
        fi
    else
        say "no release $TAG found through the GitHub API ($HTTP_ERR); trying the usual asset names"
    fi
    if (( ${#candidates[@]} == 0 )); then
        for name in "JSettlers-$VERSION-full.jar" "JSettlersServer-$VERSION.jar"; do
            candidates+=("$REPO_URL/releases/download/$TAG/$name")
        done
    fi
fi

for url in "${candidates[@]}"; do
    name="${url##*/}"
    [[ "$name" == *.jar ]] || name="JSettlers-$VERSION-full.jar"
    say "downloading $url"
    rc=0
    http_get "$url" "$TMP/$name" || rc=$?
    if (( rc == 2 )); then
        host="${url#https://}"; offline "${host%%/*}" "$HTTP_ERR"
    elif (( rc != 0 )); then
        say "not available: $url ($HTTP_ERR)"
        continue
    fi
    if ! version_line="$(check_jar "$TMP/$name")"; then
        exit 4
    fi
    mv -f "$TMP/$name" "$DEST/$name"
    say "ok: $DEST/$name${version_line:+ ($version_line)}"
    echo "export JSETTLERS_JAR=$DEST/$name"
    exit 0
done

cat >&2 <<EOF
fetch-jsettlers.sh: no jar for JSettlers $VERSION found at $REPO_URL/releases/tag/$TAG .
  Check $REPO_URL/releases for the release name and its jar, then run again with
  JSETTLERS_VERSION=x.y.zz or JSETTLERS_URL=<jar url>. If $VERSION is not released yet, build it
  from source (JSettlers2 doc/Readme.developer.md) and set JSETTLERS_JAR or JSETTLERS_CLASSPATH.
EOF
exit 3
