// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formOptions, plainHelp, prepare, titlesAt } from './fields.tsx';
import { blockSchema, fileSchema } from './schemas.ts';

type Node = {
  title?: string;
  description?: string;
  const?: unknown;
  properties?: Record<string, Node>;
  items?: Node;
  oneOf?: Node[];
  anyOf?: Node[];
  uniqueItems?: boolean;
};

describe('prepare: plain words for every field the panel shows', () => {
  const schema = {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: {
          oneOf: [
            { title: 'HeaderLink', type: 'object', properties: { label: { type: 'string' } } },
            { title: 'HeaderGroup', type: 'object', properties: { links: { type: 'array', items: { title: 'Link', type: 'object' } } } },
          ],
        },
      },
      actions: { type: 'array', items: { title: 'Link', type: 'object' } },
    },
  };
  const out = prepare(schema).schema as Node;

  it('names each kind of a one-of entry in words, and the fields inside it', () => {
    const kinds = out.properties!.items.items!.oneOf!;
    expect(kinds.map((k) => k.title)).toEqual(['Header link', 'Header group']);
    expect(kinds[0].properties!.label.title).toBe('Label');
  });

  it('calls a list of links "Link" and only a list of actions "Button"', () => {
    expect(out.properties!.items.items!.oneOf![1].properties!.links.items!.title).toBe('Link');
    expect(out.properties!.actions.items!.title).toBe('Button');
  });
});

describe('prepare: the kinds of a setting without titles in the schema', () => {
  it('calls an office\'s two kinds of location by what they hold, not both "Location"', () => {
    const out = prepare(blockSchema('contactInfo')!).schema as Node;
    const location = out.properties!.offices.items!.properties!.location;
    expect(location.anyOf!.map((k) => k.title)).toEqual(['One address', 'A list of addresses']);
  });

  it('calls a header entry given by its name so, beside the kinds the schema names', () => {
    // Every kind's title in the site settings: a header's items, secondary links and buttons may each name an entry.
    const kinds: string[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) kinds.push(...v.map((b: Node) => String(b.title)));
        walk(v);
      }
    };
    walk(prepare(fileSchema('site.json')!).schema);
    expect(kinds.filter((k) => k === 'One of the header’s entries, by its name')).toHaveLength(3);
    expect(kinds.filter((k) => /^(Items|Secondary|Actions)$/.test(k))).toEqual([]);
  });
});

describe('a form file in plain words', () => {
  const form = (id: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'site.config', 'forms', `${id}.json`), 'utf8'));
  const prepared = (data: unknown) => prepare(fileSchema('forms/x.json')!, '', formOptions(data)).schema as Node;
  const at = (node: Node, ...keys: string[]) => keys.reduce((n, k) => n.properties![k], node);

  /** Every title the panel shows, with where it is. */
  function titles(node: Node, where = ''): [string, string][] {
    const out: [string, string][] = node.title ? [[where, node.title]] : [];
    for (const [k, v] of Object.entries(node.properties ?? {})) out.push(...titles(v, `${where}/${k}`));
    if (node.items) out.push(...titles(node.items, `${where}/items`));
    for (const b of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) out.push(...titles(b, `${where}/kind`));
    return out;
  }

  it('titles each field by its own title in the file, and how it looks and what is sent by the field they are about', () => {
    const out = prepared(form('contact'));
    expect(Object.keys(at(out, 'schema', 'properties').properties!)).toEqual(['firstname', 'lastname', 'email', 'message']);
    expect(at(out, 'schema', 'properties', 'firstname').title).toBe('First Name');
    expect(at(out, 'uiSchema', 'lastname').title).toBe('Last Name');
    // The request body's "description" sends the "message" field: it is called what the visitor sees, "Message".
    expect(at(out, 'submit', 'payload', 'description').title).toBe('Message');
    expect(at(out, 'submit', 'payload', 'firstName').title).toBe('First Name');
  });

  it('has no raw key, JSON Schema word or "ui:" name in any title, and no box to rename an entry', () => {
    for (const id of ['contact', 'demo-lead', 'enquiry', 'waitlist']) {
      const data = form(id);
      const keys = new Set([
        ...Object.keys(data.schema.properties),
        ...Object.keys(data.submit.payload),
        'schema',
        'properties',
        'uiSchema',
        'payload',
        'enum',
      ]);
      for (const [where, title] of titles(prepared(data))) {
        expect(keys.has(title), `${id}${where}: "${title}"`).toBe(false);
        expect(title, `${id}${where}`).not.toMatch(/[a-z][A-Z]|:|^[a-z]|^(Ui|Enum|Schema|Properties|Payload)\b/);
      }
      // Entries are fields of their own: rjsf shows a key box ("firstname Key") only for additionalProperties.
      expect(JSON.stringify(prepared(data))).not.toContain('"additionalProperties":{');
    }
    const out = prepared(form('waitlist'));
    expect(at(out, 'schema').title).toBe('Fields and rules');
    expect(at(out, 'schema', 'properties').title).toBe('Fields');
    expect(at(out, 'uiSchema').title).toBe('How the fields look');
    expect(at(out, 'uiSchema', 'phoneNumber', 'ui:widget').title).toBe('Kind of input');
    expect(at(out, 'uiSchema', 'phoneNumber', 'ui:placeholder').title).toBe('Placeholder');
    expect(at(out, 'submit', 'payload').title).toBe('What is sent');
    expect(at(out, 'submit', 'payload', 'buildCountry').title).toBe('Where do you want to build?');
    expect(at(out, 'submit', 'payload', 'buildCountry').anyOf!.map((k) => k.title)).toEqual(['A field, as typed', 'A field, changed', 'Made when sending']);
  });

  it('gives the panel no uiSchema under a form file’s own "ui:" settings, and keeps their choices’ labels in the schema', () => {
    const data = form('waitlist');
    const { schema, ui } = prepare(fileSchema('forms/x.json')!, '', formOptions(data));
    // rjsf reads a uiSchema key that starts with "ui:" as an option of the object holding it ("Setting options via
    // ui:widget object is no longer supported"), never as the setting of that name.
    const isMap = (v: unknown): v is object => !!v && typeof v === 'object' && !Array.isArray(v);
    const hasUiKey = (v: unknown): boolean => isMap(v) && Object.entries(v).some(([k, x]) => k.startsWith('ui:') || hasUiKey(x));
    const misread = (node: unknown, path = ''): string[] =>
      isMap(node)
        ? Object.entries(node).flatMap(([k, v]) => [
            ...(k.startsWith('ui:') && isMap(v) && (k !== 'ui:options' || hasUiKey(v)) ? [`${path}/${k}`] : []),
            ...misread(v, `${path}/${k}`),
          ])
        : [];
    expect(misread(ui)).toEqual([]);
    const kind = at(schema as Node, 'uiSchema', 'phoneNumber', 'ui:widget');
    expect(kind.oneOf!.map((k) => [k.const, k.title])).toContainEqual(['textarea', 'Textarea']);
    expect(at(schema as Node, 'uiSchema', 'phoneNumber', 'ui:options', 'width').oneOf!.map((k) => k.title)).toEqual(['Full', 'Half']);
  });

  it('falls back to the humanised key: a field without a title, a value sent that is no field, two entries alike', () => {
    const data = {
      schema: { type: 'object', properties: { companyName: { type: 'string' }, phone: { type: 'string', title: 'Phone' } } },
      uiSchema: { companyName: { 'ui:placeholder': 'Acme' } },
      submit: {
        payload: { companyName: 'companyName', sentAt: { generate: 'isoTimestamp' }, phone: 'phone', phoneDigits: { field: 'phone', transform: 'digits' } },
      },
    };
    const out = prepared(data);
    expect(at(out, 'schema', 'properties', 'companyName').title).toBe('Company name');
    expect(at(out, 'uiSchema', 'companyName').title).toBe('Company name');
    expect(at(out, 'submit', 'payload', 'sentAt').title).toBe('Sent at');
    expect(at(out, 'submit', 'payload', 'phone').title).toBe('Phone');
    expect(at(out, 'submit', 'payload', 'phoneDigits').title).toBe('Phone (phone digits)');
  });

  it("offers the form's own fields by their titles wherever a setting names a field, and stores the field's name", () => {
    const data = form('waitlist');
    const out = prepared(data);
    const choices = (node: Node) => node.oneOf!.map((c) => [c.const, c.title]);
    const fields = Object.entries(data.schema.properties as Record<string, { title: string }>).map(([k, f]) => [k, f.title]);
    expect(fields.slice(0, 4)).toEqual([
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['email', 'Email'],
      ['residentCountry', 'Country you live in'],
    ]);
    // Required and Order: a list of single choices (a multiple-choice box would lose Order's order).
    for (const list of [at(out, 'schema', 'required'), at(out, 'order')]) {
      expect(choices(list.items!)).toEqual(fields);
      expect(list.uniqueItems).toBeUndefined();
    }
    expect(choices(at(out, 'uiSchema', 'phoneNumber', 'ui:options', 'countryField'))).toEqual(fields);
    // What is sent: a field as typed, or a field changed.
    const sent = at(out, 'submit', 'payload');
    expect(choices(sent.properties!.firstName.anyOf![0])).toEqual(fields);
    expect(choices(sent.properties!.buildCountry.anyOf![1].properties!.field)).toEqual(fields);
  });

  it('keeps a value that is no field of the form (a typo in the file) as a choice of its own, so nothing is lost', () => {
    const data = form('waitlist');
    data.schema.required.push('firstnme');
    data.uiSchema.phoneNumber['ui:options'].countryField = 'residentCountri';
    data.submit.payload.firstName = 'frstName';
    data.submit.payload.buildCountry.field = 'targetCountri';
    const out = prepared(data);
    const extra = (node: Node) => node.oneOf!.slice(Object.keys(data.schema.properties).length).map((c) => [c.const, c.title]);
    expect(extra(at(out, 'schema', 'required').items!)).toEqual([['firstnme', 'firstnme (not a field of this form)']]);
    expect(extra(at(out, 'order').items!)).toEqual([]);
    expect(extra(at(out, 'uiSchema', 'phoneNumber', 'ui:options', 'countryField'))).toEqual([
      ['residentCountri', 'residentCountri (not a field of this form)'],
    ]);
    const sent = at(out, 'submit', 'payload');
    expect(extra(sent.properties!.firstName.anyOf![0])).toEqual([['frstName', 'frstName (not a field of this form)']]);
    expect(extra(sent.properties!.buildCountry.anyOf![1].properties!.field)).toEqual([['targetCountri', 'targetCountri (not a field of this form)']]);
    // Two fields with the same title are told apart by their names.
    data.schema.properties.lastName.title = 'First name';
    expect(
      at(prepared(data), 'order')
        .items!.oneOf!.slice(0, 2)
        .map((c) => c.title),
    ).toEqual(['First name', 'First name (lastName)']);
  });

  it('shows help without JSON: no path like schema.properties, no { } or [ ] literal, no "ui:" name, no "JSON"', () => {
    // Every key the form schema knows: a "word.word" of two of them is a JSON path ("submit.payload").
    const keys = new Set<string>();
    const collect = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === 'object')
        for (const [k, c] of Object.entries(v)) {
          if (k === 'properties' && c && typeof c === 'object') Object.keys(c).forEach((x) => keys.add(x));
          collect(c);
        }
    };
    collect(JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schemas', 'form.schema.json'), 'utf8')));
    expect(keys).toContain('payload');
    const problems = (text: string) => {
      const out: string[] = [];
      for (const [path, a, b] of text.matchAll(/\b([\w:]+)\.([\w:]+)\b/g)) if (keys.has(a) || keys.has(b)) out.push(path);
      // Words in braces are placeholders the visitor never sees, e.g. "{reason}" in a failure message.
      if (/[{}[\]]/.test(text.replace(/\{\w+\}/g, ''))) out.push('a { } or [ ] literal');
      if (/\bui:|JSON/.test(text)) out.push('a JSON word');
      return out;
    };
    expect(problems('Default: the order of schema.properties, e.g. { "a": 1 }.')).toEqual(['schema.properties', 'a { } or [ ] literal']);
    expect(problems(plainHelp('The JSON body sent, e.g. { "firstName": "firstname" }.'))).toEqual(['a JSON word']);
    /** Every help text the panel shows, with where it is. */
    function help(node: Node, where = ''): [string, string][] {
      const out: [string, string][] = node.description ? [[where, node.description]] : [];
      for (const [k, v] of Object.entries(node.properties ?? {})) out.push(...help(v, `${where}/${k}`));
      if (node.items) out.push(...help(node.items, `${where}/items`));
      for (const b of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) out.push(...help(b, `${where}/kind`));
      return out;
    }
    for (const id of ['contact', 'demo-lead', 'enquiry', 'waitlist']) {
      const shown = help(prepared(form(id)));
      expect(shown.length).toBeGreaterThan(40);
      for (const [where, text] of shown) expect(problems(text), `${id}${where}: ${text}`).toEqual([]);
    }
  });

  it('names the place of a problem with the same titles', () => {
    const data = form('contact');
    expect(titlesAt(prepared(data) as never, ['schema', 'properties', 'firstname', 'messages', 'required'])).toBe(
      'Fields and rules › Fields › First Name › Messages › Required',
    );
    expect(titlesAt(prepared(data) as never, ['submit', 'payload', 'description'])).toBe('Submit › What is sent › Message');
    expect(titlesAt(prepared(data) as never, ['schema', 'required', '1'])).toBe('Fields and rules › Required › item 2');
  });
});
