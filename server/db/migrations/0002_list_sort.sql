-- A numeric view of a JSONB text value that never fails (NULL when the text is not a plain
-- decimal): list sorts and filters on number/money fields use it, and so do the per-form
-- expression indexes the server creates for a form's sortable columns (an index on a plain
-- `::numeric` cast would make one malformed value fail every insert of the form).
CREATE OR REPLACE FUNCTION fw_num(t text) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN t ~ '^-?[0-9]+(\.[0-9]+)?$' THEN t::numeric END;
