// The prompt's zod schema, for the API's request validation: apart from the rules it encodes
// (./prompt), which the web app loads too, so the browser never downloads zod for them.
import { z } from 'zod';
import { isBlank } from '../text/text';
import { PROMPT_BLANK_MESSAGE, PROMPT_MAX_LENGTH, PROMPT_TOO_LONG_MESSAGE } from './prompt';

/** Validates without transforming: the prompt is stored and sent exactly as the user wrote it. */
export const promptSchema = z
  .string()
  .max(PROMPT_MAX_LENGTH, { error: PROMPT_TOO_LONG_MESSAGE })
  .refine((text) => !isBlank(text), { error: PROMPT_BLANK_MESSAGE });
