/**
 * The catalogue of everything the config checker can say: one entry per code, with a plain-English title, the
 * severity it has unless a check says otherwise, why it matters and the usual fix. Where the checker writes the
 * message itself (rather than taking it from the schema or the JSON parser), the entry also holds the message and
 * suggestion as templates, so one code reads the same wherever it is reported. See docs/diagnostics.md for how to
 * write a new entry.
 *
 * A code is a key of CATALOGUE, so a misspelt code is a compile error, and docs/diagnostics.md lists them all.
 */

export type Severity = 'error' | 'warning';

/** One problem found in a config file, located precisely enough for a person or an editor to jump to it. */
export interface Diagnostic {
  /** Path relative to the project root, e.g. "site.config/pages/owner.json". */
  file: string;
  line: number;
  column: number;
  /** How many characters from `column` the problem spans on that line (for the underline). */
  length?: number;
  /** JSON path of the offending value, e.g. "/blocks/2/heading" ("" for the whole file). */
  path: string;
  /** Plain-English statement of what is wrong. */
  message: string;
  /** What to do about it, when we can tell. */
  suggestion?: string;
  /** Stable machine code: a key of CATALOGUE. */
  code: DiagnosticCode;
  severity: Severity;
  /**
   * What the catalogue's templates were given (the setting's name, the limit, …), so that another reader (the editor)
   * can word the finding its own way. Not enumerable: the command line's output, JSON included, stays as it is.
   */
  readonly args?: Readonly<Record<string, unknown>>;
}

interface Entry {
  title: string;
  severity: Severity;
  /** Why it matters to the person reading the site, in a sentence. */
  why: string;
  /** The usual fix, for the docs; the report's own suggestion is more specific. */
  fix: string;
  /** Templates for codes whose wording the checker writes itself. */
  message?: (a: never) => string;
  suggestion?: (a: never) => string | undefined;
  /** For a code that is an error past one limit and a warning before it. */
  severityOf?: (a: never) => Severity;
}

/** "Did you mean …?" for a near name, else the fallback. */
const didYouMean = (guess: string | undefined, fallback: string, quote = (s: string) => `"${s}"`) => (guess ? `Did you mean ${quote(guess)}?` : fallback);
/** The blocks that show an h1, named (`the hero block (block 1)`); with none, the blocks able to, and how to drop the extra ones. */
type MainHeadings = { headings: string[]; able: string[]; optOut: string };
type MissingFile = { what: 'site.json' } | { what: 'favicon' } | { what: 'asset'; url: string; guess?: string };
const listed = (xs: readonly string[], quote = (s: string) => `"${s}"`) => xs.map(quote).join(', ');

export const CATALOGUE = {
  // JSON itself
  syntax: {
    title: 'Not valid JSON',
    severity: 'error',
    why: 'A file that cannot be read is not shown at all.',
    fix: 'Fix the spot shown (a missing comma or quote, a comment, a trailing comma); the message names the usual cause.',
  },
  'duplicate-key': {
    title: 'Setting written twice',
    severity: 'error',
    why: 'JSON keeps only the last of two equal names, so the first is silently dropped.',
    fix: 'Keep one of the two.',
    message: (a: { key: string; firstLine: number }) =>
      `"${a.key}" is written twice in the same object (first on line ${a.firstLine}); only this last one would count.`,
    suggestion: () => 'Keep one of the two and delete the other.',
  },
  // Text files (site.config/content/*.mdx)
  content: {
    title: 'Text file cannot be shown',
    severity: 'error',
    why: 'A text section that cannot be read, that holds code (import/export lines, { } expressions, components), or that holds what the site does not show, stops the build; code in content is never run.',
    fix: 'Fix the spot shown: remove the code, close a tag, write the element in Markdown, or use an allowed link.',
    message: (a: { reason: string }) => a.reason,
    suggestion: (a: { fix: string }) => a.fix,
  },
  // Schemas (the builder's own files)
  'schema-syntax': {
    title: 'Schema is not valid JSON',
    severity: 'error',
    why: 'Files that follow a broken schema cannot be checked.',
    fix: 'Fix the JSON of the schema file.',
    message: (a: { detail: string }) => `This schema is not valid JSON: ${a.detail}`,
  },
  'schema-error': {
    title: 'Schema cannot be used',
    severity: 'error',
    why: 'Files that follow a broken or missing schema cannot be checked.',
    fix: 'Fix or restore the schema file.',
    message: (a: { detail: string } | { schema: string; file: string }) =>
      'detail' in a ? `This schema cannot be used: ${a.detail}` : `The schema ${a.schema} is missing or could not be read, so ${a.file} cannot be checked.`,
    suggestion: (a: { detail: string } | { schema: string; file: string }) =>
      'detail' in a
        ? 'Fix the schema (ajv runs in strict mode: give "type" next to keywords such as "required" or "properties", and declare every keyword).'
        : 'Restore the schema file.',
  },
  'schema-ref': {
    title: '"$schema" missing or wrong',
    severity: 'warning',
    why: 'Editors use it to complete and explain settings.',
    fix: 'Add the "$schema" line the message shows.',
    message: (a: { want: string; missing: boolean }) =>
      a.missing ? 'This file does not say which schema it follows, so editors cannot complete or explain its settings.' : `"$schema" should be "${a.want}".`,
    suggestion: (a: { want: string }) => `Add "$schema": "${a.want}" as the first line inside the { }.`,
  },
  // Values against their schema (wording from scripts/lib/config/explain.ts or the schema's own "x-messages")
  'unknown-property': {
    title: 'Unknown setting',
    severity: 'error',
    why: 'An unknown setting would be silently ignored.',
    fix: 'Fix the spelling, or remove it.',
    message: (a: { prop: string; owner: string }) =>
      `"${a.prop}" is not a setting of ${a.owner}. Unknown settings are not allowed, because they would be silently ignored.`,
    suggestion: (a: { guess?: string; renamed?: string; prop: string; allowed: string[] }) =>
      a.renamed
        ? `"${a.prop}" is now called "${a.renamed}": rename it (docs/authoring.md, "Renamed fields").`
        : didYouMean(a.guess, a.allowed.length ? `Allowed settings: ${listed(a.allowed)}.` : 'Remove it.'),
  },
  'missing-property': {
    title: 'Required setting missing',
    severity: 'error',
    why: 'The block or page cannot be shown without it.',
    fix: 'Add the setting.',
    message: (a: { prop: string; owner: string }) => `The required setting "${a.prop}" is missing from ${a.owner}.`,
    suggestion: (a: { prop: string; how?: string }) => (a.how ? `Add "${a.prop}": ${a.how}` : `Add "${a.prop}".`),
  },
  'wrong-type': {
    title: 'Wrong kind of value',
    severity: 'error',
    why: 'Text, numbers, true/false and lists are not interchangeable.',
    fix: 'Write the kind of value asked for (often: remove or add quotes).',
    message: (a: { want: string; got: string }) => `This should be ${a.want}, but it is ${a.got}.`,
    suggestion: (a: { hint?: string }) => a.hint,
  },
  'unknown-block': {
    title: 'Unknown block type',
    severity: 'error',
    why: 'There is no component to show it.',
    fix: 'Use one of the block types in docs/blocks.md.',
    message: (a: { value: string }) => `Unknown block type ${a.value}.`,
    suggestion: (a: { guess?: string; allowed: string }) =>
      a.guess ? `Did you mean "${a.guess}"? Block types: ${a.allowed}.` : `Block types: ${a.allowed}. See docs/blocks.md.`,
  },
  'not-allowed': {
    title: 'Value not allowed',
    severity: 'error',
    why: 'Only the listed values are understood.',
    fix: 'Use one of the allowed values.',
    message: (a: { value: string; only?: string }) =>
      a.only === undefined ? `${a.value} is not one of the allowed values.` : `This must be ${a.only}, not ${a.value}.`,
    suggestion: (a: { only?: string; guess?: string; allowed?: string }) =>
      a.only !== undefined ? `Write ${a.only}.` : a.guess ? `Did you mean "${a.guess}"? Allowed: ${a.allowed}.` : `Allowed: ${a.allowed}.`,
  },
  'bad-name': {
    title: 'Name not allowed',
    severity: 'error',
    why: 'Names are used in code and addresses.',
    fix: 'Use letters and digits, starting with a letter.',
    message: (a: { name: string }) => `The name "${a.name}" is not allowed here.`,
    suggestion: () => 'Use letters and digits only, starting with a letter, e.g. "ownerSignup".',
  },
  'unsafe-link': {
    title: 'Script or data link',
    severity: 'error',
    why: "Such links run code in the visitor's browser.",
    fix: 'Link to a route, a named destination or an https:// address.',
    message: (a: { value: string }) => `${a.value} is a script or data link, which is never allowed.`,
    suggestion: () => 'Use a route such as "/contact", a named destination such as "@signin", or an https:// address.',
  },
  'bad-link': {
    title: 'Link not understood',
    severity: 'error',
    why: 'The link would lead nowhere or to an insecure page.',
    fix: 'Use a route, a named destination, an https:// or mailto: address, or "#id".',
    message: (a: { value: string; insecure: boolean }) =>
      a.insecure ? `${a.value} uses http://, which is not secure.` : `${a.value} is not a link the site understands.`,
    suggestion: (a: { hint?: string; insecure: boolean }) =>
      a.hint ??
      (a.insecure ? undefined : 'Use a route ("/owner"), a named destination ("@signin"), an https:// or mailto: address, or "#id" for a block on this page.'),
  },
  'bad-route': {
    title: 'Route not valid',
    severity: 'error',
    why: 'Routes are addresses and follow one form.',
    fix: 'Write "/" then lower-case words joined by "-", with "/" only between parts.',
    message: (a: { value: string }) => `${a.value} is not a valid route.`,
    suggestion: (a: { fixed?: string }) =>
      `${a.fixed ? `Use ${a.fixed}. ` : ''}An address is "/" followed by lower-case words joined by "-", with "/" only between parts (never two in a row or at the end), e.g. /pricing/enterprise.`,
  },
  'bad-image': {
    title: 'Image path not valid',
    severity: 'error',
    why: 'Only local images under site.config/assets/ are served.',
    fix: 'Write the path from the site root, e.g. "/images/hero.webp".',
    message: (a: { value: string }) => `${a.value} is not a local image path.`,
    suggestion: (a: { hint?: string }) =>
      a.hint ?? 'Put the file in site.config/assets/images/ and write its path from the site root, e.g. "/images/hero.webp" (svg, webp, avif, png or jpg).',
  },
  'bad-format': {
    title: 'Value not in the expected form',
    severity: 'error',
    why: 'The value would not work where it is used.',
    fix: 'Follow the form the field describes.',
    message: (a: { value: string; format?: string }) =>
      a.format === undefined ? `${a.value} is not in the expected form.` : `${a.value} is not a valid ${a.format}.`,
    suggestion: (a: { description?: string }) => a.description,
  },
  'too-short': {
    title: 'Text too short or empty',
    severity: 'error',
    why: 'An empty text leaves a hole in the page.',
    fix: 'Write the text.',
    message: (a: { limit: number }) => (a.limit === 1 ? 'This must not be empty.' : `This must be at least ${a.limit} characters long.`),
    suggestion: (a: { description?: string }) => a.description,
  },
  'too-long': {
    title: 'Text too long',
    severity: 'error',
    why: 'Search engines and layouts cut long text.',
    fix: 'Shorten it.',
    message: (a: { limit: unknown; length: number }) => `This is longer than ${a.limit} characters (it has ${a.length}).`,
    suggestion: () => 'Shorten it: search engines and layouts cut long text.',
  },
  'blank-text': { title: 'Text is only spaces', severity: 'error', why: 'It would show as an empty space.', fix: 'Write the text, or remove the setting.' },
  'too-few': {
    title: 'List too short',
    severity: 'error',
    why: 'The block needs that many items to make sense.',
    fix: 'Add items.',
    message: (a: { limit: number }) => `This list needs at least ${a.limit} item${a.limit === 1 ? '' : 's'}.`,
    suggestion: (a: { description?: string }) => a.description,
  },
  'too-many': {
    title: 'List too long',
    severity: 'error',
    why: 'The layout has room for that many items only.',
    fix: 'Remove the extra items.',
    message: (a: { limit: unknown }) => `This list can have at most ${a.limit} items.`,
    suggestion: () => 'Remove the extra items.',
  },
  'duplicate-item': {
    title: 'Same item twice',
    severity: 'error',
    why: 'The list would show it twice.',
    fix: 'Remove one of them.',
    message: (a: { first: number; second: number }) => `Items ${a.first} and ${a.second} of this list are the same.`,
    suggestion: () => 'Remove one of them.',
  },
  'out-of-range': {
    title: 'Number out of range',
    severity: 'error',
    why: 'The value would not fit where it is used.',
    fix: 'Use a number in the range shown.',
    message: (a: { value: string; rule?: string; comparison?: unknown; limit?: unknown }) => `${a.value} is out of range: it ${a.rule}.`,
    suggestion: (a: { description?: string }) => a.description,
  },
  'no-match': {
    title: 'Matches none of the allowed forms',
    severity: 'error',
    why: 'The value must take one of a few shapes.',
    fix: 'Follow one of the forms the field describes.',
    message: () => 'This does not match any of the forms allowed here.',
    suggestion: (a: { description?: string }) => a.description,
  },
  'invalid-value': {
    title: 'Value not valid',
    severity: 'error',
    why: 'A schema rule the checker has no special wording for failed.',
    fix: 'Follow the rule the message quotes.',
    message: (a: { rule?: string }) => `This value ${a.rule ?? 'is not valid'}.`,
    suggestion: (a: { description?: string }) => a.description,
  },
  'short-text': {
    title: 'Shorter than recommended',
    severity: 'warning',
    why: 'Search engines show more when there is more.',
    fix: 'Write a little more (the schema says how much).',
  },
  'long-text': {
    title: 'Longer than recommended',
    severity: 'warning',
    why: 'Search engines and layouts cut long text.',
    fix: 'Shorten it (the schema says to how much).',
  },
  // Files and folders
  'missing-file': {
    title: 'File missing',
    severity: 'error',
    why: 'Something the site needs, or a config value points at, does not exist.',
    fix: 'Create the file, or fix the path.',
    message: (a: MissingFile) =>
      a.what === 'site.json'
        ? 'site.json is missing.'
        : a.what === 'favicon'
          ? 'site.config/assets/favicon.svg is missing, so browser tabs and bookmarks show no icon.'
          : `There is no file site.config/assets${a.url}, so visitors would see a broken image.`,
    suggestion: (a: MissingFile) =>
      a.what === 'site.json'
        ? 'Create site.config/site.json (see docs/authoring.md).'
        : a.what === 'favicon'
          ? 'Add the site icon as an SVG file at site.config/assets/favicon.svg.'
          : didYouMean(a.guess, `Add the file to site.config/assets${a.url.slice(0, a.url.lastIndexOf('/') + 1)}, or fix the path.`),
  },
  'unknown-file': {
    title: 'File not read',
    severity: 'warning',
    why: 'Nothing in it is checked or shown.',
    fix: 'Move or rename it, or delete it.',
    message: (a: { file: string; folder?: { dir: string; ext: string } }) =>
      a.folder ? `${a.file} is not read: only ${a.folder.ext} files in ${a.folder.dir}/ are.` : `${a.file} is not read by the site.`,
    suggestion: (a: { advice?: string }) => a.advice ?? 'Config files belong in a folder such as pages/ or faqs/; remove it or move it there.',
  },
  'refused-file': {
    title: 'File not read: a link, or not readable',
    severity: 'error',
    why: 'The site reads only ordinary files that are really inside site.config/; a link could publish any file of the computer.',
    fix: 'Replace a link with a copy of the file it points to; make other files readable, or remove them.',
    message: (a: { file: string; why: 'link' | 'not-a-file' | 'unreadable' }) =>
      a.why === 'link'
        ? `${a.file} is a symbolic link, and the site reads only files that are really inside site.config/.`
        : a.why === 'not-a-file'
          ? `${a.file} is not an ordinary file or folder, so it cannot be read.`
          : `${a.file} cannot be read: your user has no permission to read it.`,
    suggestion: (a: { why: 'link' | 'not-a-file' | 'unreadable' }) =>
      a.why === 'link'
        ? 'Replace the link with a copy of the file or folder it points to, or remove it.'
        : a.why === 'not-a-file'
          ? 'Remove it.'
          : 'Give your user permission to read it, or remove it.',
  },
  'unknown-folder': {
    title: 'Folder not read',
    severity: 'warning',
    why: 'Usually a misspelt collection ("faq" for "faqs"): nothing in it is checked or shown.',
    fix: 'Rename it to a known folder.',
    message: (a: { folder: string }) => `The folder ${a.folder}/ is not read by the site, so nothing in it is checked or shown.`,
    suggestion: (a: { guess?: string; known: string[] }) => didYouMean(a.guess, `Known folders: ${a.known.map((d) => `${d}/`).join(', ')}.`, (g) => `${g}/`),
  },
  'file-path-form': {
    title: 'Path written as on a computer',
    severity: 'error',
    why: 'The site serves site.config/assets/ from its root.',
    fix: 'Write the path from the site root.',
    message: (a: { src: string }) => `"${a.src}" is written as a path on your computer, but the site serves site.config/assets/ from its root.`,
    suggestion: (a: { fixed: string }) => `Write "${a.fixed}".`,
  },
  'image-heavy': {
    title: 'Image too heavy',
    severity: 'warning',
    why: 'Heavy images are slow on phones.',
    fix: 'Save it as WebP or AVIF at the size it is shown.',
    message: (a: { src: string; size: string; limit: string; over: boolean }) =>
      a.over
        ? `${a.src} weighs ${a.size}, over the ${a.limit} limit: on a slow phone connection it takes many seconds to appear.`
        : `${a.src} weighs ${a.size}, over ${a.limit}: it slows the page on phones.`,
    suggestion: () => 'Save it as WebP or AVIF at the size it is shown (see "Images" in docs/authoring.md); aim for under 200 KB.',
    severityOf: (a: { over: boolean }) => (a.over ? 'error' : 'warning'),
  },
  'image-ratio': {
    title: 'Image size does not match the file',
    severity: 'warning',
    why: 'The picture would be stretched or the page would shift.',
    fix: "Give the width and height of the file's proportions.",
    message: (a: { src: string; width: number; height: number; real: { width: number; height: number } }) =>
      `width ${a.width} and height ${a.height} do not match the proportions of ${a.src} (${a.real.width} × ${a.real.height}): the picture would be stretched or the page would shift.`,
    suggestion: (a: { width: number; fitting: number; real: { width: number; height: number } }) =>
      `Write "height": ${a.fitting} for a width of ${a.width} (or the file's own ${a.real.width} × ${a.real.height}).`,
  },
  // Across files
  'missing-fragment': {
    title: 'Shared file missing',
    severity: 'error',
    why: 'A block names a FAQ set, form or text that does not exist.',
    fix: 'Fix the name, or create the file.',
    message: (a: { kind: string; id: string; where: string }) => `There is no ${a.kind} file named "${a.id}" (looked for ${a.where}).`,
    suggestion: (a: { guess?: string; known: string[]; where: string }) =>
      didYouMean(a.guess, a.known.length ? `Known: ${listed(a.known)}. Or create ${a.where}.` : `Create ${a.where}.`),
  },
  'unused-fragment': {
    title: 'Shared file not used',
    severity: 'warning',
    why: 'Probably forgotten, or its name is misspelt where it is used.',
    fix: 'Reference it from a block, or delete it.',
    message: (a: { file: string }) => `No page uses ${a.file}.`,
    suggestion: (a: { id: string }) => `Reference it by its name "${a.id}" from a block, or delete the file if it is no longer needed.`,
  },
  'fragment-cycle': {
    title: 'Shared files that include each other',
    severity: 'error',
    why: 'A file that ends up including itself could never finish rendering.',
    fix: 'Remove one of the references in the circle.',
    message: (a: { cycle: string[] }) => `These files include each other in a circle: ${a.cycle.join(' → ')}.`,
    suggestion: () => 'Remove one of the references, so that no file includes itself.',
  },
  registry: {
    title: 'Block schema without a component',
    severity: 'error',
    why: 'A block type needs both a schema and a component to be shown.',
    fix: 'Create the block folder and its line in blocks/registry.ts.',
    message: (a: { type: string; folder: string }) => `Block type "${a.type}" has a schema but no component: blocks/${a.folder}/index.tsx does not exist.`,
    suggestion: (a: { type: string; folder: string }) =>
      `Create blocks/${a.folder}/index.tsx and add ${a.type}: { load: () => import('./${a.folder}/index.tsx') } to blocks/registry.ts.`,
  },
  'missing-example': {
    title: 'Block without an example',
    severity: 'error',
    why: 'The catalogue and docs/blocks.md show every block from its example.',
    fix: 'Add blocks/<Folder>/example.json.',
    message: (a: { type: string }) => `The ${a.type} block has no example.json.`,
    suggestion: () => 'Add a valid config of the block there: the catalogue and docs/blocks.md show it.',
  },
  'duplicate-route': {
    title: 'Route used twice',
    severity: 'error',
    why: 'Only one page (or redirect) can answer an address.',
    fix: 'Give one of them another route, or delete one.',
    message: (
      a: { route: string; page: string; redirect?: false } | { route: string; page: string; redirect: true } | { route: string; twoRedirects: true },
    ) =>
      'twoRedirects' in a
        ? `There are two redirects from "${a.route}".`
        : a.redirect
          ? `"${a.route}" is both a redirect and the route of ${a.page}.`
          : `The route "${a.route}" is already used by ${a.page}.`,
    suggestion: (a: { redirect?: boolean } | { twoRedirects: true }) =>
      'twoRedirects' in a
        ? 'Delete one of them.'
        : a.redirect
          ? 'Remove the redirect or change the page route.'
          : 'Give this page another route, or delete one of the two files.',
  },
  'unknown-route': {
    title: 'Link to a page that does not exist',
    severity: 'error',
    why: 'Visitors would land on the not-found page.',
    fix: 'Fix the link, or create the page.',
    message: (a: { path: string; from?: string }) =>
      a.from !== undefined ? `The redirect from "${a.from}" goes to "${a.path}", but no page has that route.` : `No page has the route "${a.path}".`,
    suggestion: (a: { guess?: string; redirect: boolean }) =>
      didYouMean(a.guess, a.redirect ? 'Point it at an existing page route.' : 'Create the page with npm run new-page, or fix the link.'),
  },
  'unknown-destination': {
    title: 'Unknown named destination',
    severity: 'error',
    why: 'The link would lead nowhere.',
    fix: 'Use a destination defined in site.json, or add it there.',
    message: (a: { href: string }) => `There is no destination named "${a.href}" in site.json.`,
    suggestion: (a: { guess?: string; known: string[] }) =>
      didYouMean(a.guess, `Add it under "destinations" in site.config/site.json. Known: ${listed(a.known, (d) => `"@${d}"`)}.`, (g) => `"@${g}"`),
  },
  'duplicate-id': {
    title: 'Block id used twice on a page',
    severity: 'error',
    why: 'Links and dialogs find blocks by id.',
    fix: 'Rename one of them.',
    message: (a: { id: string }) => `Two blocks on this page have the id "${a.id}".`,
    suggestion: () => 'Ids must be unique on a page (links and dialogs find blocks by id): rename one of them.',
  },
  'unknown-anchor': {
    title: '"#id" link with no block of that id',
    severity: 'warning',
    why: 'The link goes nowhere.',
    fix: 'Fix the id, or give the target block that id.',
    message: (a: { id: string; href: string }) => `No block on this page has the id "${a.id}", so the link "${a.href}" goes nowhere.`,
    suggestion: (a: { id: string; guess?: string; ids: string[] }) =>
      didYouMean(a.guess, a.ids.length ? `Ids on this page: ${listed(a.ids, (x) => `"#${x}"`)}.` : `Give the target block "id": "${a.id}".`, (g) => `"#${g}"`),
  },
  'links-not-checked': {
    title: 'Links not checked',
    severity: 'warning',
    why: 'A page with a syntax error hides its route, so links to it cannot be told right or wrong.',
    fix: 'Fix the syntax error and validate again.',
    message: (a: { routes: string[]; files: string[] }) =>
      `Links to ${listed(a.routes)} were not checked: ${a.files.join(', ')} has a syntax error, so its route could not be read.`,
    suggestion: () => 'Fix the syntax error above and run npm run validate again.',
  },
  'main-heading': {
    title: 'Not exactly one main heading',
    severity: 'error',
    why: 'Screen readers and search engines take the h1 as what the page is about.',
    fix: 'Keep exactly one block that shows an h1.',
    message: (a: MainHeadings) =>
      a.headings.length === 0
        ? 'This page has no main heading (h1): none of its blocks shows one, so screen readers and search engines cannot tell what the page is about.'
        : `This page has ${a.headings.length} main headings (h1): ${a.headings.join(' and ')}. A page has exactly one.`,
    suggestion: (a: MainHeadings) =>
      a.headings.length === 0
        ? `Start the page with a block that has one: ${a.able.join(', ')}.`
        : `Keep ${a.headings[0]} as the main heading; for ${a.headings.slice(1).join(' and ')}, ${a.optOut}.`,
  },
  'form-field': {
    title: 'Form names a field it does not define',
    severity: 'error',
    why: 'A typo there would silently drop what a visitor typed.',
    fix: 'Use the name of one of the form\'s fields (the names under "properties" of its "schema").',
  },
  'header-entry': {
    title: 'Header names an entry that does not exist',
    severity: 'error',
    why: 'The item would silently disappear.',
    fix: 'Use the id of an entry of the header.',
  },
  consent: {
    title: 'Analytics or chat without consent texts',
    severity: 'error',
    why: 'The analytics tag and the chat widget load only after the visitor chooses Accept in the consent banner, which cannot be shown without its words.',
    fix: 'Add a "consent" object to site.json with the banner\'s words, or remove the analytics and chat ids.',
  },
} as const satisfies Record<string, Entry>;

export type DiagnosticCode = keyof typeof CATALOGUE;

type Templated = { [C in DiagnosticCode]: (typeof CATALOGUE)[C] extends { message: (a: never) => string } ? C : never }[DiagnosticCode];
type MessageArgs<C extends Templated> = (typeof CATALOGUE)[C] extends { message: (a: infer A) => string } ? A : never;
type SuggestionArgs<C extends Templated> = (typeof CATALOGUE)[C] extends { suggestion: (a: infer A) => string | undefined } ? A : Record<never, never>;

/** What a check found, before it is located in a file: the code, its words and (unless the catalogue's) its severity. */
export interface Finding {
  code: DiagnosticCode;
  message: string;
  suggestion?: string;
  severity?: Severity;
  /** What the catalogue's templates were given (see Diagnostic.args). */
  args?: Readonly<Record<string, unknown>>;
}

/** A finding worded by the catalogue's templates for `code`, with the code's usual severity. */
export function say<C extends Templated>(code: C, args: MessageArgs<C> & SuggestionArgs<C>): Finding & { code: C; severity: Severity } {
  const entry = CATALOGUE[code] as Entry;
  const message = (entry.message as (a: unknown) => string)(args);
  const suggestion = entry.suggestion ? (entry.suggestion as (a: unknown) => string | undefined)(args) : undefined;
  const severity = entry.severityOf ? (entry.severityOf as (a: unknown) => Severity)(args) : entry.severity;
  return { code, message, ...(suggestion === undefined ? {} : { suggestion }), severity, args: args as Readonly<Record<string, unknown>> };
}

export function formatDiagnosticLine(d: Diagnostic): string {
  const where = `${d.file}:${d.line}:${d.column}`;
  const path = d.path === '' ? '(whole file)' : d.path;
  return `${where} ${path} — ${d.message}${d.suggestion ? ` ${d.suggestion}` : ''}`;
}
