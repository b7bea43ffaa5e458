/**
 * State there must be one of per page although its module may run twice: the shell script and the islands loader
 * are inlined into the page, bundled apart from the islands' own code, so each carries its own copy of the small
 * modules they share with it (the dialog registry, the chunk caches, the scroll lock). Every copy finds the same
 * object here.
 */
export function pageState<T extends object>(name: string, create: () => T): T {
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`sitewright:${name}`);
  return (slots[key] ??= create());
}

/** Forgets every slot: a fresh page. For test set-ups, which share one global object between test files. */
export function clearPageState(): void {
  const slots = globalThis as unknown as Record<symbol, unknown>;
  for (const key of Object.getOwnPropertySymbols(slots)) if (key.description?.startsWith('sitewright:')) delete slots[key];
}
