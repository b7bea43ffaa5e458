import { describe, expect, it } from 'vitest';
import { formatStaff, inviteLines, parseStaffCommand, publicBase, StaffUsageError } from './staff-cli-args.ts';

describe('npm run staff arguments', () => {
  it('reads the four commands', () => {
    expect(parseStaffCommand(['invite', '--email', ' maria@buildpad.example ', '--role', 'sales'])).toEqual({
      command: 'invite',
      email: 'maria@buildpad.example',
      role: 'sales',
    });
    expect(parseStaffCommand(['list'])).toEqual({ command: 'list' });
    expect(parseStaffCommand(['remove', '--email', 'a@b.example'])).toEqual({ command: 'remove', email: 'a@b.example' });
    expect(parseStaffCommand(['reset', '--email=a@b.example'])).toEqual({ command: 'reset', email: 'a@b.example' });
    expect(parseStaffCommand([])).toEqual({ command: 'help' });
    expect(parseStaffCommand(['list', '--help'])).toEqual({ command: 'help' });
  });

  it('refuses a bad email, a bad or missing role, and what a command does not take, saying what is wrong', () => {
    const refused = (argv: string[]) => {
      try {
        parseStaffCommand(argv);
      } catch (e) {
        expect(e).toBeInstanceOf(StaffUsageError);
        return (e as Error).message;
      }
      throw new Error(`accepted ${argv.join(' ')}`);
    };
    expect(refused(['invite', '--email', 'maria', '--role', 'sales'])).toBe('"maria" is not an email address');
    expect(refused(['invite', '--email', 'maria@buildpad.example', '--role', 'admin'])).toBe('--role must be one of owner, editor, sales, not "admin"');
    expect(refused(['invite', '--email', 'maria@buildpad.example'])).toBe('invite needs --role owner|editor|sales');
    expect(refused(['remove'])).toBe('remove needs --email ADDRESS');
    expect(refused(['reset', '--email', 'a@b.example', '--role', 'owner'])).toBe('reset takes no --role');
    expect(refused(['list', '--email', 'a@b.example'])).toBe('list takes no --email');
    expect(refused(['promote'])).toMatch(/^unknown command "promote"/);
    expect(refused(['list', 'extra'])).toBe('unexpected argument "extra"');
    expect(refused(['list', '--force'])).toMatch(/--force/);
  });

  it('builds links on SITEWRIGHT_PUBLIC_URL, else on this machine’s port', () => {
    expect(publicBase({ SITEWRIGHT_PUBLIC_URL: 'https://www.buildpad.example/' })).toBe('https://www.buildpad.example');
    expect(publicBase({ PORT: '4431' })).toBe('http://127.0.0.1:4431');
    expect(publicBase({})).toBe('http://127.0.0.1:4173');
    expect(() => publicBase({ SITEWRIGHT_PUBLIC_URL: 'www.buildpad.example' })).toThrow(StaffUsageError);
  });

  it('prints the link alone on its own line, after what to do with it', () => {
    expect(inviteLines('maria@buildpad.example', 'http://127.0.0.1:4173/admin/invite/abc')).toEqual([
      'Send this link to maria@buildpad.example. It works once, for 72 hours.',
      'http://127.0.0.1:4173/admin/invite/abc',
    ]);
  });

  it('lists the staff as a table whose names cannot drive the terminal', () => {
    const out = formatStaff([
      { id: '1', email: 'maria@buildpad.example', name: 'Maria\u001b[2J', role: 'sales', status: 'active', createdAt: new Date() },
      { id: '2', email: 'sam@buildpad.example', name: '', role: 'owner', status: 'invited', createdAt: new Date() },
    ]);
    expect(out.split('\n')).toEqual([
      'Email                   Name          Role   Status',
      'maria@buildpad.example  Maria\\x1b[2J  sales  active',
      'sam@buildpad.example    -             owner  invited (no password yet)',
    ]);
    expect(formatStaff([])).toMatch(/No one is on the staff yet/);
  });
});
