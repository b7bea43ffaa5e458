-- The funnel, counted by the site's own service: aggregates only. No address, user agent or visitor id is kept
-- beyond the day: a visitor is a salted hash whose salt lives for one UTC day and is deleted with it, together with
-- the day's hashes, so yesterday's visitors can never be recognised again.

-- One random salt per UTC day, shared by every instance of the service on this database.
CREATE TABLE stats_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL
);

-- The day's hashes already counted (per row key and kind), so two instances, or two beacons of one visitor, count a
-- visitor once. Deleted with the day's salt.
CREATE TABLE stats_seen (
  day date NOT NULL,
  key bytea NOT NULL,
  PRIMARY KEY (day, key)
);

-- The whole site per day: page views and distinct visitors.
CREATE TABLE stats_days (
  day date PRIMARY KEY,
  views integer NOT NULL DEFAULT 0,
  visitors integer NOT NULL DEFAULT 0
);

-- Per day × page × source × campaign: page views, distinct visitors, and distinct visitors whose visit began there
-- (entries). Source is the utm_source, else the other site's host, else '' (direct); campaign is utm_campaign or ''.
-- The not-found page is one path, '(not found)', whatever address was asked for.
CREATE TABLE stats_pages (
  day date NOT NULL,
  path text NOT NULL,
  source text NOT NULL DEFAULT '',
  campaign text NOT NULL DEFAULT '',
  views integer NOT NULL DEFAULT 0,
  visitors integer NOT NULL DEFAULT 0,
  entries integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path, source, campaign)
);

-- Per day × form × the visit's landing page, source and campaign: form starts (first interaction) and stored leads.
CREATE TABLE stats_forms (
  day date NOT NULL,
  form text NOT NULL,
  landing text NOT NULL DEFAULT '',
  source text NOT NULL DEFAULT '',
  campaign text NOT NULL DEFAULT '',
  starts integer NOT NULL DEFAULT 0,
  leads integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, form, landing, source, campaign)
);
