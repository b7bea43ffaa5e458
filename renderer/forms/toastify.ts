// The toasts' library, imported lazily through this module so that the build lists its files under a path of the
// project's (renderer/lib/chunk-cache.ts fetches them whole before the import).
export * from 'react-toastify';
