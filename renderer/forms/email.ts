/**
 * What "format": "email" accepts: the WHATWG address grammar, but the domain needs at least one dot
 * ("name@domain.tld"), since a visitor typing "name@gmail" has almost certainly made a typo.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
