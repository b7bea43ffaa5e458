/** The answer a page was rendered with, for the blocks that show it (the form, the next step). */
import { createContext, useContext } from 'react';
import type { FormAnswer } from './answer.ts';

export const AnswerContext = createContext<FormAnswer | null>(null);

/** The answer the page was rendered with, or null on a page as built. */
export function useAnswer(): FormAnswer | null {
  return useContext(AnswerContext);
}
