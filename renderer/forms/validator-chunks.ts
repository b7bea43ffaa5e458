import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import validatorLoaders from 'virtual:sitewright/forms/validators';
import { ChunkCache } from '../lib/chunk-cache.ts';

/** Each form's precompiled validator is a chunk of its own, named "validator-<form id>" when it fails to load. */
export const validatorChunks = new ChunkCache<ValidatorFunctions>(
  (formId) => {
    const load = validatorLoaders[formId];
    return load ? load() : Promise.reject(new Error(`no validator was built for form "${formId}"`));
  },
  { name: (formId) => `validator-${formId}`, source: (formId) => `virtual:sitewright/forms/validator/${formId}` },
);
