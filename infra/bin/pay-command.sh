# Sourced by ./paywire: `./paywire pay AMOUNT to ACCOUNT_NO from PHONE` plays the mobile-money rail of the running
# local stack: a payer paying a paybill from the phone's menu (docs/paybill-deposits.md). It asks the paybill's
# validation, then sends the confirmation, both to the stack's C2B endpoints with the rail's X-Rail-Secret. Needs
# curl, not Java. The receipt goes to stdout, everything else to stderr, so RECEIPT=$(./paywire pay ...) keeps it.

paywire_pay_usage() {
  cat >&2 <<'USAGE'
usage: ./paywire pay AMOUNT to ACCOUNT_NO from PHONE [at SHORT_CODE] [--receipt R] [--twice] [--no-validation]
  Pays AMOUNT KES to the paybill SHORT_CODE (174379, the sandbox client's, unless given) with ACCOUNT_NO as the
  account (the client's prefix and its reference, e.g. PWINV-1) from PHONE, as the mobile-money rail would: the
  validation first (a refusal ends the payment, as the rail would end it), then the confirmation. Prints the receipt.
  --receipt R        the rail's receipt (a new one unless given)
  --twice            sends the confirmation twice, as a rail that got no answer does
  --no-validation    sends the confirmation without asking first, as a rail whose validation is switched off does
  PAYWIRE_PORT: the API's port (8080); PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET: the rail's secret, if changed.
USAGE
}

paywire_pay() {
  if [ $# -lt 5 ] || [ "$2" != to ] || [ "$4" != from ]; then
    paywire_pay_usage
    return 2
  fi
  local amount=$1 account=$3 phone=$5 short_code=174379 receipt="" twice=false validate=true
  shift 5
  while [ $# -gt 0 ]; do
    case $1 in
      at) [ -n "${2:-}" ] || { paywire_pay_usage; return 2; }; short_code=$2; shift 2 ;;
      --receipt) [ -n "${2:-}" ] || { paywire_pay_usage; return 2; }; receipt=$2; shift 2 ;;
      --twice) twice=true; shift ;;
      --no-validation) validate=false; shift ;;
      *) paywire_pay_usage; return 2 ;;
    esac
  done
  phone=${phone#+}
  case $phone in
    0*) phone=254${phone#0} ;;
  esac
  if [ -z "$receipt" ]; then
    # the rail's receipts are ten capitals and digits
    receipt=$(printf 'T%09X' $(( (RANDOM << 15 | RANDOM) << 6 | RANDOM % 64 )) | cut -c1-10)
  fi
  local base
  base=$(paywire_running_stack pay) || return 1
  local body answer
  body=$(printf '{"TransactionType":"Pay Bill","TransID":"%s","TransTime":"%s","TransAmount":"%s",%s' \
    "$receipt" "$(TZ=Africa/Nairobi date +%Y%m%d%H%M%S)" "$amount" \
    "$(printf '"BusinessShortCode":"%s","BillRefNumber":"%s","MSISDN":"%s","FirstName":"Sandbox"}' \
      "$short_code" "$account" "$phone")")

  if $validate; then
    answer=$(paywire_pay_send "$base/rails/mobile-money/c2b/validation" "$body") || return 1
    echo "validation: $answer" >&2
    if ! printf '%s' "$answer" | grep -q '"ResultCode":0[,}]'; then
      echo "The paybill refused the payment: the rail takes no money, and sends no confirmation." >&2
      echo "$receipt"
      return 0
    fi
  fi
  answer=$(paywire_pay_send "$base/rails/mobile-money/c2b/confirmation" "$body") || return 1
  echo "confirmation: $answer" >&2
  if $twice; then
    answer=$(paywire_pay_send "$base/rails/mobile-money/c2b/confirmation" "$body") || return 1
    echo "confirmation again: $answer" >&2
  fi
  echo "$receipt"
}

# POSTs the body as the rail; prints the answer, or fails saying why.
paywire_pay_send() {
  local answer status
  answer=$(curl -s -w '\n%{http_code}' -X POST "$1" -H 'Content-Type: application/json' \
    -H "X-Rail-Secret: ${PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET:-sandbox-mobile-money-secret}" -d "$2") || true
  status=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if [ "$status" != 200 ]; then
    echo "The stack refused the rail's call to $1 (HTTP $status): $answer" >&2
    return 1
  fi
  printf '%s' "$answer"
}
