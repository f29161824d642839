-- Hosted checkout: an order with line items that the payer pays on Paywire's page, by card or mobile money.
-- (V9 is taken by another change in flight; Flyway accepts the gap.)

create table checkout_orders (
    id                               uuid primary key,       -- checkoutId: the hosted page's address, unguessable
    system_conversation_id           uuid          not null unique,
    client_id                        text          not null references clients (client_id),
    originator_conversation_id       text          not null,
    checkout_reference               text,
    route_id                         uuid          not null references routes (id),
    route_channel_type               integer       not null, -- 1 card, 2 mobile money: the merchant's preference
    notes                            text,
    currency_code                    integer       not null, -- ISO 4217 numeric (404)
    currency_name                    text          not null, -- ISO 4217 letters (KES)
    due_date                         timestamptz   not null, -- unpaid by then: expired
    return_url                       text          not null,
    cancel_url                       text          not null,
    callback_url                     text          not null,
    account_no                       text,
    total_amount                     numeric(20,2) not null check (total_amount > 0),
    fee_amount                       numeric(20,2) not null check (fee_amount >= 0 and fee_amount < total_amount),
    status                           integer       not null, -- 0 Pending .. 5 Expired (CheckoutStatus)
    status_desc                      text          not null,
    result_code                      text,
    result_desc                      text,
    third_party_response_code        text,
    third_party_response_desc        text,
    third_party_reference            text,
    payment_method                   text check (payment_method in ('CARD', 'MOBILE_MONEY')), -- of the last attempt
    bill_to_first_name               text,
    bill_to_last_name                text,
    bill_to_address1                 text,
    bill_to_locality                 text,
    bill_to_administrative_area      text,
    bill_to_postal_code              text,
    bill_to_country                  text,
    bill_to_email                    text,
    bill_to_phone_number             text,
    workflow_started                 boolean       not null default false, -- outbox flag, as for payment orders
    created_at                       timestamptz   not null default now(),
    updated_at                       timestamptz   not null default now(),
    unique (client_id, originator_conversation_id)
);
create index checkout_orders_unstarted on checkout_orders (created_at) where not workflow_started;

create table checkout_order_lines (
    checkout_id  uuid          not null references checkout_orders (id),
    position     integer       not null,               -- the line's place in checkoutRequestLines, from 0
    sku          text          not null,
    name         text          not null,
    price        numeric(20,2) not null check (price > 0),
    primary key (checkout_id, position)
);

-- A mobile-money attempt at a checkout is an express deposit of the checkout's client; the checkout, not the
-- deposit, credits the client and calls it back. Such a deposit has no short code of the client's.
alter table express_deposits add column checkout_id uuid references checkout_orders (id);
alter table express_deposits alter column short_code drop not null;
create index express_deposits_checkout on express_deposits (checkout_id) where checkout_id is not null;

-- The checkout fee, deducted from what the merchant is credited.
insert into charges values
  ('0b7c4a10-3f1e-4d55-9a52-0d1e5c6a0011', 11, 0.01, 999999999999999999.99, 1.50, 'PERCENT', 404);

-- The mirror of money that came in through the card processor (mobile money has its own since V2).
insert into ledger_accounts (id, client_id, kind, currency, may_go_negative) values
  ('rail:CARD:SETTLEMENT', null, 'RAIL_SETTLEMENT', 'KES', true);
