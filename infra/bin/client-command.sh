# Sourced by ./paywire: `./paywire client create NAME [--float AMOUNT]` asks the running local stack's operator API
# (docs/sandbox.md#a-client-of-your-own) for a client of one's own. Needs curl, not Java. The export lines go to
# stdout, everything else to stderr, so that eval "$(./paywire client create my-shop)" sets them in a shell.

paywire_client_usage() {
  cat >&2 <<'USAGE'
usage: ./paywire client create NAME [--float AMOUNT]
  Creates a client of your own on the running local stack: every route, and AMOUNT KES (100000.00 unless given;
  0 for none) in its working account. Prints its id, its secret and its callback secret once, as shell exports.
  PAYWIRE_PORT: the API's port (8080); PAYWIRE_OPERATOR_CLIENT_ID/_SECRET: the operator's credentials, if changed.
USAGE
}

# A JSON string of the text: quotes and backslashes escaped (the API refuses control characters in a name).
paywire_json_string() {
  local text=${1//\\/\\\\}
  printf '"%s"' "${text//\"/\\\"}"
}

paywire_client() {
  if [ "${1:-}" != create ] || [ -z "${2:-}" ]; then
    paywire_client_usage
    return 2
  fi
  local name=$2 float=100000.00
  shift 2
  while [ $# -gt 0 ]; do
    case $1 in
      --float) [ -n "${2:-}" ] || { paywire_client_usage; return 2; }; float=$2; shift 2 ;;
      *) paywire_client_usage; return 2 ;;
    esac
  done
  local base
  base=$(paywire_running_stack client) || return 1

  local answer token
  token=$(paywire_operator_token "$base") || return 1

  local body="{\"name\":$(paywire_json_string "$name")"
  if [ "$float" != 0 ]; then
    body="$body,\"float\":$(paywire_json_string "$float")"
  fi
  local status
  answer=$(curl -s -w '\n%{http_code}' -X POST "$base/v1/admin/clients" -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' -d "$body}") || true
  status=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if [ "$status" != 201 ]; then
    echo "The client was not created (HTTP $status): $answer" >&2
    return 1
  fi

  # the answer's ids, secret and route names hold no quote: plain text matching reads them
  local id secret callback_secret routes credited
  id=$(printf '%s' "$answer" | sed -nE 's/.*"clientId":"([^"]+)".*/\1/p')
  secret=$(printf '%s' "$answer" | sed -nE 's/.*"clientSecret":"([^"]+)".*/\1/p')
  callback_secret=$(printf '%s' "$answer" | sed -nE 's/.*"callbackSecret":"([^"]+)".*/\1/p')
  routes=$(printf '%s' "$answer" | { grep -o '"category":"[A-Z_]*"' || true; } | cut -d'"' -f4 | paste -sd' ' -)
  credited=$(printf '%s' "$answer" | sed -nE 's/.*"float":"?([0-9.]+)"?.*/\1/p')
  short_code=$(printf '%s' "$answer" | sed -nE 's/.*"shortCode":"([^"]+)".*/\1/p')
  account_prefix=$(printf '%s' "$answer" | sed -nE 's/.*"accountPrefix":"([^"]+)".*/\1/p')
  {
    echo "Created client $id ($name) at $base"
    echo "  routes: $routes"
    if [ -n "$credited" ]; then
      echo "  float:  $credited KES in its working account"
    else
      echo "  float:  none"
    fi
    if [ -n "$short_code" ]; then
      echo "  short code: $short_code (express deposits, payment links and paybill deposits; AccountNo ${account_prefix}...)"
    fi
    echo "Its secret is shown this once. Get a token:"
    echo "  curl -s -X POST $base/connect/token -d grant_type=client_credentials \\"
    echo "    -d client_id=\$PAYWIRE_CLIENT_ID -d client_secret=\$PAYWIRE_CLIENT_SECRET"
    echo "Its callbacks and checkout returns are signed with \$PAYWIRE_CALLBACK_SECRET (docs/webhooks.md)."
    echo
  } >&2
  echo "export PAYWIRE_CLIENT_ID=$id"
  echo "export PAYWIRE_CLIENT_SECRET=$secret"
  echo "export PAYWIRE_CALLBACK_SECRET=$callback_secret"
}
