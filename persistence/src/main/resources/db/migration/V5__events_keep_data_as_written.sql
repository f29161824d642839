-- Event data is sent to clients as written (field order included: callbacks follow the spec's layout).
-- jsonb normalises objects, so keep the text: json.
alter table events alter column data type json using data::json;
