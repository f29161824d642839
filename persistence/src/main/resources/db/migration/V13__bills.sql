-- Bill payments: the billers Paywire pays (the catalogue), the accounts clients save at them, and each payment.
-- (V12 is airtime's, in flight alongside.)

create table bill_services (
    id                         uuid primary key,
    service_type               integer       not null unique, -- the integer serviceId clients send
    service_code               text          not null unique, -- e.g. KE-GOTV, also accepted as the service's id
    name                       text          not null,        -- serviceTypeDescription
    service_category           integer       not null check (service_category in (1, 2, 3)), -- 1 TV, 2 ELECTRICITY, 3 WATER
    country_id                 integer       not null,        -- ISO 3166 numeric (404 Kenya)
    currency_id                integer       not null,        -- ISO 4217 numeric (404 KES)
    min_amount                 numeric(20,2) not null check (min_amount > 0),
    max_amount                 numeric(20,2) not null check (max_amount >= min_amount),
    enabled                    boolean       not null,
    image                      text,
    validate_account_enabled   boolean       not null,        -- a payment asks the biller about the account first
    prepaid                    boolean       not null         -- a payment buys a token (prepaid electricity)
);

insert into bill_services values
  ('6c1f3b0e-2a7d-4f4e-9a61-000000000001', 1, 'KE-DSTV',             'DStv',                    1, 404, 404, 100.00, 50000.00,  true, null, true,  false),
  ('6c1f3b0e-2a7d-4f4e-9a61-000000000002', 2, 'KE-GOTV',             'GOtv',                    1, 404, 404, 100.00, 20000.00,  true, null, true,  false),
  ('6c1f3b0e-2a7d-4f4e-9a61-000000000003', 3, 'KE-ZUKU',             'Zuku',                    1, 404, 404, 100.00, 20000.00,  true, null, false, false),
  ('6c1f3b0e-2a7d-4f4e-9a61-000000000004', 4, 'KE-KPLC-PREPAID',     'KPLC prepaid electricity', 2, 404, 404, 100.00, 35000.00,  true, null, true,  true),
  ('6c1f3b0e-2a7d-4f4e-9a61-000000000005', 5, 'KE-KPLC-POSTPAID',    'KPLC postpaid electricity',2, 404, 404, 100.00, 100000.00, true, null, true,  false),
  ('6c1f3b0e-2a7d-4f4e-9a61-000000000006', 6, 'KE-NAIROBI-WATER',    'Nairobi City Water',      3, 404, 404, 100.00, 50000.00,  true, null, true,  false);

-- A client's saved account at a biller, with what the biller last said about it.
create table bill_numbers (
    id                     uuid primary key,
    client_id              text          not null references clients (client_id),
    service_id             uuid          not null references bill_services (id),
    account_number         text          not null,
    customer_name          text,
    phone_number           text,
    transaction_desc       text,
    enabled                boolean       not null default true,
    verified               boolean       not null,
    due_date               timestamptz,
    last_known_balance     numeric(20,2),
    remind_me_due_date     boolean       not null default false,
    created_at             timestamptz   not null default now(),
    updated_at             timestamptz   not null default now(),
    unique (client_id, service_id, account_number)
);

-- One bill payment (transactionType 2); queries and validations (1, 3) are answered at once and not kept.
create table bill_payments (
    id                          uuid primary key,          -- systemConversationId
    client_id                   text          not null references clients (client_id),
    originator_conversation_id  text          not null,
    service_id                  uuid          not null references bill_services (id),
    account_number              text          not null,
    msisdn                      text,
    amount                      numeric(20,2) not null check (amount > 0),
    fee                         numeric(20,2) not null check (fee >= 0),
    customer_names              text,
    narration                   text,
    callback_url                text,
    status                      integer       not null check (status in (0, 1, 2, 4, 8)), -- BillPaymentStatus
    status_code                 text,
    status_description          text,
    account_customer_name       text,
    due_amount                  numeric(20,2),
    due_date                    timestamptz,
    receipt_number              text,                      -- for prepaid electricity: the token too
    date_payment_received       timestamptz,
    workflow_started            boolean       not null default false,
    created_at                  timestamptz   not null default now(),
    unique (client_id, originator_conversation_id)
);
create index bill_payments_unstarted on bill_payments (created_at) where not workflow_started;

-- Bill payment fees (transaction type 9): a flat 30 KES, as a biller aggregator charges.
insert into charges values
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0091', 9, 1.00, 999999999999999999.99, 30.00, 'FLAT', 404);

-- The mirror of money paid out to billers.
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('rail:BILLER:SETTLEMENT', null, 'RAIL_SETTLEMENT', 'KES', true);
