/**
 * The passkey parts of the sign-in and account pages. Their buttons start hidden and are shown by
 * /admin/assets/passkeys.js once it finds a browser that can use passkeys, so without JavaScript nothing broken shows.
 * Each part loads its own scripts (deferred, in document order), so the page around it needs to know nothing.
 */
import type { StaffMember } from '../sessions.ts';
import { shortDate, type StoredPasskey } from './store.ts';

/** The scripts a passkey part loads: the library's browser bundle, then the page's own wiring. */
export const PASSKEY_SCRIPTS = ['webauthn.js', 'passkeys.js'];

function Scripts() {
  return (
    <>
      {PASSKEY_SCRIPTS.map((s) => (
        <script key={s} src={`/admin/assets/${s}`} defer />
      ))}
    </>
  );
}

/** The notice for the account page after a passkey form, from its `?passkey=` query value. */
export function passkeyNotice(query: string | undefined): string | undefined {
  return query === 'removed' ? 'Passkey removed.' : undefined;
}

/** "Use a passkey" on the sign-in page; `next` is where to go afterwards (checked again by the server). */
export function PasskeySignIn({ next }: { next?: string }) {
  return (
    <div className="passkey-sign-in">
      <div data-passkey-sign-in data-next={next ?? '/admin'} hidden>
        <p>Or sign in with this device’s fingerprint, face or screen lock:</p>
        <button type="button" className="secondary" id="passkey-sign-in">
          Use a passkey
        </button>
      </div>
      <p role="status" className="passkey-status" id="passkey-status" />
      <Scripts />
    </div>
  );
}

function PasskeyRow({ passkey }: { passkey: Pick<StoredPasskey, 'id' | 'name' | 'lastUsedAt'> }) {
  return (
    <li>
      <span className="passkey-name">{passkey.name}</span>{' '}
      <span className="passkey-used">{passkey.lastUsedAt ? `Last used ${shortDate(passkey.lastUsedAt)}` : 'Not used yet'}</span>
      <form method="post" action="/admin/account/passkeys/remove">
        <input type="hidden" name="id" value={passkey.id} />
        <button type="submit" className="secondary">
          Remove<span className="visually-hidden"> {passkey.name}</span>
        </button>
      </form>
    </li>
  );
}

/**
 * The account page's passkeys: the list with "Remove" for each, and "Add a passkey". `passkeys` comes from
 * `listPasskeys(db, staff.id)` (./store.ts); `notice` from `passkeyNotice(c.req.query('passkey'))`. The list is
 * always the signed-in person's own: the server adds and removes only theirs.
 */
export function PasskeysSection({ passkeys = [], notice }: { staff: StaffMember; passkeys?: StoredPasskey[]; notice?: string }) {
  return (
    <section id="passkeys" className="passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>A passkey lets you sign in with this device’s fingerprint, face or screen lock instead of your password.</p>
      <ul className="passkey-list" id="passkey-list" hidden={passkeys.length === 0}>
        {passkeys.map((p) => (
          <PasskeyRow key={p.id} passkey={p} />
        ))}
      </ul>
      <p id="no-passkeys" hidden={passkeys.length > 0}>
        You have no passkeys yet.
      </p>
      <p data-passkey-unsupported>To add a passkey, open this page in a browser that supports passkeys, with JavaScript turned on.</p>
      <button type="button" id="add-passkey" hidden>
        Add a passkey
      </button>
      <p role="status" className="passkey-status" id="passkey-status">
        {notice}
      </p>
      {/* The row the script copies for a passkey it has just added. */}
      <template id="passkey-row">
        <PasskeyRow passkey={{ id: '', name: '', lastUsedAt: null }} />
      </template>
      <Scripts />
    </section>
  );
}
