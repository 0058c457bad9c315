// The runner hides a registered value where it is printed whole. A private key printed line by line
// (a stack trace, a debug dump) would show its lines, so each line of key material is registered
// too; the BEGIN and END lines hold nothing secret. A key stored with `\n` escapes is split as the
// rotation reads it.
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions#masking-a-value-in-a-log

import { maskValue } from '@keyturn/action-common';

export function maskPrivateKey(text: string): void {
  const value = text.trim();
  if (!value) return;
  maskValue(value);
  const pem = value.includes('\\n') && !value.includes('\n') ? value.replace(/\\n/g, '\n') : value;
  for (const line of pem.split(/\r?\n/)) {
    const material = line.trim();
    if (material && !/^-----(?:BEGIN|END) /.test(material)) maskValue(material);
  }
}
