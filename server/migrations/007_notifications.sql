-- One notification email per lead and recipient: queueing a lead's emails twice (a retried "Not spam") adds none.
CREATE UNIQUE INDEX outbox_email_once ON outbox (lead_id, recipient) WHERE kind = 'email';
