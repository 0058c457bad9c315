// A certificate authority made for one test run, and a server certificate it signs for the test's
// host names. The Action trusts the CA through NODE_EXTRA_CA_CERTS, as a runner behind a
// TLS-inspecting proxy is set up; nothing is written outside the test's temporary folder.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TestCertificates {
  /** PEM of the CA: the file NODE_EXTRA_CA_CERTS names. */
  caFile: string;
  /** The server certificate (PEM) for every host name given, and its key. */
  cert: string;
  key: string;
}

export async function makeTestCertificates(hostnames: readonly string[], dir: string): Promise<TestCertificates> {
  const notAfterDate = new Date(Date.now() + 24 * 3600_000);
  const ca = await generate([{ name: 'commonName', value: 'keyturn test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const server = await generate([{ name: 'commonName', value: hostnames[0] ?? 'keyturn.test' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: hostnames.map((value) => ({ type: 2 as const, value })) },
    ],
  });
  const caFile = join(dir, 'test-ca.pem');
  await writeFile(caFile, ca.cert);
  return { caFile, cert: server.cert, key: server.private };
}
