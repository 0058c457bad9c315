// A rotation's progress lines on stderr, in the CLI's words: `rotate` and `answer-alerts` (whose
// emergency rotations log the same way) both pass this as rotateKey's `log`.

import type { RotationLogger } from '@keyturn/rotation';
import type { Progress } from './output.js';
import { inCliWords } from './rotate-options.js';

export function rotationLog(progress: Progress): RotationLogger {
  return (entry) => {
    if (entry.level === 'error') return; // comes back as the error the run ends with
    const message = `${entry.step}: ${inCliWords(entry.message)}`;
    if (entry.level === 'warning') progress.line(message, 'warning');
    else progress.update(message);
  };
}
