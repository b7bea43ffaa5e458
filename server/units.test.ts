// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clientAddress, hashAddress, normalizeAddress, rateLimitBucket } from './client.ts';
import { decide, FailureThrottle, RateLimiter, rateLimitFrom } from './rate-limit.ts';
import { canonicalJson, fingerprintSource, keyOfField, unmapPayload } from './payload.ts';
import { csvField, neutraliseFormulas, payloadColumns, toCsv } from './csv.ts';
import { backoffMs } from './backoff.ts';
import { adminTokenProblem, bearerMatches } from './auth.ts';
import { migrationFiles } from './migrate.ts';
import { codeOfCountry, loadLeadForms, servicePath } from './forms.ts';
import { parseIdempotencyKey, isJsonType, unstorableKey, unstorableText } from './app.ts';
import { configFromEnv } from './config.ts';

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('10.0.0.5', '1.2.3.4', 0)).toBe('10.0.0.5');
  });
  it('takes the right-most entry not written by a trusted proxy', () => {
    expect(clientAddress('10.0.0.1', 'forged, 198.51.100.9', 1)).toBe('198.51.100.9');
    expect(clientAddress('10.0.0.1', '6.6.6.6, 198.51.100.9, 10.0.0.2', 2)).toBe('198.51.100.9');
  });
  it('falls back to the nearest trusted entry when the chain is short or an entry is not an address', () => {
    expect(clientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '198.51.100.9', 3)).toBe('198.51.100.9');
    expect(clientAddress('10.0.0.1', 'not-an-ip', 1)).toBe('10.0.0.1');
  });
  it('treats an IPv4-mapped IPv6 peer as the IPv4 address', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress('::FFFF:127.0.0.1', undefined, 0)).toBe('127.0.0.1');
  });
  it('buckets IPv6 addresses by their /64 for the rate limit, everything else by itself', () => {
    expect(rateLimitBucket('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitBucket('2001:0DB8:00aa:00bb:ffff:1:2:3')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitBucket('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitBucket('::')).toBe('0:0:0:0::/64');
    expect(rateLimitBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitBucket('2001:db8:1:2::5.6.7.8')).toBe('2001:db8:1:2::/64');
    expect(rateLimitBucket('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(rateLimitBucket('::ffff:198.51.100.1')).toBe('198.51.100.1');
    expect(rateLimitBucket('198.51.100.1')).toBe('198.51.100.1');
    expect(rateLimitBucket('unknown')).toBe('unknown');
  });
  it('hashes with the secret, never returning the address', () => {
    const h = hashAddress('198.51.100.9', 's');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toBe(hashAddress('198.51.100.9', 't'));
  });
});

describe('rate limit', () => {
  it('allows `limit` in a window, then refuses with the seconds until the oldest leaves', () => {
    let times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = decide(times, 1000 + i * 1000, 3);
      expect(d.allowed).toBe(true);
      times = d.times;
    }
    const no = decide(times, 10_000, 3);
    expect(no).toMatchObject({ allowed: false, retryAfterSeconds: 51 });
    expect(decide(times, 61_001, 3).allowed).toBe(true);
  });
  it('keeps clients apart and can be switched off', () => {
    const rl = new RateLimiter(1, 60_000, () => 5);
    expect(rl.take('a').allowed).toBe(true);
    expect(rl.take('a').allowed).toBe(false);
    expect(rl.take('b').allowed).toBe(true);
    const off = new RateLimiter(0);
    for (let i = 0; i < 50; i++) expect(off.take('a').allowed).toBe(true);
  });
  it('throttles a client after `limit` failures in the window, until the oldest leaves it, and tells when the limit is reached', () => {
    let now = 0;
    const t = new FailureThrottle(3, 60_000, () => now);
    expect([t.fail('a'), t.fail('a')]).toEqual([false, false]);
    expect(t.retryAfterSeconds('a')).toBe(0);
    now = 10_000;
    expect(t.fail('a')).toBe(true);
    expect(t.retryAfterSeconds('a')).toBe(50);
    expect(t.retryAfterSeconds('b')).toBe(0);
    now = 60_001;
    expect(t.retryAfterSeconds('a')).toBe(0);
  });
  it('reads SITEWRIGHT_RATE_LIMIT', () => {
    expect(rateLimitFrom(undefined)).toBe(20);
    expect(rateLimitFrom('5')).toBe(5);
    expect(rateLimitFrom('0')).toBe(0);
    expect(() => rateLimitFrom('lots')).toThrow(/whole number/);
  });
});

describe('payload mapping', () => {
  const mapping = {
    email: 'email',
    phoneNumber: { field: 'phone', transform: 'digits' as const },
    buildCountry: { field: 'target', transform: 'countryName' as const },
    note: { field: 'comment', omitIfEmpty: true },
    name: { field: 'name', transform: 'trim' as const },
    timestamp: { generate: 'isoTimestamp' as const },
  };
  it('maps the body back to fields and keeps only payload keys, transformed', () => {
    const r = unmapPayload(
      mapping,
      { email: 'a@b.example', phoneNumber: '+1 (306) 555', buildCountry: 'Canada', note: '  ', name: ' Ada ', timestamp: '2026-01-01T00:00:00Z', other: 1 },
      (n) => (n === 'Canada' ? 'CA' : undefined),
    );
    expect(r.values).toEqual({ email: 'a@b.example', phone: '+1 (306) 555', target: 'CA', name: ' Ada ' });
    expect(r.stored).toEqual({ email: 'a@b.example', phoneNumber: '1306555', buildCountry: 'Canada', name: 'Ada', timestamp: '2026-01-01T00:00:00Z' });
    expect(r.badGenerated).toEqual([]);
    expect(unmapPayload(mapping, { timestamp: 5 }, () => undefined).badGenerated).toEqual(['timestamp']);
  });
  it('names each field by the payload key that carries it', () => {
    expect(keyOfField(mapping)).toEqual({ email: 'email', phone: 'phoneNumber', target: 'buildCountry', comment: 'note', name: 'name' });
  });
  it('fingerprints content, not key order or the generated timestamp', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(fingerprintSource(mapping, { email: 'x', timestamp: '1' })).toBe(fingerprintSource(mapping, { timestamp: '2', email: 'x' }));
    expect(fingerprintSource(mapping, { email: 'x' })).not.toBe(fingerprintSource(mapping, { email: 'y' }));
  });
  it("reverses the browser's country names with its own list", () => {
    expect(codeOfCountry('Canada')).toBe('CA');
    expect(codeOfCountry('nigeria')).toBe('NG');
    expect(codeOfCountry('Atlantis')).toBeUndefined();
  });
});

describe('forms', () => {
  it('derives each path from {iamService} endpoints', () => {
    expect(servicePath('{iamService}/waitlist/add')).toBe('/waitlist/add');
    expect(servicePath('https://sheets.example/api')).toBeUndefined();
    expect([...loadLeadForms().keys()].sort()).toEqual(['/enquiries', '/inquiries/contact-us', '/leads/request', '/waitlist/add']);
  });
});

describe('csv', () => {
  const leads = [
    { id: '1', form: 'contact', receivedAt: '2026-01-01T00:00:00.000Z', payload: { email: 'a@b.example', description: 'Hi, "there"\nline 2' } },
    { id: '2', form: 'waitlist', receivedAt: '2026-01-02T00:00:00.000Z', payload: { zeta: 1, email: 'c@d.example' } },
  ];
  it('quotes every field per RFC 4180 and ends every record with CRLF', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(1)).toBe('"1"');
    expect(toCsv(leads, ['email', 'description'])).toBe(
      '"id","form","receivedAt","email","description","zeta"\r\n' +
        '"1","contact","2026-01-01T00:00:00.000Z","a@b.example","Hi, ""there""\nline 2",""\r\n' +
        '"2","waitlist","2026-01-02T00:00:00.000Z","c@d.example","","1"\r\n',
    );
  });
  it('keeps a cell a spreadsheet would evaluate as text: an apostrophe before a formula character that starts it', () => {
    expect(neutraliseFormulas('=HYPERLINK("http://evil.example")')).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(neutraliseFormulas('+2348031234567')).toBe("'+2348031234567");
    expect(neutraliseFormulas('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormulas('-1')).toBe("'-1");
    expect(neutraliseFormulas('\t=1')).toBe("'\t'=1");
    expect(neutraliseFormulas('\r=1')).toBe("'\r'=1");
  });
  it('also after leading white space, and after a separator another locale or a careless import would split on', () => {
    expect(neutraliseFormulas(' =1+1')).toBe("' =1+1");
    expect(neutraliseFormulas('\u00a0 +1')).toBe("'\u00a0 +1");
    expect(neutraliseFormulas('x;=1+1;')).toBe("x;'=1+1;");
    expect(neutraliseFormulas('x, =1+1')).toBe("x,' =1+1");
    expect(neutraliseFormulas('a\t@b|-c')).toBe("a\t'@b|'-c");
    expect(neutraliseFormulas('line 1\n=cmd|x')).toBe("line 1\n'=cmd|x");
    expect(csvField('x;=1+1;')).toBe(`"x;'=1+1;"`);
  });
  it('leaves text whose formula characters are inside a cell alone', () => {
    expect(neutraliseFormulas('a@b.example')).toBe('a@b.example');
    expect(neutraliseFormulas('1+1=2, really')).toBe('1+1=2, really');
    expect(neutraliseFormulas('Ada Lovelace-Byron')).toBe('Ada Lovelace-Byron');
    expect(neutraliseFormulas('')).toBe('');
  });
  it('orders columns by the preferred keys, then alphabetically', () => {
    expect(payloadColumns(leads)).toEqual(['description', 'email', 'zeta']);
  });
});

describe('unstorable text', () => {
  it('is a NUL or a lone surrogate; whole surrogate pairs are fine', () => {
    expect(unstorableText('a\u0000b')).toBe(true);
    expect(unstorableText('a\ud800')).toBe(true);
    expect(unstorableText('\udc00a')).toBe(true);
    expect(unstorableText('\udc00\ud800')).toBe(true);
    expect(unstorableText('👷 \ud83d\udc77 Zoë')).toBe(false);
    expect(unstorableText('')).toBe(false);
  });

  it('is found in any key or value, however deep, and named by its top-level key', () => {
    expect(unstorableKey({ a: 'ok', b: { c: ['fine', 'bad\u0000'] } })).toBe('b');
    expect(unstorableKey({ a: 'ok', 'k\ud800': 1 })).toBe('k\ud800');
    expect(unstorableKey({ a: { ['x\u0000']: 1 } })).toBe('a');
    expect(unstorableKey({ a: 'ok', n: 1, z: null, t: true })).toBeUndefined();
    const deep = JSON.parse(`{"a": ${'['.repeat(15_000)}"\\u0000"${']'.repeat(15_000)}}`) as object;
    expect(unstorableKey(deep)).toBe('a');
  });
});

describe('small rules', () => {
  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3].map((n) => backoffMs(n))).toEqual([10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(3_600_000);
  });
  it('compares bearer tokens', () => {
    expect(bearerMatches('Bearer abc', 'abc')).toBe(true);
    expect(bearerMatches('bearer abc', 'abc')).toBe(true);
    expect(bearerMatches('Bearer abd', 'abc')).toBe(false);
    expect(bearerMatches(undefined, 'abc')).toBe(false);
    expect(bearerMatches('abc', 'abc')).toBe(false);
  });
  it('refuses an admin token shorter than 32 characters with a sentence saying how to make one', () => {
    expect(adminTokenProblem(undefined)).toBeUndefined();
    expect(adminTokenProblem('x'.repeat(32))).toBeUndefined();
    expect(adminTokenProblem('x'.repeat(31))).toMatch(/^SITEWRIGHT_ADMIN_TOKEN must be at least 32 characters \(it has 31\).*openssl rand -hex 32/);
  });
  it('sorts migration files by number and ignores others', () => {
    expect(migrationFiles(['010_b.sql', '002_a.sql', 'README.md', '001_x.sql.bak', '1_c.sql'])).toEqual(['1_c.sql', '002_a.sql', '010_b.sql']);
  });
  it('checks Idempotency-Key and content type', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8"')).toBe('8e03978e-40d5-43e8');
    expect(parseIdempotencyKey(' ')).toBeNull();
    expect(parseIdempotencyKey('é')).toBeNull();
    expect(isJsonType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonType('text/plain')).toBe(false);
  });
  it('reads the settings from the environment and refuses bad ones', () => {
    const c = configFromEnv({
      SITEWRIGHT_DATA_DIR: '/tmp/x',
      SITEWRIGHT_ALLOWED_ORIGINS: 'https://a.example/, https://b.example',
      SITEWRIGHT_TRUSTED_PROXIES: '2',
    });
    expect(c).toMatchObject({ dataDir: '/tmp/x', allowedOrigins: ['https://a.example', 'https://b.example'], trustedProxies: 2, rateLimit: 20 });
    expect(() => configFromEnv({ SITEWRIGHT_TRUSTED_PROXIES: 'yes' })).toThrow(/hops/);
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});
