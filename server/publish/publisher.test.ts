// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blocks, DEVELOPER, editJson, git, makeSite, newStaffId, type Site } from './test-fixture.ts';
import { REPO_ROOT } from '../config.ts';
import { conflictKey, type Author, type PublishOutcome } from './types.ts';

// Real git over HTTP on a machine shared with other work: each test clones, fetches and pushes several times.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const ADA: Author = { name: 'Ada Editor', email: 'ada@buildpad.example' };
const BEN: Author = { name: 'Ben Owner', email: 'ben@buildpad.example' };
const OWNER = 'pages/owner.json';

let site: Site | null = null;
afterEach(async () => {
  await site?.close();
  site = null;
});

async function setup(opts: { credentials?: string } = {}) {
  site = await makeSite(opts);
  return { site, publisher: await site.publisher() };
}

function heading(text: string, i = 0) {
  return (doc: Record<string, unknown>) => {
    blocks(doc)[i].heading = text;
  };
}

const ownerOn = (text: string) => JSON.parse(text) as { blocks: { heading?: string }[] };
type FaqSet = { items: { question: string }[] };
const firstQuestion = (text: string) => (JSON.parse(text) as FaqSet).items[0].question;
/** The general FAQ set with its first question reworded, as a developer would commit it. */
function faqWithQuestion(question: string): string {
  const faq = JSON.parse(readFileSync(join(REPO_ROOT, 'site.config/faqs/general.json'), 'utf8')) as FaqSet;
  faq.items[0].question = question;
  return `${JSON.stringify(faq, null, 2)}\n`;
}

function expectOk(o: PublishOutcome): asserts o is Extract<PublishOutcome, { ok: true }> {
  if (!o.ok) throw new Error(`expected a publish, got ${o.kind}: ${o.message}`);
}

describe('publish over a git remote', () => {
  it('publishes two drafts that change different blocks of one page: both changes are live, each with its author and message', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const ben = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Ada’s hero heading', 0));
    editJson((await publisher.draft(ben)).configDir, OWNER, heading('Ben’s features heading', 1));

    const first = await publisher.publish(ada, ADA);
    expectOk(first);
    expect(first.message).toMatch(/hero.*heading changed/i);
    const second = await publisher.publish(ben, BEN);
    expectOk(second);

    const remote = ownerOn(await site.remoteConfig(OWNER));
    expect(remote.blocks[0].heading).toBe('Ada’s hero heading');
    expect(remote.blocks[1].heading).toBe('Ben’s features heading');
    const log = await git(site.bare, 'log', '-2', '--format=%an <%ae>|%cn <%ce>|%s', 'main');
    expect(log.trim().split('\n')).toEqual([
      `Ben Owner <ben@buildpad.example>|Ben Owner <ben@buildpad.example>|${second.message}`,
      `Ada Editor <ada@buildpad.example>|Ada Editor <ada@buildpad.example>|${first.message}`,
    ]);
    const served = ownerOn(readFileSync(join(publisher.live.dir()!, 'config', OWNER), 'utf8'));
    expect(served.blocks.map((b) => b.heading).slice(0, 2)).toEqual(['Ada’s hero heading', 'Ben’s features heading']);
  });

  it('stops on the same field changed on both sides with both values, and publishes the value the person keeps', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const ben = newStaffId();
    const carl = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Ada’s heading'));
    editJson((await publisher.draft(ben)).configDir, OWNER, heading('Ben’s heading'));
    editJson((await publisher.draft(carl)).configDir, OWNER, (d) => {
      blocks(d)[0].heading = 'Carl’s heading';
      blocks(d)[1].heading = 'Carl’s features';
    });
    expectOk(await publisher.publish(ada, ADA));
    const before = await site.remoteHead();

    const refused = await publisher.publish(ben, BEN);
    expect(refused.ok).toBe(false);
    if (refused.ok || refused.kind !== 'conflict') throw new Error(`expected a conflict, got ${JSON.stringify(refused)}`);
    expect(refused.conflicts).toHaveLength(1);
    const [c] = refused.conflicts;
    expect(c).toMatchObject({ file: OWNER, pointer: '/blocks/0/heading', mine: 'Ben’s heading', theirs: 'Ada’s heading' });
    expect(c.base).toBe('Build your dream project remotely, on time and on budget');
    expect(c.label).toMatch(/heading/i);
    expect(await site.remoteHead()).toBe(before);

    expectOk(await publisher.publish(ben, BEN, { [conflictKey(c)]: 'mine' }));
    expect(ownerOn(await site.remoteConfig(OWNER)).blocks[0].heading).toBe('Ben’s heading');

    // Keeping the published version: that field stays as it is live, the rest of the draft goes out.
    const carlsTry = await publisher.publish(carl, BEN);
    if (carlsTry.ok || carlsTry.kind !== 'conflict') throw new Error('expected a conflict');
    expect(carlsTry.conflicts[0]).toMatchObject({ mine: 'Carl’s heading', theirs: 'Ben’s heading' });
    expectOk(await publisher.publish(carl, BEN, { [conflictKey(carlsTry.conflicts[0])]: 'theirs' }));
    const remote = ownerOn(await site.remoteConfig(OWNER));
    expect(remote.blocks[0].heading).toBe('Ben’s heading');
    expect(remote.blocks[1].heading).toBe('Carl’s features');
  });

  it('keeps a developer’s commit pushed to the remote meanwhile, even to a file that is not content', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('After the developer'));
    const dev = await site.devCommit('README.md', 'The site, documented.\n', 'Document the site');
    const devConfig = await site.devCommit('site.config/faqs/general.json', faqWithQuestion('From the repository?'), 'FAQ question');

    const o = await publisher.publish(ada, ADA);
    expectOk(o);
    expect((await git(site.bare, 'rev-parse', `${o.commit}^`)).trim()).toBe(devConfig);
    expect(await git(site.bare, 'merge-base', '--is-ancestor', dev, 'main')).toBe('');
    expect(await site.remoteFile('README.md')).toBe('The site, documented.\n');
    expect(firstQuestion(await site.remoteConfig('faqs/general.json'))).toBe('From the repository?');
    expect(firstQuestion(readFileSync(join(publisher.live.dir()!, 'config', 'faqs/general.json'), 'utf8'))).toBe('From the repository?');
    expect(ownerOn(await site.remoteConfig(OWNER)).blocks[0].heading).toBe('After the developer');
  });

  it('retries a push the remote refused because it moved on, and lands with the right author and message', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Pushed on the second try'));
    site.devCommitBeforeNextPush('README.md', 'Changed while the push was on its way.\n');

    const o = await publisher.publish(ada, ADA);
    expectOk(o);
    expect(o.attempts).toBe(2);
    expect(o.pushed).toBe(true);
    const log = await git(site.bare, 'log', '-2', '--format=%an|%ae|%s', 'main');
    expect(log.trim().split('\n')).toEqual([
      `${ADA.name}|${ADA.email}|${o.message}`,
      `${DEVELOPER.name}|${DEVELOPER.email}|A developer’s change pushed meanwhile`,
    ]);
    expect(await site.remoteFile('README.md')).toBe('Changed while the push was on its way.\n');
    expect(site.build.builds).toBe(2);
    expect(site.logs.some((l) => /moved on/.test(l))).toBe(true);
  });

  it('refuses an invalid draft with the checker’s words on the field, and changes nothing anywhere', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const draft = await publisher.draft(ada);
    editJson(draft.configDir, OWNER, heading(''));
    const remoteBefore = await site.remoteHead();
    const localBefore = (await git(site.config.repoDir, 'rev-parse', 'HEAD')).trim();

    const o = await publisher.publish(ada, ADA);
    if (o.ok || o.kind !== 'invalid') throw new Error(`expected invalid, got ${JSON.stringify(o)}`);
    expect(o.diagnostics.length).toBeGreaterThan(0);
    expect(o.diagnostics[0]).toMatchObject({ severity: 'error', file: OWNER, pointer: '/blocks/0/heading' });
    expect(await site.remoteHead()).toBe(remoteBefore);
    expect((await git(site.config.repoDir, 'rev-parse', 'HEAD')).trim()).toBe(localBefore);
    expect(await git(site.config.repoDir, 'status', '--porcelain')).toBe('');
    expect(publisher.live.dir()).toBeNull();
    expect(site.build.builds).toBe(0);
    // The draft keeps the person's work.
    expect(ownerOn(readFileSync(join(draft.configDir, OWNER), 'utf8')).blocks[0].heading).toBe('');
  });

  it('refuses when the build fails, and changes nothing anywhere', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Never built'));
    const remoteBefore = await site.remoteHead();
    const localBefore = (await git(site.config.repoDir, 'rev-parse', 'HEAD')).trim();
    site.build.fail = 'The build stopped: out of disk.';

    const o = await publisher.publish(ada, ADA);
    expect(o).toEqual({ ok: false, kind: 'build', message: 'The build stopped: out of disk.' });
    expect(await site.remoteHead()).toBe(remoteBefore);
    expect((await git(site.config.repoDir, 'rev-parse', 'HEAD')).trim()).toBe(localBefore);
    expect(await git(site.config.repoDir, 'status', '--porcelain')).toBe('');
    expect(publisher.live.dir()).toBeNull();
    expect(existsSync(join(site.config.home, 'builds', '1'))).toBe(false);
  });

  it('says there is nothing to publish for a draft without changes', async () => {
    const { publisher } = await setup();
    const o = await publisher.publish(newStaffId(), ADA);
    expect(o).toMatchObject({ ok: false, kind: 'nothing' });
  });

  it('brings other drafts onto a publish with a notice, and leaves a draft that changed the same field behind', async () => {
    const { publisher } = await setup();
    const ada = newStaffId();
    const ben = newStaffId();
    const carl = newStaffId();
    const idle = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Ada’s heading', 0));
    const benDir = (await publisher.draft(ben)).configDir;
    editJson(benDir, OWNER, heading('Ben’s features', 1));
    editJson((await publisher.draft(carl)).configDir, OWNER, heading('Carl’s heading', 0));
    await publisher.draft(idle);

    const o = await publisher.publish(ada, ADA);
    expectOk(o);
    const benNow = await publisher.draft(ben);
    expect(benNow.base).toBe(o.commit);
    expect(benNow.behind).toBe(false);
    expect(benNow.rebased).toMatchObject({ onto: o.commit, by: ADA.name, message: o.message });
    const benFile = ownerOn(readFileSync(join(benDir, OWNER), 'utf8'));
    expect(benFile.blocks.map((b) => b.heading).slice(0, 2)).toEqual(['Ada’s heading', 'Ben’s features']);
    expect(benNow.changes.map((c) => c.file)).toEqual([OWNER]);
    expect(benNow.changes[0].fields.map((f) => f.after)).toEqual(['Ben’s features']);

    const carlNow = await publisher.draft(carl);
    expect(carlNow.behind).toBe(true);
    expect(carlNow.base).not.toBe(o.commit);

    const idleNow = await publisher.draft(idle);
    expect(idleNow.base).toBe(o.commit);
    expect(idleNow.rebased).toBeUndefined();
    expect(idleNow.changes).toEqual([]);

    // Ada's own draft is now the live version, with nothing left to publish.
    const adaNow = await publisher.draft(ada);
    expect(adaNow.base).toBe(o.commit);
    expect(adaNow.changes).toEqual([]);

    await publisher.seenRebase(ben);
    expect((await publisher.draft(ben)).rebased).toBeUndefined();
  });

  it('discards a draft and brings it back with undo', async () => {
    const { publisher } = await setup();
    const ada = newStaffId();
    const dir = (await publisher.draft(ada)).configDir;
    editJson(dir, OWNER, heading('Second thoughts'));
    expect((await publisher.draft(ada)).changes).toHaveLength(1);

    const { undo } = await publisher.discard(ada);
    expect((await publisher.draft(ada)).changes).toEqual([]);
    expect(ownerOn(readFileSync(join(dir, OWNER), 'utf8')).blocks[0].heading).not.toBe('Second thoughts');

    expect(await publisher.undoDiscard(ada, undo)).toBe(true);
    expect(ownerOn(readFileSync(join(dir, OWNER), 'utf8')).blocks[0].heading).toBe('Second thoughts');
    expect((await publisher.draft(ada)).changes).toHaveLength(1);
    // An undo works once, and only with its own id.
    expect(await publisher.undoDiscard(ada, undo)).toBe(false);
    expect(await publisher.undoDiscard(ada, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await publisher.undoDiscard(ada, '../../etc')).toBe(false);
  });

  it('refuses a staff id that is not a UUID (it names a folder)', async () => {
    const { publisher } = await setup();
    await expect(publisher.draft('../../repo')).rejects.toThrow(/UUID/);
    await expect(publisher.publish('x', ADA)).rejects.toThrow(/UUID/);
  });

  it('undoes a publish with a new commit, merged with what came after it', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const ben = newStaffId();
    const original = ownerOn(await site.remoteConfig(OWNER)).blocks[0].heading;
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('To be undone', 0));
    const first = await publisher.publish(ada, ADA);
    expectOk(first);
    editJson((await publisher.draft(ben)).configDir, OWNER, heading('Stays', 1));
    expectOk(await publisher.publish(ben, BEN));

    const undone = await publisher.undo(first.commit, BEN);
    expectOk(undone);
    expect(undone.message).toBe(`Undo “${first.message}”`);
    const remote = ownerOn(await site.remoteConfig(OWNER));
    expect(remote.blocks[0].heading).toBe(original);
    expect(remote.blocks[1].heading).toBe('Stays');
    expect((await git(site.bare, 'log', '-1', '--format=%an|%s', 'main')).trim()).toBe(`${BEN.name}|Undo “${first.message}”`);
    expect(await publisher.undo('0'.repeat(40), BEN)).toMatchObject({ ok: false, kind: 'nothing' });
    expect(await publisher.undo('main', BEN)).toMatchObject({ ok: false, kind: 'nothing' });
  });

  it('lists publishes and outside commits in the history, newest first, with each field’s before and after', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    await site.devCommit('README.md', 'Docs only.\n', 'Docs only');
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('In the history'));
    const o = await publisher.publish(ada, ADA);
    expectOk(o);
    await site.devCommit('site.config/faqs/general.json', faqWithQuestion('Changed by a developer?'), 'FAQ question from the repo');

    const h = await publisher.history({ limit: 10 });
    expect(h.map((e) => e.message).slice(0, 4)).toEqual(['FAQ question from the repo', o.message, 'Docs only', 'The site as it was']);
    expect(h[0].author).toEqual(DEVELOPER);
    expect(h[0].files.map((f) => f.file)).toEqual(['faqs/general.json']);
    expect(h[0].files[0].fields).toEqual([expect.objectContaining({ pointer: '/items/0/question', after: 'Changed by a developer?' })]);
    expect(h[1].author).toEqual(ADA);
    expect(h[1].files[0].fields).toEqual([
      expect.objectContaining({ pointer: '/blocks/0/heading', before: 'Build your dream project remotely, on time and on budget', after: 'In the history' }),
    ]);
    expect(h[2].files).toEqual([]);
    expect((await publisher.history({ limit: 1, skip: 1 })).map((e) => e.commit)).toEqual([o.commit]);
    expect((await publisher.entry(o.commit))?.message).toBe(o.message);
    expect(await publisher.entry('f'.repeat(40))).toBeNull();
  });

  it('never shows or stores the credentials in the remote’s address', async () => {
    const { site, publisher } = await setup({ credentials: 'deploy:s3cr3t-token' });
    const ada = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('With a password'));
    expectOk(await publisher.publish(ada, ADA));
    expect(readFileSync(join(site.config.repoDir, '.git', 'config'), 'utf8')).not.toContain('s3cr3t');

    await site.server.close();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Remote gone'));
    const o = await publisher.publish(ada, ADA);
    if (o.ok || o.kind !== 'remote') throw new Error(`expected remote, got ${JSON.stringify(o)}`);
    expect(o.message).toMatch(/Nothing was published/);
    expect(o.message).not.toContain('s3cr3t');
    expect(site.logs.join('\n')).not.toContain('s3cr3t');
    expect(site.logs.length).toBeGreaterThan(0);
  });

  it('runs one publish at a time: two started together both land, one after the other', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const ben = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Together A', 0));
    editJson((await publisher.draft(ben)).configDir, OWNER, heading('Together B', 1));
    const [a, b] = await Promise.all([publisher.publish(ada, ADA), publisher.publish(ben, BEN)]);
    expectOk(a);
    expectOk(b);
    expect(a.attempts + b.attempts).toBe(2);
    const remote = ownerOn(await site.remoteConfig(OWNER));
    expect(remote.blocks.map((x) => x.heading).slice(0, 2)).toEqual(['Together A', 'Together B']);
    expect((await git(site.bare, 'log', '-2', '--format=%an', 'main')).trim().split('\n')).toEqual([BEN.name, ADA.name]);
  });

  it('makes a first draft while another person’s publish is building, from the live site and without their change', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const ben = newStaffId();
    const live = JSON.parse(await site.remoteConfig(OWNER)) as { blocks: { heading?: string }[] };
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Ada’s change in the making', 0));
    let release = () => undefined as void;
    site.build.hold = new Promise<void>((r) => (release = r));
    const publishing = publisher.publish(ada, ADA);
    // Ada's publish has her change in the working copy and is building it.
    await vi.waitFor(() => expect(site.build.builds).toBe(1));

    // Ben's first draft does not wait for it (were it behind the publish, this would never settle and the test would
    // time out): it is the live site as it was, Ada's change not in it.
    const [first, again] = await Promise.all([publisher.draft(ben), publisher.draft(ben)]);
    expect(again.configDir).toBe(first.configDir);
    expect(ownerOn(readFileSync(join(first.configDir, OWNER), 'utf8')).blocks[0].heading).toBe(live.blocks[0].heading);
    expect(first.base).toBe((await git(site.bare, 'rev-parse', 'main')).trim());
    expect(first.changes).toEqual([]);

    release();
    expectOk(await publishing);
    // And Ada's publish, held meanwhile, lands as it would have.
    expect(ownerOn(await site.remoteConfig(OWNER)).blocks[0].heading).toBe('Ada’s change in the making');
  });

  it('builds a draft as it is now for a preview, or gives the checker’s problems', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const dir = (await publisher.draft(ada)).configDir;
    editJson(dir, OWNER, heading('Only in the preview'));
    const out = join(site.tmp, 'preview-1');
    expect(await publisher.buildDraft(ada, out)).toEqual({ ok: true });
    expect(ownerOn(readFileSync(join(out, 'config', OWNER), 'utf8')).blocks[0].heading).toBe('Only in the preview');
    expect(publisher.live.dir()).toBeNull();

    editJson(dir, OWNER, heading(''));
    const refused = await publisher.buildDraft(ada, join(site.tmp, 'preview-2'));
    if (refused.ok) throw new Error('expected the checker to refuse');
    expect(refused.diagnostics?.[0]).toMatchObject({ file: OWNER, pointer: '/blocks/0/heading' });
    expect(existsSync(join(site.tmp, 'preview-2'))).toBe(false);
  });

  it('never follows a link in a draft: what it points at is neither read nor published', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    const dir = (await publisher.draft(ada)).configDir;
    writeFileSync(join(site.tmp, 'secret.json'), '{ "route": "/stolen", "secret": "outside-7f3a" }\n');
    symlinkSync(join(site.tmp, 'secret.json'), join(dir, 'pages/stolen.json'));
    rmSync(join(dir, 'faqs/general.json'));
    symlinkSync(join(site.tmp, 'secret.json'), join(dir, 'faqs/general.json'));
    const status = await publisher.draft(ada);
    expect(JSON.stringify(status.changes)).not.toContain('outside-7f3a');
    const o = await publisher.publish(ada, ADA);
    expect(JSON.stringify(o)).not.toContain('outside-7f3a');
    expect(await git(site.bare, 'log', '-p', 'main')).not.toContain('outside-7f3a');
  });
});

describe('a service started again', () => {
  it('builds the live branch as it is now and switches to it, so commits pushed since the last publish are served', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Published before the restart'));
    expectOk(await publisher.publish(ada, ADA));
    const before = publisher.live.dir()!;
    await publisher.close();
    await site.devCommit('site.config/faqs/general.json', faqWithQuestion('Pushed while the service was down?'), 'FAQ question');

    const again = await site.publisher();
    expect(again.live.dir()).toBe(before);
    await again.refresh();
    const now = again.live.dir()!;
    expect(now).not.toBe(before);
    expect(firstQuestion(readFileSync(join(now, 'config', 'faqs/general.json'), 'utf8'))).toBe('Pushed while the service was down?');
    expect(ownerOn(readFileSync(join(now, 'config', OWNER), 'utf8')).blocks[0].heading).toBe('Published before the restart');
  });

  it('keeps serving the last build when the new one fails', async () => {
    const { site, publisher } = await setup();
    const ada = newStaffId();
    editJson((await publisher.draft(ada)).configDir, OWNER, heading('Still served'));
    expectOk(await publisher.publish(ada, ADA));
    const before = publisher.live.dir()!;
    site.build.fail = 'The build broke.';
    await publisher.refresh();
    expect(publisher.live.dir()).toBe(before);
    expect(site.logs.some((l) => l.includes('The build broke.'))).toBe(true);
  });
});
