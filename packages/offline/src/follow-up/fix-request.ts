// "Fix it", "the build is broken", "it doesn't load": the offline builder cannot read an error and
// correct code, so it says exactly what it can and cannot fix and how to get the app back (the
// preview's error screen and History restore; a restore is a new version, so nothing is lost).

import { modelNote } from '../help';

const FIX =
  /\b(?:fix|repair|debug|solve|broken|broke|crash(?:es|ed|ing)?|(?:build|syntax|compile|type|runtime) errors?|(?:doesn'?t|does not|won'?t|will not|isn'?t|is not|not) (?:work(?:ing)?|build(?:ing)?|load(?:ing)?|start(?:ing)?|compil(?:e|ing)|run(?:ning)?))\b/i;

/** Whether a message asks for something broken to be mended, rather than for a change. */
export const isFixRequest = (message: string): boolean => FIX.test(message);

/** The answer to a fix request: what the offline builder can fix, what it cannot, and the way back. */
export function fixReply(staff: boolean): string {
  return [
    "I can't repair code offline, so I left the files as they are: the offline builder writes apps from what you describe, but it cannot read an error and correct the code the way an AI model does.",
    '',
    '- **What I can fix:** anything I change myself. Ask for it again (for example “make it dark” or “call it Northwind”) and I write it fresh.',
    '- **What I cannot fix:** a mistake in code edited by hand, or in code I did not write.',
    '',
    'To get your app working again, press **Back to** the version before (above this box, or on the preview’s error screen), or restore a version from **History**. A restore is a new version, so nothing is lost: the broken one stays in History, and in **Code** you can correct it by hand, with problems marked as you type.',
    '',
    modelNote(staff),
    '',
  ].join('\n');
}
