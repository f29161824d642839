-- Float top-ups from the platform bank's statement (issue 45). A client pays into Paywire's bank account with its
-- funding reference in the remittance information; the bank's statement (camt.053 or MT940), posted by an operator,
-- credits its working account from platform:FUNDING (the bank account, as the ledger sees it).

-- Each client's funding reference: PW, seven digits and a Damm check digit (vocabulary/funding/FundingReference),
-- assigned on first need and never changed.
create table client_funding_references (
    client_id   text primary key references clients (client_id),
    reference   text        not null unique,
    created_at  timestamptz not null
);

-- One row per bank entry that moved money, keyed by the bank's own reference of the entry, so the same entry in a
-- statement posted twice, or in two overlapping statements, is decided and moved once: the row and its ledger
-- transfer are written in one transaction. client_id is the client credited, null while held in suspense;
-- assigned_* say to whom an operator assigned a suspended entry (the audit log, operator_actions, says who and why).
create table bank_statement_entries (
    entry_reference     text          primary key,
    statement_key       text          not null,   -- account:statement id of the statement that recorded it
    statement_run       text          not null,   -- the run of that statement's workflow, which a retry answers as
    account             text          not null,
    statement_id        text          not null,
    amount              numeric(20,2) not null check (amount > 0),
    currency            text          not null,
    remittance          text,
    booking_date        date,
    funding_reference   text,                     -- the valid reference it named, if any
    outcome             text          not null check (outcome in ('CREDITED', 'SUSPENDED')),
    client_id           text references clients (client_id),
    suspense_reason     text,
    assigned_client_id  text references clients (client_id),
    assigned_at         timestamptz,
    recorded_at         timestamptz   not null,
    check ((outcome = 'CREDITED') = (client_id is not null)),
    check ((outcome = 'SUSPENDED') = (suspense_reason is not null))
);
create index bank_statement_entries_suspended on bank_statement_entries (recorded_at desc)
    where outcome = 'SUSPENDED';

-- Credits that named no client: credited here from platform:FUNDING, and from here to a client by an operator.
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('platform:FUNDING_SUSPENSE', null, 'FUNDING_SUSPENSE', 'KES', false);
