/** Form files: the names they use in one place must be fields they define in another (form-fields.ts). */
import type { FormConfig } from '../../../renderer/generated/config-types.ts';
import { checkFormFile } from './form-fields.ts';
import type { Findings } from './findings.ts';
import type { FragmentFile } from './load.ts';

export function checkForms(fragmentFiles: FragmentFile[], findings: Findings): void {
  for (const f of fragmentFiles) {
    if (f.kind !== 'forms' || !f.checked?.ok) continue;
    const src = f.checked.src;
    for (const { path, ...problem } of checkFormFile(src.value as FormConfig)) findings.at(src, path, problem);
  }
}
