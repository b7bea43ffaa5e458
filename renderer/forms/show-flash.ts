import { takeFlash } from './flash.ts';
import { showToast } from './toasts.tsx';

// Loaded by the shell script only when the page before left a toast for this one.
const toast = takeFlash();
if (toast) void showToast({ ...toast, containerId: undefined }).catch(() => undefined);
