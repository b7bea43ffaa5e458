/** Phone numbers as text, without the country data: shared by the payload (every form) and the phone format. */

/** A phone number as people type it: digits with spaces, dashes, dots and brackets, and one "+" in front. */
export const PHONE_AS_TYPED = /^\s*\+?[\d\s().-]*$/;

/**
 * "+1 (306) 555-1234" → "13065551234": the spec's phoneNumber is digits only, leading plus removed. Only a value
 * written as a phone number loses its spaces and signs; anything else is sent as it is, so the service refuses
 * exactly what the browser refused ("call me" never becomes a number that passes).
 */
export function digitsOnly(value: unknown): unknown {
  return typeof value === 'string' && PHONE_AS_TYPED.test(value) ? value.replace(/\D+/g, '') : value;
}

/**
 * A phone widget's value from its picker's dial code and the number typed beside it: "+1 306 555 0100". A number
 * typed with its own "+" is already international and is kept as typed; an empty one is no value.
 */
export function composePhone(dial: string | undefined, number: string): string | undefined {
  return number.trim() === '' ? undefined : dial && !number.trim().startsWith('+') ? `+${dial} ${number}` : number;
}
