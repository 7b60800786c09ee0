import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * PGlite is one process's database: a second process writing the same directory
 * would corrupt it. A pid file taken with O_EXCL makes the second start fail clearly;
 * a file left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'backoffice.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(`The data directory ${dir} is in use by another process (pid ${pid}). ` + `Stop it, or set DATA_DIR to another directory or DATABASE_URL to a PostgreSQL server.`);
      }
      if (pid === process.pid) {
        throw new DataDirInUseError(`The data directory ${dir} is already open in this process.`);
      }
      if (existsSync(file)) unlinkSync(file); // stale: its process is gone
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
