import { createContext } from 'react';
import type { ValidatorType } from '@rjsf/utils';

/**
 * What a page other than the site's own (the editor's preview of a form being edited) changes about its forms: the
 * validator is compiled from the form as it is now instead of fetched as built, and every message can show at once,
 * as if the form had been sent empty. The site itself never provides it.
 */
export interface FormHost {
  /** A validator for the form as it is now, used instead of the one built for the site. */
  validator?: () => ValidatorType;
  showAllMessages?: boolean;
}

export const FormHostContext = createContext<FormHost | null>(null);
