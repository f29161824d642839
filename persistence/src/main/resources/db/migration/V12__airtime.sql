-- Airtime purchases: one request of a client tops up one or more phone numbers. Each recipient is paid on its own
-- (its own hold on the working account, its own call to its network's airtime rail, posted or released on its
-- own), so a purchase may end partly done. The status query and the callback read these two tables.

create table airtime_purchases (
    id                          uuid primary key,          -- systemConversationId
    client_id                   text        not null references clients (client_id),
    originator_conversation_id  text        not null,      -- the client's id of the purchase
    callback_url                text        not null,
    -- PENDING until every recipient is final; then COMPLETED (all topped up), PARTIALLY_COMPLETED or FAILED (none)
    status                      text        not null check (status in ('PENDING', 'COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED')),
    completed_at                timestamptz,
    workflow_started            boolean     not null default false, -- outbox flag, as for payment orders
    created_at                  timestamptz not null default now(),
    unique (client_id, originator_conversation_id)
);
create index airtime_purchases_unstarted on airtime_purchases (created_at) where not workflow_started;

create table airtime_recipients (
    id                          uuid primary key,          -- the reference the airtime rail deduplicates on
    purchase_id                 uuid          not null references airtime_purchases (id),
    position                    integer       not null,    -- the recipient's index in the request, from 0
    phone_number                text          not null,    -- 254 and nine digits
    network                     text          not null check (network in ('SAFARICOM', 'AIRTEL', 'TELKOM')),
    name                        text,
    currency                    text          not null check (currency = 'KES'),
    amount                      numeric(20,2) not null check (amount > 0),
    fee                         numeric(20,2) not null check (fee >= 0),
    transaction_type_id         integer       not null,
    -- PENDING (accepted), PROCESSING (funds held, with the network), COMPLETED (posted), FAILED (released or never held)
    status                      text          not null check (status in ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
    result_code                 text,
    result_desc                 text,
    receipt_number              text,                      -- the network's receipt of a top-up
    completed_at                timestamptz,
    unique (purchase_id, position)
);
create index airtime_recipients_purchase on airtime_recipients (purchase_id);

-- Airtime (transaction type 8) carries no fee: one band of 0.00 over the amounts a recipient may be sent.
insert into charges values
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0008', 8, 10.00, 10000.00, 0.00, 'FLAT', 404);

-- The mirror of what each network is owed for the airtime it issued.
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('rail:AIRTIME_SAFARICOM:SETTLEMENT', null, 'RAIL_SETTLEMENT', 'KES', true),
  ('rail:AIRTIME_AIRTEL:SETTLEMENT',    null, 'RAIL_SETTLEMENT', 'KES', true),
  ('rail:AIRTIME_TELKOM:SETTLEMENT',    null, 'RAIL_SETTLEMENT', 'KES', true);
