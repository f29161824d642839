-- Short codes issued to a client: the credit party of its collections. AccountNo of a paybill-style deposit is
-- the short code's prefix followed by a client suffix of at most 12 characters.
create table client_short_codes (
    short_code      text primary key,
    client_id       text not null references clients (client_id),
    account_prefix  text not null
);

-- Payment links: a hosted page where a payer pays the client by phone prompt.
create table payment_links (
    id                   uuid primary key,
    client_id            text          not null references clients (client_id),
    short_code           text          not null references client_short_codes (short_code),
    first_name           text,
    last_name            text,
    email_address        text,
    phone_number         text,
    account_reference    text,
    payment_type         text,
    description          text          not null,
    is_amount_specified  boolean       not null,
    amount               numeric(20,2),
    currency             text          not null,
    redirection_site     text,
    status               text          not null check (status in ('ACTIVE', 'DISABLED')),
    created_date         timestamptz   not null default now()
);
create index payment_links_client on payment_links (client_id);

-- Express deposits (phone prompts) and their outcome: the read model of the status query.
create table express_deposits (
    id                          uuid primary key,       -- systemConversationId, and the rail's reference
    client_id                   text          not null references clients (client_id),
    originator_conversation_id  text          not null,
    short_code                  text          not null,
    account_no                  text,
    amount                      numeric(20,2) not null,
    phone_number                text          not null,
    transaction_desc            text,
    callback_url                text,
    collection_type             integer,
    success_redirect_url        text,
    failed_redirect_url         text,
    service_code                text,
    currency                    text,
    first_name                  text,
    last_name                   text,
    mccmnc                      text,
    payment_link_id             uuid references payment_links (id),
    merchant_request_id         text,
    checkout_request_id         text,
    status                      text          not null check (status in ('PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')),
    result_code                 text,
    result_desc                 text,
    receipt_number              text,
    transaction_date            timestamptz,
    workflow_started            boolean       not null default false,
    created_at                  timestamptz   not null default now(),
    unique (client_id, originator_conversation_id)
);
create index express_deposits_link on express_deposits (payment_link_id, created_at);
