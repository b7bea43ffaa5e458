// No imports: the form-file check (run by validate in plain Node) reads the name from here.

/** The honeypot's name: a body key the lead service treats as a bot's answer when it is not empty. */
export const HONEYPOT_FIELD = 'website';

/**
 * The body as sent: the payload, plus the honeypot only when something filled it in, so a person's request
 * carries exactly the spec's payload.
 */
export function withHoneypot(body: Record<string, unknown>, trap: string): Record<string, unknown> {
  return trap ? { ...body, [HONEYPOT_FIELD]: trap } : body;
}
