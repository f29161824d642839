-- A rotated client secret stays valid beside the new one until its grace ends (ApiClientStore.previousSecretHash),
-- so that a merchant can roll its new secret out before the old one stops working. One previous secret at most:
-- rotating again during a grace ends it.
alter table clients add column previous_secret_hash text;
alter table clients add column previous_secret_expires_at timestamptz;
alter table clients add constraint clients_previous_secret_expires
    check ((previous_secret_hash is null) = (previous_secret_expires_at is null));

-- When the secret was last rotated, for operators; and the instant before which the client's access tokens are
-- refused: a rotation that revokes the old secret at once (no grace) revokes the tokens it got too.
alter table clients add column secret_rotated_at timestamptz;
alter table clients add column tokens_not_before timestamptz;
