-- The inbox's search: each lead's name and payload values in lower case, kept beside it, so a search is a plain
-- LIKE over one text column (ILIKE over the jsonb per row measured three to four times slower on PGlite).
-- Values are joined by line breaks, so a search never matches across two fields; the full name is its own line.
CREATE FUNCTION lead_search_text(p jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(E'\n',
    concat_ws(' ', coalesce(p->>'firstName', p->>'firstname', p->>'first_name'), coalesce(p->>'lastName', p->>'lastname', p->>'last_name')),
    (SELECT string_agg(value, E'\n') FROM jsonb_each_text(p))))
$$;
ALTER TABLE leads ADD COLUMN search_text text GENERATED ALWAYS AS (lead_search_text(payload)) STORED;
