/** The spec's words for an entry that does not match. */
export const WRONG_CREDENTIALS = 'email or password is wrong';

/** What the build puts in the page for the preview gate (scripts/lib/build-info.ts): never the credentials themselves. */
export interface PreviewGate {
  salt: string;
  hash: string;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The same digest as previewGateHash() in scripts/lib/build-info.ts, made with Web Crypto.
 * No gate configured, or no Web Crypto (an insecure http:// origin), means no entry can match.
 */
export async function matchesPreviewGate(email: string, password: string, gate: PreviewGate | null): Promise<boolean> {
  try {
    return !!gate && (await sha256Hex(`${gate.salt}\n${email.trim().toLowerCase()}\n${password}`)) === gate.hash;
  } catch {
    // crypto or crypto.subtle missing
    return false;
  }
}
