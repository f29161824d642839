-- The name payers see on the hosted checkout page ("To ..."): a merchant's trading name may differ from the name
-- its client was registered under. Null means the client's name (ApiClientStore.displayName).
alter table clients add column display_name text;
