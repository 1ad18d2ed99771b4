import fs from 'node:fs';

/**
 * Where test databases and data directories go: memory (tmpfs) when the machine has /dev/shm. A copy of
 * the migrated PGlite there takes about 25 ms instead of 220 ms on the disk (1,183 files of 40 MB), and
 * most files are gone before a disk would have written them. PGlite does not fsync anyway.
 */
export const scratchRoot = (() => {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return fs.realpathSync('/tmp');
  }
})();
