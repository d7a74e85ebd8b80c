// Where a file the app saves on its own (a download, a profile) goes when the person did not pick a path: the
// suggested name in the folder, or `name (1).ext` and so on when taken, so a save never overwrites a file it did not
// choose.
import { access } from 'node:fs/promises';
import { extname, join } from 'node:path';

/** Extensions of two parts that a counter must not split (`cpu (1).pb.gz`, not `cpu.pb (1).gz`). */
const DOUBLE_EXTENSIONS = ['.pb.gz', '.tar.gz'];

export async function freePath(dir: string, name: string): Promise<string> {
  const ext = DOUBLE_EXTENSIONS.find((double) => name.endsWith(double)) ?? extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 0; ; n++) {
    const candidate = join(dir, n === 0 ? name : `${stem} (${n})${ext}`);
    try {
      await access(candidate);
    } catch {
      return candidate;
    }
  }
}
