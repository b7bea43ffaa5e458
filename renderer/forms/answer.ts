/**
 * The lead service's answer to a form sent without JavaScript (or whose island's code did not arrive): a page of the
 * site rendered with what the visitor sent, the service's messages under the fields, or the form's success and
 * next step. It travels in the island's props, so the server's render and a later hydration show the same thing.
 */
export interface FormAnswer {
  /** The form it is about, e.g. "contact". */
  form: string;
  /** What the visitor sent, by form field; empty after a success that clears the form. */
  values: Record<string, unknown>;
  /** The service's message for each field in error, from the form file. */
  errors: Record<string, string>;
  /** The form's success text, after a success. */
  notice?: string;
  /** What the form hands to the next step (its onSuccess.store), by store key. */
  store?: Record<string, Record<string, unknown>>;
}

/** The name of the hidden field that tells the service which page a form was on, to answer with that page. */
export const PAGE_FIELD = 'sitewright-page';
