-- Card payments. No card number is ever stored: the processor's vault keeps the card; Paywire keeps the
-- vault's reference and the card summary (network, last four, expiry).

-- Single-use tokens a browser got for a card, valid 15 minutes.
create table transient_tokens (
    token                    text primary key,
    client_id                text        not null references clients (client_id),
    processor_instrument_id  text        not null,
    network                  text        not null,
    last_four                text        not null,
    expiry_month             text        not null,
    expiry_year              text        not null,
    expires_at               timestamptz not null,
    used_at                  timestamptz
);

-- Saved cards (PaymentInstrumentId).
create table saved_cards (
    id                       text primary key,
    client_id                text        not null references clients (client_id),
    processor_instrument_id  text        not null,
    network                  text        not null,
    last_four                text        not null,
    expiry_month             text        not null,
    expiry_year              text        not null,
    billing_address          json,
    created_at               timestamptz not null default now(),
    deleted_at               timestamptz
);

-- Every card transaction: authorisations, captures, voids and refunds. The read model of Get Transaction.
create table card_transactions (
    id                        text primary key,     -- auth_…, cap_…, void_…, ref_…
    client_id                 text          not null references clients (client_id),
    type                      text          not null check (type in ('AUTHORISATION', 'CAPTURE', 'VOID', 'REFUND')),
    status                    text          not null,
    authorisation_id          text          not null,
    parent_id                 text,                  -- a refund's capture
    order_id                  text,                  -- the client's RequestId of the authorisation
    request_id                text          not null,-- the client's RequestId of this operation (idempotency)
    amount                    numeric(20,2),
    currency                  text          not null,
    network                   text,
    last_four                 text,
    expiry_month              text,
    expiry_year               text,
    processor_transaction_id  text,
    response_code             text,
    avs_code                  text,
    cvn_code                  text,
    error_code                text,
    error_message             text,
    fraud_screen_id           text,
    authentication_id         text,
    created_at                timestamptz   not null,
    updated_at                timestamptz   not null default now(),
    unique (client_id, type, request_id)
);
create index card_transactions_authorisation on card_transactions (authorisation_id);
create index card_transactions_client on card_transactions (client_id, created_at desc);

-- Fraud screening decisions, and the velocity they are computed from.
create table fraud_screens (
    id             text primary key,
    client_id      text          not null references clients (client_id),
    instrument_id  text,                                  -- the vault reference: velocity per card
    amount         numeric(20,2) not null,
    currency       text          not null,
    decision       text          not null,
    score          integer       not null,
    reasons        text          not null,
    created_at     timestamptz   not null default now()
);
create index fraud_screens_velocity on fraud_screens (client_id, created_at);

-- 3-D Secure payer authentications.
create table payer_authentications (
    id                       text primary key,        -- PayerAuthenticationId
    reference_id             text        not null unique,
    client_id                text        not null references clients (client_id),
    processor_instrument_id  text        not null,
    network                  text        not null,
    status                   text        not null,
    amount                   numeric(20,2),
    currency                 text,
    eci                      text,
    cavv                     text,
    created_at               timestamptz not null default now()
);
