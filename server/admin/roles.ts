/** The back office's roles and what each may do: the one table every server-side check reads. */
export const ROLES = ['owner', 'editor', 'sales'] as const;
export type Role = (typeof ROLES)[number];

export type Action =
  'leads.read' | 'leads.update' | 'leads.export' | 'leads.erase' | 'staff.manage' | 'audit.read' | 'pages.edit' | 'pages.publish' | 'stats.read';

const RIGHTS: Readonly<Record<Role, readonly Action[]>> = {
  owner: ['leads.read', 'leads.update', 'leads.export', 'leads.erase', 'staff.manage', 'audit.read', 'pages.edit', 'pages.publish', 'stats.read'],
  editor: ['pages.edit', 'pages.publish', 'stats.read'],
  sales: ['leads.read', 'leads.update', 'leads.export', 'leads.erase', 'stats.read'],
};

export const isRole = (s: unknown): s is Role => typeof s === 'string' && (ROLES as readonly string[]).includes(s);

export function can(role: Role, action: Action): boolean {
  return RIGHTS[role].includes(action);
}

/** What each role is for, in the words the staff screens and the command line use. */
export const ROLE_WORDS: Readonly<Record<Role, string>> = {
  owner: 'Owner: everything, including staff and the audit log',
  editor: 'Editor: the site’s pages',
  sales: 'Sales: leads',
};
