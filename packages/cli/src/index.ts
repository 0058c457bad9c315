// The `keyturn` program with every command declared: bundled into dist/main.js, which the bin
// (dist/index.js, build.mjs) loads when the command line names no command (the program's help,
// --version, a mistyped command). A named command has an entry of its own, holding only its declaration.
import { acknowledgeCommand } from './commands/acknowledge.js';
import { answerAlertsCommand } from './commands/answer-alerts.js';
import { auditCommand } from './commands/audit.js';
import { fingerprintCommand } from './commands/fingerprint.js';
import { rotateCommand } from './commands/rotate.js';
import { statusCommand } from './commands/status.js';
import { waitCommand } from './commands/wait.js';
import { startKeyturn } from './start.js';

await startKeyturn({
  rotate: rotateCommand,
  acknowledge: acknowledgeCommand,
  'answer-alerts': answerAlertsCommand,
  wait: waitCommand,
  status: statusCommand,
  audit: auditCommand,
  fingerprint: fingerprintCommand,
});
