/** The passkey parts of the sign-in and account pages (filled in with the passkey routes). */
import type { StaffMember } from '../sessions.ts';

export function PasskeySignIn() {
  return null;
}

export function PasskeysSection(_props: { staff: StaffMember }) {
  return null;
}
