-- Double-entry ledger. Every posted transfer writes two entries of equal size and opposite sign, so the sum
-- of all entries is always zero. Payouts use two phases: a reservation holds funds (reserved) until it is
-- posted (entries written) or voided (hold released). balance and reserved are kept on the account row, under
-- a row lock, so that "available = balance - reserved" can be checked and never go below zero.
create table ledger_accounts (
    id              text primary key,                 -- e.g. client:paywire-sandbox:WORKING, platform:FEE_REVENUE
    client_id       text references clients (client_id),
    kind            text          not null,           -- WORKING, UTILITY, RECEIVABLE, FEE_REVENUE, RAIL_SETTLEMENT, FUNDING
    currency        text          not null,
    balance         numeric(20,2) not null default 0,
    reserved        numeric(20,2) not null default 0 check (reserved >= 0),
    may_go_negative boolean       not null,            -- only accounts that mirror the outside world
    check (may_go_negative or balance - reserved >= 0)
);

create table ledger_transfers (
    id               uuid primary key,
    idempotency_key  text          not null unique,    -- a retried activity finds its own transfer and stops
    reservation_key  text,                             -- groups the legs of one two-phase reservation
    debit_account    text          not null references ledger_accounts (id),
    credit_account   text          not null references ledger_accounts (id),
    amount           numeric(20,2) not null check (amount > 0),
    state            text          not null,           -- PENDING, POSTED, VOIDED
    description      text          not null,
    created_at       timestamptz   not null default now(),
    settled_at       timestamptz
);
create index ledger_transfers_reservation on ledger_transfers (reservation_key);

create table ledger_entries (
    id           bigserial primary key,
    transfer_id  uuid          not null references ledger_transfers (id),
    account_id   text          not null references ledger_accounts (id),
    amount       numeric(20,2) not null,               -- credit positive, debit negative
    created_at   timestamptz   not null default now()
);
create index ledger_entries_account on ledger_entries (account_id);

-- Fee bands per transaction type. feeType FLAT takes feeAmount as is; PERCENT takes feeAmount percent.
create table charges (
    id                   uuid primary key,
    transaction_type_id  integer       not null,
    min_amount           numeric(20,2) not null,
    max_amount           numeric(20,2) not null,
    fee_amount           numeric(20,4) not null,
    fee_type             text          not null check (fee_type in ('FLAT', 'PERCENT')),
    ccy                  integer       not null
);
create index charges_type on charges (transaction_type_id);

insert into charges values
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0001', 1, 1.00,      1000.00,    10.00, 'FLAT',    404),
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0002', 1, 1000.01,   150000.00,  25.00, 'FLAT',    404),
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0003', 2, 1.00,      100000.00,  50.00, 'FLAT',    404),
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0004', 2, 100000.01, 9999999.99, 0.10,  'PERCENT', 404),
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0005', 3, 1.00,      250000.00,  20.00, 'FLAT',    404),
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0006', 4, 1.00,      250000.00,  1.00,  'PERCENT', 404);

-- Payment orders (payouts): the read model the status query answers from.
create table payment_orders (
    id                          uuid primary key,   -- systemConversationId
    client_id                   text        not null references clients (client_id),
    originator_conversation_id  text        not null,
    payment_notes               text,
    is_processed                boolean     not null default false,
    workflow_started            boolean     not null default false, -- outbox flag: false until Temporal took the order
    created_at                  timestamptz not null default now(),
    unique (client_id, originator_conversation_id)
);
create index payment_orders_unstarted on payment_orders (created_at) where not workflow_started;

create table payout_lines (
    id                               uuid primary key,      -- transactionOutcome.id
    order_id                         uuid          not null references payment_orders (id),
    client_id                        text          not null,
    line_number                      integer       not null,
    system_trace_audit_number        text          not null unique,  -- the rail's idempotency key
    rail                             text          not null,         -- MOBILE_MONEY, BANK
    route_id                         uuid          not null,
    route_transaction_type_id        integer       not null,
    channel_type                     integer       not null,
    amount                           numeric(20,2) not null,
    currency                         text          not null,
    reference                        text,
    remitter                         jsonb         not null,
    recipient                        jsonb         not null,
    fee_amount                       numeric(20,2),
    tracking_number                  text,
    transaction_status               integer       not null,
    transaction_status_description   text          not null,
    result_code                      text,
    result_code_description          text,
    working_account_available_funds  numeric(20,2),
    utility_account_available_funds  numeric(20,2),
    wallet_balance                   numeric(20,2),
    transaction_date                 timestamptz,
    transaction_credit_party         text,
    third_party_payload              jsonb,
    updated_at                       timestamptz   not null default now()
);
create index payout_lines_order on payout_lines (order_id, line_number);

-- Every callback a rail sends, as received: the evidence behind each outcome.
create table rail_callbacks (
    id           bigserial primary key,
    rail         text        not null,
    reference    text,
    payload      jsonb       not null,
    matched      boolean     not null,   -- false: no running workflow took it (duplicate after close, unknown)
    received_at  timestamptz not null default now()
);

-- Platform accounts: fees earned, and the mirror of money that left through each rail.
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('platform:FEE_REVENUE',              null, 'FEE_REVENUE',     'KES', false),
  ('rail:MOBILE_MONEY:SETTLEMENT',      null, 'RAIL_SETTLEMENT', 'KES', true),
  ('rail:BANK:SETTLEMENT',              null, 'RAIL_SETTLEMENT', 'KES', true),
  ('platform:FUNDING',                  null, 'FUNDING',         'KES', true);
