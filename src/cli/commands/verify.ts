/**
 * `nimber verify <file>`: re-checks a certificate (or a Quarto proof file) from the game's rules alone
 * and says what it proved.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { readCertificateLines } from '../../adapters/certificate-file.ts';
import { verifyText } from '../../service/certificates.ts';
import { ENGINE_ENV } from '../../service/env.ts';
import { readRequest, runOperation } from '../../service/operation-table.ts';
import { print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';
import { progressWanted, statusLine } from '../progress.ts';

export function verifyCommand() {
  return new Command('verify')
    .description(
      'check a certificate written by `analyze --certificate` (or `table --certificates`), or a Quarto proof file (docs/quarto.md): every fact re-checked from the rules, independently of the search',
    )
    .argument('<file>', 'a certificate file (gzip when compressed) or a Quarto proof file (JSON)')
    .addOption(
      new Option(
        '--leaves',
        "a Quarto proof: also search every leaf value it states again with the reference core (the opening proof's: minutes)",
      ),
    )
    .addOption(jsonOption())
    .action(async (file, opts) => {
      // a Quarto proof file is one line of JSON: read as lines, it comes back whole
      const certificate = readCertificateLines(file).join('\n');
      const line = statusLine(progressWanted(opts.json));
      const env = {
        ...ENGINE_ENV,
        progress: { steps: (done: number, total: number) => line.update(`leaves searched again: ${done} of ${total}`) },
      };
      try {
        const reply = await runOperation('verify', readRequest('verify', { certificate, leaves: opts.leaves }), env);
        line.stop();
        print(opts.json ? toJson(reply) : verifyText(reply));
      } finally {
        line.stop();
      }
    });
}
