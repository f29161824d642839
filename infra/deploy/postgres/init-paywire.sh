#!/bin/sh
# Runs once, when the paywire-db volume is first created (the postgres image's /docker-entrypoint-initdb.d):
# the two roles of docs/deployment.md#database-roles, the owner migrating the schema, the runtime role using it.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$PAYWIRE_DB_OWNER_PASSWORD" -v app_password="$PAYWIRE_DB_APP_PASSWORD" <<'SQL'
CREATE ROLE paywire_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE paywire_app LOGIN PASSWORD :'app_password';
CREATE DATABASE paywire OWNER paywire_owner;
\connect paywire
REVOKE ALL ON DATABASE paywire FROM PUBLIC;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER SCHEMA public OWNER TO paywire_owner;
GRANT CONNECT ON DATABASE paywire TO paywire_app;
GRANT USAGE ON SCHEMA public TO paywire_app;
ALTER DEFAULT PRIVILEGES FOR ROLE paywire_owner IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO paywire_app;
ALTER DEFAULT PRIVILEGES FOR ROLE paywire_owner IN SCHEMA public
  GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO paywire_app;
SQL
