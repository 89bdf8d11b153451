/** `nimber verify <file>`: re-checks a certificate from the game's rules alone and says what it proved. */
import { Command } from '@commander-js/extra-typings';
import { readCertificateLines } from '../../adapters/certificate-file.ts';
import { verifyText } from '../../service/certificates.ts';
import { ENGINE_ENV } from '../../service/env.ts';
import { readRequest, runOperation } from '../../service/operation-table.ts';
import { print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export function verifyCommand() {
  return new Command('verify')
    .description(
      'check a certificate written by `analyze --certificate` (or `table --certificates`): every fact re-checked from the rules, independently of the search',
    )
    .argument('<file>', 'a certificate file (gzip when compressed)')
    .addOption(jsonOption())
    .action(async (file, opts) => {
      const certificate = readCertificateLines(file).join('\n');
      const reply = await runOperation('verify', readRequest('verify', { certificate }), ENGINE_ENV);
      print(opts.json ? toJson(reply) : verifyText(reply));
    });
}
