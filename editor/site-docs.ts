/**
 * Every page of the site as data, for what reads across pages (search, which plans use a price): the editor's working
 * copy where it has one, else the file as on disk, read once per list of files (again after a save or a change on disk).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { api, type FilesIndex } from './api.ts';
import { configPath } from './pointer.ts';
import { useEditor } from './store.ts';

export interface PageData {
  path: string;
  title: string;
  route: string;
  data: unknown;
}

let fromDisk: Record<string, unknown> = {};
const listeners = new Set<() => void>();
const readFor = new WeakSet<FilesIndex>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function readAll(index: FilesIndex) {
  if (readFor.has(index)) return;
  readFor.add(index);
  for (const p of index.pages) {
    const path = configPath(p.path);
    api.file(path).then(
      (f) => {
        fromDisk = { ...fromDisk, [path]: f.data };
        for (const l of listeners) l();
      },
      () => undefined,
    );
  }
}

/** The site's pages with their data (undefined until read); reads the files only once `wanted`. */
export function usePagesData(index: FilesIndex, wanted: boolean): PageData[] {
  useEffect(() => {
    if (wanted) readAll(index);
  }, [index, wanted]);
  const disk = useSyncExternalStore(subscribe, () => fromDisk);
  const working = useEditor((s) => (wanted ? s.working : null));
  return useMemo(
    () =>
      index.pages.map((p) => {
        const path = configPath(p.path);
        const data = working?.[path] ?? disk[path];
        const title = (data as { title?: unknown } | undefined)?.title;
        return { path, route: p.route, title: typeof title === 'string' && title ? title : p.title, data };
      }),
    [index, working, disk],
  );
}
