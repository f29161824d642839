-- An operator's reversal of a completed mobile-money payout line sent to the wrong wallet (issue 48). Each is paid
-- back by its workflow in two phases: the amount held from the rail's settlement for the client's working account
-- under hold_key ({line's ledger key}:reversal:{id}) before the rail is asked, posted when the rail reverses it
-- (the line becomes Reversed, 6), voided when it refuses, kept while its answer is unknown.
--
-- status: PENDING (not held yet), REVERSING (held, the rail asked or its answer unknown), REVERSED, REFUSED.
-- One reversal per line that is not REFUSED: asking again while one is open or done finds it; after a refusal a
-- new one may be asked.

create table payout_reversals (
    id                         uuid          primary key,
    client_id                  text          not null,
    line_id                    uuid          not null references payout_lines (id),
    line_reference             text          not null,
    order_id                   uuid          not null,
    originator_conversation_id text          not null,
    system_trace_audit_number  text          not null,
    amount                     numeric(20,2) not null check (amount > 0),
    currency                   text          not null,
    msisdn                     text          not null,
    original_receipt           text          not null,
    reason                     text          not null,
    operator_id                text          not null,
    hold_key                   text          not null unique,
    status                     text          not null check (status in ('PENDING', 'REVERSING', 'REVERSED', 'REFUSED')),
    result_code                text,
    note                       text,
    workflow_started           boolean       not null default false,
    created_at                 timestamptz   not null,
    closed_at                  timestamptz
);
create unique index payout_reversals_one_per_line on payout_reversals (line_id) where status <> 'REFUSED';
create index payout_reversals_unstarted on payout_reversals (created_at) where not workflow_started;
