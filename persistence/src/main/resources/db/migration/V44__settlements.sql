-- Settlement of a merchant's collections to its bank account (issue 45, part 3).
--
-- settlement_instructions: one row per client, where and when its utility account is settled. account_changed_at
-- is set when the bank account is replaced by another (not when it is first set, nor when only the schedule or the
-- minimum change); usable_from is when a settlement may first go to the account (the change plus the cool-off, 24 h).
-- Every time is the platform's clock, written by the store, never the database's.
create table settlement_instructions (
    client_id          text           primary key references clients (client_id),
    bank_code          text           not null,
    account_number     text           not null,
    account_name       text           not null,
    schedule           text           not null check (schedule in ('DAILY', 'WEEKLY', 'MANUAL')),
    minimum_amount     numeric(20, 2) not null check (minimum_amount >= 0),
    account_changed_at timestamptz,
    usable_from        timestamptz    not null,
    created_at         timestamptz    not null,
    updated_at         timestamptz    not null
);

-- settlements: one row per settlement. amount leaves the utility account (held, then posted under
-- settlement:{id}: net to rail:BANK:SETTLEMENT, fee to platform:FEE_REVENUE); net = amount - fee is what the bank
-- pays. The bank account is copied from the instructions when the settlement is made. At most one settlement of a
-- client is open (PENDING, PROCESSING, UNCONFIRMED) at a time, so each one's attribution (below) follows the last.
create table settlements (
    id                         uuid           primary key,
    client_id                  text           not null references clients (client_id),
    originator_conversation_id text           not null,
    scheduled                  boolean        not null,
    status                     text           not null
        check (status in ('PENDING', 'PROCESSING', 'UNCONFIRMED', 'PAID', 'FAILED')),
    amount                     numeric(20, 2) not null check (amount > 0),
    fee                        numeric(20, 2) not null check (fee >= 0),
    net                        numeric(20, 2) not null check (net > 0),
    carried_in                 numeric(20, 2),
    carried_out                numeric(20, 2),
    bank_code                  text           not null,
    account_number             text           not null,
    account_name               text           not null,
    result_code                text,
    result_description         text,
    bank_reference             text,
    created_at                 timestamptz    not null,
    held_at                    timestamptz,
    paid_at                    timestamptz,
    failed_at                  timestamptz,
    unconfirmed_since          timestamptz,
    referred_at                timestamptz,
    workflow_started           boolean        not null default false,
    unique (client_id, originator_conversation_id),
    check (net = amount - fee)
);

create unique index settlements_one_open_per_client on settlements (client_id)
    where status in ('PENDING', 'PROCESSING', 'UNCONFIRMED');
create index settlements_by_client_newest on settlements (client_id, created_at desc, id);

-- settlement_entries: how a settlement's amount is explained, line by line. When its amount is held, a settlement
-- takes every posted entry of the client's KES utility account up to that moment that no earlier settlement took
-- (the entry ids are the statement's) and is not a settlement's own (settlement:...). Its amount is then
--   sum(entries) + carried_in - carried_out
-- where carried_in is what the client's last paid settlement carried out, and carried_out what these entries hold
-- beyond this amount (money held for something else, or a smaller amount asked). A failed settlement gives its
-- entries back (its rows are deleted when its hold is released), so the next one takes them. entry_id is unique:
-- an entry is settled once.
create table settlement_entries (
    settlement_id uuid           not null references settlements (id),
    entry_id      bigint         not null unique references ledger_entries (id),
    amount        numeric(20, 2) not null,
    primary key (settlement_id, entry_id)
);
