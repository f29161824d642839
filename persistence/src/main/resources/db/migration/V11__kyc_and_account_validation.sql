-- Identity (KYC) checks and account-holder lookups. Both hold personal data (national IDs, names, dates of birth,
-- account numbers and their holders' names): it is kept sealed (AES-GCM under paywire.secrets.encryption-key, as
-- JSON in personal_data), reduced to what the status record shows once the rail has answered, and erased when the
-- request's retention ends. What stays in clear carries no personal data: a masked hint for logs and support.

create table kyc_requests (
    id                          uuid primary key,          -- Paywire's own id of the request
    client_id                   text        not null references clients (client_id),
    system_trace_audit_number   text        not null,      -- the client's id of the request (a GUID)
    route_id                    uuid        not null references routes (id),
    report_reason               integer     not null,
    country                     text        not null,
    currency                    text        not null,
    callback_url                text,
    device_id                   text,
    national_id_hint            text        not null,      -- e.g. ******78: enough to tell requests apart in a log
    personal_data               text,                      -- sealed JSON; null once erased
    status                      integer     not null check (status in (0, 2, 4)), -- 0 Pending, 2 Failed, 4 Completed
    response_code               text,
    response_desc               text,
    name_match                  text,                      -- per-field verdicts (JSON), no names in it
    completed_at                timestamptz,
    personal_data_erased_at     timestamptz,
    workflow_started            boolean     not null default false, -- outbox flag, as for payment orders
    created_at                  timestamptz not null default now(),
    unique (client_id, system_trace_audit_number)
);
create index kyc_requests_unstarted on kyc_requests (created_at) where not workflow_started;

create table account_validations (
    id                          uuid primary key,          -- conversationID in the status record
    client_id                   text        not null references clients (client_id),
    system_trace_audit_number   text        not null,
    validation_type             integer     not null check (validation_type in (1, 2)), -- 1 mobile wallet, 2 bank account
    institution_code            text        not null,      -- MCCMNC (wallets) or bank code
    country_code                text        not null,
    currency                    text        not null,
    callback_url                text        not null,
    callback_format             text        not null check (callback_format in ('JSON', 'XML')),
    account_hint                text        not null,      -- e.g. 2547******49
    personal_data               text,                      -- sealed JSON: account number and holder's name
    status                      integer     not null check (status in (0, 2, 4)), -- 0 Pending, 2 Failed, 4 Completed
    result_code                 text,
    result_desc                 text,
    transaction_id              text,                      -- the institution's reference of the lookup
    completed_at                timestamptz,
    personal_data_erased_at     timestamptz,
    workflow_started            boolean     not null default false,
    created_at                  timestamptz not null default now(),
    unique (client_id, system_trace_audit_number)
);
create index account_validations_unstarted on account_validations (created_at) where not workflow_started;

-- An event that carries personal data is stored sealed, like the requests it reports on; a callback may be asked
-- for in XML (account validation), rendered from the event's JSON under this root element when it is sent.
alter table events add column sealed boolean not null default false;
alter table events add column callback_xml_root text;
