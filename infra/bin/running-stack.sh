# Sourced by the ./paywire commands that talk to a running local stack (client, pay, fund, dispute): where its API is, and
# the operator's token there.

# Prints the API's base URL, or fails saying why: curl is missing (the command needs it), or nothing answers there.
paywire_running_stack() {
  if ! command -v curl >/dev/null 2>&1; then
    echo "./paywire $1 needs curl." >&2
    return 1
  fi
  local base="http://localhost:${PAYWIRE_PORT:-8080}"
  if [ "$(curl -s --max-time 5 "$base/api_health_check" 2>/dev/null)" != Healthy ]; then
    echo "No Paywire is running at $base: start the local stack first (./paywire), or set PAYWIRE_PORT to its port." >&2
    return 1
  fi
  echo "$base"
}

# Prints a token of the local operator at the base URL $1 (PAYWIRE_OPERATOR_CLIENT_ID/_SECRET if changed), or fails
# saying why.
paywire_operator_token() {
  local answer token
  answer=$(curl -s -X POST "$1/connect/token" -d grant_type=client_credentials \
    --data-urlencode "client_id=${PAYWIRE_OPERATOR_CLIENT_ID:-paywire-operator}" \
    --data-urlencode "client_secret=${PAYWIRE_OPERATOR_CLIENT_SECRET:-operator-secret}") || true
  token=$(printf '%s' "$answer" | sed -nE 's/.*"access_token":"([^"]+)".*/\1/p')
  if [ -z "$token" ]; then
    echo "The operator's credentials were refused at $1 ($answer): set PAYWIRE_OPERATOR_CLIENT_ID and" \
      "PAYWIRE_OPERATOR_CLIENT_SECRET to those the stack printed." >&2
    return 1
  fi
  echo "$token"
}
