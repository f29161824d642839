-- A client can be switched off without deleting its history: its tokens stop working at once.
alter table clients add column enabled boolean not null default true;

-- Which authorisation used a transient token: the same authorisation retried may use it again, nothing else may.
alter table transient_tokens add column used_by text;
