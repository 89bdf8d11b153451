/**
 * `nimber cache ls | clear`: the disk cache of computed Grundy sequences, proved periods, and the
 * searches' stored facts (endgame databases of the board core, Sprouts' land facts).
 */
import { Command } from '@commander-js/extra-typings';
import { type SequenceCache, defaultCacheDir } from '../../adapters/disk-cache.ts';
import { computeFlags, endgameCache, warningCache, warningProofs } from '../compute.ts';
import { print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

function cacheOf(command: { optsWithGlobals(): unknown }): SequenceCache {
  return warningCache(computeFlags(command).cacheDir ?? defaultCacheDir());
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2) + ' MiB';

export function cacheCommand() {
  const cache = new Command('cache').description(
    `the disk cache of computed Grundy sequences (default ${defaultCacheDir()}; --cache-dir to move it)`,
  );
  cache
    .command('ls')
    .description('list the cached sequences: ruleset, heaps stored, size')
    .addOption(jsonOption())
    .action((opts, command) => {
      const store = cacheOf(command);
      const entries = store.list();
      const proofs = warningProofs(store.dir).list();
      const databases = endgameCache(store.dir).list();
      if (opts.json) {
        print(
          toJson({
            dir: store.dir,
            entries: entries.map((e) => ({ spec: e.spec, heaps: e.length, bytes: e.bytes, ok: e.ok })),
            proofs: proofs.map(({ spec, preperiod, period, computed, ok }) => ({
              spec,
              preperiod,
              period,
              computed,
              ok,
            })),
            databases,
          }),
        );
        return;
      }
      const proved = proofs.map((p) =>
        p.ok
          ? `${p.spec}: preperiod ${p.preperiod}, period ${p.period}, proved from ${p.computed} heaps`
          : `${p.spec}: damaged (proved again on next use)`,
      );
      const provedText = proved.length > 0 ? `\nproved periods:\n${proved.join('\n')}` : '';
      const storedText =
        databases.length > 0
          ? `\nstored facts of searches:\n${databases.map((d) => `${d.name}  ${mib(d.bytes)}`).join('\n')}`
          : '';
      if (entries.length === 0) {
        print(`no cached sequences in ${store.dir}${provedText}${storedText}`);
        return;
      }
      const rows = entries.map((e) => [
        e.spec,
        e.ok ? `0..${e.length - 1}` : 'damaged (recomputed on next use)',
        mib(e.bytes),
      ]);
      const w0 = Math.max(7, ...rows.map((r) => r[0].length));
      const w1 = Math.max(5, ...rows.map((r) => r[1].length));
      print(
        `${store.dir}\n${'ruleset'.padEnd(w0)}  ${'heaps'.padEnd(w1)}  size\n` +
          rows.map((r) => `${r[0].padEnd(w0)}  ${r[1].padEnd(w1)}  ${r[2]}`).join('\n') +
          provedText +
          storedText,
      );
    });
  cache
    .command('clear')
    .description("delete every cached sequence, proved period and search's stored facts")
    .action((_opts, command) => {
      const store = cacheOf(command);
      const removed = store.clear() + warningProofs(store.dir).clear() + endgameCache(store.dir).clear();
      print(`removed ${removed} file${removed === 1 ? '' : 's'} from ${store.dir}`);
    });
  return cache;
}
