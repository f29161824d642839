-- Merchants signed in to the console (/console). The cookie holds a random id; the table only its SHA-256, so a
-- copy of the table lets nobody in. Every API replica reads the same rows: a session works on whichever replica a
-- request reaches, and signing out or disabling the client ends it everywhere at once.
create table console_sessions (
    id_hash       text primary key,                    -- hex SHA-256 of the cookie's value
    client_id     text        not null references clients (client_id),
    created_at    timestamptz not null,
    last_seen_at  timestamptz not null,                -- idle for longer than paywire.console.idle-timeout: ended
    expires_at    timestamptz not null                 -- the absolute end, whatever the activity
);
create index console_sessions_client on console_sessions (client_id);

-- The console's list of recent payments reads each product's newest rows of one client.
create index payment_orders_client_time on payment_orders (client_id, created_at);
create index express_deposits_client_time on express_deposits (client_id, created_at);
create index checkout_orders_client_time on checkout_orders (client_id, created_at);
create index kyc_requests_client_time on kyc_requests (client_id, created_at);
create index account_validations_client_time on account_validations (client_id, created_at);
create index airtime_purchases_client_time on airtime_purchases (client_id, created_at);
create index bill_payments_client_time on bill_payments (client_id, created_at);
