# Sourced by ./paywire: `./paywire dispute CAPTURE_ID [--reason R] [--amount A] [--twice]` plays the card processor of
# the running local stack: the cardholder disputes a captured card payment, and the processor notifies Paywire's
# dispute callback (docs/disputes-and-reversals.md#card-disputes). It reads the capture with the merchant's token
# (its amount and currency), then POSTs the notification with a new dispute id, the sandbox processor's id of the
# capture and evidence due 5 minutes after the stack's now (the test clock's, when it has one). Needs curl, not
# Java. The processor's dispute id goes to stdout, everything else to stderr.

paywire_dispute_usage() {
  cat >&2 <<'USAGE'
usage: ./paywire dispute CAPTURE_ID [--reason R] [--amount A] [--twice]
  Disputes the card capture CAPTURE_ID (Paywire's CaptureId, cap_...) as the card processor would: its whole amount
  (or A), for reason R (fraudulent unless given), evidence due 5 minutes later. Prints the processor's dispute id.
  --twice   sends the notification twice, as a processor that got no answer does: one dispute, debited once
  PAYWIRE_CLIENT_ID/_SECRET: the merchant whose capture it is (the sandbox client unless set); PAYWIRE_PORT: the
  API's port (8080); PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET: the processor's secret, if changed.
USAGE
}

paywire_dispute() {
  if [ $# -lt 1 ] || [ "${1#-}" != "$1" ]; then
    paywire_dispute_usage
    return 2
  fi
  local capture=$1 reason=fraudulent amount="" twice=false
  shift
  while [ $# -gt 0 ]; do
    case $1 in
      --reason) [ -n "${2:-}" ] || { paywire_dispute_usage; return 2; }; reason=$2; shift 2 ;;
      --amount) [ -n "${2:-}" ] || { paywire_dispute_usage; return 2; }; amount=$2; shift 2 ;;
      --twice) twice=true; shift ;;
      *) paywire_dispute_usage; return 2 ;;
    esac
  done
  if ! printf '%s' "$reason" | grep -Eq '^[A-Za-z0-9_ -]{1,100}$'; then
    echo "The reason is 1-100 letters, digits, spaces, _ or -." >&2
    return 2
  fi
  local base
  base=$(paywire_running_stack dispute) || return 1
  local answer token
  answer=$(curl -s -X POST "$base/connect/token" -d grant_type=client_credentials \
    --data-urlencode "client_id=${PAYWIRE_CLIENT_ID:-paywire-sandbox}" \
    --data-urlencode "client_secret=${PAYWIRE_CLIENT_SECRET:-sandbox-secret}") || true
  token=$(printf '%s' "$answer" | sed -nE 's/.*"access_token":"([^"]+)".*/\1/p')
  if [ -z "$token" ]; then
    echo "The merchant's credentials were refused ($answer): set PAYWIRE_CLIENT_ID and PAYWIRE_CLIENT_SECRET." >&2
    return 1
  fi
  answer=$(curl -s "$base/apps/graph/api/v1/cards/transactions/$capture" -H "Authorization: Bearer $token") || true
  if ! printf '%s' "$answer" | grep -q '"Type":"CAPTURE"'; then
    echo "No capture $capture of ${PAYWIRE_CLIENT_ID:-paywire-sandbox}: $answer" >&2
    return 1
  fi
  local currency
  currency=$(printf '%s' "$answer" | sed -nE 's/.*"Currency":"([A-Z]{3})".*/\1/p')
  [ -n "$amount" ] || amount=$(printf '%s' "$answer" | sed -nE 's/.*"Amount":"([0-9.]+)".*/\1/p')
  # the stack's now: ahead of the wall clock once the test clock moved it
  local now due
  now=$(curl -s "$base/v1/sandbox/clock" -H "Authorization: Bearer $token" | sed -nE 's/.*"now":"([^"]+)".*/\1/p')
  due=$(date -u -d "${now:-now} + 5 minutes" +%Y-%m-%dT%H:%M:%SZ)
  local id="dp_$(date -u +%Y%m%d%H%M%S)$((RANDOM % 10000))"
  local body
  body=$(printf '{"id":"%s","captureId":"proc_cap_%s","amount":"%s","currency":"%s","reason":"%s","evidenceDueBy":"%s","status":"NEEDS_RESPONSE"}' \
    "$id" "$capture" "$amount" "$currency" "$reason" "$due")
  paywire_dispute_send "$base" "$body" || return 1
  if $twice; then
    paywire_dispute_send "$base" "$body" || return 1
  fi
  echo "$id"
}

# POSTs the notification to the dispute callback; prints what the stack answered to stderr, or fails saying why.
paywire_dispute_send() {
  local answer status
  answer=$(curl -s -w '\n%{http_code}' -X POST "$1/rails/card-processor/disputes" \
    -H "X-Rail-Secret: ${PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET:-sandbox-card-processor-secret}" \
    -H 'Content-Type: application/json' -d "$2") || true
  status=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if [ "$status" != 200 ] && [ "$status" != 202 ]; then
    echo "The stack refused the dispute (HTTP $status): $answer" >&2
    return 1
  fi
  echo "dispute notified: $answer" >&2
}
