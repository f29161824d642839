-- Per-client rate limits (api/.../limits): one token bucket per (client, class of operation, limit), shared by every
-- API replica. Bucket4j's PostgreSQL backend reads a row FOR UPDATE, so only one client's own requests wait on it.
-- expires_at (epoch milliseconds) is when the bucket would be full again: a row past it says nothing a new bucket
-- would not, so the API's sweep deletes it.
create table api_rate_limit_buckets (
    id         text primary key,
    state      bytea,
    expires_at bigint
);

create index api_rate_limit_buckets_expires_at on api_rate_limit_buckets (expires_at);
