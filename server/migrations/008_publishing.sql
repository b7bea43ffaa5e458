-- Preview links: whoever has the link sees the whole site with a draft applied, for 7 days unless revoked. Only the
-- token's SHA-256 is kept; the build it shows lives in the data directory.
CREATE TABLE preview_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  staff_id uuid REFERENCES staff(id) ON DELETE SET NULL,
  shared_by text NOT NULL,
  build_dir text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX preview_links_staff ON preview_links (staff_id, created_at DESC);
