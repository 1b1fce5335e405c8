#!/usr/bin/env bash
# Scans the built site with wapiti (Debian: apt-get install wapiti) on 127.0.0.1 only:
# builds into OUT_DIR, starts the server with a throwaway DATA_DIR, creates an admin with the CLI,
# signs in, crawls and attacks the whole site with that session, then repeats the header and
# cookie checks as a TLS proxy would forward them (TRUST_PROXY + X-Forwarded-Proto: https).
# Reports: $REPORT_DIR/wapiti.txt and wapiti-https.txt, the scanner's logs and the server's.
#
#   scripts/security-scan.sh                                  rate limit off (else mostly 429s)
#   INQUIRY_RATE_LIMIT=5/1m,30/1h scripts/security-scan.sh    with the production limits
#   SKIP_BUILD=1 ATTACK_SECONDS=30 FORMAT=json scripts/security-scan.sh
# Bounds: SCAN_SECONDS for the crawl, ATTACK_SECONDS for each attack module.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT_DIR=${OUT_DIR:-dist-scan}
REPORT_DIR=${REPORT_DIR:-/tmp/wapiti-report}
SCAN_SECONDS=${SCAN_SECONDS:-300}
ATTACK_SECONDS=${ATTACK_SECONDS:-120}
FORMAT=${FORMAT:-txt}
# Without "off" the scanner mostly sees 429s after the fifth inquiry.
RATE_LIMIT=${INQUIRY_RATE_LIMIT:-off}
USERNAME=admin@example.com
# ssrf and xxe need wapiti's public endpoint (off this machine); nikto/wapp/shellshock/
# brute_login_form do not fit a Node app with a throttled JSON login.
MODULES=backup,blindsql,buster,cookieflags,crlf,csp,csrf,exec,file,htaccess,http_headers,methods,permanentxss,redirect,sql,xss

command -v wapiti >/dev/null || {
  echo "wapiti is not installed: sudo apt-get install -y wapiti" >&2
  exit 1
}

if [ -z "${SKIP_BUILD:-}" ]; then OUT_DIR="$OUT_DIR" npx tsx esbuild.config.ts; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/security-scan-XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

password=$(node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("base64url"))')
printf '%s\n' "$password" | DATA_DIR="$work/data" node "$OUT_DIR/server/create-admin.js" --username "$USERNAME"

NODE_ENV=production HOST=127.0.0.1 PORT=0 DATA_DIR="$work/data" TRUST_PROXY=loopback \
  INQUIRY_RATE_LIMIT="$RATE_LIMIT" node "$OUT_DIR/server/main.js" >"$work/server.log" 2>&1 &
server_pid=$!
base=
for _ in $(seq 1 150); do
  base=$(grep -om1 'listening on http://[^ ]*' "$work/server.log" 2>/dev/null | cut -d' ' -f3 || true)
  [ -n "$base" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$base" ]; then
  cat "$work/server.log" >&2
  exit 1
fi
echo "server: $base (data: $work/data)"

# Signs in (optionally as if through the TLS proxy) and writes wapiti's JSON cookie file with the
# flags the server set, so its cookieflags module judges the real Set-Cookie.
sign_in() {
  local cookie_file=$1
  shift
  curl -sf -o /dev/null -D "$work/login.headers" "$@" -H 'Content-Type: application/json' \
    --data "{\"username\":\"$USERNAME\",\"password\":\"$password\"}" "$base/api/login"
  node -e '
    const [headers, out] = process.argv.slice(1);
    const fs = require("node:fs");
    const jar = {};
    for (const line of fs.readFileSync(headers, "utf8").split(/\r?\n/)) {
      const m = /^set-cookie:\s*([^=]+)=([^;]*)(.*)$/i.exec(line);
      if (m) jar[m[1]] = { value: m[2], expires: null, secure: /;\s*secure/i.test(m[3]), port: null, version: 0 };
    }
    if (!jar["doodles.sid"]) throw new Error("no session cookie in the login answer");
    fs.writeFileSync(out, JSON.stringify({ "127.0.0.1": { "/": jar } }, null, 2));
  ' "$work/login.headers" "$cookie_file"
}

# The same session as a Cookie header: wapiti keeps Secure cookies off plain http.
cookie_header() {
  node -e '
    const jar = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"))["127.0.0.1"]["/"];
    process.stdout.write(Object.entries(jar).map(([k, v]) => `${k}=${v.value}`).join("; "));
  ' "$1"
}

mkdir -p "$REPORT_DIR"
rm -f "$REPORT_DIR"/wapiti*
run_wapiti() {
  local name=$1
  shift
  wapiti -u "$base/" --scope folder --no-bugreport -v 1 \
    --store-session "$work/wapiti-$name" --store-config "$work/wapiti-config" \
    --max-scan-time "$SCAN_SECONDS" --max-attack-time "$ATTACK_SECONDS" -t 10 \
    -s "$base/admin" -s "$base/admin/login" -s "$base/api/user" -s "$base/api/inquiries" \
    -s "$base/robots.txt" -s "$base/sitemap.xml" -s "$base/healthz" \
    "$@" -f "$FORMAT" -o "$REPORT_DIR/$name.$FORMAT" >"$REPORT_DIR/$name.log" 2>&1
  echo "  report: $REPORT_DIR/$name.$FORMAT (progress: $REPORT_DIR/$name.log)"
  # The text report opens with a count per category: show the ones that found something.
  if [ "$FORMAT" = txt ]; then grep -E ':  +[1-9][0-9]*$' "$REPORT_DIR/$name.txt" | sed 's/^ */    /' || true; fi
}

sign_in "$work/cookies.json"
echo "scan 1/2: whole site over http, signed in as $USERNAME"
run_wapiti wapiti -m "$MODULES" -c "$work/cookies.json"

sign_in "$work/cookies-https.json" -H 'X-Forwarded-Proto: https'
echo "scan 2/2: headers and cookies as the TLS proxy forwards them"
run_wapiti wapiti-https -m cookieflags,csp,http_headers -c "$work/cookies-https.json" \
  -H 'X-Forwarded-Proto: https' -H "Cookie: $(cookie_header "$work/cookies-https.json")"

cp "$work/server.log" "$REPORT_DIR/server.log"
echo "server: $(grep -c '"status":5[0-9][0-9]' "$REPORT_DIR/server.log" || true) answers with status 5xx," \
  "$(grep -c '"path":"/admin","status":200' "$REPORT_DIR/server.log" || true) signed-in /admin pages ($REPORT_DIR/server.log)"
