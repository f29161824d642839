# Sourced by the ./paywire commands that talk to a running local stack (client, pay): where its API is.

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
