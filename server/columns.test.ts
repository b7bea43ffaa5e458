// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attributionColumns, columnNames, columnOf, keyWords, leadCells, leadTable, sentenceCase, titleWords, type FormColumnSource } from './columns.ts';
import { csvTable } from './csv.ts';
import { loadLeadForms } from './forms.ts';
import type { WebhookBody } from './store.ts';

/** A form file reduced to what names columns: its fields' titles and its payload. */
function form(id: string, titles: Record<string, string>, payload: FormColumnSource['config']['submit']['payload']): FormColumnSource {
  const properties = Object.fromEntries(Object.entries(titles).map(([field, title]) => [field, { type: 'string' as const, title }]));
  return { id, config: { schema: { properties }, submit: { payload } } };
}

const lead = (id: string, formId: string, payload: Record<string, unknown>): WebhookBody => ({
  id,
  form: formId,
  receivedAt: `2026-01-0${id}T00:00:00.000Z`,
  payload,
});

describe('column names in words', () => {
  it('writes every name in sentence case, keeping words in capitals', () => {
    expect(sentenceCase('First Name')).toBe('First name');
    expect(sentenceCase('First name')).toBe('First name');
    expect(sentenceCase('  Phone   Number ')).toBe('Phone number');
    expect(sentenceCase('Your website URL')).toBe('Your website URL');
    expect(sentenceCase('Where do you want to build?')).toBe('Where do you want to build?');
    expect(titleWords('Comment (optional)')).toBe('Comment');
    expect(keyWords('residentCountry')).toBe('Resident country');
    expect(keyWords('utm_source')).toBe('Utm source');
    expect(keyWords('timestamp')).toBe('Timestamp');
  });

  it('gives the same field of every form of this project one column, from the form files alone', () => {
    const names = columnNames([...loadLeadForms().values()]);
    const of = (formId: string, key: string) => columnOf(names, formId, key);
    expect([of('contact', 'firstName'), of('demo-lead', 'firstName'), of('enquiry', 'firstname'), of('waitlist', 'firstName')]).toEqual(
      Array(4).fill('First name'),
    );
    expect([of('contact', 'lastName'), of('enquiry', 'lastname')]).toEqual(['Last name', 'Last name']);
    expect([of('contact', 'description'), of('enquiry', 'message')]).toEqual(['Message', 'Message']);
    expect([of('demo-lead', 'phone'), of('waitlist', 'phoneNumber')]).toEqual(['Phone number', 'Phone number']);
    expect(of('waitlist', 'buildCountry')).toBe('Where do you want to build?');
    expect(of('waitlist', 'comment')).toBe('Comment');
    expect(of('enquiry', 'timestamp')).toBe('Timestamp');
    // A lead whose form file has gone, or no longer names the key, is named as the key is elsewhere.
    expect(of('old-form', 'FIRSTNAME')).toBe('First name');
    expect(of('contact', 'utm_source')).toBe('Utm source');
  });

  it('keeps two keys of one lead that would share a column apart, named with their keys', () => {
    const names = columnNames([form('f', { email: 'Email', other: 'Email' }, { email: 'email', contactEmail: 'other' })]);
    expect([...leadCells(lead('1', 'f', { email: 'a@b.example', contactEmail: 'c@d.example' }), names)]).toEqual([
      ['Email (email)', 'a@b.example'],
      ['Email (contactEmail)', 'c@d.example'],
    ]);
    expect([...leadCells(lead('1', 'f', { email: 'a@b.example' }), names)]).toEqual([['Email', 'a@b.example']]);
    // A payload key may not pass itself off as a fixed column.
    expect([...leadCells(lead('1', 'f', { form: 'x', id: 'y' }), names)]).toEqual([
      ['Form (form)', 'x'],
      ['Id (id)', 'y'],
    ]);
  });

  it('lays the export out as the form files order the columns, then alphabetically, whichever lead comes first', () => {
    const names = columnNames([
      form('a', { firstName: 'First Name', note: 'Note' }, { firstName: 'firstName', note: 'note' }),
      form('b', { firstname: 'First name', email: 'Email' }, { firstname: 'firstname', email: 'email' }),
    ]);
    const leads = [lead('1', 'b', { email: 'e@x.example', firstname: 'Grace', zeta: 1 }), lead('2', 'a', { firstName: 'Ada', note: 'Hi' })];
    const { header, rows } = leadTable(leads, names);
    expect(csvTable([header, ...rows])).toBe(
      '"ID","Form","Received (UTC)","First name","Note","Email","Zeta"\r\n' +
        '"1","b","2026-01-01T00:00:00.000Z","Grace","","e@x.example","1"\r\n' +
        '"2","a","2026-01-02T00:00:00.000Z","Ada","Hi","",""\r\n',
    );
    expect(leadTable([], names)).toEqual({ header: ['ID', 'Form', 'Received (UTC)'], rows: [] });
  });

  it("adds where the visitor came from after the form's own columns, only those some lead fills, formula-safe", () => {
    const names = columnNames([form('a', { firstName: 'First Name', page: 'Page' }, { firstName: 'firstName', page: 'page' })]);
    const none = { page: null, landing: null, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null };
    const leads = [
      {
        ...lead('1', 'a', { firstName: 'Ada' }),
        status: 'new' as const,
        attribution: { ...none, page: '/contact', landing: '/owner', utmSource: 'newsletter' },
      },
      { ...lead('2', 'a', { firstName: 'Bot', page: 'p' }), status: 'spam' as const, attribution: { ...none, page: '/contact', utmCampaign: '=cmd()' } },
    ];
    expect(attributionColumns(leads[0])).toEqual([
      ['Page', '/contact'],
      ['Landing page', '/owner'],
      ['UTM source', 'newsletter'],
    ]);
    expect(attributionColumns({})).toEqual([]);
    const { header, rows } = leadTable(leads, names, { status: true });
    // A form field titled "Page" keeps its key beside its name, apart from the attribution's Page.
    expect(csvTable([header, ...rows])).toBe(
      '"ID","Form","Received (UTC)","Status","First name","Page (page)","Page","Landing page","UTM source","UTM campaign"\r\n' +
        '"1","a","2026-01-01T00:00:00.000Z","New","Ada","","/contact","/owner","newsletter",""\r\n' +
        '"2","a","2026-01-02T00:00:00.000Z","Spam","Bot","p","/contact","","","\'=cmd()"\r\n',
    );
    expect(leadTable(leads, names).header).not.toContain('Status');
  });
});
