-- The secret a client's per-request callbacks are signed with (AES-GCM encrypted, never stored in clear).
alter table clients add column callback_secret text;

-- Webhook endpoints registered by clients. The signing secret must be usable to compute HMACs, so it is
-- encrypted (AES-GCM), not hashed.
create table webhook_endpoints (
    id                 uuid primary key,                -- WebhookId
    client_id          text        not null references clients (client_id),
    url                text        not null,
    events             text[]      not null,
    description        text,
    signing_secret     text        not null,
    status             text        not null check (status in ('ACTIVE', 'INACTIVE', 'DELETED')),
    created_at         timestamptz not null default now(),
    status_changed_at  timestamptz not null default now()
);
create index webhook_endpoints_client on webhook_endpoints (client_id);

-- Everything that happened that a client may be told about.
create table events (
    id            uuid primary key,                     -- EventId
    client_id     text        not null references clients (client_id),
    type          text        not null,
    ordering_key  text,                                 -- the payment it belongs to: delivered in order per key
    data          jsonb       not null,
    callback_url  text,                                 -- set for per-request callbacks
    created_at    timestamptz not null
);
create index events_client on events (client_id, created_at desc);

-- One delivery of one event to one target (a webhook endpoint, or a callback URL).
create table deliveries (
    id              uuid primary key,
    event_id        uuid        not null references events (id),
    client_id       text        not null,
    webhook_id      uuid references webhook_endpoints (id),
    url             text        not null,
    status          text        not null check (status in ('PENDING', 'DELIVERED', 'FAILED', 'SUSPENDED')),
    predecessor_id  uuid references deliveries (id),   -- the previous delivery of the same payment to the same target
    created_at      timestamptz not null default now(),
    finished_at     timestamptz
);
create index deliveries_event on deliveries (event_id);
create index deliveries_webhook on deliveries (webhook_id, status);
create index deliveries_predecessor on deliveries (predecessor_id);

create table delivery_attempts (
    id              bigserial primary key,
    delivery_id     uuid        not null references deliveries (id),
    attempt_number  integer     not null,
    attempted_at    timestamptz not null,
    status_code     integer,
    error           text,
    latency_ms      integer     not null,
    unique (delivery_id, attempt_number)
);
