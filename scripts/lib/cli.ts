/** Minimal argument parsing shared by the authoring scripts: `--name value`, `--name=value`, `--flag`, positionals. */
export function cliOptions(args: string[], valued: readonly string[] = ['from', 'title', 'description', 'file', 'config-dir', 'format', 'root']) {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) values.set(name, inline);
    else if (valued.includes(name) && i + 1 < args.length) values.set(name, args[++i]);
    else flags.add(name);
  }
  return {
    positional,
    option: (name: string) => values.get(name),
    flag: (name: string) => flags.has(name),
  };
}
