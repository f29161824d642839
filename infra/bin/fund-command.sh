# Sourced by ./paywire: `./paywire fund CLIENT_ID AMOUNT [--reference R] [--twice]` plays the platform's bank for the
# running local stack: a client's bank transfer to Paywire's bank account, reported on the bank's statement
# (docs/funding.md). It gets an operator token, reads the client's funding reference, writes a camt.053 statement of
# one credit (a new bank reference each run) and posts it to /v1/operations/bank-statements, then prints what
# became of each entry. Needs curl, not Java. The bank's entry reference goes to stdout, everything else to stderr.

paywire_fund_usage() {
  cat >&2 <<'USAGE'
usage: ./paywire fund CLIENT_ID AMOUNT [--reference R] [--twice]
  Pays AMOUNT KES into Paywire's bank account for CLIENT_ID, as the bank's statement reports it: the statement is
  posted by the operator and credits the client's working account (accountType 1). Prints the bank's entry reference.
  --reference R   puts R in the remittance information instead of the client's funding reference (a typo, or
                  none at all: the money goes to funding suspense, for an operator to assign)
  --twice         posts the statement twice, showing that the second post credits nothing (ALREADY_PROCESSED)
  PAYWIRE_PORT: the API's port (8080); PAYWIRE_OPERATOR_CLIENT_ID/_SECRET: the operator's credentials, if changed.
USAGE
}

paywire_fund() {
  if [ $# -lt 2 ]; then
    paywire_fund_usage
    return 2
  fi
  local client=$1 amount=$2 reference="" twice=false
  shift 2
  while [ $# -gt 0 ]; do
    case $1 in
      --reference) [ -n "${2:-}" ] || { paywire_fund_usage; return 2; }; reference=$2; shift 2 ;;
      --twice) twice=true; shift ;;
      *) paywire_fund_usage; return 2 ;;
    esac
  done
  if ! printf '%s' "$amount" | grep -Eq '^[0-9]+(\.[0-9]{1,2})?$'; then
    echo "The amount must be KES with at most two decimals, e.g. 1500 or 1500.50." >&2
    return 2
  fi
  local base
  base=$(paywire_running_stack fund) || return 1
  local answer token
  token=$(paywire_operator_token "$base") || return 1
  if [ -z "$reference" ]; then
    answer=$(paywire_fund_call GET "$base/v1/operations/funding-references/$client" "$token") || return 1
    reference=$(printf '%s' "$answer" | sed -nE 's/.*"fundingReference":"([^"]+)".*/\1/p')
    echo "funding reference of $client: $reference" >&2
  fi
  # the bank's references: a new one each run
  local stamp entry statement
  stamp=$(date -u +%Y%m%d%H%M%S)
  entry=$(printf 'SBK%s%04d' "$stamp" $((RANDOM % 10000)))
  statement="SANDBOX-$entry"
  local remittance
  remittance=$(printf '%s' "Top-up $reference" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g')
  local document
  document=$(cat <<XML
<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>$statement</MsgId><CreDtTm>$(date -u +%Y-%m-%dT%H:%M:%SZ)</CreDtTm></GrpHdr>
    <Stmt>
      <Id>$statement</Id>
      <CreDtTm>$(date -u +%Y-%m-%dT%H:%M:%SZ)</CreDtTm>
      <Acct><Id><Othr><Id>${PAYWIRE_FUNDING_ACCOUNT_NUMBER:-0100200300400}</Id></Othr></Id></Acct>
      <Ntry>
        <Amt Ccy="KES">$amount</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>$(date -u +%Y-%m-%d)</Dt></BookgDt>
        <AcctSvcrRef>$entry</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>TRF</Cd></Prtry></BkTxCd>
        <NtryDtls><TxDtls><RmtInf><Ustrd>$remittance</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
XML
)
  answer=$(paywire_fund_call POST "$base/v1/operations/bank-statements" "$token" "$document") || return 1
  echo "statement $statement:" >&2
  paywire_fund_print "$answer"
  if $twice; then
    answer=$(paywire_fund_call POST "$base/v1/operations/bank-statements" "$token" "$document") || return 1
    echo "statement $statement again:" >&2
    paywire_fund_print "$answer"
  fi
  echo "$entry"
}

# Calls the operator API; prints the answer, or fails saying why.
paywire_fund_call() {
  local answer status
  if [ "$1" = GET ]; then
    answer=$(curl -s -w '\n%{http_code}' "$2" -H "Authorization: Bearer $3") || true
  else
    answer=$(curl -s -w '\n%{http_code}' -X POST "$2" -H "Authorization: Bearer $3" \
      -H 'Content-Type: application/xml' --data-binary "$4") || true
  fi
  status=${answer##*$'\n'}
  answer=${answer%$'\n'*}
  if [ "$status" != 200 ] && [ "$status" != 202 ]; then
    echo "The stack refused $1 $2 (HTTP $status): $answer" >&2
    return 1
  fi
  printf '%s' "$answer"
}

# One line per entry of a statement's answer: reference, amount, outcome, client or reason.
paywire_fund_print() {
  printf '%s' "$1" | sed -e 's/.*"entries":\[//' -e 's/\]}$//' | sed 's/},{/}\n{/g' \
    | while IFS= read -r line || [ -n "$line" ]; do  # the answer's last line has no newline
    local ref amount outcome client reason
    ref=$(printf '%s' "$line" | sed -nE 's/.*"entryReference":"([^"]*)".*/\1/p')
    amount=$(printf '%s' "$line" | sed -nE 's/.*"amount":"([^"]*)".*/\1/p')
    outcome=$(printf '%s' "$line" | sed -nE 's/.*"outcome":"([^"]*)".*/\1/p')
    client=$(printf '%s' "$line" | sed -nE 's/.*"clientId":"([^"]*)".*/\1/p')
    reason=$(printf '%s' "$line" | sed -nE 's/.*"reason":"([^"]*)".*/\1/p')
    [ -n "$ref" ] && echo "  $ref  $amount KES  $outcome${client:+  to $client}${reason:+  ($reason)}" >&2
  done
}
