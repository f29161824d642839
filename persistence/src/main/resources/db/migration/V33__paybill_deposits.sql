-- Paybill deposits (C2B): payments a payer starts from the phone's menu to a client's short code, with the
-- client's AccountNo (its prefix and the client's own reference) as the account. One row per rail receipt, so a
-- confirmation the rail repeats is recorded once; client_id is null when the deposit named no client Paywire can
-- credit (held in suspense).
create table paybill_deposits (
    id                  uuid primary key,           -- Paywire's id, and the ledger key's
    receipt_number      text          not null unique,
    short_code          text          not null,
    account_reference   text          not null,     -- the AccountNo the payer typed, as the rail sent it
    amount              numeric(20,2) not null,
    phone_number        text          not null,
    transaction_time    timestamptz   not null,
    client_id           text references clients (client_id),
    client_reference    text,                       -- the AccountNo less the client's prefix
    fee                 numeric(20,2),
    status              text          not null check (status in ('RECEIVED', 'CREDITED', 'SUSPENDED')),
    status_reason       text,                       -- why a deposit is held in suspense
    workflow_started    boolean       not null default false,
    created_at          timestamptz   not null,
    closed_at           timestamptz
);
create index paybill_deposits_client_reference on paybill_deposits (client_id, client_reference, created_at);
create index paybill_deposits_unstarted on paybill_deposits (created_at) where not workflow_started;

-- What a client set for its paybill deposits: where they are announced (signed, like every callback) and the URL
-- Paywire asks before the rail's validation is answered.
create table client_paybill_settings (
    client_id       text primary key references clients (client_id),
    callback_url    text,
    validation_url  text,
    updated_at      timestamptz not null
);

-- Paywire's fee on a paybill deposit (transaction type 12, priced like the routes but offered to every client
-- that has a short code): one percentage band over the amounts the rail takes to a paybill.
insert into charges values
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0012', 12, 1.00, 250000.00, 0.55, 'PERCENT', 404);

insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('platform:PAYBILL_SUSPENSE', null, 'PAYBILL_SUSPENSE', 'KES', false);
